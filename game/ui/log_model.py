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


EVENT = "event"  # the kind of a line that draws an event (Mike Force's Events Chart, MF 8.0)


def event_card(entries):
    """A card for the last event the rules drew among `entries` (the lines a click brought), when
    no report pause shows one: the phase it was drawn in and what that phase logged (the event,
    its dice, the tracks it moved). The player's own events phase runs without a decision, so
    without it the card a Communist event gets would be a log line only (issue 45 item 9).
    A report of the view's kind (`view["report"]`), or None."""
    at = next((i for i in range(len(entries) - 1, -1, -1) if entries[i].get("kind") == EVENT), None)
    if at is None:
        return None
    start = at
    while start > 0 and role_of(entries[start - 1]) not in (TURN, PHASE):
        start -= 1
    end = at
    while end + 1 < len(entries) and role_of(entries[end + 1]) not in (TURN, PHASE):
        end += 1
    head = entries[start - 1] if start > 0 else None
    return {"title": text_of(head) if head is not None else "Event", "since": entries[start].get("n", 0),
            "scope": "event", "kicker": "Event", "entries": list(entries[start:end + 1])}


BATTLE_KINDS = frozenset(("battle", "round", "combat"))  # a battle's lines: its own card tells them
FLASH_ROLLS = 2  # the rolls a flash names; more are counted (the log has them all)


def roll_flash(entries):
    """The player's click rolled dice: one line saying what they showed and what came of each
    ("Recon by SF A-Team (needs 2 or less): rolled 1 → Revealed at Base Area 614: VC Infantry"),
    for the flash line under the prompt; None when nothing was rolled or a battle was fought (its
    card shows every roll). Only the lines before the next phase's header: the phases the click
    ran on into are another's (a Communist event has its card). A die result was a log line only (issue 45 item 9)."""
    head = next((i for i, e in enumerate(entries) if role_of(e) != "line"), len(entries))
    entries = entries[:head]  # the click's own phase: what the next phases rolled, their cards tell
    if any(e.get("kind") in BATTLE_KINDS for e in entries):
        return None
    said, rolls = [], 0
    for i, e in enumerate(entries):
        if not e.get("dice"):
            continue
        rolls += 1
        if rolls > FLASH_ROLLS:
            continue
        nxt = entries[i + 1] if i + 1 < len(entries) else None
        then = f" → {text_of(nxt)}" if nxt is not None and not nxt.get("dice") and role_of(nxt) == "line" else ""
        said.append(text_of(e) + then)
    if not said:
        return None
    more = rolls - len(said)
    return "; ".join(said) + (f" (and {more} more roll{'s' if more > 1 else ''}: see the log)" if more else "")
