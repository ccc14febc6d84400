"""Body Count Points (MF 21.0): each settlement goes wholly to RP or wholly to IP (MF 21.3)."""

from . import board as B
from .ask import ask, then


def settle(g, n, why, rule="MF 21.4"):
    """Ask where n BCP go (n > 0 gained, n < 0 lost). Nothing to ask for 0."""
    s = g.s
    if n == 0:
        return
    if n > 0:
        ch = [{"t": "bcp", "to": "rp", "n": n, "label": f"+{n} RP (to {min(s['rp'] + n, 30)})"},
              {"t": "bcp", "to": "ip", "n": n, "label": f"-{n} IP (to {max(s['ip'] - n, 0)})"}]
        text = f"{why}: you gain {n} BCP. Raise RP or lower the infiltration level"
    else:
        m = -n
        ch = []
        if s["options"]["rp_loss_at_zero"] == "literal" or s["rp"] >= m:
            ch.append({"t": "bcp", "to": "rp", "n": n, "label": f"-{m} RP (to {max(s['rp'] - m, 0)})"})
        ch.append({"t": "bcp", "to": "ip", "n": n, "label": f"+{m} IP (to {min(s['ip'] + m, 36)})"})
        text = f"{why}: you lose {m} BCP. Lower RP or raise the infiltration level"
    if len(ch) == 1:
        _apply(g, ch[0], {"why": why, "source": rule})
        return
    ask(g, text, "MF 21.1-21.3", ch, "bcp", why=why, source=rule)


@then("bcp")
def _apply(g, a, data):
    n = a["n"]
    if a["to"] == "rp":
        B.change_rp(g, n, f"BCP: {data['why']}", "MF 21.1" if n > 0 else "MF 21.2")
    else:
        B.change_ip(g, -n, f"BCP: {data['why']}", "MF 21.1" if n > 0 else "MF 21.2")
