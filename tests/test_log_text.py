"""Issue 9 item 7: what the player reads names pieces by their printed names.

Whole simulated games (random legal actions, a few seeds per game): no log line, prompt, action
label or warning holds an internal id (`tr1`, `oh19`, `sup05`, `camp3`, `a212`: the ids of the
pieces in the state), no rule is cited twice in a prompt, no "Leader Leader", no "32th"; every
structured ref of a log entry names what its text says (the UI makes it a hover token), and a
line the US may read never refers to a face-down VC unit by its id (V 10: only its handle).
"""
import random
import re

import pytest

from game.engine import headless, match as M
from game.rules import get
from game.simulate import random_action


def id_pattern(ids):
    """An internal id standing alone as a word ("transport tr1", "supply sup03"): not inside a
    longer name ("A/1/7", "1-7A") nor a printed name that happens to equal an id."""
    alts = "|".join(sorted(map(re.escape, ids), key=len, reverse=True))
    return re.compile(rf"(?<![\w/?.-])({alts})(?![\w/-])")


def unit_ids(state):
    u = state["units"]
    return set(u) if isinstance(u, dict) else {x["id"] for x in u}


def play(gid, seed, max_steps=4000):
    """One whole game; every prompt, label and warning the player could read along the way, the
    final log, and the ids of every piece ever in the state."""
    rules = get(gid)
    m = M.new_match(rules, rules.scenarios()[0]["id"], seed, None)
    rng = random.Random(seed)
    seen, ids, checks = [], set(), []
    for _ in range(max_steps):
        if m["state"].get("over"):
            break
        ids |= unit_ids(m["state"])
        acts = M.legal_actions(rules, m)
        seen.append(("prompt", M.prompt(rules, m)))
        seen += [("label", a.get("label") or "") for a in acts]
        seen += [("warn", a["warn"]) for a in acts if a.get("warn")]
        n0 = len(m["log"])
        headless.play(rules, m, random_action(rng, acts), legal=acts, in_place=True, labels=True)
        checks.append((m["log"][n0:], _concealed_ids(m["state"])))
    seen += [("log", e["text"]) for e in m["log"]]
    return m, seen, ids, checks


def _concealed_ids(state):
    """Vietnam: the ids of the VC units face down now (V 10)."""
    u = state["units"]
    if not isinstance(u, dict):
        return set()
    return {k for k, x in u.items() if isinstance(x, dict) and x.get("side") == "NLF" and not x.get("rev")
            and x.get("handle")}


GAMES = [("mike-force", 1), ("mike-force", 2), ("first-team", 1), ("first-team", 2),
         ("vietnam-1965-1975", 1), ("vietnam-1965-1975", 2), ("vietnam-1965-1975", 3)]


@pytest.fixture(scope="module", params=GAMES, ids=lambda p: f"{p[0]}-{p[1]}")
def game(request):
    return play(*request.param)


def test_no_internal_id_in_what_the_player_reads(game):
    _, seen, ids, _ = game
    assert ids
    pat = id_pattern(ids)
    leaks = sorted({(k, mm.group(1), t) for k, t in seen for mm in pat.finditer(t)})
    assert not leaks, f"{len(leaks)} texts name internal ids, e.g. {leaks[:8]}"


def test_detector_finds_the_ids_the_review_saw():
    """The detector itself: it catches the review's examples and lets printed names through."""
    pat = id_pattern({"tr1", "oh19", "sup05", "a212", "1-7A", "camp3"})
    for bad in ("transport tr1 carries B/2/8", "1/9 observation oh19 scrambles", "Lift supply sup05 An Khe",
                "a212 moves", "Refit camp3 (1 CP)"):
        assert pat.search(bad), bad
    for good in ("Lift 1 (UH-1D) carries A/1/7", "supply 5 An Khe -> A5", "VC unit ?3 set up in 5118",
                 "Obs 1 (OH-13) scrambles to G4 (Plei Me)"):
        assert not pat.search(good), good


def test_no_doubled_citation_leader_or_bad_ordinal(game):
    _, seen, _, _ = game
    doubled = re.compile(r"\(((?:MF|FT|V) [\w.]+)\)\s*\(\1\)")
    ordinal = re.compile(r"\b(?:\d*[02-9])?[123]th\b")  # "32th", "1th"; "11th" is right
    bad = [(k, t) for k, t in seen if doubled.search(t) or "Leader Leader" in t or ordinal.search(t)]
    assert not bad, bad[:5]


def test_refs_name_what_the_text_says(game):
    m, _, _, _ = game
    with_refs = [e for e in m["log"] if e.get("refs")]
    assert with_refs, "no log entry refers to a unit or place"
    for e in with_refs:
        for r in e["refs"]:
            assert r[0] in ("u", "p") and r[1] and r[2], (e["text"], r)
            assert r[2] in e["text"], (e["text"], r)


def test_public_lines_never_refer_to_a_face_down_unit(game):
    """V 10: a line the US may read names a face-down VC unit only by its handle."""
    _, _, _, checks = game
    for entries, hidden in checks:
        for e in entries:
            if e.get("to") not in (None, "US"):
                continue
            for r in e.get("refs") or ():
                assert not (r[0] == "u" and r[1] in hidden), (e["text"], r)
