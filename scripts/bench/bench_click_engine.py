"""The engine's share of a player's click (issue 14): `match.apply` then `match.view`, timed alone,
over the clicks of the browser's whole-game tests replayed in CPython.

What a click costs the engine in the page (game/ui/controller.py): `Controller.do` calls
`M.apply(rules, m, <the view's listed action>, role=...)` (checked against what the view showed), and
`Controller.redraw` then `M.view(rules, m, role=..., log_from=<the log entries already shown>)`, with
labels. Both games here are solitaire, so the role is None. Selection-only clicks (no action) are
not replayed: they cost the engine nothing new but a view.

The clicks are the browser tests' own picks, not an approximation: the panel lists every legal
action, each index once, in engine order (tests/e2e/mf_ui.py `panel_actions`), and both policies
pick from [(index, type)] with one `random.Random(seed)`: a 'done' 25% of the time it competes with
other actions, else any other action (the warning asked once is answered yes: nothing for the
engine). First Team: tests/e2e/ft_ui.py `RandomPlayer(5)` on the campaign, seed 5
(test_first_team_fullgame.py); Mike Force: tests/e2e/mf_ui.py `random_step` with
`random.Random(2024)` on "early", seed 2024 (test_mike_force_fullgame.py). Default options, dice
"auto". (`policy_pick` is that policy; the browser games end after 235 and 114 clicks.)

    .venv/bin/python scripts/bench/bench_click_engine.py [--game first-team] [--rounds 5]
    .venv/bin/python scripts/bench/bench_click_engine.py --digest       # also a digest of every click's view
    .venv/bin/python scripts/bench/bench_click_engine.py --callgrind    # instructions of the engine calls only

Prints per game: clicks, mean and p95 microseconds (process time; medians over the rounds) per
click of apply and of view, and the digest of the views (sha256 over each view's JSON, in its key order).
`--callgrind` runs the replay under valgrind twice, collecting only inside the apply calls, then
only inside the view calls (a client request made by a small C helper built with gcc and loaded
with ctypes turns the collection on and off), and prints their instructions per game.
"""

import argparse
import ctypes
import hashlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from game.engine import match as M  # noqa: E402
from game.rules import get  # noqa: E402

# game id -> (scenario, seed of the match, seed of the policy, most clicks the e2e test allows)
GAMES = {"first-team": ("campaign", 5, 5, 600), "mike-force": ("early", 2024, 2024, 2000)}


def policy_pick(rng, acts, done_share=0.25):
    """The e2e tests' random click (ft_ui.RandomPlayer.pick, mf_ui.random_step): from
    [(index, type)], 'done' `done_share` of the time it competes with other actions, else another."""
    dones = [i for i, t in acts if t == "done"]
    others = [i for i, t in acts if t != "done"]
    return rng.choice(dones) if dones and (not others or rng.random() < done_share) else rng.choice(others)


def view_digest(v):
    """Of the view's JSON, in its own key order (the order the UI meets them in)."""
    return hashlib.sha256(json.dumps(v).encode()).hexdigest()


def replay(gid, on_view=None, clock=time.process_time, around=None, seeds=None, most=None):
    """Play the e2e test's game as Controller.do / Controller.redraw call the engine. Returns
    (apply seconds per click, view seconds per click, the final match). on_view(view, match,
    log_from) is called with the first view and the view after each click (outside the timing).
    `around`: (call_apply, call_view), each taking a function of no argument to run (callgrind's
    helper). `seeds`: (of the match, of the policy) instead of the test's; `most`: clicks at most
    (the game need not end)."""
    scen, seed, pseed, limit = GAMES[gid]
    if seeds is not None:
        seed, pseed = seeds
    rules = get(gid)
    rng = random.Random(pseed)
    m = M.new_match(rules, scen, seed)
    role = None  # both games are solitaire: Controller.viewer() is None
    v = M.view(rules, m, role=role, log_from=0)
    if on_view:
        on_view(v, m, 0)
    log_next = v["log_total"]
    t_apply, t_view = [], []
    for _ in range(most or limit):
        if v["over"]:
            break
        acts = v["actions"]
        i = policy_pick(rng, [(n, a["t"]) for n, a in enumerate(acts)])
        if around is None:
            t0 = clock()
            M.apply(rules, m, acts[i], role=role)
            t1 = clock()
            v = M.view(rules, m, role=role, log_from=log_next)
            t2 = clock()
            t_apply.append(t1 - t0)
            t_view.append(t2 - t1)
        else:
            around[0](lambda: M.apply(rules, m, acts[i], role=role))
            out = []
            around[1](lambda: out.append(M.view(rules, m, role=role, log_from=log_next)))
            v = out[0]
        shown = log_next
        if v["log_total"] < log_next:  # (Controller.redraw: never after an action, only after an undo)
            v = M.view(rules, m, role=role, log_from=0)
            shown = 0
        log_next = v["log_total"]
        if on_view:
            on_view(v, m, shown)
    if not v["over"] and most is None:
        raise SystemExit(f"{gid}: no verdict after {limit} clicks")
    return t_apply, t_view, m


def p95(xs):
    xs = sorted(xs)
    return xs[int(0.95 * (len(xs) - 1))]


def game_digest(gid, seeds=None):
    """(clicks, digest of every view of the replay, digest of the final match)."""
    h = hashlib.sha256()
    ta, _, m = replay(gid, on_view=lambda v, m, n: h.update(view_digest(v).encode()), seeds=seeds,
                      most=None if seeds is None else 400)
    return len(ta), h.hexdigest(), M.state_hash(m)


# --- callgrind ------------------------------------------------------------------------------------

# A client request turns callgrind's collection on and off around the engine calls (a function of
# ours named in --toggle-collect is not seen when ctypes calls it, hence the request).
HELPER_C = """
#include <valgrind/callgrind.h>
void ce_toggle(void) { CALLGRIND_TOGGLE_COLLECT; }
"""


def _helper():
    d = tempfile.mkdtemp(prefix="ce_cg_")
    src, lib = os.path.join(d, "ce.c"), os.path.join(d, "libce.so")
    with open(src, "w") as fh:
        fh.write(HELPER_C)
    subprocess.run(["gcc", "-O0", "-shared", "-fPIC", "-o", lib, src], check=True)
    return lib


def _child(gid, lib, which):
    """Under valgrind: the replay, collecting only inside the engine calls of one kind (apply or
    view), so the two are counted in two runs of the same clicks."""
    toggle = ctypes.CDLL(lib).ce_toggle

    def counted(f):
        toggle()
        f()
        toggle()

    def plain(f):
        f()
    replay(gid, around=(counted, plain) if which == "apply" else (plain, counted))


def callgrind(gid, python):
    """(instructions of apply, of view) over the replay of gid."""
    lib = _helper()
    got = []
    for which in ("apply", "view"):
        out = os.path.join(os.path.dirname(lib), f"callgrind.{which}")
        r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
                            python, os.path.abspath(__file__), "--child", gid, "--lib", lib, "--which", which],
                           capture_output=True, text=True)
        if r.returncode:
            raise SystemExit(r.stderr[-2000:])
        mt = re.search(r"Collected : (\d+)", r.stderr)
        got.append(int(mt.group(1)))
    shutil.rmtree(os.path.dirname(lib), ignore_errors=True)
    return tuple(got)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", choices=sorted(GAMES), help="default: both")
    ap.add_argument("--rounds", type=int, default=5, help="whole replays per game (medians of their figures)")
    ap.add_argument("--digest", action="store_true", help="also print a digest of every click's view")
    ap.add_argument("--more", type=int, default=0, help="with --digest: also the views of N more games "
                    "(match and policy seeds 1..N, at most 400 clicks each), one digest over them")
    ap.add_argument("--callgrind", action="store_true", help="instructions of the engine calls, under valgrind")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--lib", help=argparse.SUPPRESS)
    ap.add_argument("--which", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child:
        _child(a.child, a.lib, a.which)
        return
    games = a.game or sorted(GAMES)
    out = {}
    for gid in games:
        r = out[gid] = {}
        if a.digest:
            r["clicks"], r["views_digest"], r["final_state"] = game_digest(gid)
            print(f"{gid}: clicks={r['clicks']} views digest={r['views_digest']} final state={r['final_state'][:16]}")
            if a.more:
                h, n = hashlib.sha256(), 0
                for seed in range(1, a.more + 1):
                    clicks, views, final = game_digest(gid, (seed, seed))
                    h.update(f"{views} {final}".encode())
                    n += clicks
                r["more_digest"] = h.hexdigest()
                print(f"{gid}: {a.more} more games, clicks={n} views digest={r['more_digest']}")
        if a.callgrind:
            ia, iv = callgrind(gid, sys.executable)
            r.update(instr_apply=ia, instr_view=iv, instr_total=ia + iv)
            print(f"{gid}: instructions apply={ia:,} view={iv:,} total={ia + iv:,}")
        if a.rounds > 0 and not a.callgrind:
            rounds = [replay(gid)[:2] for _ in range(a.rounds)]
            n = len(rounds[0][0])
            us = 1e6
            fig = {"clicks": n,
                   "apply_mean_us": statistics.median(statistics.fmean(ta) for ta, _ in rounds) * us,
                   "apply_p95_us": statistics.median(p95(ta) for ta, _ in rounds) * us,
                   "view_mean_us": statistics.median(statistics.fmean(tv) for _, tv in rounds) * us,
                   "view_p95_us": statistics.median(p95(tv) for _, tv in rounds) * us}
            fig["click_mean_us"] = fig["apply_mean_us"] + fig["view_mean_us"]
            r.update(fig)
            print(f"{gid}: clicks={n} apply mean={fig['apply_mean_us']:.0f} p95={fig['apply_p95_us']:.0f} us; "
                  f"view mean={fig['view_mean_us']:.0f} p95={fig['view_p95_us']:.0f} us; "
                  f"apply+view mean={fig['click_mean_us']:.0f} us (medians of {a.rounds} rounds)")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(out, fh, indent=1)


if __name__ == "__main__":
    main()
