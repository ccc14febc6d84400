"""The browser UI's rooms and doors (docs/UI.md), read from the code's own imports (issue 43 item 3):
no import cycle under game/ui (imports inside functions counted), the controller imports nothing
of the screen, the input or the features, the features nothing of the app, the controller's room
or the input; no shared code asks whether a game's UI module has an attribute (the Protocol gives
every optional one its default); no class over 30 methods, no function over 60 lines."""
import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[1] / "game" / "ui"
FEATURES = ("guide", "replay", "keys", "phone", "computer", "walk")


def _modules():
    out = {}
    for p in UI.rglob("*.py"):
        rel = p.relative_to(UI).with_suffix("")
        name = ".".join(rel.parts)
        out[name[:-len(".__init__")] if name.endswith(".__init__") else name] = p
    return out


MODS = _modules()


def _imports(name):
    """The game.ui modules `name` imports, anywhere in it (relative or absolute)."""
    p = MODS[name]
    pkg = name.split(".")[:-1] if not p.name == "__init__.py" else name.split(".")
    out = set()
    for n in ast.walk(ast.parse(p.read_text())):
        if isinstance(n, ast.ImportFrom):
            if n.level:
                base = pkg[: len(pkg) - (n.level - 1)] + (n.module.split(".") if n.module else [])
            elif n.module and n.module.startswith("game.ui"):
                base = n.module.split(".")[2:]
            else:
                continue
            for a in n.names:
                for cand in (".".join(base + [a.name]), ".".join(base)):
                    if cand in MODS and cand != name:
                        out.add(cand)
                        break
        elif isinstance(n, ast.Import):
            for a in n.names:
                if a.name.startswith("game.ui.") and a.name[8:] in MODS:
                    out.add(a.name[8:])
    return out


GRAPH = {m: _imports(m) for m in MODS}


def _reach(start):
    seen, todo = set(), [start]
    while todo:
        for d in GRAPH[todo.pop()]:
            if d not in seen:
                seen.add(d)
                todo.append(d)
    return seen


def test_no_import_cycle_under_game_ui():
    cyclic = sorted(m for m in MODS if m in _reach(m))
    assert not cyclic, f"modules on an import cycle: {cyclic}"


def test_the_controller_does_not_reach_the_screen_the_input_or_the_features():
    for room in ("controller", "session", "names", "players", "hints", "logic"):
        bad = _reach(room) & {"screen", "input", "app", "dialogs", "render_map", "render_panels", *FEATURES}
        assert not bad, (room, bad)


def test_the_features_do_not_reach_the_app_the_controller_or_the_input():
    for f in FEATURES:
        bad = _reach(f) & {"app", "controller", "input", "screen", "session", "dialogs"}
        assert not bad, (f, bad)


def test_nothing_asks_whether_a_game_has_an_attribute():
    """getattr/hasattr on a game's UI module (a name or attribute called `ui`): the Protocol's
    defaults (game/ui/games/__init__.py) answer instead."""
    found = []
    for name, p in MODS.items():
        for n in ast.walk(ast.parse(p.read_text())):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("getattr", "hasattr") \
                    and n.args and ast.unparse(n.args[0]).split(".")[-1].split("(")[0] in ("ui", "ui_for", "_UI"):
                found.append(f"{p.name}:{n.lineno} {ast.unparse(n)}")
    assert not found, found


@pytest.mark.parametrize("name", sorted(MODS))
def test_small_classes_and_functions(name):
    tree = ast.parse(MODS[name].read_text())
    for n in ast.walk(tree):
        if isinstance(n, ast.ClassDef):
            methods = [x for x in n.body if isinstance(x, (ast.FunctionDef, ast.AsyncFunctionDef))]
            assert len(methods) <= 30, f"{name}.{n.name}: {len(methods)} methods"
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert n.end_lineno - n.lineno + 1 <= 60, f"{name}.{n.name}: {n.end_lineno - n.lineno + 1} lines"
