"""The generated parts of docs/RULES_NOTES.md: each game's named options (rulings and optional
rules, from data/options.json) and where each rulebook section is cited in its rules package.

    python3 tools/rules_notes.py                    # print every generated part
    python3 tools/rules_notes.py --write            # rewrite them in docs/RULES_NOTES.md
    python3 tools/rules_notes.py --check            # exit 1 if docs/RULES_NOTES.md is stale

A part sits between `<!-- rules_notes: options mike-force -->` (or `sections`) and
`<!-- /rules_notes -->`; the text around the parts is written by hand. Reads files only (the
registry's module names, the games' JSON and Python sources): nothing is imported but the registry.
A game's citation prefix ("MF", "FT", "V") is the one its data/howto.json section ids use.
"""

import argparse
import ast
import io
import json
import re
import sys
import textwrap
import tokenize
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "RULES_NOTES.md"
WIDTH = 108
MOST = 3  # modules named per section (the most citing first), "+N" for the rest
NUM = r"\d+(?:\.\d+)*"
BLOCK = re.compile(r"(<!-- rules_notes: (\w+) ([\w-]+) -->\n)(.*?)(<!-- /rules_notes -->)", re.S)


def games():
    """{game id: its rules package directory}, from the one registry."""
    sys.path.insert(0, str(ROOT))
    from game.rules import GAMES

    return {gid: ROOT / Path(*g["rules"].split(".")) for gid, g in GAMES.items()}


def howto(pkg):
    path = pkg / "data" / "howto.json"
    return json.loads(path.read_text()) if path.exists() else {"sections": []}


def prefix(pkg):
    """The game's citation prefix, or None when it has no How to play sections to read it from."""
    ids = [s["id"] for s in howto(pkg)["sections"]]
    return Counter(i.split()[0] for i in ids).most_common(1)[0][0] if ids else None


def key(number):
    """A section's number with trailing ".0" parts dropped: "20.0" and "20" are one section."""
    parts = number.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(parts)


def citations(text, pfx):
    """Every section number `text` cites: "MF 20.3", and lists such as "MF 15.5, 22, 23",
    "FT 9.1/9.11" or ranges "V 5.4-5.5" (their two ends)."""
    found = []
    for m in re.finditer(rf"\b{pfx} ({NUM}(?:\s*[,/-]\s*{NUM})*)", text):
        found += re.findall(NUM, m.group(1))
    return found


def code_texts(path):
    """A Python file's string literals but its docstrings, and its comments and docstrings, as two
    texts: a citation in a string is the rule a step logs, rolls, asks or titles (`g.log(...,
    "MF 20.3")`, a `Row`'s rule); one in a comment or docstring only mentions it."""
    src = path.read_text()
    tree = ast.parse(src)  # one tree: the docstrings are told apart by node identity
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant) and isinstance(n.body[0].value.value, str)}
    strings, notes = [], []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            (notes if id(n) in docs else strings).append(n.value)
    notes += [t.string for t in tokenize.generate_tokens(io.StringIO(src).readline)
              if t.type == tokenize.COMMENT]
    return " ".join(strings), " ".join(notes)


def sections(pkg):
    """{section key: {"code": Counter(module: citations in strings), "notes": Counter(module:
    citations in comments and docstrings), "data": Counter(data file: citations)}} over the
    package's Python files and data files (but the How to play summaries and the options, which
    cite every section they cover)."""
    pfx = prefix(pkg)
    where = defaultdict(lambda: {"code": Counter(), "notes": Counter(), "data": Counter()})

    def count(kind, rel, text):
        for number in citations(text, pfx):
            where[key(number)][kind][rel] += 1

    for path in sorted(pkg.rglob("*.py")):
        code, notes = code_texts(path)
        rel = path.relative_to(pkg).as_posix()
        count("code", rel, code)
        count("notes", rel, notes)
    for path in sorted((pkg / "data").glob("*.json")):
        if path.name not in ("howto.json", "options.json"):
            count("data", re.sub(r"^map_\w+\.json$", "map_*.json", path.name), path.read_text())
    return where


def order(number):
    return tuple(int(p) for p in number.split("."))


def names(counts, most=MOST):
    ranked = [m for m, _ in sorted(counts.items(), key=lambda mc: (-mc[1], mc[0]))]
    shown = ", ".join(f"`{m}`" for m in ranked[:most])
    return shown + (f" +{len(ranked) - most}" if len(ranked) > most else "")


def sections_table(gid, pkg):
    pfx = prefix(pkg)
    if pfx is None:
        return f"(No `data/howto.json` sections in {gid}: its citation prefix is unknown.)"
    titles = {key(s["id"].split()[1]): (s["id"], s["title"]) for s in howto(pkg)["sections"]}
    lines = ["| section | title | code | data |", "| --- | --- | --- | --- |"]
    for number, w in sorted(sections(pkg).items(), key=lambda kv: order(kv[0])):
        shown, title = titles.get(number, (f"{pfx} {number}", ""))
        code = names(w["code"]) or (f"({names(w['notes'])})" if w["notes"] else "")
        lines.append(f"| {shown} | {title} | {code} | {names(w['data'], 2)} |")
    return "\n".join(lines)


def first_sentence(text):
    text = " ".join(text.split())
    m = re.search(r"(?<=[a-z0-9)'\"])\.\s+(?=[A-Z(])", text)
    return text[: m.start() + 1] if m else text


def options_list(gid, pkg):
    path = pkg / "data" / "options.json"
    if not path.exists():
        return f"(No `data/options.json` in {gid}.)"
    doc = json.loads(path.read_text())
    out = []
    for o in doc["options"]:
        default = json.dumps(o["default"])
        head = f"- `{o['id']}` ({o.get('rule', '')}, {o.get('kind', 'ruling')}), default `{default}`:"
        text = o.get("label", "").rstrip(".") + "."
        why = o.get("why") or o.get("reasoning")
        if why:
            text += " Why: " + first_sentence(why)
        if len(o.get("choices", [None, None])) == 1:
            text += " (Only the ruling is built.)"
        out.append(textwrap.fill(f"{head} {text}", WIDTH, subsequent_indent="  ",
                                 break_on_hyphens=False, break_long_words=False))
    return "\n".join(out)


PARTS = {"options": options_list, "sections": sections_table}


def render(kind, gid, pkgs):
    return PARTS[kind](gid, pkgs[gid]) + "\n"


def rewrite(text, pkgs):
    return BLOCK.sub(lambda m: m.group(1) + render(m.group(2), m.group(3), pkgs) + m.group(5), text)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--write", action="store_true", help="rewrite the generated parts of the doc")
    p.add_argument("--check", action="store_true", help="exit 1 if the doc's parts are stale")
    p.add_argument("--doc", type=Path, default=DOC)
    a = p.parse_args(argv)
    pkgs = games()
    if not (a.write or a.check):
        for gid in pkgs:
            for kind in PARTS:
                print(f"## {gid}: {kind}\n\n{render(kind, gid, pkgs)}")
        return 0
    old = a.doc.read_text()
    new = rewrite(old, pkgs)
    if a.check:
        if new != old:
            print(f"{a.doc} is stale: run python3 tools/rules_notes.py --write", file=sys.stderr)
            return 1
        return 0
    a.doc.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
