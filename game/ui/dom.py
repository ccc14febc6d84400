"""Tiny DOM helpers (browser only)."""
from html import escape

from pyscript import document, window  # noqa: F401

SVG_NS = "http://www.w3.org/2000/svg"


def el(tag, attrs=None, text=None, parent=None, cls=None):
    e = document.createElement(tag)
    if cls:
        e.className = cls
    if attrs:
        for k, v in attrs.items():
            if v is not None:
                e.setAttribute(k, str(v))
    if text is not None:
        e.textContent = str(text)
    if parent is not None:
        parent.appendChild(e)
    return e


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


def put(parent, frag):
    """Frag -> the real element, appended to `parent` (or left unattached if None)."""
    if parent is None:
        parent = _SCRATCH
        parent.replaceChildren()
    parent.insertAdjacentHTML("beforeend", frag.html())
    return parent.lastElementChild


_SCRATCH = document.createElementNS(SVG_NS, "svg")  # where an unattached Frag is parsed (as SVG)


def sel(tag, attrs=None, text=None, parent=None):
    if isinstance(parent, Frag):
        return parent.appendChild(Frag(tag, attrs, text))
    e = document.createElementNS(SVG_NS, tag)
    if attrs:
        for k, v in attrs.items():
            if v is not None:
                e.setAttribute(k, str(v))
    if text is not None:
        e.textContent = str(text)
    if parent is not None:
        parent.appendChild(e)
    return e


def q(selector):
    return document.querySelector(selector)


def clear(node):
    node.replaceChildren()


def markup(tag, attrs=None, text=None, cls=None, inner=""):
    """The HTML of one element, its text and attribute values escaped (what el() would make): a
    part of the page made of many elements is set with one innerHTML, one call into the page
    instead of several per element."""
    a = f' class="{escape(cls)}"' if cls else ""
    if attrs:
        a += "".join(f' {k}="{escape(str(v))}"' for k, v in attrs.items() if v is not None)
    return f"<{tag}{a}>{escape(str(text), quote=False) if text is not None else ''}{inner}</{tag}>"


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
    """node.innerHTML = html, unless the node still holds just that. Returns whether it was set.
    Whoever changes the content in place calls changed()."""
    if holds(node, html):
        return False
    node.innerHTML = html
    drew(node, html)
    return True


def changed(node):
    """The content drawn was changed in place: the next drawing redraws it."""
    _SET.pop(node.id, None)
