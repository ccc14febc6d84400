"""Body Count Points (MF 21.0): each settlement goes wholly to RP or wholly to IP (MF 21.3)."""

from ...engine.flow import Procedure
from . import board as B
from .board import flow


def settle(g, n, why, rule="MF 21.4"):
    """Settle n BCP (n > 0 gained, n < 0 lost), awarded by `rule`: at once when only one track can
    take them, else the player chooses (the body_count procedure, pushed: like every question it
    is put once what pushed it is done). Nothing to settle for 0."""
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
        _apply(g, ch[0], why)
        return
    g.call("body_count", why=why, prompt=text, choices=ch)  # the options as they are now


@flow.step("body_count")
class BodyCount(Procedure):
    """MF 21.1-21.3: the player puts a whole settlement on the recruit points or on the
    infiltration level (options, prompt and reason given by settle)."""

    parts = ("ask", "settle")

    def ask(self, g, f):
        g.ask(f.pop("prompt"), "MF 21.1-21.3", f.pop("choices"), into="to")

    def settle(self, g, f):
        _apply(g, f["to"], f["why"])


def _apply(g, a, why):
    n = a["n"]
    if a["to"] == "rp":
        B.change_rp(g, n, f"BCP: {why}", "MF 21.1" if n > 0 else "MF 21.2")
    else:
        B.change_ip(g, -n, f"BCP: {why}", "MF 21.1" if n > 0 else "MF 21.2")
