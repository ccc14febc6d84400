"""First Team: Vietnam's end-of-game record (issue 45 item 6; game/rules/first_team/end.py): whole
games played to their end by the headless random player; the record's level, VP lines by cause
and losses are checked against the state's score, its Eliminated Box and the log (FT 15.0, 15.1)."""
from game.engine import match as M
from game.rules import get
from game.rules.first_team import board as B
from game.rules.first_team.end import VP_LINE, cause_of
from game.rules.first_team.turn import level
from game.simulate import play_one

R = get("first-team")


def games(n=6):
    for i in range(n):
        m, _ = play_one(R, "campaign", 100 + i)
        yield m


def test_the_record_says_what_the_state_and_the_log_say():
    for m in games():
        s = m["state"]
        o = s["over"]
        e = M.view(R, m, "US")["end"]
        assert e["winner"] == o["winner"] and e["level"] == o["level"] and e["vp"] == s["vp"]
        assert e["verdict"].startswith(o["level"]) and "(FT 15.1)" in e["verdict"]
        if o["level"] == "NVA Strategic Victory":
            assert o["reason"] in e["condition"]
        else:
            assert o["level"] == level(s["vp"]) and f"{s['vp']:+d} VP is a" in e["condition"]
        # the VP lines: every VP line of the log has a cause, they add up to the track
        vp_lines = [x for x in m["log"] if x["kind"] == "vp"]
        for x in vp_lines:
            mm = VP_LINE.match(x["text"])
            assert mm and cause_of(mm.group("why")), x["text"]
        sc = e["score"]
        assert sum(int(r["value"]) for r in sc["lines"]) == s["vp"] == sum(
            int(VP_LINE.match(x["text"]).group("n")) for x in vp_lines)
        assert sc["total"][0] == f"{s['vp']:+d}" and all(r["rule"].startswith("FT ") for r in sc["lines"])
        # losses: the Eliminated Box, each with its log line
        us, nva = e["side_losses"]
        elim_us = [u for u in s["units"].values() if u["loc"] == B.ELIM and u["k"] in ("inf", "sfg", "pf", *B.HELIS)]
        elim_nva = [u for u in s["units"].values() if u["loc"] == B.ELIM and u["k"] == "nva"]
        assert sum(x["how"] == "eliminated" for x in e["losses"]["US"]) == len(elim_us)
        assert sum(x["how"] == "eliminated" for x in e["losses"]["NVA"]) == len(elim_nva)
        logged = sum(1 for x in m["log"] if x["kind"] == "loss" and x.get("side") == "NVA" and " is eliminated " in x["text"])
        assert logged == len(elim_nva)
        assert f"{s['cas']} casualty point(s)" in us["note"] and nva["note"].startswith(f"; {len(elim_nva)} of ")
        # where every NVA company ended, the Unknown Box opened
        left = [u for u in s["units"].values() if u["k"] == "nva" and u["loc"] not in (B.ELIM, B.OFF)]
        assert len(e["revealed"]["units"]) == len(left)
        assert sum("Unknown Box" in t for t in e["revealed"]["units"]) == sum(u["loc"] == B.UNKNOWN for u in left)


def test_no_record_before_the_end():
    m = M.new_match(R, "campaign", 3)
    assert "end" not in M.view(R, m, "US")
