"""Placeholder browser entry point (to be replaced by the real UI).

Runs under PyScript: ``static/boot.py`` imports this module and calls ``start()``.
"""


def start() -> None:
    from pyscript import document  # only importable in the browser

    document.querySelector("#prompt").textContent = "Python ready"
    document.body.dataset.ready = "1"
