"""Mike Force's end-of-game record (issue 45 item 6; game/rules/mike_force/end.py): whole games
played to their end by the headless random player; the record's verdict, VP lines and losses are
checked against the state's score and the log (MF 3.1, 3.2, 3.3)."""
from game.engine import match as M
from game.rules import get
from game.rules.mike_force import board as B
from game.rules.mike_force.end import read_loss
from game.rules.mike_force.turn import victory_points
from game.simulate import play_one

R = get("mike-force")
SCEN = [s["id"] for s in R.scenarios()]


def games(n=16):
    for i in range(n):
        m, _ = play_one(R, SCEN[i % len(SCEN)], 100 + i)
        yield m


def test_the_record_says_what_the_state_and_the_log_say():
    rules = set()
    for m in games():
        s = m["state"]
        o = s["over"]
        e = M.view(R, m, "FW")["end"]
        rules.add(o["rule"])
        assert e["winner"] == o["winner"] and e["rule"] == o["rule"]
        assert ("Free World victory" if o["winner"] == "FW" else "Free World defeat") in e["verdict"]
        assert f"({o['rule']})" in e["verdict"] and o["reason"] in e["condition"] or o["rule"] == "MF 3.3"
        total, lines = victory_points(s)
        sc = e["score"]
        assert [(r["what"], int(r["value"]), r["rule"]) for r in sc["lines"]] == lines
        assert sum(int(r["value"]) for r in sc["lines"]) == total == e["vp"]
        assert all(r["rule"] in ("MF 3.2", "MF 30.1") for r in sc["lines"])
        if o["rule"] == "MF 3.3":  # the VP decide: the card's total is the one scored, and the log's VP lines
            assert total == o["vp"] and (total >= 25) == (o["winner"] == "FW")
            assert f"{o['vp']} VP after turn {o['turn']}" in e["verdict"]
            logged = [x["text"] for x in m["log"] if x["kind"] == "vp" and x.get("rule") in ("MF 3.2", "MF 30.1")]
            assert logged[-len(lines):] == [f"{t}: {v:+d} VP" for t, v, _ in lines]
        else:
            assert "do not decide a sudden death" in sc["note"]
        # every loss line of the log is read, and the card counts them
        loss_lines = [x for x in m["log"] if x["kind"] == "loss"]
        assert all(read_loss(x) for x in loss_lines), [x["text"] for x in loss_lines if not read_loss(x)]
        fw, com = e["side_losses"]
        n_fw = sum(1 for x in loss_lines if read_loss(x)[0] == "FW")
        n_com = sum(1 for x in loss_lines if read_loss(x)[0] == "COM")
        assert len(e["losses"]["FW"]) >= n_fw and len(e["losses"]["COM"]) == n_com
        el_com = sum(1 for x in loss_lines if x["rule"] == "MF 20.4" and x["text"].endswith(" BCP)")
                         and read_loss(x)[0] == "COM")
        assert com["note"].startswith(f" ({el_com} unit(s) eliminated")
        # every Communist unit on the map is named, face down or not (MF 16.0)
        on_map = [u for u in s["units"].values() if B.is_com(u) and not B.is_garrison(u) and B.on_map(u["loc"])]
        assert len(e["revealed"]["units"]) == len(on_map)
        assert sum("(face down)" in t for t in e["revealed"]["units"]) == sum(not u.get("rev") for u in on_map)
    assert rules == {"MF 3.1", "MF 3.3"}  # both ways to end (sudden death, the last turn) were seen


def test_no_record_before_the_end_and_the_record_changes_nothing():
    m = M.new_match(R, SCEN[0], 3)
    assert "end" not in M.view(R, m, "FW")
    m, _ = play_one(R, SCEN[0], 104)
    before = M.state_hash(m), len(m["log"])
    M.view(R, m, "FW")
    assert (M.state_hash(m), len(m["log"])) == before


def test_the_shared_card_knows_no_game():
    import pathlib
    src = pathlib.Path("game/ui/end_card.py").read_text()
    for word in ("mike", "first_team", "vietnam", "NLF", "NVA", "FW"):
        assert word not in src
