"""The house rules of the code, checked from the source (issue 43 items 2 and 4; the developers'
guide "How we build"): the rules engine, the rules and the computer are pure Python (no browser
module), the engine never imports a game (it is handed what it needs: saves get a lookup), and no
import cycle runs anywhere under game/, imports inside functions included."""

import ast
from pathlib import Path

import pytest

from game.engine.flow import Flow, Step

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
BROWSER = {"js", "pyodide", "pyscript"}


def module_name(path):
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in GAME.rglob("*.py")}


def imported(path):
    """Every module a file imports, anywhere in it, resolved to absolute dotted names."""
    me = module_name(path)
    pkg = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out = set()
    for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(n, ast.Import):
            out |= {a.name for a in n.names}
        elif isinstance(n, ast.ImportFrom):
            base = pkg.split(".")[:len(pkg.split(".")) - (n.level - 1)] if n.level else []
            mod = ".".join(base + ([n.module] if n.module else []))
            # `from . import x` imports module x (the package itself is already being imported)
            subs = {f"{mod}.{a.name}" for a in n.names}
            out |= subs if subs <= set(MODULES) else {mod} | (subs & set(MODULES))
    return out


GRAPH = {m: {i for i in imported(p) if i in MODULES and i != m} for m, p in MODULES.items()}


@pytest.mark.parametrize("layer", ["game.engine", "game.rules", "game.ai"])
def test_the_engine_rules_and_computer_are_pure_python(layer):
    bad = {m: sorted(i for i in imported(p) if i.split(".")[0] in BROWSER)
           for m, p in MODULES.items() if m.startswith(layer)}
    assert not {m: v for m, v in bad.items() if v}


def test_the_engine_imports_no_game():
    up = {m: sorted(i for i in GRAPH[m] if i.startswith(("game.rules", "game.ai", "game.ui")))
          for m in MODULES if m.startswith("game.engine")}
    assert not {m: v for m, v in up.items() if v}


def test_no_import_cycle_under_game():
    # Tarjan's strongly connected components of the module graph
    index, low, on, stack, cycles, n = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    assert cycles == []


def test_a_step_name_is_registered_once():
    flow = Flow()

    @flow.step("move")
    class Move(Step):
        pass

    with pytest.raises(ValueError, match="registered twice"):
        @flow.step("move")
        class Other(Step):
            pass


def test_the_rules_notes_are_generated_from_the_options_as_they_are():
    """docs/RULES_NOTES.md lists every ruling and reconstruction from the games' data files
    (tools/rules_notes.py): a new ruling without the page regenerated fails here."""
    import subprocess
    import sys
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "rules_notes.py"), "--check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
