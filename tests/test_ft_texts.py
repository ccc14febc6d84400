"""Issue 9 item 7, First Team texts (FT 5.1, 9.1, 9.3, 14.3, FT 2.0 counters): printed names, plain
odds, an Intelligence prompt that forgets the attempt once made, which helicopter flies said only
where there is a choice, ordinals."""
from game.engine import match as M
from game.rules.first_team import board as B

from .ft_helpers import R, S, blank, dice, do


def stack(m, frame):
    S(m)["stack"].append(frame)


def labels(m, t=None):
    return [a["label"] for a in M.legal_actions(R, m) if t is None or a["t"] == t]


def test_printed_names_not_ids():
    s = blank()["state"]
    assert B.uname(s, "tr1") == "Lift 1 (UH-1D)" and B.uname(s, "tr19") == "1/9 Lift (UH-1D)"
    assert B.uname(s, "oh19") == "1/9 Obs (OH-13)" and B.uname(s, "gs2") == "Gunship 2 (UH-1B)"
    assert B.uname(s, "ara3") == "ARA 3" and B.uname(s, "tac4") == "Tac Air 4"
    assert B.uname(s, "b52b") == "B-52 2" and B.uname(s, "sup05") == "supply 5"
    assert [B.ordinal(n) for n in (32, 33, 66, 11, 101, 112)] == ["32nd", "33rd", "66th", "11th", "101st", "112th"]


def test_intelligence_odds_in_words_and_one_attempt():
    """FT 5.1: n CP succeed on a roll of 1 to n; after the attempt the prompt no longer offers one."""
    m = blank(turn=2)
    S(m)["units"]["lz01"].update(loc="A5", rev=False)  # a marker to flip keeps the phase open
    stack(m, {"s": "intel"})
    ids = labels(m, "identify")
    assert ids == ["Identify: commit 1 CP (succeeds on a 1)", "Identify: commit 2 CP (succeeds on 1-2)",
                   "Identify: commit 3 CP (succeeds on 1-3)"]
    assert "Identify or Contact attempt" in M.prompt(R, m)
    dice(m, 6)
    do(m, {"t": "identify", "cp": 1})
    assert "Identify or Contact" not in M.prompt(R, m) and "(FT 5.1)" in M.prompt(R, m)
    assert not labels(m, "identify") and not labels(m, "contact")


def test_which_lift_flies_is_said_only_where_there_is_a_choice():
    """FT 9.1, 9.3: one kind of transport ready: the labels do not say which flies; a ready and a
    fatigued one: each label says which, and what it costs the helicopter."""
    m = blank()
    S(m)["units"]["lz01"].update(loc="A5", rev=True, valid=True)
    for h in ("tr2", "tr3", "tr4", "tr5", "tr6", "tr7", "tr8", "tr9", "tr19"):
        S(m)["units"][h]["loc"] = B.REFIT
    stack(m, {"s": "transport"})
    lifts = labels(m, "lift")
    assert lifts and not any("(by " in t for t in lifts), lifts[:3]
    S(m)["units"]["tr2"].update(loc=B.ANKHE, st=1)
    lifts = labels(m, "lift")
    assert any("(by a ready lift: it becomes fatigued)" in t for t in lifts)
    assert any("(by a fatigued lift: it goes to Refit)" in t for t in lifts)
    assert not any("transport]" in t or "tr1" in t for t in lifts)


def test_ft_nva_segment_and_crt_lines_name_their_places_ft_11_2_ft_13():
    """FT 11.2, 13.x (issue 9 item 7): the NVA segment lines that happen somewhere (ambushes,
    attacks, placements, night checks) and every CRT "column ... row ... result" line carry refs
    to that place (and the units fired on), so they light on the map when hovered."""
    from game.rules import get
    from game.simulate import play_one
    FT = get("first-team")
    seen = 0
    for seed in (5, 6):
        m, _ = play_one(FT, FT.scenarios()[0]["id"], seed)
        for e in m["log"]:
            t = e["text"]
            if e.get("kind") == "battle" or (": column " in t and ": result " in t) or "night attack check" in t:
                assert e.get("refs") and e["refs"][0][0] == "p", e
                seen += 1
    assert seen > 5, seen
