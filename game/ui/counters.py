"""SVG counters: one <g> per piece, drawn around (0, 0), S units wide."""
from . import symbols
from .dom import sel
from .logic import factors

S = 30  # counter size in map units
H = S / 2

FILL = {
    "sf": ("#4f6f3a", "#f4f1e0"),       # Special Forces: olive
    "macv": ("#8c8f4a", "#fbfae8"),     # MACV: khaki
    "garrison_FW": ("#35608c", "#ffffff"),
    "garrison_COM": ("#7a1f1f", "#ffe7a0"),
    "air": ("#6f9fcf", "#0b2340"),
    "com": ("#b22d22", "#fff3cc"),
    "leader": ("#e0b53a", "#222"),
}


_star = symbols.star


def _ft(p):
    """First Team pieces carry "kind"; their concealed backs are "LZ" or "NVA"."""
    return "kind" in p or p.get("back") in ("LZ", "NVA")


def title_of(p):
    if _ft(p):
        from .games.first_team import title_of as ft_title
        return ft_title(p)
    if p.get("concealed"):
        return f"Concealed Communist unit ({p.get('back')})"
    bits = [p.get("name", p.get("id", ""))]
    f = factors(p)
    if p.get("leader"):
        pass
    elif p.get("side") == "COM" and p.get("cls") != "garrison":
        bits.append(f"combat {p.get('c')}, BCP {p.get('bcp')}, {'mobile' if p.get('mobile') else 'static'}")
        for flag in ("aaa", "assault", "depot", "target"):
            if p.get(flag):
                bits.append(flag.upper())
    elif p.get("cls") == "air":
        bits.append(f"{p.get('air')} air, combat {p.get('c')}")
    elif f:
        bits.append(("recon-combat-move " if p.get("cls") in ("sf", "macv") else "") + f)
    if p.get("red"):
        bits.append("reduced")
    if p.get("leader_name"):
        bits.append("leader " + p["leader_name"])
    if p.get("carried_by"):
        bits.append("carried by " + str(p["carried_by"]))
    return " | ".join(bits)


def counter(p, x=0, y=0, parent=None):
    """Draw one piece; returns the <g> (caller adds data attributes)."""
    if _ft(p):
        from .games.first_team import draw_counter
        return draw_counter(p, x, y, parent)
    g = sel("g", {"class": "ctr", "transform": f"translate({x:.1f} {y:.1f})"}, parent=parent)
    sel("title", text=title_of(p), parent=g)
    if p.get("concealed"):
        if p.get("back") == "static":
            sel("rect", {"x": -H, "y": -H, "width": S, "height": S, "rx": 2.5, "fill": "#c62828",
                         "class": "ctr-bg"}, parent=g)
            sel("rect", {"x": -H, "y": 2, "width": S, "height": H - 2, "fill": "#1e4fa0"}, parent=g)
            _star(g, 0, -4, 8, "#ffd600")
        else:
            sel("rect", {"x": -H, "y": -H, "width": S, "height": S, "rx": 2.5, "fill": "#5e1320",
                         "class": "ctr-bg"}, parent=g)
            _star(g, 0, 0, 10, "#e53935")
        return g
    if p.get("leader"):
        bg, fg = FILL["leader"]
    elif p.get("cls") == "garrison":
        bg, fg = FILL["garrison_" + ("FW" if p.get("side") == "FW" else "COM")]
    else:
        bg, fg = FILL.get(p.get("cls"), FILL["sf"])
    sel("rect", {"x": -H, "y": -H, "width": S, "height": S, "rx": 2.5, "fill": bg, "class": "ctr-bg"},
        parent=g)
    if p.get("red"):
        sel("rect", {"x": -H, "y": -H, "width": S, "height": 5, "fill": "#ffd400"}, parent=g)
    short = p.get("short") or p.get("name", "")[:5]
    sel("text", {"x": 0, "y": -2.5, "font-size": 8.5 if len(short) <= 5 else 7, "text-anchor": "middle",
                 "font-weight": "700", "fill": fg, "class": "ctr-name"}, short, parent=g)
    fac = factors(p)
    sel("text", {"x": 0, "y": 11, "font-size": 8.5, "text-anchor": "middle", "fill": fg,
                 "class": "ctr-fac"}, fac, parent=g)
    if p.get("leader_name"):
        sel("circle", {"cx": H - 4, "cy": -H + 4, "r": 4.2, "fill": "#e0b53a", "stroke": "#222",
                       "stroke-width": 0.8, "class": "ldr"}, parent=g)
        sel("text", {"x": H - 4, "y": -H + 6.3, "font-size": 6, "text-anchor": "middle",
                     "font-weight": "700", "fill": "#222"}, "L", parent=g)
    if p.get("side") == "COM" and p.get("cls") != "garrison":
        tag = "A" if p.get("aaa") else ("D" if p.get("depot") else ("M" if p.get("mobile") else "S"))
        sel("text", {"x": -H + 3, "y": -H + 8, "font-size": 6.5, "fill": fg, "font-weight": "700"}, tag,
            parent=g)
    if p.get("cls") == "air":
        sel("text", {"x": -H + 3, "y": -H + 8, "font-size": 6.5, "fill": fg}, "✈", parent=g)
    return g


def mini_svg(p, doc_el_factory):
    """A standalone <svg> holding one counter, for HTML panels."""
    svg = doc_el_factory()
    counter(p, H + 1, H + 1, parent=svg)
    return svg
