"""The coverage claim, tested: every rule section 1.0-30.0, every event of the Events Chart, both
optional rules, the ten worked examples T1-T10 and the derived tests D1-D24 of the reference
(shared/reference/mike_force.md section 7) are named in at least one test docstring in tests/."""

import ast
import re
from pathlib import Path

from game.rules.mike_force.data import EVENTS

SECTIONS = [f"{n}.0" for n in range(1, 31)]          # 1.0 .. 30.0
EXAMPLES = [f"T{n}" for n in range(1, 11)]            # the ten worked examples
DERIVED = [f"D{n}" for n in range(1, 25)]             # the derived tests D1-D24
OPTIONAL = ["Rising from the Ranks", "MF 29.0"]       # the optional rules 25.4 (Rising) and 29.0
EVENT_NAMES = [e["name"] for e in EVENTS.values()]

HERE = Path(__file__).parent


def docstrings():
    out = []
    for p in sorted(HERE.glob("test_*.py")):
        if p.name == Path(__file__).name:
            continue
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                out.append(node.name + " " + (ast.get_docstring(node) or ""))
    return out


def section_cited(texts, sec):
    major = sec.split(".")[0]
    # "MF 20.3", "MF 20.0", "MF 4.0 II.5"; the misnumbered scenarios print 31.3/31.4 for 30.3/30.4
    pat = re.compile(rf"MF {major}\.\d+\b|\(= ?{major}\.\d\)")
    return any(pat.search(t) for t in texts)


def test_every_section_1_to_30_is_tested():
    """Coverage: MF 1.0 to MF 30.0 each appear in a test docstring."""
    texts = docstrings()
    missing = [s for s in SECTIONS if not section_cited(texts, s)]
    assert not missing, f"sections without a test: {missing}"


def test_every_event_is_tested():
    """Coverage: every entry of the Events Chart is named by a test docstring."""
    texts = docstrings()
    missing = [n for n in EVENT_NAMES if not any(n in t for t in texts)]
    assert not missing, f"events without a test: {missing}"


def test_worked_examples_and_derived_tests():
    """Coverage: T1-T10 and D1-D24 of the reference each have a test."""
    texts = docstrings()
    missing = [x for x in EXAMPLES + DERIVED if not any(re.search(rf"\b{x}(?!\d)", t) for t in texts)]
    assert not missing, f"examples without a test: {missing}"


def test_optional_rules():
    """Coverage: both optional rules (MF 25.4 Rising from the Ranks, MF 29.0 Break-off) are tested."""
    texts = docstrings()
    assert all(any(o in t for t in texts) for o in OPTIONAL)


def test_coverage_check_can_fail():
    """Coverage: the section check is not vacuous: a section no test cites (99.0) is reported missing."""
    texts = docstrings()
    assert not section_cited(texts, "99.0")
    assert not section_cited(["nothing here"], "1.0")
