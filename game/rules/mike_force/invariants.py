"""Invariants of a Mike Force position (checked by the simulator, the fuzzer and save loading).

`check(state)` returns a list of broken invariants (empty when the position is sound):
  * every counter of the counter mix (MF 2.0, counters.json) is in exactly one place: the units
    are exactly the counters of the mix, each with one known location (a map space or a box);
  * tracks within their bounds: IP 0..36 (MF 10), RP 0..max (MF 12.2), turn 1..scenario turns
    (MF 4.0), at most three Big Offensive markers (MF 28.1);
  * no unit where it may not be: Free World units only in regions they may enter (MF 27, 25.2),
    Nha Trang included (MF 22.0: mobile Free World units and leaders, never White Star),
    no Communist unit in Nha Trang (MF 22) or a Free World box, no Free World unit in a Communist
    box, garrisons on their base (MF 24), leaders with their unit (MF 25.4), targets with their
    carrier (MF 26.3), revealed;
  * the view shows the face-down tokens of a space in their random key order, never by id (R-REV1);
  * the event chits (MF 8.0) in the bin plus those played are the scenario's chits;
  * a game not over has a step to play.
"""

from collections import Counter

from . import board as B
from .data import EVENTS, SCENARIOS, SPACES, TABLES

_MIX = {}


def counter_mix():
    """{unit id: kind} of every counter (the same for every scenario; unused ones are ASIDE)."""
    if not _MIX:
        from .setup import initial_state
        from .data import OPTIONS
        units = initial_state(next(iter(SCENARIOS)), {o["id"]: o["default"] for o in OPTIONS})["units"]
        _MIX.update({uid: u["k"] for uid, u in units.items()})
    return _MIX


FW_BOXES = {B.SF_POOL, B.SUP_POOL, B.SUP_AVAIL, B.NT}
COM_BOXES = {B.COM_MOBILE, B.COM_STATIC}


def check(s):
    units = s.get("units")
    if not isinstance(units, dict):
        return ["the position has no units"]
    bad = _counters(s, units) + _token_order(s)
    for sp in ("DN", "HUE", "QTR", "KSN"):
        if units.get("gar_" + sp, {}).get("loc") != sp:
            bad.append(f"the {sp} garrison left its base (MF 24)")
    sc = SCENARIOS.get(s.get("scenario"))
    if sc is None:
        return bad + [f"unknown scenario {s.get('scenario')!r}"]
    bad += _tracks(s, sc)
    if isinstance(s.get("events"), list) and isinstance(s.get("events_played"), list):
        chits = Counter(s["events"]) + Counter(s["events_played"])
        if any(e not in EVENTS for e in chits) or chits != _chits(s):
            bad.append("the event chits in the bin and played are not the scenario's (MF 8.0)")
    else:
        bad.append("the event bin is damaged")
    if not s.get("over") and not s.get("stack"):
        bad.append("the game is not over and has no step to play")
    return bad


def _counters(s, units):
    """The counter mix, each counter where it may be (MF 2.0, 22, 24, 25.2, 25.4, 26.3, 27)."""
    bad = []
    locs = set(SPACES) | set(B.BOXES)
    mix = counter_mix()
    if units.keys() != mix.keys():
        extra = sorted(set(units) - set(mix))[:3]
        missing = sorted(set(mix) - set(units))[:3]
        bad.append(f"the counters are not the counter mix (extra {extra}, missing {missing}) (MF 2.0)")
    for uid, u in units.items():
        if not isinstance(u, dict) or u.get("k") != mix.get(uid):
            bad.append(f"{uid} is not the counter it should be ({mix.get(uid)})")
            continue
        if u.get("loc") not in locs:
            bad.append(f"{uid} is nowhere ({u.get('loc')})")
            continue
        loc = u["loc"]
        if B.is_garrison(u):
            if loc != B.K(u)["space"] and loc != B.ASIDE:
                bad.append(f"the garrison {uid} left its base (MF 24)")
            continue
        if B.is_fw(u):
            if loc in COM_BOXES:
                bad.append(f"{uid}: a Free World unit in a Communist box ({loc})")
            if (loc in SPACES and not B.is_air(u) or loc == B.NT) and not B.may_enter(s, u, loc):
                bad.append(f"{uid} is in {loc}, a region it may not enter (MF 27, 25.2, 22.0)")
        else:
            if loc == B.NT:
                bad.append(f"{uid}: a Communist unit in Nha Trang (MF 22)")
            elif loc in FW_BOXES:
                bad.append(f"{uid}: a Communist unit in a Free World box ({loc})")
        if u.get("att"):
            host = units.get(u["att"])
            if not B.is_leader(u) or host is None or host["loc"] != loc:
                bad.append(f"leader {uid} is not with its unit (MF 25.4)")
        if u.get("by"):
            host = units.get(u["by"])
            if not B.is_target(u) or host is None or host["loc"] != loc:
                bad.append(f"target {uid} is not with its carrier (MF 26.3)")
            elif not u.get("rev"):
                bad.append(f"target {uid} is carried but concealed (MF 26.3)")
    return bad


def _tracks(s, sc):
    """IP, RP and the turn on their tracks (MF 10, 12.2, 4.0); at most three Big Offensive markers."""
    bad = []
    if not _int_in(s.get("ip"), 0, TABLES["ip_max"]):
        bad.append(f"IP {s.get('ip')} off the track (0-{TABLES['ip_max']}, MF 10)")
    if not _int_in(s.get("rp"), 0, TABLES["rp_max"]["value"]):
        bad.append(f"RP {s.get('rp')} off the track (0-{TABLES['rp_max']['value']}, MF 12.2)")
    if not _int_in(s.get("turn"), 1, sc["turns"]):
        bad.append(f"turn {s.get('turn')} off the turn track (1-{sc['turns']}, MF 4.0)")
    if not isinstance(s.get("bo_markers"), list) or len(s["bo_markers"]) > 3:
        bad.append("more than three Big Offensive markers (MF 28.1)")
    return bad


def _token_order(s):
    """R-REV1 / MF 16.2: the view lists the face-down tokens of a space in the order of their random
    keys, so a token's place says nothing of its counter type or id (ids follow the type)."""
    from .view import pieces_at
    bad = []
    by_loc = {}
    for uid, u in s["units"].items():
        if u.get("loc") in SPACES and B.is_com(u) and not B.is_garrison(u) and not u.get("rev"):
            by_loc.setdefault(u["loc"], []).append(uid)
    for sp, uids in sorted(by_loc.items()):
        if len(uids) < 2:
            continue
        want = [B.back_of(s["units"][x]) for x in sorted(uids, key=lambda x: B.fog_key(s, x))]
        shown = [p["back"] for p in pieces_at(s, sp) if p.get("concealed")]
        if shown != want:
            bad.append(f"the face-down tokens at {sp} are not shown in their random order (R-REV1)")
    return bad


def _int_in(v, lo, hi):
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


_CHITS = {}


def _chits(s):
    key = (s["scenario"], bool(s.get("options", {}).get("include_option_event")))
    if key not in _CHITS:
        from .setup import initial_state
        from .data import OPTIONS
        opts = {o["id"]: o["default"] for o in OPTIONS}
        opts["include_option_event"] = key[1]
        _CHITS[key] = Counter(initial_state(s["scenario"], opts)["events"])
    return _CHITS[key]
