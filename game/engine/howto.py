"""A game's "How to play" page (issue 13 item 2): data, not code, written in our own words.

Each game may keep `data/howto.json`:
    {"title": "How to play ...", "source": "...",
     "intro": [{"id", "title", "text": [paragraph, ...]}, ...],      setting, sequence, victory, counters
     "sections": [{"id": "MF 20.1", "title", "text"}, ...]}          one summary per rule section
The rules modules expose it through `howto()` (optional in game/engine/interface.py); the UI draws
it (game/ui/howto.py) and opens it at the section a citation names.
"""

import json
import re
from pathlib import Path

# a rule citation as the engines write them: "MF 20.1", "FT 11.2", "V 5.4" (also inside longer
# text such as "R-VP1 (MF 30.1)" or "MF 31.3 (=30.3)")
CITE_RE = re.compile(r"\b(MF|FT|V) (\d+(?:\.\d+)*)\b")


def load(path):
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    ids = [s["id"] for s in doc["sections"]]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise ValueError(f"{path}: sections given twice: {sorted(dup)}")
    return doc


def loader(package_file):
    """howto() for a rules package: its data/howto.json, read once when first asked for."""
    path = Path(package_file).parent / "data" / "howto.json"
    cache = []

    def howto():
        if not cache:
            cache.append(load(path))
        return cache[0]
    return howto


def cites(text):
    """Every citation in `text`, as section ids ("MF 20.1"), in order."""
    return [f"{m.group(1)} {m.group(2)}" for m in CITE_RE.finditer(str(text or ""))]


def _same(cite):
    """The spellings of one section: "MF 20" and "MF 20.0" name the same section."""
    pre, num = cite.split(" ", 1)
    base = num[:-2] if num.endswith(".0") else num
    return [f"{pre} {base}", f"{pre} {base}.0"]


def exact(doc, cite):
    """The summary written for exactly this section (or its ".0" twin), else None."""
    by_id = {s["id"]: s for s in doc["sections"]}
    for c in _same(cite):
        if c in by_id:
            return by_id[c]
    return None


def find(doc, cite):
    """The summary for a citation: the section itself, else the nearest enclosing one
    ("MF 20.1.2" -> "MF 20.1" -> "MF 20"), else None."""
    m = CITE_RE.search(str(cite or ""))
    if not m or doc is None:
        return None
    pre, parts = m.group(1), m.group(2).split(".")
    while parts:
        hit = exact(doc, f"{pre} {'.'.join(parts)}")
        if hit:
            return hit
        parts = parts[:-1]
    return None
