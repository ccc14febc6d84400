"""Tiny DOM helpers (browser only)."""
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


def sel(tag, attrs=None, text=None, parent=None):
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
