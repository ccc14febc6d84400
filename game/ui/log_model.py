"""What the log shows, as plain data (no DOM, unit-tested): how an entry is grouped, whether it is
a result, and its text cut into plain pieces and tokens from the entry's structured `refs`.

Log entries (`game/engine/flow.py Context.log`): {n, text, kind, turn, rule, dice, to, refs, ...}.
`refs` are [kind, id, name]: "u" a unit, "p" a place, written by the rules where the text is made;
the UI never guesses a unit from a name, it only finds the name the rules gave in the text.
"""

from ..engine.report import QUIET_KINDS

TURN, PHASE = QUIET_KINDS  # headers: a turn, a phase (or segment); a phase that logged nothing else did nothing

# what a "results only" reader keeps: dice, combat and battle results, losses, reveals, tracks, the end
RESULT_KINDS = frozenset(("roll", "combat", "result", "loss", "vp", "track", "reveal", "end"))


def role_of(e):
    """"turn" / "phase" for a header, else "line". A step skipped (`skipped`, flow.Sequence) is a
    header with nothing under it: folded away like a phase that logged nothing."""
    k = e.get("kind")
    if e.get("skipped"):
        return PHASE
    return k if k in (TURN, PHASE) else "line"


def is_result(e):
    return e.get("kind") in RESULT_KINDS or bool(e.get("dice"))


def text_of(e):
    """The entry's text without the citation that the rule chip prints anyway."""
    t = str(e.get("text", ""))
    rule = e.get("rule")
    return t.replace(f" ({rule})", "", 1) if rule else t


def pieces(text, refs):
    """`text` cut into [(str, ref or None)]: each ref's name, where it first appears (after the
    previous token), becomes a token; a ref whose name is not in the text is left out."""
    out = []
    pos = 0
    for ref in sorted(_found(text, refs), key=lambda r: r[0]):
        at, r = ref
        if at < pos:
            continue
        if at > pos:
            out.append((text[pos:at], None))
        out.append((text[at:at + len(r[2])], r))
        pos = at + len(r[2])
    if pos < len(text):
        out.append((text[pos:], None))
    return out


def _found(text, refs):
    """(index, ref) of each ref's name in the text; a repeated name takes its next occurrence."""
    taken = []
    for r in refs or ():
        if not isinstance(r, (list, tuple)) or len(r) < 3 or not r[2]:
            continue
        start = 0
        while True:
            at = text.find(r[2], start)
            if at < 0:
                break
            if all(at >= b or at + len(r[2]) <= a for a, b, _ in taken):
                taken.append((at, at + len(r[2]), r))
                break
            start = at + 1
    return [(a, r) for a, _, r in taken]


def group_key(turn_no, phase_no):
    return f"t{turn_no}" if phase_no is None else f"t{turn_no}p{phase_no}"
