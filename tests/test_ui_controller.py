"""The UI's controller (game/ui/controller.py) under CPython: what each of its public methods does to
the table, what it asks the screen to draw and what its listeners hear. The screen and the dialogs
are stand-ins that record what they were asked (the real ones write the page: tests/e2e)."""
import pytest

from game.engine import match as M
from game.rules import get
from game.ui import players
from game.ui.controller import EVENTS, Controller
from game.ui.logic import actors, involved


class AnyPlace(dict):
    """The map's places: every key the engine names is one (the e2e tests use the real map)."""

    def __contains__(self, key):
        return isinstance(key, str)


class Log:
    due = None

    def __init__(self):
        self.resets = 0

    def reset(self):
        self.resets += 1


class Screen:
    def __init__(self):
        self.calls = []
        self.log = Log()
        self.map = type("Map", (), {"spaces": AnyPlace()})()
        self.drawn = []  # (the view drawn, the selection then)

    def __getattr__(self, name):  # every other drawing call is recorded
        return lambda *a, **k: self.calls.append((name, a))

    def draw(self, t, v):
        self.drawn.append((v, t.selected))


class Dialogs:
    def __init__(self):
        self.asked = []

    def confirm(self, text, on_yes):
        self.asked.append((text, on_yes))


class Clock:
    def mark(self, name):
        pass

    def timing(self):
        return False


def table(gid, scenario="early", seed=1, **players_):
    rules = get(gid)
    sc, dl = Screen(), Dialogs()
    ctl = Controller(rules, sc, dl)
    ctl.clock = Clock()
    heard = []
    for e in EVENTS:
        ctl.on(e, lambda e=e: heard.append(e))
    m = M.new_match(rules, scenario, seed, {}, "auto")
    if players_:
        players.setup(m, players_)
    return ctl, sc, dl, heard, m


def test_a_match_loaded_is_drawn_and_kept():
    ctl, sc, _, heard, m = table("mike-force")
    ctl.load_match(m, "Opened")
    assert heard == ["loading", "loaded", "before", "drawn", "shown", "changed"]
    name = next(x["name"] for x in ctl.rules.scenarios() if x["id"] == "early")
    assert ctl.m is m and ctl.v["actions"] and ctl.scen_name == name
    assert len(sc.drawn) == 1 and sc.drawn[0][0] is ctl.v
    names = [c[0] for c in sc.calls]
    assert names[0] == "reset_panel" and "use_game" not in names  # the game shown already
    assert names.index("show_table") < names.index("begin") < names.index("top_bar") < names.index("publish")
    assert ("flash", ("Opened", "notice")) in sc.calls
    assert ctl.own == "FW"  # solitaire: the player's side
    assert ctl.can_act == involved(ctl.v["actions"])
    ft = M.new_match(get("first-team"), "campaign", 1, {}, "auto")
    ctl.load_match(ft)  # another game's match: its rules, UI module and map
    assert ctl.game == "first-team" and ctl.rules.id == "first-team" and ctl.ui.ID == "first-team"
    assert [c[1][0] for c in sc.calls if c[0] == "use_game"] == ["first-team"]
    assert ctl.own == "US"


def test_select_pick_clear_and_an_action():
    ctl, sc, _, heard, m = table("mike-force")
    ctl.load_match(m)
    actor = next(iter(actors(ctl.v["actions"])))  # the pool's camp, to place
    ctl.select(actor)
    assert ctl.selected == actor and ctl.hl  # its targets lit
    ctl.select(actor)
    assert ctl.selected is None  # again: unselected
    ctl.pick(actor)
    assert ctl.selected == actor and ("panel_to_top", ()) in sc.calls
    place, idxs = next(iter(ctl.hl.items()))
    n = len(m["actions"])
    heard.clear()
    ctl.offer(place)  # one action lit there: it runs
    assert len(m["actions"]) == n + 1 and heard[-1] == "changed"
    ctl.clear()
    assert ctl.selected is None and ctl.expanded is None


def test_several_actions_on_a_place_open_the_chooser():
    ctl, sc, _, _, m = table("mike-force")
    ctl.load_match(m)
    ctl.hl = {"DN": [0, 1]}
    ctl.offer("DN", "event")
    opened = [c for c in sc.calls if c[0] == "open_chooser"]
    assert opened == [("open_chooser", ("DN", ctl.naming.place("DN"), [0, 1], ctl.v["actions"],
                                         ctl.naming.type_name, "event"))]


def test_undo_takes_the_action_back():
    ctl, _, _, _, m = table("mike-force")
    ctl.load_match(m)
    state = m["state"]
    ctl.do(0)
    assert m["state"] is not state and ctl.acted is False  # (the redraw took it in)
    ctl.undo()
    assert M.state_hash(m) == M.state_hash({**m, "state": state})


def test_a_warned_action_asks_first():
    ctl, _, dl, _, m = table("mike-force")
    ctl.load_match(m)
    ctl.v["actions"][0]["warn"] = "It costs you the camp"
    n = len(m["actions"])
    ctl.do(0)
    assert len(m["actions"]) == n and dl.asked and dl.asked[0][0] == "It costs you the camp"
    dl.asked[0][1]()  # yes
    assert len(m["actions"]) == n + 1


def test_a_refused_action_says_why_and_changes_nothing():
    ctl, sc, _, _, m = table("mike-force")
    ctl.load_match(m)
    M.apply(ctl.rules, m, M.strip(ctl.v["actions"][0]))  # another hand moved on: the view shown is stale
    ctl.v["actions"][0] = {"t": "place", "kind": "camp", "to": "NOWHERE"}  # and never listed
    state = m["state"]
    ctl.do(0)  # checked by the engine against the position as it is
    assert m["state"] is state
    assert any(c[0] == "flash" and c[1][0].startswith("Not allowed") for c in sc.calls)
    ctl2, sc2, _, _, m2 = table("mike-force")
    ctl2.load_match(m2)
    ctl2.undo()  # nothing to undo at the start: the engine's reason
    assert m2["actions"] == [] and any(c[0] == "flash" for c in sc2.calls)


def test_inspect_spread_and_fold():
    ctl, _, _, _, m = table("first-team", "campaign")
    ctl.load_match(m)
    ctl.inspect_place("ANKHE")  # 76 counters: the inspector only, not spread over the map
    assert ctl.inspect == "ANKHE" and ctl.expanded is None
    ctl.inspect_place("D2")  # a small stack: spread too
    assert ctl.inspect == "D2" and ctl.expanded == "D2"
    ctl.fold()
    assert ctl.expanded is None and ctl.inspect == "D2"
    ctl.close_inspector()
    assert ctl.inspect is None
    ctl.inspect_place("A1")  # no stack there: nothing to inspect
    assert ctl.inspect is None


def test_a_past_position_is_read_only():
    ctl, sc, _, _, m = table("mike-force")
    ctl.load_match(m)
    ctl.do(0)

    class Past:
        role = None
        match = M.replay(ctl.rules, m["scenario"], m["seed"], m["options"], [], "auto")

        def read_only(self, v):
            v["actions"] = []
    ctl.show_past(Past())
    assert ctl.v["actions"] == [] and sc.drawn[-1][0] is ctl.v
    n = len(m["actions"])
    ctl.do(0)
    ctl.undo()
    assert len(m["actions"]) == n  # nothing taken, nothing undone
    ctl.show_present()
    assert ctl.past is None and ctl.v["actions"]


def test_two_players_hand_the_screen_over():
    """Vietnam at one screen: the first side confirms it is at the screen; a side never sees the
    other's view without the hand-over screen (V 1965-75 hidden information: the rules' hidden_ids)."""
    ctl, sc, _, heard, m = table("vietnam-1965-1975", "starlite")
    ctl.load_match(m)
    role = M.current_role(ctl.rules, m)
    # the hand-over screen names the decision waiting, in public words (issue 45 item 2)
    assert ("show_handover", (role, "the set-up (V 18.2)")) in sc.calls and sc.drawn == [] and ctl.v is None
    assert ctl.pending_role == role and "drawn" not in heard
    ctl.take_over()
    assert ctl.shown_role == role and ctl.v["viewer"] == role and sc.drawn
    assert ctl.own == role


def test_against_the_computer_the_human_side_is_shown():
    ctl, sc, _, _, m = table("vietnam-1965-1975", "starlite", US="human", NLF="ai:standard")
    ctl.load_match(m)
    assert not any(c[0] == "show_handover" for c in sc.calls)
    assert ctl.viewer() == "US" and ctl.v["viewer"] == "US"


def test_a_selection_with_nothing_left_to_do_drops_after_an_action():
    ctl, _, _, _, m = table("mike-force")
    ctl.load_match(m)
    pid = ctl.v["spaces"]["DN"]["pieces"][0]["id"]  # a counter with nothing to do: selected to read it
    assert pid not in ctl.can_act
    ctl.select(pid)
    assert ctl.selected == pid
    ctl.redraw()
    assert ctl.selected == pid  # it stays selected while nothing happens
    ctl.do(0)
    assert ctl.selected is None  # an action leaves it nothing to do: dropped


@pytest.mark.parametrize("event", EVENTS)
def test_listeners_hear_in_the_order_they_came(event):
    ctl, _, _, _, _ = table("mike-force")
    heard = []
    ctl.on(event, lambda: heard.append(1))
    ctl.on(event, lambda: heard.append(2))
    ctl._emit(event)
    assert heard == [1, 2]
