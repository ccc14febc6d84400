"""The ARVN (V 11; reference 1.2 section 11, 2.4, 2.7.4). ARVN units are the US player's (side "US",
nat "ARVN"); their losses are covered by ARVN Replacement Points (rec "arvn_rp", V 5.5).

  - V 3.1: ARVN battalions exert no ZOC, Ranger groups do (counters.json "zoc").
  - V 6.2: battalion-size ARVN units and Rangers never Patrol; V 6.1: ARVN units join a Clear and
    Secure but never switch to Hold or Patrol (operation.switchable), Rangers never join one.
  - V 11.1 ineffective units (u["ineff"]): no operation but strategic movement in the Strategic
    Movement Phase, which may not enter a national- or corps-boundary hex and must end in a town,
    city, major city or cultivated hex; no Hold or Patrol; they react, defend and keep their ZOC,
    their artillery still defends; they may not force incidental attacks.
  - V 15.4 / V 18.1 rule 6: the effectiveness check, one die for all formations, when a scenario
    asks for it (special "arvn_check"), after reinforcements and before the turn.
  - V 11.2 Regional Forces: their strength is in hexes.Map.rf / combat.numbers; here their capacity
    for 1 ARVN RP per operation (R36, R40b); the even split of losses between national forces
    (V 5.5, R30) is losses.py's.
  - V 11.3 Rangers: the holding box, the Ranger roll after a US Search and Destroy designation,
    their return at the end of the operation, the 2-RP limit, destruction on a third hit and the
    5-ARVN-RP buy-back, border interdiction (+1 / +2 MP for NLF units entering SVN border hexes)."""

from ...engine.flow import Step
from . import board as B
from .data import load
from .regions import SVN, put

RULE_RANGER = "V 11.3"


def is_arvn(u):
    return B.val(u, "nat") == "ARVN"


def ineffective(u):
    """V 11.1: an ARVN unit found (or declared by the scenario) ineffective. Rangers and Regional
    Forces are always effective (V 15.4)."""
    return bool(u.get("ineff")) and is_arvn(u) and not is_ranger(u)


def is_ranger(u):
    return bool(B.kind(u).get("ranger"))


# --- the map facts these rules read (the map files of the new areas carry them) --------------------

def _rec(s, h):
    return B.mapof(s).hexes.get(h) or {}


def svn_border(s, h):
    """An SVN national border hex: the map's "border" lists the countries whose international border
    runs through the hex (tools/map_v65), South Vietnam among them."""
    b = _rec(s, h).get("border")
    return bool(b) and (SVN in b if isinstance(b, (list, tuple)) else True)


def national_border(s, h):
    return bool(_rec(s, h).get("border"))


CORPS = load("corps.json")["corps"]


def corps_boundary(s, h):
    """A corps-boundary hex: the provinces of the hex and of the lines through it ("province",
    "boundary" in the map) lie in two corps zones (data/corps.json); or a map's explicit
    "corps_boundary"."""
    return bool(_rec(s, h).get("corps_boundary")) or len(hex_corps(s, h)) > 1


def _provinces(s, h):
    """The province of hex h and those whose lines run through it (the map's "province", "boundary")."""
    rec = _rec(s, h)
    provs = set(rec.get("boundary") or [])
    p = rec.get("province")
    return provs | (set(p) if isinstance(p, (list, tuple)) else {p} if p else set())


def populated_or_cultivated(s, h):
    """V 11.1: where an ineffective unit's strategic move must end: a town, city, major city or
    cultivated hex."""
    m = B.mapof(s)
    return bool(m.town(h)) or m.terrain(h) == "cultivated"


# --- V 11.1 ineffective units ---------------------------------------------------------------------

def strat_closed(s, u, b):
    """V 11.1: an ineffective unit's strategic move may not enter a hex containing a national or
    corps boundary."""
    return ineffective(u) and (national_border(s, b) or corps_boundary(s, b))


def strat_may_halt(s, u, h):
    """V 11.1: it must end its strategic movement in a town, city, major city or cultivated hex."""
    return not ineffective(u) or populated_or_cultivated(s, h)


def may_force_incidental(s, stationary):
    """V 11.1: ineffective ARVN units may not force incidental attacks; a stack with any other unit
    may (reference 2.7.1, R38b)."""
    return any(not ineffective(u) for u in stationary)


def may_join(s, u):
    """V 6.1, V 11.3: 'ARVN rangers may not be used on clear and secure operations' (a Ranger a
    scenario sets on the map may join a Search and Destroy like any unit)."""
    return not (is_ranger(u) and (s.get("op") or {}).get("kind") == "cs")


def may_join_security(s, u):
    """V 6.3: a security operation's stack may not hold both US and ARVN units (FWA may join
    either)."""
    have = {B.val(x, "nat") for x in B.live(s) if x["op"]}
    nat = B.val(u, "nat")
    return not ((nat == "ARVN" and "US" in have) or (nat == "US" and "ARVN" in have))


def may_patrol(u):
    """V 6.2: battalion-size ARVN units may not Patrol, Rangers never."""
    return not (is_arvn(u) and B.val(u, "size") == "II")


# --- V 15.4 / V 18.1 rule 6: the effectiveness check -----------------------------------------------

def check_due(s):
    """The scenario asks for the check (special "arvn_check"); option arvn_check_every: once a
    season (turns 1, 3, 5 ...: two turns a season, V 1) or every turn."""
    if not s["special"].get("arvn_check"):
        return False
    return B.opt(s, "arvn_check_every", "season") == "turn" or s["turn"] % 2 == 1


def hex_corps(s, h):
    """The corps zones hex h lies in: one, or two on a corps boundary (data/corps.json from the
    map's provinces); none on a map without provinces."""
    return sorted({CORPS[p] for p in _provinces(s, h) if p in CORPS})


def superiors(s, u):
    """The corps commanders who may be over u at the check (V 15.4): a division's is the corps its
    HQ stands in (the example: 'The 1st ARVN division HQ is in II Corps'); a unit under a corps'
    direct command, the corps it stands in; on a corps boundary either (V 3: the NLF chooses). A map
    without provinces, or a unit off it, keeps the scenario's command ("corps" of the division, or
    the unit's "cmd")."""
    leaders = s["special"].get("arvn_leaders", {})
    ld = leaders[u["cmd"]]
    if ld.get("corps"):
        hq = next((x for x in B.live(s) if x.get("cmd") == u["cmd"] and B.val(x, "type") == "hq"), None)
        where = _corps_leaders(leaders, hex_corps(s, hq["hex"])) if hq else []
        return where or [ld["corps"]]
    where = _corps_leaders(leaders, hex_corps(s, u["hex"])) if u["hex"] else []
    return where or [u["cmd"]]


def _corps_leaders(leaders, zones):
    """The leaders' keys of corps zones ("I", "II"): a corps leader keyed by the zone's name or
    naming it in "zone"."""
    out = []
    for z in zones:
        out += [k for k, ld in sorted(leaders.items()) if not ld.get("corps") and (k == z or ld.get("zone") == z)]
    return out


def threshold(s, u):
    """V 15.4: a division is effective on a roll <= its commander's effectiveness + his superior's
    (the corps commander); units under a corps commander's direct command on <= his + 3. The
    scenario gives the leaders (special "arvn_leaders": {key: {"name", "eff", "corps"?}}). On a
    corps boundary the NLF picks the side (V 3, option corps_side): it takes the lower threshold.
    Returns (threshold, the corps commander's key)."""
    leaders = s["special"].get("arvn_leaders", {})
    ld = leaders[u["cmd"]]
    base = ld["eff"] if ld.get("corps") else 3
    return min((base + leaders[c]["eff"], c) for c in superiors(s, u))


def checked_units(s):
    """The ARVN units the check covers: those with a command, not Rangers (always effective)."""
    gone = {r["id"] for r in s["removed"]}
    return [u for u in s["units"].values() if is_arvn(u) and not is_ranger(u) and u.get("cmd") and u["id"] not in gone]


def check(g):
    """One die for all formations (V 15.4 'Only one roll is made'); scenario modifier (coup +2,
    instability +1 in the campaign) as special "arvn_roll_mod"."""
    s = g.s
    if not check_due(s):
        return
    units = checked_units(s)
    if not units:
        return
    die = g.roll(1, "ARVN effectiveness", "V 15.4")[0]
    mod = s["special"].get("arvn_roll_mod", 0)
    leaders = s["special"].get("arvn_leaders", {})
    groups = {}
    for u in units:
        t, corps = threshold(s, u)
        groups.setdefault((u["cmd"], corps, t), []).append(u)
    for (cmd, corps, t), us in sorted(groups.items()):
        ok = die + mod <= t
        for u in us:
            if ok:
                u.pop("ineff", None)
            else:
                u["ineff"] = True
        name = leaders[cmd].get("name", cmd) + (f" under {leaders[corps].get('name', corps)}"
                                                 if leaders[cmd].get("corps") and corps != leaders[cmd]["corps"] else "")
        g.log(f"ARVN effectiveness: die {die}{mod:+d} against {t} ({name}): "
              f"{'effective' if ok else 'INEFFECTIVE'} this season", "V 15.4", kind="result")


# --- V 11.3 Rangers -------------------------------------------------------------------------------

def rangers_in_play(s):
    """Rangers on the map or in the holding box (V 11.3); destroyed ones are out of play."""
    gone = {r["id"] for r in s["removed"]}
    return [u for u in s["units"].values() if is_ranger(u) and u["id"] not in gone and (u["hex"] or u.get("box"))]


def rangers_in_box(s):
    return sorted((u for u in rangers_in_play(s) if u.get("box") and not u["hex"]), key=lambda u: u["id"])


def border_extra(s, u, b):
    """V 11.3 border interdiction: an NLF unit entering an SVN national border hex pays +1 MP with 3
    or 4 Rangers in play, +2 with 5 or more."""
    if u["side"] != "NLF" or not svn_border(s, b):
        return 0
    return border_penalty(len(rangers_in_play(s)))


def border_penalty(n):
    """V 11.3: +1 MP with 3 or 4 Rangers in play, +2 with 5."""
    return 2 if n >= 5 else 1 if n >= 3 else 0


def ranger_hexes(s):
    """Hexes containing operating units where a Ranger may be placed (one per hex)."""
    have = {u["hex"] for u in B.live(s) if is_ranger(u)}
    return sorted({u["hex"] for u in B.live(s) if u["op"] and u["side"] == "US"} - have)


def offer_roll(g, f):
    """Right after the US designates a Search and Destroy (not a Clear and Secure)."""
    s = g.s
    if f["side"] == "US" and s["op"]["kind"] == "sd" and rangers_in_box(s) and ranger_hexes(s):
        g.call("ranger_roll", who="US")


def go_home(g):
    """V 11.3: at the end of the operation the Rangers return to their box (they may be used in
    any number of operations: they are not Ops Complete)."""
    s = g.s
    back = [u for u in B.live(s) if u.get("rolled")]  # a Ranger a scenario sets on the map stays there
    for u in back:
        u.pop("rolled")
        u.update(hex=None, box=True, op=False, tgt=False, done=False, rp_spent=0)
    if back:
        g.log(f"{', '.join(u['name'] for u in back)} return{'s' if len(back) == 1 else ''} to the Ranger "
              "Holding Box", RULE_RANGER)


@B.flow.step("ranger_roll")
class RangerRoll(Step):
    """V 11.3: the US may roll a die; on a roll <= the Rangers available that many are placed, one
    per hex containing operating units (any excess is not placed); on a higher roll none."""

    def prompt(self, g, f):
        return f"Rangers (V 11.3): roll to add Rangers to the operation ({len(rangers_in_box(g.s))} in the box)?"

    def choices(self, g, f):
        lab = g.labels
        if f.get("left") is not None:  # placing
            r = rangers_in_box(g.s)[0]
            acts = [{"t": "ranger", "u": r["id"], "hex": h, **({"label": f"Place {r['name']} in {h}"} if lab else {})}
                    for h in ranger_hexes(g.s)]
            return acts + [{"t": "done", **({"label": "Place no more Rangers"} if lab else {})}]
        return [{"t": "roll", **({"label": "Roll for Rangers"} if lab else {})},
                {"t": "done", **({"label": "No Rangers"} if lab else {})}]

    def act(self, g, f, a):
        s = g.s
        if a["t"] == "done":
            g.end()
            return
        if a["t"] == "roll":
            die = g.roll(1, "Rangers", RULE_RANGER)[0]
            avail = len(rangers_in_box(s))
            if die > avail:
                g.log(f"Ranger roll {die} > {avail} available: no Rangers join", RULE_RANGER, kind="result")
                g.end()
                return
            f["left"] = min(die, len(ranger_hexes(s)))
            g.log(f"Ranger roll {die} <= {avail} available: {f['left']} may be placed (one per hex with "
                  "operating units)", RULE_RANGER, kind="result")
        else:
            u = s["units"][a["u"]]
            u.update(box=False, op=True, done=False, rev=True, rolled=True)
            f["left"] -= 1
            g.log(f"{u['name']} joins the operation in {a['hex']}", RULE_RANGER,
                  refs=B.refs(B.ref_u(s, u), B.ref_h(a["hex"])))
            put(g, u, a["hex"])
        if not f["left"] or not ranger_hexes(s) or not rangers_in_box(s):
            g.end()


def after_removal(g, u):
    """V 11.3: a Ranger taking its third hit in an operation is destroyed; the US may pay 5 ARVN RP
    at once to return it to the box."""
    if is_ranger(u) and g.s["rec"].get("arvn_rp", 0) >= BUYBACK:
        g.call("ranger_buyback", who="US", u=u["id"])


BUYBACK = 5


@B.flow.step("ranger_buyback")
class RangerBuyback(Step):
    def prompt(self, g, f):
        return f"{g.s['units'][f['u']]['name']} is destroyed (V 11.3): pay {BUYBACK} ARVN RP to return it to the box?"

    def choices(self, g, f):
        lab = g.labels
        return [{"t": "buyback", **({"label": f"Pay {BUYBACK} ARVN RP"} if lab else {})},
                {"t": "decline", **({"label": "Let it go"} if lab else {})}]

    def act(self, g, f, a):
        s = g.s
        u = s["units"][f["u"]]
        if a["t"] == "buyback":
            s["rec"]["arvn_rp"] -= BUYBACK
            s["rec"]["arvn_rp_spent"] = s["rec"].get("arvn_rp_spent", 0) + BUYBACK
            s["removed"] = [r for r in s["removed"] if r["id"] != u["id"]]  # not eliminated after all
            u.pop("rolled", None)
            u.update(hex=None, box=True, op=False, tgt=False, done=False, rp_spent=0)
            g.log(f"The US pays {BUYBACK} ARVN RP: {u['name']} returns to the Ranger Holding Box", RULE_RANGER)
        else:
            g.log(f"{u['name']} is gone for good (no longer in play)", RULE_RANGER)
        g.end()


# --- V 5.5 / V 11.2: national forces, their pools, the Regional Forces' RP -------------------------

POOLS = {"US": "us_rp", "FWA": "us_rp", "ARVN": "arvn_rp", "VC": "vc_rp", "NVA": "nva_rp"}


def force(u):
    """The national force a unit belongs to (V 5.5 'participating forces')."""
    return B.val(u, "nat")


def pool(u):
    """V 5.5: FWA losses are absorbed by US RP; every other force only by its own."""
    return POOLS[force(u)]


def rf_capacity(s, f):
    """V 11.2 (R36, R40b): Regional Forces that joined a US defence may absorb 1 ARVN RP per
    operation, if the ARVN has one."""
    return bool(f.get("rf")) and not f.get("must") and s["rec"].get("arvn_rp", 0) > 0 and \
        not (s.get("op") or {}).get("rf_rp")
