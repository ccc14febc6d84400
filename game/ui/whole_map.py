"""The whole map on the About page (issue 47 item 2): a game's map of all its play areas, shown as a
picture with its regions, corps zones and borders, and zoomed on its named parts. It is no board
(no counters, no clicks on places) until a scenario is played on it: Vietnam's campaigns are data
only until their rules are built."""

from .dom import el

# game id -> the whole map: its SVG, its size (SVG units) and the views a player may zoom to
WHOLE_MAPS = {
    "vietnam-1965-1975": {
        "url": "./static/svg/vietnam_country_map.svg", "size": (3768, 6090),
        "title": "The whole map: South Vietnam's 35 regions, its corps zones and borders (the campaigns' map)",
        "note": "Drawn from the same data as the play areas' maps, which are windows of it (tools/map_v65). "
                "The campaigns are not playable yet: this shows the map and where its values come from.",
        "views": (("fit", "South Vietnam", (114, 93, 3420, 5836)), ("i", "I Corps", (1374, 93, 1920, 1748)),
                  ("delta", "The Delta", (114, 4180, 1680, 1748))),
    },
}


def draw(root, game):
    """The whole map's section of the About page, for the games that have one; its picture loads
    when the section is opened (loading="lazy" in a closed details)."""
    spec = WHOLE_MAPS.get(game)
    if not spec:
        return
    det = el("details", cls="about-sec whole-map", parent=root, attrs={"data-whole-map": game})
    el("summary", text=spec["title"], parent=det)
    el("p", text=spec["note"], cls="muted", parent=det)
    bar = el("div", cls="whole-map-zoom", parent=det)
    for key, label, box in spec["views"]:
        el("button", text=label, cls="act-btn", parent=bar,
           attrs={"type": "button", "data-cmd": "whole-map", "data-view": key, "data-box": " ".join(map(str, box))})
    view = el("div", cls="whole-map-view", parent=det)
    w, h = spec["size"]
    el("img", parent=view, attrs={"src": spec["url"], "alt": spec["title"], "loading": "lazy", "decoding": "async",
                                  "width": str(w), "height": str(h), "data-w": str(w)})


def command(node):
    """A zoom button: the picture scaled so that the button's box fills the view's width, scrolled to it."""
    det = node.closest("[data-whole-map]")
    view = det.querySelector(".whole-map-view")
    img = det.querySelector("img")
    x, y, w, _ = (float(v) for v in node.getAttribute("data-box").split())
    k = max(view.clientWidth, 1) / w
    img.style.width = f"{float(img.getAttribute('data-w')) * k:.0f}px"
    img.style.height = "auto"
    view.scrollLeft = x * k
    view.scrollTop = y * k
    det.setAttribute("data-shown", node.getAttribute("data-view"))
