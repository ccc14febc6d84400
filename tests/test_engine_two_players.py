"""The engine for two players (game/engine): who decides per frame, logs per role, undo that stops
at a change of player, procedures that return results, a sequence of play from data rows, legal
actions without labels, and the fuzzer's same-view check. A toy game keeps the rules out of it:
each turn side A picks a number (hidden from B), B guesses its parity after a die roll, and a
sub-procedure scores the guess."""

import json
import random
from types import SimpleNamespace

import pytest

from game.engine import headless, match as M
from game.engine.flow import Context, Flow, IllegalAction, Procedure, Row, Sequence, Step
from game.fuzz import Failure, same_view_check

flow = Flow()


@flow.step("turn")
class Turn(Sequence):
    rows = [Row("pick", {}, "A picks", "T 1"), Row("guess", {}, "B guesses", "T 2"),
            Row("next", {}, "Next turn", "T 3")]

    def cycle_start(self, g, f):
        g.log(f"Turn {g.s['turn']}", "T 0", kind="turn")

    def skip(self, g, f, row):
        return row.step == "pick" and g.s["turn"] == 3  # A rests on turn 3

    def row_end(self, g, f, row):
        g.s["ended"].append(row.step)


@flow.step("pick")
class Pick(Step):
    def prompt(self, g, f):
        return "Pick a number"

    def choices(self, g, f):
        return [{"t": "pick", "n": n, **({"label": f"Pick {n}"} if g.labels else {})} for n in (1, 2, 3)]

    def act(self, g, f, a):
        g.s["secret"] = a["n"]
        g.log(f"A picked {a['n']}", "T 1", to="A")
        g.log("A picked a number", "T 1")
        g.pop()


@flow.step("guess")
class Guess(Procedure):
    parts = ("roll", "ask", "score", "report")

    def roll(self, g, f):
        f["die"] = g.roll(1, "Warm-up die", "T 2")[0]

    def ask(self, g, f):
        g.call("parity", into="guess", who="B")

    def score(self, g, f):
        g.call("scoring", into="points", guess=f["guess"])

    def report(self, g, f):
        g.s["score"] += f["points"]


@flow.step("parity")
class Parity(Step):
    role = "A"  # the frame's "who" wins over the class's role

    def prompt(self, g, f):
        return "Even or odd?"

    def choices(self, g, f):
        return [{"t": "even", "label": "Even"}, {"t": "odd", "label": "Odd"}, {"t": "think", "label": "Think"}]

    def act(self, g, f, a):
        if a["t"] == "think":
            g.s["thought"] += 1
            return
        g.end(a["t"])


@flow.step("scoring")
class Scoring(Step):
    def run(self, g, f):
        right = (g.s["secret"] % 2 == 0) == (f["guess"] == "even")
        g.log("B guessed " + ("right" if right else "wrong"), "T 2", to=None)
        g.end(1 if right else 0)


@flow.step("next")
class Next(Step):
    def run(self, g, f):
        g.pop()
        if g.s["turn"] == 3:
            g.s["over"] = {"winner": "B" if g.s["score"] >= 2 else "A", "turn": 3}
        g.s["turn"] += 1


def _view(s, role):
    return {"turn": s["turn"], "score": s["score"],
            "secret": s["secret"] if role in (None, "A") else None}


def _resample(s, role, rng):
    if role == "B" and s["secret"] is not None:
        s["secret"] = rng.choice([1, 2, 3])
    return s


R = SimpleNamespace(
    id="toy", title="Toy", roles=["A", "B"], data_version="1", flow=flow,
    scenarios=lambda: [{"id": "only", "name": "Only", "rule": "T"}],
    options=lambda: [], default_options=lambda: {},
    initial_state=lambda sc, opts: {"turn": 1, "score": 0, "secret": None, "thought": 0, "ended": [],
                                    "options": opts, "stack": [{"s": "turn", "i": 0}]},
    view=_view, verdict_text=lambda s: f"{s['over']['winner']} wins",
    resample_hidden=_resample)


def new():
    return M.new_match(R, "only", 5)


def test_who_decides_is_per_frame():
    """Engine: the pick belongs to the first role (default), the parity question to B through its
    frame's "who", though its step class names A; each role lists and applies only its own."""
    m = new()
    assert M.current_role(R, m) == "A"
    assert M.legal_actions(R, m, "B") == []
    with pytest.raises(IllegalAction, match="not B's decision"):
        M.apply(R, m, {"t": "pick", "n": 2}, role="B")
    M.apply(R, m, {"t": "pick", "n": 2}, role="A")
    assert M.current_role(R, m) == "B"
    assert [a["t"] for a in M.legal_actions(R, m, "B")] == ["even", "odd", "think"]
    assert M.legal_actions(R, m, "A") == []


def test_log_entries_for_one_side_only():
    """Engine: an entry written to A is in A's view of the log, not in B's; public ones in both."""
    m = new()
    M.apply(R, m, {"t": "pick", "n": 3})
    a_text = [e["text"] for e in M.view(R, m, "A")["log"]]
    b_text = [e["text"] for e in M.view(R, m, "B")["log"]]
    assert "A picked 3" in a_text and "A picked 3" not in b_text
    assert "A picked a number" in a_text and "A picked a number" in b_text
    assert M.view(R, m, "B")["secret"] is None and "3" not in json.dumps(M.view(R, m, "B")["actions"])


def test_waiting_side_sees_no_prompt_actions_or_undo():
    """Engine: the side not deciding is told whom it waits for, and has no actions and no undo."""
    m = new()
    M.apply(R, m, {"t": "pick", "n": 1})
    M.apply(R, m, {"t": "think"})
    va, vb = M.view(R, m, "A"), M.view(R, m, "B")
    assert va["prompt"] == "Waiting for the B player" and va["actions"] == [] and not va["can_undo"]
    assert vb["prompt"] == "Even or odd?" and vb["can_undo"] and vb["deciding"] == "B"
    assert va["undo_why"] == "the other side is deciding"


def test_undo_never_crosses_a_change_of_player():
    """Engine: after A's pick hands the decision to B (through a die roll here too), nothing can be
    undone; B's own actions can, back to the change of player and no further."""
    m = new()
    M.apply(R, m, {"t": "pick", "n": 1})
    assert m["undo"] == []
    M.apply(R, m, {"t": "think"})
    M.apply(R, m, {"t": "think"})
    M.undo(R, m)
    M.undo(R, m)
    with pytest.raises(IllegalAction):
        M.undo(R, m)
    assert M.current_role(R, m) == "B" and m["state"]["thought"] == 0


def test_change_of_player_without_a_roll_also_ends_undo():
    """Engine: the hand-over itself ends undo, die roll or not (the warm-up roll is scripted away by
    checking the rule on a state where no die is rolled: the parity frame pushed by hand)."""
    m = new()
    m["state"]["stack"].append({"s": "pick"})
    M.apply(R, m, {"t": "pick", "n": 2})   # A decides, and A decides next (the sequence's own pick)
    assert M.current_role(R, m) == "A" and m["undo"]  # no change of player: undo kept
    m2 = new()
    m2["state"]["stack"].append({"s": "parity", "who": "B"})
    m2["state"]["stack"].insert(-1, {"s": "pick"})
    M.apply(R, m2, {"t": "odd"}, role="B")  # B answers; A decides next
    assert M.current_role(R, m2) == "A" and m2["undo"] == []


def test_procedure_parts_and_results():
    """Engine: a procedure runs its parts top to bottom; a sub-procedure's result comes back in the
    caller's frame under the name the call gave it (`into`), a question's answer too; the score
    adds up."""
    m = new()
    for _ in range(3):
        if M.current_role(R, m) == "A":
            M.apply(R, m, {"t": "pick", "n": 2})
        M.apply(R, m, {"t": "even"})
    s = m["state"]
    assert s["over"]["winner"] == "B" and s["score"] == 3


def test_sequence_rows_hooks_and_skip():
    """Engine: a sequence runs its rows each cycle with the hooks: cycle_start logs the turn,
    skip passes A's pick on turn 3 (logged), row_end runs when each row's frame is gone (not after
    the row that ends the game)."""
    m = new()
    for _ in range(3):
        if M.current_role(R, m) == "A":
            M.apply(R, m, {"t": "pick", "n": 1})
        M.apply(R, m, {"t": "odd"})
    s = m["state"]
    assert s["ended"] == ["pick", "guess", "next", "pick", "guess", "next", "guess"]
    texts = [e["text"] for e in m["log"]]
    assert texts.count("A picks: skipped") == 1 and "Turn 3" in texts
    assert s["over"]["winner"] == "B"


def test_labels_only_when_asked():
    """Engine: headless.actions() gives the same actions without display fields; steps see
    g.labels and may skip building labels."""
    m = new()
    with_l = M.legal_actions(R, m)
    without = headless.actions(R, m)
    assert all("label" in a for a in with_l) and all("label" not in a for a in without)
    assert [M.strip(a) for a in with_l] == without
    nxt = headless.play(R, m, without[0], legal=without)
    assert nxt and all("label" not in a for a in nxt)


def test_same_view_check_finds_an_action_list_that_leaks():
    """Fuzzer: two states that look the same to B must offer B the same actions; an action list
    that depends on A's hidden number is caught, a fair one passes."""
    m = new()
    M.apply(R, m, {"t": "pick", "n": 3})
    same_view_check(R, m, R.roles, random.Random(1))
    orig = Parity.choices
    try:
        Parity.choices = lambda self, g, f: orig(self, g, f)[: 2 + g.s["secret"] % 2]
        with pytest.raises(Failure, match="look the same to B"):
            for seed in range(20):
                same_view_check(R, m, R.roles, random.Random(seed))
    finally:
        Parity.choices = orig


def test_duplicate_step_names_refused():
    """Engine: registering two steps under one name is an error, not a silent replacement."""
    f = Flow()
    f.step("x")(type("A", (Step,), {}))
    with pytest.raises(ValueError, match="twice"):
        f.step("x")(type("B", (Step,), {}))


def test_context_log_extra_fields():
    """Engine: log entries carry structured facts for the table (refs, moves) and a reader."""
    log = []
    g = Context({"turn": 2}, log)
    e = g.log("X moves", "T 1", refs=[["u", "x1", "X"]], move=["a", "b"], battle=None, to="A")
    assert e == {"n": 0, "text": "X moves", "kind": "info", "turn": 2, "rule": "T 1", "to": "A",
                 "refs": [["u", "x1", "X"]], "move": ["a", "b"]}


def test_roll_lists_dice_read_one_by_one():
    """Engine: dice checked one by one are listed, never summed; dice the rules add are summed."""
    log = []
    g = Context({"dice": {"mode": "script", "rng": 1, "queue": [5, 5, 3, 2, 4]}}, log)
    g.roll(3, "Hits", "T 9", add=False)
    g.roll(2, "Movement", "T 8")
    assert log[0]["text"] == "Hits: rolled 5, 5, 3" and log[0]["dice"] == [5, 5, 3]
    assert log[1]["text"] == "Movement: rolled 2+4 = 6"


def test_battle_record_for_the_display():
    """Engine: the battle record keeps both sides with distinct labels for identical units, the
    events with each die as hit or miss, the odds, losses and the result; a new battle counts on."""
    from game.engine import battle
    g = Context({}, [])
    battle.start(g, "KD", "Battle at Kham Duc", "MF 20.0", [
        battle.side("FW", "Free World", "attacker", [battle.unit("a", "SF A-Team", "2-3-4")], first=True),
        battle.side("COM", "Communists", "defender", [battle.unit("b", "NVA Battalion", "2-1"),
                                                       battle.unit("c", "NVA Battalion", "2-1")])])
    battle.event(g, "SF A-Team fires", "MF 20.2", dice=[battle.die(5, "3 or less", False)])
    battle.odds(g, "column 3", shifts=[battle.shift("night +1", "FT 11.25")])
    battle.status(g, "b", "reduced")
    battle.loss(g, "COM", "NVA Battalion (1) reduced")
    battle.end(g, "The Communists hold")
    b = g.s["battle"]
    assert [u["label"] for u in b["sides"][1]["units"]] == ["NVA Battalion (1)", "NVA Battalion (2)"]
    assert b["events"][0]["dice"] == [{"v": 5, "need": "3 or less", "hit": False}]
    assert b["over"] and b["result"] == "The Communists hold" and b["sides"][1]["units"][0]["status"] == "reduced"
    battle.event(g, "after the end", "X")
    assert len(b["events"]) == 1
    battle.start(g, "DN", "Battle at Da Nang", "MF 20.0", [])
    assert g.s["battle"]["n"] == 2 and g.s["battle"]["events"] == []


def test_report_pause_after_a_programmed_phase():
    """Engine: with opponent_pace "step", a phase that logged something pauses with a report the
    player's view shows (its title and where its log begins); "run" skips the rest of its scope;
    a phase that logged only headers, or pace "run", does not pause."""
    from game.engine import report
    f2 = Flow()
    report.register(f2)

    @f2.step("phase")
    class Phase(Step):
        def run(self, g, f):
            g.pop()
            since = len(g.logbuf)
            g.log("Enemy phase", "T 1", kind="phase")
            if f["n"] % 2:
                g.log("Enemy moves from a to b", "T 1", kind="move", move=["a", "b"])
            report.pause(g, f"Enemy phase {f['n']}", since, scope="enemy turn")

    @f2.step("start")
    class Start(Step):
        def run(self, g, f):
            g.goto("end")
            for n in (5, 4, 3, 1):
                g.push("phase", n=n)

    @f2.step("end")
    class End(Step):
        def run(self, g, f):
            report.scope_over(g, "enemy turn")
            g.s["over"] = {"winner": "P", "turn": 1}

    rules = SimpleNamespace(id="t2", title="T2", roles=["P"], data_version="1", flow=f2,
                            scenarios=lambda: [{"id": "x", "name": "X", "rule": "T"}], options=lambda: [],
                            default_options=lambda: {}, view=lambda s, r: {}, verdict_text=lambda s: "over",
                            initial_state=lambda sc, o: {"options": {"opponent_pace": o.get("pace", "step")},
                                                         "stack": [{"s": "start"}]})
    rules.default_options = lambda: {"pace": "step"}
    m = M.new_match(rules, "x", 1)
    v = M.view(rules, m)
    assert v["report"]["title"] == "Enemy phase 1" and v["report"]["since"] == 0
    assert [a["t"] for a in v["actions"]] == ["done", "run"]
    M.apply(rules, m, {"t": "done"})
    assert M.view(rules, m)["report"]["title"] == "Enemy phase 3"  # phase 4 logged only its header
    M.apply(rules, m, {"t": "run"})
    assert m["state"]["over"] and "pace_run" not in m["state"]
    m2 = M.new_match(rules, "x", 1, {"pace": "run"})
    assert m2["state"]["over"]


# --- the procedure core's question and loop (engine/flow.py: Context.ask, Procedure.again) -----

qflow = Flow()


@qflow.step("count")
class Count(Procedure):
    """Ask for numbers until their sum reaches 5, then score how many were asked: a loop that reads
    as one (`again`), each answer landing in the frame under its own name."""
    parts = ("ask", "add", "wrap")

    def ask(self, g, f):
        g.ask("Add how much?", "Q 1", [{"t": "add", "n": n, "label": f"Add {n}"} for n in (1, 2, 3)],
              into="answer")

    def add(self, g, f):
        f["sum"] = f.get("sum", 0) + f.pop("answer")["n"]
        f["asked"] = f.get("asked", 0) + 1
        if f["sum"] < 5:
            self.goto_part(f, "ask")

    def wrap(self, g, f):
        g.s["asked"] = f["asked"]
        g.s["over"] = {"winner": "A"}


@qflow.step("twice")
class Twice(Procedure):
    parts = ("roll",)

    def roll(self, g, f):
        f["n"] = f.get("n", 0) + 1
        g.log(f"pass {f['n']}", "Q 2")
        if f["n"] < 3:
            self.again(f)


def _qrules(first):
    return SimpleNamespace(
        id="q", title="Q", roles=["A"], data_version="1", flow=qflow,
        scenarios=lambda: [{"id": "only", "name": "Only", "rule": "Q"}],
        options=lambda: [], default_options=lambda: {},
        initial_state=lambda sc, opts: {"options": opts, "stack": [{"s": first}]},
        view=lambda s, role: {}, verdict_text=lambda s: "over")


def test_a_question_answers_into_its_caller_and_cites_its_rule():
    """Engine: Context.ask puts the options to the player with the rule cited once; the action
    chosen comes back in the caller's frame under `into`; an ask with no options asks nothing."""
    Q = _qrules("count")
    m = M.new_match(Q, "only", 1)
    assert M.view(Q, m)["prompt"] == "Add how much? (Q 1)"
    assert m["state"]["stack"][-1]["into"] == "answer"
    for n in (3, 1, 2):
        M.apply(Q, m, {"t": "add", "n": n})
    assert m["state"]["asked"] == 3 and m["state"]["over"]
    g = Context({"stack": [{"s": "count"}]}, [])
    assert g.ask("Nothing", "Q 1", [], into="x") is False and len(g.s["stack"]) == 1


def test_end_without_into_drops_nothing_on_a_named_field_and_again_loops():
    """Engine: a result lands only under the name its call gave (no field is guessed); `again`
    runs the same part once more."""
    g = Context({"stack": [{"s": "caller", "keep": 1}]}, [])
    g.call("callee", into="got")
    g.end({"x": 1})
    assert g.s["stack"] == [{"s": "caller", "keep": 1, "got": {"x": 1}}]
    g.call("callee", into="none")
    g.end()
    assert g.s["stack"][-1]["none"] is None
    Q = _qrules("twice")
    m = M.new_match(Q, "only", 1)
    assert [e["text"] for e in m["log"]] == ["pass 1", "pass 2", "pass 3"]


# --- a sequence handing one row's result to a later row (engine/flow.py: Sequence.row_data) ----

hflow = Flow()


@hflow.step("day")
class Day(Sequence):
    """Row "count" gives its result back into the sequence's frame (`into` in its row's data);
    row_data hands it to row "spend" and takes it out of the frame again."""
    rows = [Row("count", {"into": "coins"}, "Count", "H 1"), Row("spend", {}, "Spend", "H 2")]

    def row_data(self, g, f, row):
        data = super().row_data(g, f, row)
        if row.step == "spend":
            data["coins"] = f.pop("coins")
        return data


@hflow.step("count")
class CountCoins(Step):
    def run(self, g, f):
        g.end(g.roll(1, "Coins found", "H 1")[0])


@hflow.step("spend")
class Spend(Step):
    def run(self, g, f):
        g.log(f"Spent {f['coins']} coins", "H 2")
        g.pop()
        g.s["over"] = {"winner": "A"}


def test_sequence_hands_a_row_result_to_a_later_row():
    """Engine: a row's step ends with a result `into` the sequence's frame; the sequence's row_data
    gives it to a later row's frame; the rows' own data are copied, never shared with a frame."""
    rules = SimpleNamespace(
        id="h", title="H", roles=["A"], data_version="1", flow=hflow,
        scenarios=lambda: [{"id": "only", "name": "Only", "rule": "H"}],
        options=lambda: [], default_options=lambda: {},
        initial_state=lambda sc, opts: {"options": opts, "turn": 1, "stack": [{"s": "day", "i": 0}]},
        view=lambda s, role: {}, verdict_text=lambda s: "over")
    m = M.new_match(rules, "only", 3)
    texts = [e["text"] for e in m["log"]]
    n = int(texts[1].rsplit(" ", 1)[1])
    assert texts[2] == "Spend" and texts[3] == f"Spent {n} coins"
    assert m["state"]["stack"] == [{"s": "day", "i": 2}] and Day.rows[0].data == {"into": "coins"}
