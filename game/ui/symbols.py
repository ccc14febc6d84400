"""NATO-style unit symbols (APP-6 land unit frames) for the SVG counters of every game.

Each function draws into an SVG <g> around the point (cx, cy), in map units; `ink` is the line
colour. Shared by the per-game counter drawers (game/ui/games/*.py, game/ui/counters.py)."""
from .dom import sel

FW, FH = 16.0, 10.0  # the unit frame (a landscape box, as on most wargame counters)


def frame(g, cx, cy, ink, fill="none", w=FW, h=FH, dashed=False):
    sel("rect", {"x": cx - w / 2, "y": cy - h / 2, "width": w, "height": h, "fill": fill, "stroke": ink,
                 "stroke-width": 1.1, "stroke-dasharray": "2 1.3" if dashed else None, "class": "sym"}, parent=g)


def infantry(g, cx, cy, ink, w=FW, h=FH):
    """Crossed box: infantry."""
    x0, y0, x1, y1 = cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2
    sel("path", {"d": f"M{x0:.1f} {y0:.1f}L{x1:.1f} {y1:.1f}M{x0:.1f} {y1:.1f}L{x1:.1f} {y0:.1f}",
                 "stroke": ink, "stroke-width": 1.0, "fill": "none", "class": "sym"}, parent=g)


def cavalry(g, cx, cy, ink, w=FW, h=FH):
    """One diagonal: cavalry / reconnaissance."""
    sel("path", {"d": f"M{cx - w / 2:.1f} {cy + h / 2:.1f}L{cx + w / 2:.1f} {cy - h / 2:.1f}",
                 "stroke": ink, "stroke-width": 1.0, "fill": "none", "class": "sym"}, parent=g)


def artillery(g, cx, cy, ink, r=2.4):
    """A filled dot: field artillery."""
    sel("circle", {"cx": cx, "cy": cy, "r": r, "fill": ink, "class": "sym"}, parent=g)


def rotary(g, cx, cy, ink, w=12.0, h=6.5):
    """A bow tie: rotary-wing aviation (helicopters)."""
    x0, x1, y0, y1 = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    sel("path", {"d": f"M{x0:.1f} {y0:.1f}L{x0:.1f} {y1:.1f}L{x1:.1f} {y0:.1f}L{x1:.1f} {y1:.1f}Z",
                 "fill": ink, "stroke": ink, "stroke-width": 0.6, "stroke-linejoin": "round", "class": "sym"},
        parent=g)


def fixed_wing(g, cx, cy, ink, w=12.0, h=6.0):
    """A bow tie with rounded ends (an infinity sign): fixed-wing aviation."""
    a, b = w / 2, h / 2
    d = (f"M{cx:.1f} {cy:.1f}C{cx - a * 0.5:.1f} {cy - b * 1.3:.1f} {cx - a * 1.1:.1f} {cy - b:.1f} "
         f"{cx - a:.1f} {cy:.1f}C{cx - a * 1.1:.1f} {cy + b:.1f} {cx - a * 0.5:.1f} {cy + b * 1.3:.1f} "
         f"{cx:.1f} {cy:.1f}C{cx + a * 0.5:.1f} {cy - b * 1.3:.1f} {cx + a * 1.1:.1f} {cy - b:.1f} "
         f"{cx + a:.1f} {cy:.1f}C{cx + a * 1.1:.1f} {cy + b:.1f} {cx + a * 0.5:.1f} {cy + b * 1.3:.1f} "
         f"{cx:.1f} {cy:.1f}Z")
    sel("path", {"d": d, "fill": ink, "stroke": ink, "stroke-width": 0.5, "class": "sym"}, parent=g)


def supply(g, cx, cy, ink, w=FW, h=FH, full=True):
    """A bar across the bottom of the frame: supply. Half supply fills only half of it."""
    bw = w if full else w / 2
    sel("rect", {"x": cx - w / 2, "y": cy + h / 2 - 3.2, "width": bw, "height": 3.2, "fill": ink, "class": "sym"},
        parent=g)


def text(g, cx, cy, s, ink, size=5.5):
    """Letters inside a frame (SF, PF ...)."""
    sel("text", {"x": cx, "y": cy + size * 0.36, "font-size": size, "text-anchor": "middle", "font-weight": "700",
                 "fill": ink, "class": "sym-t"}, s, parent=g)


def star(g, cx, cy, r, fill):
    import math
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.42
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    sel("polygon", {"points": " ".join(pts), "fill": fill}, parent=g)


def pips(g, x, y, n, filled, ink, fill, r=1.6, gap=4.2, vertical=True):
    """`n` step pips from (x, y), the first `filled` of them solid (steps remaining / fatigue taken)."""
    for i in range(n):
        cx, cy = (x, y + i * gap) if vertical else (x + i * gap, y)
        sel("circle", {"cx": cx, "cy": cy, "r": r, "fill": fill if i < filled else "none", "stroke": ink,
                       "stroke-width": 0.6, "class": "pip" + (" on" if i < filled else "")}, parent=g)
