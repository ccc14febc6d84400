"""The "How to play" page in the Help dialog, and rule citations that open it (issue 13 item 2).

The page is the game's data (rules.howto(), game/engine/howto.py): the setting, the sequence of
play, how to win, the counters, then one short summary per rule section. A citation in the
prompt is drawn as a link (`linkify`); a click on it, on a log entry's rule or on an option's
citation opens the page at that section (`focus`).
"""
from game.engine.howto import CITE_RE, find

from .dom import el

_DRAWN = {}  # root node id -> game id drawn into it (the page is drawn once per game)


def draw(root, game_id, doc):
    """The page of `doc` into `root` (again only when the game changed)."""
    if _DRAWN.get(root.id) == game_id and root.firstChild:
        return
    root.replaceChildren()
    _DRAWN[root.id] = game_id
    if not doc:
        el("p", text="No \"How to play\" page for this game yet.", cls="muted", parent=root)
        return
    el("h3", text=doc["title"], parent=root)
    if doc.get("source"):
        el("p", text=doc["source"], cls="muted small", parent=root)
    toc = el("nav", cls="howto-toc", parent=root, attrs={"aria-label": "Contents"})
    for part in doc.get("intro", []):
        el("a", text=part["title"], attrs={"href": f"#howto-{part['id']}"}, parent=toc)
    el("a", text="Rules, section by section", attrs={"href": "#howto-rules"}, parent=toc)
    for part in doc.get("intro", []):
        sec = el("section", cls="howto-intro", attrs={"id": f"howto-{part['id']}"}, parent=root)
        el("h4", text=part["title"], parent=sec)
        for para in part.get("text", []):
            if isinstance(para, list):  # a list of steps
                ol = el("ol", parent=sec)
                for item in para:
                    el("li", text=item, parent=ol)
            else:
                el("p", text=para, parent=sec)
    el("h4", text="Rules, section by section", attrs={"id": "howto-rules"}, parent=root)
    el("p", text="Each rule the game cites, in a few words (a citation in the prompt or the log opens it here).",
       cls="muted small", parent=root)
    for s in doc["sections"]:
        sec = el("section", cls="howto-sec", attrs={"data-cite": s["id"], "id": anchor(s["id"])}, parent=root)
        h = el("h5", parent=sec)
        el("span", text=s["id"], cls="cite", parent=h)
        el("span", text=" " + s["title"], parent=h)
        el("p", text=s["text"], cls="howto-text", parent=sec)


def anchor(cite):
    return "howto-" + cite.replace(" ", "_").replace(".", "-")


def focus(root, doc, cite):
    """Scroll the page to the summary of `cite` (or of its enclosing section) and mark it;
    returns the section id shown, or None when the game has no summary for it."""
    for old in root.querySelectorAll(".howto-sec.focus"):
        old.classList.remove("focus")
    hit = find(doc, cite)
    if hit is None:
        return None
    node = root.querySelector(f'[data-cite="{hit["id"]}"]')
    if node:
        node.classList.add("focus")
        node.scrollIntoView()
    return hit["id"]


def linkify(node, text):
    """`text` into `node`, each citation a button that opens its summary."""
    text = str(text)
    node.replaceChildren()
    at = 0
    for m in CITE_RE.finditer(text):
        if m.start() > at:
            node.append(text[at:m.start()])
        el("button", text=m.group(0), cls="cite-link", parent=node,
           attrs={"type": "button", "data-cite": m.group(0), "title": f"What {m.group(0)} says, in short"})
        at = m.end()
    if at < len(text):
        node.append(text[at:])
