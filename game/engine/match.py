"""The game-agnostic match: create, list legal actions, apply, undo, view, replay.

A match is one JSON document:
  format, game, data_version, scenario, seed, options, dice_mode,
  actions  - every action applied, in order (with typed dice in manual mode),
  log      - the structured log (append-only; entries carry dice and rule),
  state    - the rules' state (plain data, includes the generator),
  undo     - snapshots back to the last die roll or reveal.
A match is reproducible from (game, scenario, seed, options, dice_mode, actions).
"""

import contextlib
import json
from itertools import chain, compress, repeat
from operator import is_, not_

from . import kept, report
from .flow import Bare, Context, IllegalAction, owner
from .listing import Listing
from .rng import NeedRoll, new_dice

FORMAT = 1
MAX_AUTO_STEPS = 200000


_LEAVES = frozenset((str, int, float, bool, type(None)))
_STR = frozenset((str,))
_DICT = frozenset((dict,))
_WIDE = 8  # a dict this big is first tried whole (below)


def _copy(obj):
    """A deep copy of plain JSON data (dicts with str keys, lists, str, int, float, bool, None);
    TypeError on anything else."""
    t = type(obj)
    if t is dict:
        if len(obj) > _WIDE:
            # A game's units (a dict of flat dicts) and its options (a flat dict) are checked and
            # copied by C loops, not key by key here (issue 14: the copy every action runs on)
            vals = obj.values()
            if _LEAVES.issuperset(map(type, vals)):
                if _STR.issuperset(map(type, obj)):
                    return obj.copy()
            elif (_DICT.issuperset(map(type, vals))
                  and _LEAVES.issuperset(map(type, chain.from_iterable(map(dict.values, vals))))
                  and _STR.issuperset(map(type, chain(obj, chain.from_iterable(vals))))):
                return dict(zip(obj, map(dict.copy, vals)))
        out = obj.copy()
        for k, v in out.items():
            if type(k) is not str:
                raise TypeError("a key that is not a string")
            tv = type(v)
            if tv is dict or tv is list:
                out[k] = _copy(v)
            elif tv not in _LEAVES:
                raise TypeError(tv.__name__)
        return out
    if t is list:
        out = obj.copy()
        for i, v in enumerate(out):
            tv = type(v)
            if tv is dict or tv is list:
                out[i] = _copy(v)
            elif tv not in _LEAVES:
                raise TypeError(tv.__name__)
        return out
    if t in _LEAVES:
        return obj
    raise TypeError(t.__name__)


def clone(obj):
    """What a JSON round trip gives (saves, the undo snapshots, the copy an action runs on): a
    direct copy when obj is plain JSON data already (about three times as fast), else through
    JSON (tuples become lists, numeric keys strings, anything else fails as before)."""
    try:
        return _copy(obj)
    except (TypeError, RecursionError):
        return json.loads(json.dumps(obj))


DISPLAY_KEYS = ("label", "warn", "by", "at", "note")  # display only, not its identity: its words, a warning to
# confirm once before it runs, the piece it is "by" when its own fields do not name one (the UI selects it
# first), the place "at" which a map click takes an action that names no place (Vietnam's Halt: the mover's
# hex), and a "note" the map writes on the place lit for it (Vietnam: a step's MP cost)


_DISPLAY = frozenset(DISPLAY_KEYS)


def _bare(acts):
    """The actions without display fields (those that carry none are kept as they are). The
    simulator lists thousands of actions a step, nearly all bare already (the steps leave labels
    out when nobody reads them): the test of each runs in C, and only the others are rebuilt."""
    if type(acts) is Bare or type(acts) is Listing:
        return acts
    bare = list(map(_DISPLAY.isdisjoint, acts))
    if all(bare):
        return acts
    out = list(acts)
    for i in compress(range(len(acts)), map(not_, bare)):
        out[i] = {k: v for k, v in acts[i].items() if k not in _DISPLAY}
    return out


def strip(action):
    """An action without its display fields, normalised through JSON."""
    if _DISPLAY.isdisjoint(action):  # none to leave out (the simulator's actions)
        return clone(action)
    return clone({k: v for k, v in action.items() if k not in DISPLAY_KEYS})


def new_match(rules, scenario, seed, options=None, dice_mode="auto"):
    opts = rules.default_options()
    spec = {o["id"]: o for o in rules.options()}
    for k, v in (options or {}).items():
        if k not in opts:
            raise ValueError(f"unknown option {k!r} for {rules.id}")
        if k in spec:
            _check_option(rules, spec[k], v)
        opts[k] = v
    if scenario not in {s["id"] for s in rules.scenarios()}:
        raise ValueError(f"unknown scenario {scenario!r} for {rules.id}")
    state = rules.initial_state(scenario, opts)
    state["dice"] = new_dice(seed, dice_mode)
    match = {"format": FORMAT, "game": rules.id, "data_version": rules.data_version,
             "scenario": scenario, "seed": seed, "options": opts, "dice_mode": dice_mode,
             "actions": [], "log": [], "state": state, "undo": []}
    _commit(rules, match, None)
    return match


def _check_option(rules, o, v):
    """An option's value is one of its choices, or of its default's type (an on/off rule)."""
    if "choices" in o:
        if v not in o["choices"] or type(v) is not type(o["default"]):
            raise ValueError(f"option {o['id']!r} for {rules.id} is one of {o['choices']}, not {v!r}")
    elif type(v) is not type(o["default"]):
        raise ValueError(f"option {o['id']!r} for {rules.id} is {type(o['default']).__name__}, not {v!r}")


# --- reading -----------------------------------------------------------------------

def current_step(rules, state):
    return rules.flow.get(state["stack"][-1]["s"])


def current_role(rules, match):
    """The role whose decision it is now (None once the game is over)."""
    s = match["state"]
    if s.get("over") or not s["stack"]:
        return None
    return owner(rules.flow, s["stack"][-1], rules.roles[0])


def legal_actions(rules, match, role=None):
    """Every legal action for role now (none if it is another role's decision), each with a
    display 'label' (a machine caller that reads none: engine/headless.py)."""
    return _listed(rules, match, role, True, False)


def _listed(rules, match, role, labels, lazy):
    s = match["state"]
    if s.get("over"):
        return []
    if not _role_ok(rules, s, role):
        return []
    if s.get("await_roll"):
        return [{"t": "roll", "value": v, "label": f"{v}"} if labels else {"t": "roll", "value": v}
                for v in range(1, 7)]
    acts = _choices(rules, Context(s, [], labels, lazy and not labels), s["stack"][-1])
    if not labels:
        acts = _bare(acts)
    return acts


def _choices(rules, g, f, step=None):
    """A step's legal actions (`step`: f's, when the caller has it); the rules may index the
    position while nothing changes."""
    if step is None:
        step = rules.flow.get(f["s"])
    reading = getattr(rules, "reading", None)
    if reading is None:
        acts = step.choices(g, f)
    else:
        with reading(g.s):
            acts = step.choices(g, f)
    if type(acts) is Listing and not g.lazy:
        return Bare(acts)  # the same actions, built for a caller that reads them all
    return acts


def _role_ok(rules, s, role):
    if role is None:
        return True
    return owner(rules.flow, s["stack"][-1], rules.roles[0]) == role


def prompt(rules, match):
    s = match["state"]
    if s.get("over"):
        return rules.verdict_text(s)
    if s.get("await_roll"):
        typed = s["await_roll"]["typed"]
        done = f" (entered so far: {', '.join(map(str, typed))})" if typed else ""
        return f"Roll one die and enter it: {s['await_roll']['why']}{done}"
    step = current_step(rules, s)
    return step.prompt(Context(s, []), s["stack"][-1])


def visible_log(entries, role):
    """The log entries a role may read: public ones and its own (`to`). Role None: all."""
    if role is None:
        return list(entries)
    return [e for e in entries if e.get("to") in (None, role)]


def _as_named(rules, s, entries, role):
    """The entries with the role's own units named as it knows them, where the public line names
    them as the other side sees them (the rules' optional `own_names`: a face-down counter's handle
    read by its owner; the refs then point at the unit itself)."""
    names = getattr(rules, "own_names", None)
    table = names(s, role) if names is not None and entries else None
    if not table:
        return entries
    out = []
    for e in entries:
        refs = e.get("refs")
        if refs and any(r and r[0] == "u" and r[2] in table for r in refs):
            text = e["text"]
            for r in sorted((r for r in refs if r and r[0] == "u" and r[2] in table), key=lambda r: -len(r[2])):
                text = text.replace(r[2], table[r[2]][1])  # (the longest first: "?12" before "?1")
            e = dict(e, text=text, refs=[[r[0], *table[r[2]]] if r and r[0] == "u" and r[2] in table else r
                                         for r in refs])
        out.append(e)
    return out


def view(rules, match, role=None, log_from=0):
    """What `role` may see now (role None: the only role of a solitaire game, or everything)."""
    s = match["state"]
    v = rules.view(s, role)
    deciding = current_role(rules, match)
    mine = role is None or deciding == role
    v["prompt"] = prompt(rules, match) if mine or s.get("over") else _waiting(rules, deciding)  # the verdict: all
    # the actions the last apply() listed for this position, else listed now (engine/kept.py;
    # nothing is kept when the action ends the game or waits for a typed die: _commit lists nothing)
    following = kept.take_following(s)
    if not _role_ok(rules, s, role):
        v["actions"] = []
    else:
        v["actions"] = following if following is not None else legal_actions(rules, match)
        kept.show(s, v["actions"])  # the click on this view is checked against them
    v["log"] = _as_named(rules, s, visible_log(match["log"][log_from:], role), role)
    v["log_total"] = len(match["log"])
    v["can_undo"] = bool(match["undo"]) and mine
    v["undo_why"] = "" if v["can_undo"] else _no_undo_reason(match, mine)
    v["over"] = s.get("over")
    v["step"] = s["stack"][-1]["s"] if s["stack"] else None
    v["awaiting_roll"] = bool(s.get("await_roll")) and mine
    v["viewer"] = role if role is not None else rules.roles[0]
    v["deciding"] = deciding
    top = s["stack"][-1] if s["stack"] and not s.get("over") else None
    if top is not None and mine and getattr(rules.flow.get(top["s"]), "is_report", False):
        v["report"] = report.of_frame(top)
        v["report"]["entries"] = _as_named(rules, s, visible_log(match["log"][top["since"]:], role), role)
    if s.get("battle"):  # the battle record (engine/battle.py), written as each side may see it
        v["battle"] = s["battle"]
    end = getattr(rules, "end_record", None)
    if end is not None and s.get("over"):  # the end-of-game card (interface.END_RECORD)
        v["end"] = end(s, visible_log(match["log"], role))
    return v


def _waiting(rules, deciding):
    return f"Waiting for the {deciding} player" if deciding else ""


def _no_undo_reason(match, mine):
    if not mine:
        return "the other side is deciding"
    if not match["actions"]:
        return "nothing done yet"
    return "nothing to undo since the last die roll, draw, reveal or change of player"


# --- changing ------------------------------------------------------------------------

def apply(rules, match, action, role=None):
    """Apply one action. Illegal -> IllegalAction with the reason; match untouched. An action
    view() showed for this very position (the same object) is legal without listing the position
    again (engine/kept.py); any other is checked against a fresh listing. Headless play:
    engine/headless.py."""
    shown = kept.shown(match["state"])
    if shown is not None and not any(map(is_, shown, repeat(action))):
        shown = None  # (the state may have changed in place since that view: a test's set-up)
    following = _apply(rules, match, action, role, shown, False)
    kept.follow(match["state"], following)
    return match


def _apply(rules, match, action, role, legal, in_place, labels=True, lazy=False):
    if not isinstance(action, dict) or "t" not in action:
        raise IllegalAction("an action is an object with a 't' field")
    a = strip(action)
    s = match["state"]
    if s.get("over"):
        raise IllegalAction("the game is over")
    if not _role_ok(rules, s, role):
        raise IllegalAction(f"it is not {role}'s decision now")
    if legal is None:
        legal = legal_actions(rules, match)
    if type(legal) is Listing:
        listed = legal.gave(action)  # read from the listing: legal, no compare
    else:
        listed = any(map(is_, legal, repeat(action)))  # one of the listed dicts itself: legal, no compare
    if not listed:
        legal = [{k: v for k, v in x.items() if k not in DISPLAY_KEYS} for x in legal]
        if a not in legal:
            raise IllegalAction(_why_illegal(rules, match, a, legal))
    return _commit(rules, match, a, in_place, labels, lazy)


def _why_illegal(rules, match, a, legal):
    s = match["state"]
    if s.get("await_roll"):
        return "enter a die roll from 1 to 6 first"
    step = current_step(rules, s)
    reason = getattr(step, "why_not", None)
    if reason:
        text = reason(Context(s, []), s["stack"][-1], a)
        if text:
            return text
    kinds = sorted({x["t"] for x in legal})
    if a["t"] not in kinds:
        return f"'{a['t']}' is not possible now; possible: {', '.join(kinds)}"
    return f"that '{a['t']}' is not allowed now (see the legal actions)"


def _commit(rules, match, a, in_place=False, labels=True, lazy=False):
    """Run action a (None = just advance) on a copy; keep it only if it completes. Returns the
    legal actions of the decision it ends on (None if none were listed)."""
    s = match["state"]
    log = match["log"]
    n0 = len(log)
    pending = s.get("await_roll")
    if pending is not None:
        # typed dice: re-run the interrupted action with every die typed so far
        base = {k: v for k, v in s.items() if k != "await_roll"}
        typed = pending["typed"] + [a["value"]]
        run_action = pending["action"]
    else:
        base = s
        typed = []
        run_action = a
    in_place = in_place and pending is None and s["dice"]["mode"] == "auto"
    if in_place:
        work = base
    else:
        work = clone(base)
        adopt = getattr(rules, "adopt_index", None)
        if adopt is not None:
            adopt(base, work)  # the index of the position (its view's) goes on with the copy, not built again
    if pending is not None:
        work["dice"]["queue"] = list(typed)
    g = Context(work, log, labels, lazy)
    indexed = getattr(rules, "indexed", None) or _no_index
    try:
        with indexed(work):  # the rules may keep indexes of the position while the action runs
            if run_action is not None:
                step = current_step(rules, work)
                step.act(g, work["stack"][-1], run_action)
            following = run_auto(rules, g)
    except NeedRoll as need:
        del log[n0:]
        waiting = clone(base)
        waiting["await_roll"] = {"why": need.why, "typed": typed, "action": run_action}
        if a is not None:
            match["actions"].append(a)
        match["undo"] = []  # a typed die is a roll: no undo past it
        match["state"] = waiting
        return None
    except Exception:
        del log[n0:]
        raise
    if pending is not None and work["dice"]["queue"]:
        del log[n0:]
        raise IllegalAction("more dice were typed than the rules asked for")
    work["log_len"] = len(log)
    if a is not None:
        match["actions"].append(a)
        if g.checkpoint or pending is not None or in_place or _changes_hands(rules, s, work):
            match["undo"] = []  # no undo past a roll, a draw, a reveal or the other player's turn
        else:
            match["undo"].append({"state": s, "actions": len(match["actions"]) - 1})
    match["state"] = work
    return following


def _no_index(s):
    return contextlib.nullcontext()


def _changes_hands(rules, before, after):
    """The deciding role after the action differs from the one who took it (the end of the game
    is no change of hands)."""
    if len(rules.roles) < 2 or after.get("over") or not after["stack"]:
        return False
    flow, first = rules.flow, rules.roles[0]
    return owner(flow, before["stack"][-1], first) != owner(flow, after["stack"][-1], first)


def run_auto(rules, g):
    """Run automatic steps until a decision with real alternatives, or the end.
    Returns that decision's legal actions (None at the end)."""
    s = g.s
    steps = rules.flow.steps  # read directly: thousands of steps a game in the simulator
    stack = s["stack"]
    for _ in range(MAX_AUTO_STEPS):
        if s.get("over") or not stack:
            return None
        f = stack[-1]
        step = steps[f["s"]]
        run = getattr(step, "run", None)
        if run is not None:
            run(g, f)
            continue
        ch = _choices(rules, g, f, step)
        # (a Listing tells two or more apart from one without listing what it need not: Listing.few)
        n = ch.few() if type(ch) is Listing else len(ch)
        if not n:
            raise RuntimeError(f"dead end: step {f['s']} offers no action")
        if n == 1 and ch[0].get("t") == "done" and not getattr(step, "always_ask", False):
            step.act(g, f, strip(ch[0]))  # nothing to decide: move on
            continue
        return ch
    raise RuntimeError("automatic steps did not settle")


def undo(rules, match):
    if not match["undo"]:
        raise IllegalAction("nothing to undo since the last die roll or reveal")
    kept.forget()
    snap = match["undo"].pop()
    match["state"] = snap["state"]
    del match["actions"][snap["actions"]:]
    del match["log"][match["state"].get("log_len", 0):]
    return match


def replay(rules, scenario, seed, options, actions, dice_mode="auto"):
    m = new_match(rules, scenario, seed, options, dice_mode)
    for a in actions:
        apply(rules, m, a)
    return m


def state_hash(match):
    import hashlib
    return hashlib.sha256(json.dumps(match["state"], sort_keys=True).encode()).hexdigest()
