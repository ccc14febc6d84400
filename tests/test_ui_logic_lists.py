"""The UI's indexes made once per action list (game/ui/logic.py: a click that selects redraws the
same view) give the answers of their definitions, in all three games."""
from random import Random

from game.engine import match as M
from game.rules import get
from game.ui.logic import actor_of, grouped, highlights, target_space
from tests.test_ui_ft_logic import FT_KEYS, _anchors


def test_a_selections_actions_and_the_lit_places_from_the_lists_made_once_per_view():
    """grouped(acts, selected) and highlights() read indexes made once per action list (a click that
    selects redraws the same view: logic._involving, _spatial). Over positions of all three games
    and every actor (and every piece an action names), the same answer as the definitions: an
    action is about a piece when it is its actor or names it as helicopter, target, unit or leader;
    a selection lights its own actions' spaces."""
    rng = Random(3)
    games = (("first-team", "campaign", FT_KEYS, _anchors), ("mike-force", None, ("to",), lambda v: v["spaces"]),
             ("vietnam-1965-1975", "starlite", ("to", "hex"), lambda v: v["spaces"]))
    for gid, scen, keys, places in games:
        r = get(gid)
        scen = scen or r.scenarios()[0]["id"]
        m = M.new_match(r, scen, 7, r.default_options(), "auto")
        for _ in range(60):
            v = M.view(r, m)
            acts = v["actions"]
            if not acts:
                break
            sp = places(v)
            named = {x for a in acts for x in (actor_of(a), a.get("heli"), a.get("target"), a.get("unit"),
                                                 a.get("leader")) if isinstance(x, str)}
            for key in named:
                want = [i for i, a in enumerate(acts) if a.get("t") not in ("done", "run", "roll")
                        and (actor_of(a) == key or key in (a.get("heli"), a.get("target"), a.get("unit"), a.get("leader")))]
                got = sorted(i for _, items in grouped(acts, key) for i, _ in items)
                assert got == want, (gid, key)
                lit = {}
                for i, a in enumerate(acts):
                    if actor_of(a) == key and target_space(a, sp, keys):
                        lit.setdefault(target_space(a, sp, keys), []).append(i)
                if lit:
                    assert highlights(acts, sp, key, keys) == lit, (gid, key)
            a = rng.choice(acts)
            M.apply(r, m, a)
