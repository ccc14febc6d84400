"""FT 11.2 (issue 9 item 3): every CRT fire writes the battle record - the column, every shift
explained, the die and the row, and the result (engine/battle.py)."""

from game.rules import get
from game.simulate import play_one


def test_ft_11_2_crt_fire_writes_battle_record():
    rules = get("first-team")
    sc = rules.scenarios()[0]["id"]
    m, _ = play_one(rules, sc, 5)
    b = m["state"].get("battle")
    assert b, "a random First Team game fires on the CRT at least once"
    assert b["odds"]["text"].startswith("column ") and "row" in b["odds"] and b["odds"]["result"]
    assert b["events"][0]["dice"][0]["v"] in range(1, 11)
