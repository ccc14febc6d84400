"""Tiny DOM helpers (the browser's; under CPython the modules importing them still import, so
that their pure parts are unit-tested, and nothing here draws)."""
from html import escape

try:
    from pyscript import document, window  # noqa: F401
except ImportError:  # CPython: the unit tests
    document = window = None

from .logic import child_moves, part_keys

SVG_NS = "http://www.w3.org/2000/svg"


def _filled(e, attrs, text, parent):
    """A new element given its attributes (a None value: left out), its text and its parent."""
    if attrs:
        for k, v in attrs.items():
            if v is not None:
                e.setAttribute(k, str(v))
    if text is not None:
        e.textContent = str(text)
    if parent is not None:
        parent.appendChild(e)
    return e


def el(tag, attrs=None, text=None, parent=None, cls=None):
    e = document.createElement(tag)
    if cls:
        e.className = cls
    return _filled(e, attrs, text, parent)


class Frag:
    """An SVG element built in Python and put on the page with one call (put()): a counter is a
    dozen elements, and made one by one each costs several calls from Python into the page
    (issue 14). sel() with a Frag parent adds a Frag; the drawing code does not tell them apart."""
    __slots__ = ("tag", "attrs", "text", "kids")

    def __init__(self, tag, attrs=None, text=None):
        self.tag = tag
        self.attrs = {k: str(v) for k, v in attrs.items() if v is not None} if attrs else {}
        self.text = None if text is None else str(text)
        self.kids = []

    def setAttribute(self, k, v):
        self.attrs[k] = str(v)

    def getAttribute(self, k):
        return self.attrs.get(k)

    def appendChild(self, kid):
        self.kids.append(kid)
        return kid

    def html(self):
        return markup(self.tag, self.attrs, self.text, inner="".join(k.html() for k in self.kids))


class Raw:
    """Markup made before, standing among a Frag's children (counters.py: a counter's drawing,
    the same for the same piece)."""
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def html(self):
        return self.text


def put(parent, frag):
    """Frag -> the real element, appended to `parent` (or left unattached if None)."""
    if parent is None:
        parent = _SCRATCH
        parent.replaceChildren()
    parent.insertAdjacentHTML("beforeend", frag.html())
    return parent.lastElementChild


def put_all(parent, frags):
    """Frags -> their elements, appended to `parent` in one call (static/dom.js vwPut)."""
    if not frags:
        return []
    return window.vwPut(parent, "".join(f.html() for f in frags)).to_py(depth=1)


_SCRATCH = document.createElementNS(SVG_NS, "svg") if document else None  # where an unattached Frag is parsed (as SVG)
_HTML_SCRATCH = document.createElement("div") if document else None  # where unattached HTML markup is parsed


def put_html(htmls):
    """HTML markup (one element each) -> their elements, unattached (the caller places them), made
    in one call."""
    _HTML_SCRATCH.replaceChildren()
    return window.vwPut(_HTML_SCRATCH, "".join(htmls)).to_py(depth=1)


def sel(tag, attrs=None, text=None, parent=None):
    if isinstance(parent, Frag):
        return parent.appendChild(Frag(tag, attrs, text))
    return _filled(document.createElementNS(SVG_NS, tag), attrs, text, parent)


def q(selector):
    return document.querySelector(selector)


_PROXIES = []  # the Python functions the page calls (kept for the page's life)


def listen(node, ev, fn, capture=False):
    """node.addEventListener(ev, fn, capture), fn kept for the page's life."""
    from pyodide.ffi import create_proxy
    p = create_proxy(fn)
    _PROXIES.append(p)
    node.addEventListener(ev, p, capture)


def expose(name, fn):
    """window[name] = fn: a read-only hook the tests call (window.__vw_state...)."""
    from pyodide.ffi import create_proxy
    p = create_proxy(fn)
    _PROXIES.append(p)
    setattr(window, name, p)


def clear(node):
    node.replaceChildren()


def markup(tag, attrs=None, text=None, cls=None, inner=""):
    """The HTML of one element, its text and attribute values escaped (what el() would make): a
    part of the page made of many elements is set with one innerHTML, one call into the page
    instead of several per element."""
    a = f' class="{_esc(cls)}"' if cls else ""
    if attrs:
        for k, v in attrs.items():
            if v is not None:
                a += f' {k}="{_esc(v if type(v) is str else str(v))}"'
    return f"<{tag}{a}>{_esc(text if type(text) is str else str(text)) if text is not None else ''}{inner}</{tag}>"


_ESCAPED = {}  # text -> its escaped form: a redraw writes the same labels, names and numbers again


def _esc(s):
    """html.escape(s), remembered (a First Team redraw escapes hundreds of strings; issue 14)."""
    e = _ESCAPED.get(s)
    if e is None:
        if len(_ESCAPED) > 50_000:
            _ESCAPED.clear()
        e = _ESCAPED[s] = escape(s)
    return e


_SET = {}  # node id -> (hash of what was drawn, the first node drawn)


def holds(node, key):
    """Whether node still holds what was drawn there for `key` (drew()): its first child is the
    one drawn then (anything that replaced the content since counts as a change)."""
    was = _SET.get(node.id)
    if was is None or was[0] != hash(key):
        return False
    first = node.firstChild
    return bool(first) and first.isSameNode(was[1])


def drew(node, key):
    """Node now shows what `key` stands for."""
    _SET[node.id] = (hash(key), node.firstChild)


def set_html(node, html):
    """The node's children become those of `html`, unless it still holds just that; returns
    whether they changed. Patched (static/dom.js), not replaced: the elements that stay are kept,
    and the browser lays out and paints only what differs (issue 14). Whoever changes the content
    in place calls changed()."""
    if holds(node, html):
        return False
    window.vwMorph(node, html)
    drew(node, html)
    return True


_PARTS = {}  # node id -> (the markup of each of its children as set_parts drew them, their keys)


def set_parts(node, parts):
    """set_html for content made of parts, each the markup of one element: only the elements whose
    markup changed are patched, one call each, and nothing at all when none did (a First Team
    action list is patched whole in about 2 ms; issue 14). A part that comes or goes (a unit
    selected adds its actions above the list) is inserted or removed on its own, the others kept
    by their key (part_keys): patching the whole list for it took 3 ms, 8-10 ms when a unit is
    selected (a trace). Returns whether anything changed."""
    key = tuple(parts)
    if holds(node, key):
        return False
    was = _PARTS.get(node.id)
    keys = part_keys(parts)
    if was is None or node.id not in _SET or node.childElementCount != len(was[0]):
        window.vwMorph(node, "".join(parts))
    elif was[1] == keys:
        _morph_kids(node, [i for i, (a, b) in enumerate(zip(was[0], parts)) if a != b], parts)
    else:
        kids = node.children
        old = {k: (kids.item(i), html) for i, (k, html) in enumerate(zip(was[1], was[0]))}
        removes, inserts = child_moves(was[1], keys)
        for k in removes:
            old.pop(k)[0].remove()
        now = dict(zip(keys, parts))
        for k, before in inserts:
            if k in old:
                node.insertBefore(old[k][0], old[before][0] if before is not None else None)
            elif before is None:
                node.insertAdjacentHTML("beforeend", now[k])
                old[k] = (node.lastElementChild, now[k])
            else:
                anchor = old[before][0]
                anchor.insertAdjacentHTML("beforebegin", now[k])
                old[k] = (anchor.previousElementSibling, now[k])
        _morph_kids(node, [i for i, k in enumerate(keys) if old[k][1] != now[k]], parts)
    _PARTS[node.id] = (key, keys)
    drew(node, key)
    return True


def _morph_kids(node, at, parts):
    """Children `at` of node (in order) patched to their parts."""
    if len(at) == 1:
        window.vwMorphNode(node.children.item(at[0]), parts[at[0]])
    elif at:  # one call for them all: a shift of the action indices changes every place
        window.vwMorphKids(node, " ".join(map(str, at)), "".join(parts[i] for i in at))


def changed(node):
    """The content drawn was changed in place: the next drawing redraws it."""
    _SET.pop(node.id, None)


class Keyed:
    """The children of one element, kept equal to a list of nodes with as few moves as possible: a
    node moved in the page is laid out and painted again from scratch, all its texts measured
    again, so a box of 60 counters that loses one should lose one node, not move the other 59
    (issue 14: First Team's An Khe box was most of a click's paint). The nodes are the caller's
    own cached elements (the same Python object for the same element)."""
    __slots__ = ("node", "cur")

    def __init__(self, node):
        self.node = node
        self.cur = []

    def sync(self, nodes):
        node, cur = self.node, self.cur
        if node.childElementCount != len(cur):  # changed by someone else (a hand-over blanks the
            node.replaceChildren(*nodes)        # panel, Screen.blank): set it whole, even if unchanged
            self.cur = list(nodes)
            return
        if [id(n) for n in cur] == [id(n) for n in nodes]:
            return
        by_id = {id(n): n for n in cur}
        by_id.update((id(n), n) for n in nodes)
        removes, inserts = child_moves([id(n) for n in cur], [id(n) for n in nodes])
        for k in removes:
            by_id[k].remove()
        for k, before in inserts:
            node.insertBefore(by_id[k], by_id[before] if before is not None else None)
        self.cur = list(nodes)

