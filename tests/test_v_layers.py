"""The Vietnam rules package reads as layers (issue 43 item 2): every module imports only from
layers below its own, imports inside functions included, so no arrow runs up and there is no
import cycle. The layers are the ones the package's docstring lists (game/rules/vietnam_1965_1975/
__init__.py); a new module is placed there and here."""

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "game" / "rules" / "vietnam_1965_1975"

LAYERS = [
    ["data"],
    ["hexes"],
    ["board"],
    ["regions", "airmobile", "brigades", "nva", "support", "prefs"],
    ["arvn", "interdiction", "victory"],
    ["assignments", "movement", "incidental", "losses"],
    ["reaction", "combat"],
    ["operation", "bombardment", "strategic", "security", "naval", "reinforce", "setup"],
    ["turn", "view", "invariants", "about"],
    ["__init__"],
]


def imports(path):
    """The package's own modules a file imports, anywhere in it (`from . import x`, `from .x import y`)."""
    out = set()
    for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(n, ast.ImportFrom) and n.level == 1:
            out |= {n.module.split(".")[0]} if n.module else {a.name for a in n.names}
    return out


def test_every_module_has_a_layer():
    modules = {p.stem for p in PKG.glob("*.py")}
    placed = [m for layer in LAYERS for m in layer]
    assert sorted(placed) == sorted(modules)


def test_no_import_runs_up_or_sideways():
    level = {m: i for i, layer in enumerate(LAYERS) for m in layer}
    bad = [f"{m} (layer {level[m] + 1}) imports {t} (layer {level[t] + 1})"
           for m in level for t in sorted(imports(PKG / f"{m}.py")) if level[t] >= level[m]]
    assert bad == []


def test_the_turn_imports_no_operation():
    """The Operations Phase offers the kinds the operations registered (assignments.py)."""
    ops = {"operation", "bombardment", "strategic", "security", "naval"}
    assert imports(PKG / "turn.py") & ops == set()
