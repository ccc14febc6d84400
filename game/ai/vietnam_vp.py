"""The Vietnam 1965-1975 computer player's heuristics for scenarios won on victory points (V 18.1
rule 7: Silver Bayonet, Masher/White Wing), where Starlite's "find the regiment" is not the game.
The decisions Starlite's heuristics already play in general terms (support, alert, interdiction,
losses...) stay in vietnam.py; these replace the ones about what to fight for and how.

Every US counter lost is 10 VP to the NLF, an HQ or a battery as much as a battalion; a loss point
costs at least a replacement point (a US RP 1 VP, an ARVN RP 1/4); an NVA counter removed is 4 VP
to the US, a VC regiment 3, a battalion 1 (V 18.1). So:

US   An operation is weighed before it is taken (`us_options`): the points the target's units are
     worth, discounted for those that may slip away on the alert (V 5.2: VC units and NVA regiments;
     the division HQs cannot) and for the enemy units beside it that may react in (V 5.3), against
     the loss points the odds give (vietnam_odds: the rules' own CRT over the die, terrain, support);
     it declines when nothing is worth it, never attacks a mountain or jungle hex at losing odds
     unless it is the last turn and the victory levels ask for NVA regiments, and sends only what a
     small target needs. Garrisons stay where the points are (a scenario's camps, V 18.1: Plei Me,
     Duc Co), on Hold (V 6.2). Later rounds are fought only while the odds preview says they inflict
     more than they cost (V 5.4: from round 2 combat is voluntary). HQs and artillery join the
     operations they can reach and move last, to the strongest stack of its combat units (left
     behind, or walking toward the target alone, they were half the US counters lost); moves follow
     the cheapest way and never pass through enemy stacks (vietnam_paths); Air Points go to the
     defence only of US counters the attack may remove, and only as many as change the odds (V 7.3).
NLF  attacks only at 2:1 or better after all support (V 5.4), where the expected loss points favour
     it; brings its reinforcements into the play area (V 18.1 rule 3: the NVA 66th); never walks off
     the map; in the last turn, when the US has nothing left to operate with, moves into towns and
     cultivated hexes for their points.

Like vietnam.py, they read a sampled world and never a face-down counter's identity."""

from ..rules.vietnam_1965_1975 import airmobile as AM
from ..rules.vietnam_1965_1975 import board as B
from ..rules.vietnam_1965_1975 import combat as C
from ..rules.vietnam_1965_1975 import support as SU
from ..rules.vietnam_1965_1975 import losses as L
from ..rules.vietnam_1965_1975 import movement as MV
from ..rules.vietnam_1965_1975.hexes import distance
from ..rules.vietnam_1965_1975.turn import eligible
from ..rules.vietnam_1965_1975.victory import removed_vp
from . import vietnam as V
from . import vietnam_odds as O
from .vietnam_paths import ends, first_step

REACH = 4        # hexes a ground unit covers in one operation (MPA 6-8 over mixed terrain)
AIR_REACH = 8    # an airmobile unit's (V 8.1: 1/2 MP a hex in the air)
ODDS_NLF = 2     # the NLF attacks only at this odds DRM (2:1) or better, all support counted
STAY = {"hq": 1.0, "nva_rgt": 0.7, "vc": 0.3}  # share of a target's worth still there after the alert
LOSS_VP = 1.0    # what a US loss point costs on average (a US RP 1 VP, an ARVN RP 1/4, removals 10)
WORTH_MIN = 0.3  # an operation must be expected to gain at least this many VP


def vp_scenario(s):
    return isinstance(s.get("victory"), dict)


def worth(u, role, s):
    """What removing u gives the US (V 18.1); a face-down counter: the average of what it may be."""
    if B.concealed(u, role, s):
        return 1.5
    k = B.kind(u)
    if k["nat"] == "NVA":
        return 4
    return 1 if k["size"] in ("II", "") else 3


def us_worth(u):
    """What removing US-side unit u gives the NLF (V 18.1): a US counter 10, others their points."""
    return removed_vp({"how": "eliminated", "side": "US", "kind": u["kind"]})[1]


def stays(u, role, s):
    """The share of u's worth an operation may expect to still find in the target after the alert
    (V 5.2): a unit that cannot alert stays; an NVA regiment moves 2 less; a VC unit slips away
    more often than not (92 of 319 US operations in Masher ended with no combat, issue 46)."""
    if B.concealed(u, role, s) or B.val(u, "nat") == "VC":
        return STAY["vc"]
    return STAY["nva_rgt"] if O.may_slip(s, u) else STAY["hq"]


def reach(s, u):
    if B.strength(u) <= 0:
        return SU.art_range(u, s) + 1
    return AIR_REACH if flies(s, u) else REACH


def enemy_stacks(s, role):
    out = {}
    for u in B.live(s):
        if u["side"] != role and B.fights(u):
            out.setdefault(u["hex"], []).append(u)
    return out


def last_turn(s):
    return s["turn"] >= s["turns"]


def us_can_operate(s):
    return any(B.strength(u) > 0 for u in eligible(s, "US"))


def needs_regiments(s):
    """The victory levels still ask the US for NVA regiments destroyed (Silver Bayonet)."""
    lv = s["victory"].get("levels", [])
    need = max((x.get("nva_regiments_min", 0) for x in lv if x.get("winner") == "US"), default=0)
    have = sum(1 for r in s["removed"] if r["side"] == "NLF" and r["how"] != "left"
               and B.KINDS[r["kind"]]["nat"] == "NVA" and B.KINDS[r["kind"]]["size"] == "III")
    return need > have


def hard(s, h):
    """Mountain, wooded hills or jungle: a defender's DRM (V 4.2)."""
    return B.mapof(s).drm(h) < 0


# --- garrisons (V 18.1: the points are in the camps and towns) ----------------------------------------

def camps(s):
    return set(s["special"].get("vp_towns", {}))


def entries(s):
    """Hexes where US reinforcements are still to arrive: lost if the enemy holds them then (V 18.1
    rule 3: Silver Bayonet's 3rd Brigade at Pleiku, Masher's 2nd at An Khe)."""
    return {d["hex"] for d in s.get("due", []) if d["side"] == "US" and d.get("hex") and d["turn"] > s["turn"]}


def holds(s):
    """The hexes the US keeps combat units in: the camps, the reinforcements' hexes until they
    arrive, and where HQs or batteries that cannot move this turn stand (Ops Complete after
    defending, V 7.1: Masher's 3rd Brigade HQ and 1/21 Artillery, left at Bong Son when the
    battalions went off, were lost there). A town held against the NLF's reach everywhere left
    nothing to fight with."""
    stuck = {u["hex"] for u in B.live(s) if u["side"] == "US" and support_unit(u) and B.fights(u)
             and (u["done"] or u.get("mission"))}
    return camps(s) | entries(s) | stuck


def threat(s, h):
    """The NLF ground strength within reach of h (its next operation's attackers)."""
    return sum(B.strength(x) for x in B.live(s) if x["side"] == "NLF" and B.fights(x)
               and distance(x["hex"], h) <= REACH)


def keepers(s, h, going=()):
    """The US-side combat units that stay to hold h (`holds`), weakest first, until the NLF within
    reach would attack below 2:1 (V 5.4; the Regional Forces' points count, V 11.2); none when
    even all of them would not (a lone battalion left at Pleiku was lost there, 10 VP), but a
    camp's garrison always stays (its points, V 18.1)."""
    here = sorted((x for x in B.units_at(s, h, "US") if B.strength(x) > 0 and not x["op"] and x["id"] not in going),
                  key=lambda x: (B.strength(x), x["id"]))
    need = threat(s, h) / ODDS_NLF - B.mapof(s).rf(h)
    kept, held = [], 0
    for x in here:
        if held > need:
            break
        kept.append(x)
        held += B.strength(x) * (2 if x.get("mission") == "hold" else 1)
    if held <= need and h not in camps(s):
        return []
    return kept


def garrison(s, u, going=()):
    """u stays to hold its hex (`keepers`)."""
    if u["side"] != "US" or B.strength(u) <= 0 or not u["hex"] or u["hex"] not in holds(s):
        return False
    return u in keepers(s, u["hex"], going)


def keep_home(s, units):
    """`units` without the garrisons of the hexes they would strip (`keepers`)."""
    out = list(units)
    for h in holds(s):
        if not any(u["hex"] == h for u in out):
            continue
        staying = [x for x in B.units_at(s, h, "US") if B.strength(x) > 0 and not x["op"] and x not in out]
        kept = keepers(s, h)
        need = [x for x in kept if x not in staying]
        if sum(B.strength(x) for x in staying) >= sum(B.strength(x) for x in kept):
            continue
        for x in need:
            if x in out:
                out.remove(x)
    return out


# --- what an operation is worth ---------------------------------------------------------------------

def support_in(s, units, h, role):
    """Artillery points of `units` (HQs, batteries) that can fire into h (V 7.2: in range)."""
    return sum(B.val(u, "art") for u in units if B.strength(u) <= 0 and distance(u["hex"], h) <= SU.art_range(u, s) + 1)


def free_ap(s):
    r = s["rec"]
    return 0 if r.get("ap_op") else r["ap"]


def reactors_near(s, h, role):
    """Enemy combat units beside h that may react into the target hex (V 5.3)."""
    return [x for x in B.live(s) if x["side"] != role and B.fights(x) and x["hex"] != h
            and distance(x["hex"], h) == 1 and B.strength(x) > 0 and not x.get("mission")]


def attackers_for(s, h, role, exclude_garrisons=True):
    """The units of `role` that can join an operation on h (V 5.1): combat units in reach (not the
    garrisons, unless they stand next to h), and the HQs and batteries that can support it."""
    out = []
    amp = MV.amp_left(s)
    for u in sorted((u for u in eligible(s, role) if B.fights(u) and not u["op"]),
                    key=lambda u: (not support_unit(u), distance(u["hex"], h), u["id"])):
        d = distance(u["hex"], h)
        if support_unit(u):
            if d <= SU.art_range(u, s) + 1 or (d <= AIR_REACH and (AM.natural(u) or flies(s, u, amp))):
                if not AM.natural(u) and d > SU.art_range(u, s) + 1:
                    amp -= MV.amp_cost(u)
                out.append(u)
            continue
        if d <= REACH or (d <= AIR_REACH and AM.natural(u)):
            out.append(u)
        elif role == "US" and d <= AIR_REACH and flies(s, u, amp):
            out.append(u)
            amp -= MV.amp_cost(u)
    if role == "US" and exclude_garrisons:
        near = [u for u in out if distance(u["hex"], h) <= 1]
        out = keep_home(s, [u for u in out if u not in near]) + near  # beside h they fight from home
    if role == "US":
        # the HQs and batteries whose hex the operation strips of its combat units go with them
        # (with_the_troops: to a stack they can reach); left, they were the US counters lost
        going = {u["id"] for u in out}
        for u in eligible(s, role):
            if support_unit(u) and u["id"] not in going and not u["op"] and B.fights(u) and any(
                    x["hex"] == u["hex"] and B.strength(x) > 0 for x in out) and not any(
                    x["hex"] == u["hex"] and B.strength(x) > 0 and x["id"] not in going
                    for x in B.units_at(s, u["hex"], "US")):
                out.append(u)
    return out


def value(s, h, role, units, ap=0):
    """(expected VP gain, expected loss points taken, odds DRM) of an operation on h by `units`:
    up to three rounds (V 5.1) of the odds the rules give (vietnam_odds), the defenders that may
    slip away on the alert (V 5.2) or join by reaction (V 5.3), the replacement points they may
    spend before a removal (V 5.5)."""
    foes = [x for x in B.units_at(s, h, B.other(role)) if B.fights(x)]
    ground = [u for u in units if B.strength(u) > 0]
    if not foes or not ground:
        return 0.0, 0.0, -5
    react = reactors_near(s, h, role)
    dfn = foes + sorted(react, key=lambda x: -B.strength(x))[:1] if role == "US" else foes
    sup = support_in(s, units, h, role) + ap
    faces, odds, _ = O.rounds(s, h, ground, role, sup, dfn)
    ed = sum(d for d, _ in faces) / 6
    ea = sum(a for _, a in faces) / 6
    gain = 0.0
    regiments = needs_regiments(s)
    for x in foes:
        hp = max(1, V.strength(x, role, s)) + (O.rp_room(s, [x]) if not B.concealed(x, role, s) else 1)
        p = O.kill_chance(faces, hp)
        if role == "US":
            w = worth(x, role, s)
            if regiments and B.val(x, "nat") == "NVA" and B.val(x, "size") == "III" and not B.concealed(x, role, s):
                w += 6  # the victory levels ask for NVA regiments destroyed (Silver Bayonet)
            gain += w * stays(x, role, s) * p
        else:
            gain += us_worth(x) * p
    if role == "US":
        gain += 0.25 * 2 * ed  # NVA and ARVN replacement points are 1/4 VP each (V 18.1)
    else:  # the hex it may take: its points, and the US reinforcements due there (V 18.1)
        p = O.kill_chance(faces, sum(max(1, B.strength(x)) for x in foes) + O.rp_room(s, foes))
        gain += p * (hex_points(s, h) + (6 if h in entries(s) else 0))
    return gain, 2 * ea, odds


def us_options(s, role="US", floor=WORTH_MIN):
    """The US operations worth taking now, best first: [(score, hex, unit ids, odds)]; with
    `floor` None, every one the rules of thumb allow (the planner weighs them by playing them)."""
    out = []
    victory_asks = last_turn(s) and needs_regiments(s)
    for h, foes in sorted(enemy_stacks(s, role).items()):
        units = attackers_for(s, h, role)
        if not any(B.strength(u) > 0 for u in units):
            continue
        gain, loss, odds = value(s, h, role, units, free_ap(s))
        arvn_only = all(B.val(u, "nat") == "ARVN" for u in units if B.strength(u) > 0)
        regiment = any(B.val(x, "nat") == "NVA" and B.val(x, "size") == "III" for x in foes)
        if odds < 0 and hard(s, h) and not (victory_asks and regiment):
            continue  # no mountain or jungle attacks at losing odds (issue 46)
        if arvn_only and odds < 1:
            continue  # ARVN alone at 8:7, then 5:7 (issue 46)
        score = gain - LOSS_VP * loss
        if floor is not None and score < floor and not (victory_asks and regiment and odds >= 0):
            continue
        out.append((score, h, sized(s, h, role, units), odds))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out


def regiment_strikes(s):
    """Every US operation on a hex of NVA regiments, whatever the odds, best odds first: in the
    last turn, when the victory levels still ask for regiments (Silver Bayonet), one of them may
    be the only way to win (the planner plays them out against the rest)."""
    out = []
    for h, foes in sorted(enemy_stacks(s, "US").items()):
        if not any(B.val(x, "nat") == "NVA" and B.val(x, "size") == "III" for x in foes):
            continue
        units = attackers_for(s, h, "US", exclude_garrisons=False)
        ground = [u for u in units if B.strength(u) > 0]
        if ground:
            odds = O.attack(s, h, ground, "US", support_in(s, units, h, "US") + free_ap(s), foes)[2]
            out.append((odds, h, [u["id"] for u in units]))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out


def sized(s, h, role, units):
    """The force for h: all of it against a target worth 3 VP or more; against a smaller one the
    nearest combat units until the odds reach 4:1, and the support that can fire."""
    foes = B.units_at(s, h, B.other(role))
    if sum(worth(x, role, s) for x in foes) >= 3:
        return [u["id"] for u in units]
    chosen = [u for u in units if support_unit(u)]
    for u in (u for u in units if not support_unit(u)):
        chosen.append(u)
        _, _, odds, _ = O.attack(s, h, [x for x in chosen if B.strength(x) > 0], role, support_in(s, chosen, h, role), foes)
        if odds >= 4:
            break
    return [u["id"] for u in chosen]


def nlf_options(s, floor=0.5):
    """The NLF's attacks worth making: at 2:1 or better with all US support counted (V 5.4: about
    30% of its attacks were below 2:1, some at 1:4), expected to take more than they cost."""
    out = []
    for h, foes in sorted(enemy_stacks(s, "NLF").items()):
        units = [u for u in attackers_for(s, h, "NLF") if B.strength(u) > 0 or support_unit(u)]
        if not any(B.strength(u) > 0 for u in units):
            continue
        gain, loss, odds = value(s, h, "NLF", units)
        if odds < ODDS_NLF:
            continue
        score = gain - 0.5 * loss
        if floor is not None and score <= floor:
            continue
        out.append((score, h, [u["id"] for u in units], odds))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out


def options(s, role, floor="default"):
    if floor == "default":
        return us_options(s) if role == "US" else nlf_options(s)
    return us_options(s, floor=floor) if role == "US" else nlf_options(s, floor=floor)


def best_target(s, role):
    """(hex, units) for the operation worth most, or None."""
    o = options(s, role)
    return (o[0][1], o[0][2]) if o else None


# --- the operations phase ----------------------------------------------------------------------------

def newcomers(s):
    """NLF reinforcements still beside the play area (V 18.1 rule 3): they lapse unless they move in."""
    return [u for u in eligible(s, "NLF") if u.get("outside") and u["hex"]]


def ops(s, role, legal, rng):
    f = s["stack"][-1]
    if role == "US":
        sd = V.first(legal, "operate", op="sd")
        if sd and best_target(s, "US"):
            return sd
        return V.first(legal, "decline") or V.default(legal)
    sd = V.first(legal, "operate" if f["st"] == "after" else "nlf_op", op="sd") or \
        next((a for a in legal if a["t"] in ("nlf_op", "operate") and a.get("op", "sd") == "sd"), None)
    if sd and best_target(s, "NLF"):
        return sd
    if sd and newcomers(s):
        return sd  # the 66th into the play area (it stayed out in 100 of 100 games, issue 46)
    if sd and last_turn(s) and not us_can_operate(s) and occupy_units(s):
        return sd  # the last word: into the towns (V 18.1 rule 7)
    if f["st"] == "choose":
        return V.first(legal, "us_op") or V.default(legal)
    return V.first(legal, "end") or V.default(legal)


def occupy_units(s):
    return [u for u in eligible(s, "NLF") if not u["op"] and B.fights(u) and hex_points(s, u["hex"]) < 2]


def hex_points(s, h):
    m = B.mapof(s)
    t = m.town(h)
    if t:
        return 5 if t["kind"] in ("city", "major city") else 2
    if h in camps(s):
        return 2
    return 1 if m.terrain(h) == "cultivated" else 0.5


def designate(s, role, legal, rng):
    """V 6.2: the camps' garrisons go on Hold (doubled defence, one loss column left when all the
    defenders hold); nothing else does (a unit on Hold may not operate)."""
    if role == "US":
        for a in legal:
            if a["t"] == "hold" and s["units"][a["u"]]["hex"] in camps(s) and garrison(s, s["units"][a["u"]]) \
                    and not s["units"][a["u"]].get("mission"):
                return a
    return V.first(legal, "done") or V.default(legal)


def sd_pick(s, role, legal, rng, plan=None):
    f = s["stack"][-1]
    if plan and plan.get("enter"):  # the reinforcements into the play area, no target (V 18.1 rule 3)
        for u in newcomers(s):
            a = V.first(legal, "unit", u=u["id"])
            if a:
                return a
        return V.first(legal, "go") or V.default(legal)
    if f["target"] is None and not any(u["op"] for u in B.live(s) if u["side"] == role):
        tgt = (plan["target"], plan["units"]) if plan and plan.get("target") else best_target(s, role)
        if tgt:
            a = V.first(legal, "target", hex=tgt[0])
            if a:
                return a
    want = None
    if f["target"] is not None:
        if plan and plan.get("units"):
            want = plan["units"]
        else:
            o = [x for x in options(s, role) if x[1] == f["target"]]
            want = o[0][2] if o else [u["id"] for u in attackers_for(s, f["target"], role)]
    elif role == "NLF":
        want = [u["id"] for u in newcomers(s)] or [u["id"] for u in occupy_units(s)]
    for uid in want or ():
        a = V.first(legal, "unit", u=uid)
        if a:
            return a
    return V.first(legal, "go") or V.default(legal)


def sd_support(s, role, legal, rng):
    """V 7.3: the Air Points go to an operation against a target worth 3 VP or more (an NVA
    counter, a VC regiment), or one that needs them for 3:2; else they wait for a better one."""
    op = s.get("op") or {}
    sup = [a for a in legal if a["t"] == "support"]
    if not sup or not op.get("targets"):
        return V.first(legal, "support", ap=0, ship=0) or V.default(legal)
    h = op["targets"][0]
    foes = B.units_at(s, h, "NLF")
    units = [u for u in B.live(s) if u["side"] == "US" and u["op"]]
    big = sum(worth(x, "US", s) for x in foes) >= 3
    ground = [u for u in units if B.strength(u) > 0]
    _, _, odds, _ = O.attack(s, h, ground, "US", support_in(s, units, h, "US"), foes)
    if big or odds < 1:
        return max(sup, key=lambda a: (a["ap"], a["ship"]))
    return max((a for a in sup if a["ap"] == 0), key=lambda a: a["ship"], default=sup[0])


def reserve_pick(s, role, legal, rng):
    """V 5.7, V 7.3: defensive Air Points only for a stack with US counters the attack may remove
    (10 VP each) and only as many as move the odds a column; offensive ones as vietnam.py."""
    f = s["stack"][-1]
    op = s.get("op") or {}
    ap = [a for a in legal if a["t"] == "ap"]
    if f.get("kind") != "defensive":
        # offensive Air Points: for a target worth 3 VP or more (an NVA counter, a VC regiment)
        big = any(sum(worth(x, "US", s) for x in B.units_at(s, h, "NLF")) >= 3 for h in op.get("targets") or ())
        if ap and big:
            return max(ap, key=lambda a: a["n"])
        return V.first(legal, "done") or V.default(legal)
    if not ap or not op.get("targets"):
        return V.first(legal, "done") or V.default(legal)
    for h in op["targets"]:
        mine = B.units_at(s, h, "US")
        atk = [u for u in B.live(s) if u["side"] == "NLF" and u["op"] and B.strength(u) > 0
               and distance(u["hex"], h) <= 1]
        if not atk or not any(B.val(u, "nat") == "US" for u in mine):
            continue
        base_d, _, odds0, _ = O.attack(s, h, atk, "NLF", 0, mine)
        if base_d <= O.rp_room(s, mine) * 0.5:
            continue
        for a in sorted(ap, key=lambda a: a["n"]):
            # the defender's AP add to its support: fewer odds for the attacker (V 7.3, 7.5)
            if _odds_with_def_ap(s, h, atk, mine, a["n"]) < odds0:
                return a
    return V.first(legal, "done") or V.default(legal)


def _odds_with_def_ap(s, h, atk, dfn, n):
    sup_a = sum(B.val(u, "art") for u in atk)
    sup_d = O.defenders_support(s, h, dfn, "US") + n
    return C.numbers(s, atk, dfn, h, sup_a, sup_d, "NLF")["drm_odds"]


def attack_pick(s, role, legal, rng):
    """V 5.4: round 1 every attack is made (mandatory); from round 2 the attack whose preview
    inflicts most for what it costs, and none when every one costs more than it inflicts."""
    atk = [a for a in legal if a["t"] == "attack"]
    stop = V.first(legal, "stop")
    if not atk:
        return V.default(legal)
    if not stop:
        return max(atk, key=lambda a: len(a["units"]))
    best, key = None, None
    for a in few(atk):
        p = C.preview(s, a["hex"], [s["units"][x] for x in a["units"]])
        ed, ea = O.of_preview(p)
        k = (ed - ea, ed, -len(a["units"]))
        if key is None or k > key:
            best, key = a, k
    if key[0] <= 0 or key[1] <= 0:
        return stop  # it loses more than it inflicts (issue 46)
    if role == "NLF" and C.preview(s, best["hex"], [s["units"][x] for x in best["units"]]).get("drm_odds", 0) < ODDS_NLF:
        return stop  # the NLF fights on at 2:1 or better only
    return best


def few(atk):
    """Of a later round's attacks (every subset of the available units, V 5.4), those worth a look:
    per hex all the units, and all but one of them."""
    full = {}
    for a in atk:
        if len(a["units"]) > len(full.get(a["hex"], {"units": ()})["units"]):
            full[a["hex"]] = a
    out = list(full.values())
    for a in atk:
        top = full[a["hex"]]["units"]
        if len(a["units"]) == len(top) - 1 and len(top) > 1:
            out.append(a)
    return out


def incidental_ask(s, role, legal, rng):
    """V 3.2: force an incidental attack on movers the odds favour (one round, the stationary units
    defending with their terrain); else let them pass."""
    f = s["stack"][-1]
    h = f["hex"]
    mine = B.units_at(s, h, role)
    movers = [u for u in B.units_at(s, h, B.other(role)) if B.strength(u) > 0]
    if not movers or not any(B.strength(u) > 0 for u in mine):
        return V.first(legal, "decline") or V.default(legal)
    ed_them, ea_them, _, _ = O.attack(s, h, movers, B.other(role), 0, mine)
    if ea_them > ed_them:
        return V.first(legal, "force") or V.default(legal)
    return V.first(legal, "decline") or V.default(legal)


# --- movement ---------------------------------------------------------------------------------------

def nlf_goal_score(s, h, mover):
    """NLF, moving in its own operation without a target: a town or cultivated hex free of the US
    and out of its reach scores; leaving the play area never."""
    m = B.mapof(s)
    if not m.playable(h) or "US" in B.sides_at(s, h):
        return -1000.0
    taken = any(x["id"] != mover["id"] for x in B.units_at(s, h, "NLF"))
    near_us = min((distance(u["hex"], h) for u in V.us_combat(s)), default=9)
    return 3 * hex_points(s, h) * (0.3 if taken else 1) + min(near_us, 3) - 2 * V.threat(s, h)


def move(s, role, legal, rng, trail=None):
    f = s["stack"][-1]
    op = s.get("op")
    if role == "NLF" and not f.get("group") and f.get("cur") and f["mode"] == "op" and op and not op["targets"]:
        return _walk_to_best(s, f, legal, lambda h, u: nlf_goal_score(s, h, u), trail)
    if role == "NLF" and not f.get("cur") and not f.get("group") and f["mode"] == "op" and op \
            and op["targets"]:
        picks = [a for a in legal if a["t"] == "pick"]
        return picks[0] if picks else V.first(legal, "done") or V.default(legal)
    if role == "NLF" and f.get("cur") and f["mode"] in ("op", "pursuit") and op and op["targets"]:
        return _toward(s, f, legal, op, trail)
    if role == "US" and not f.get("group") and f["mode"] in ("op", "pursuit") and op and op["targets"]:
        if not f.get("cur"):  # combat units move first, HQs and artillery after them
            picks = [a for a in legal if a["t"] == "pick"]
            if picks:
                return min(picks, key=lambda a: support_unit(s["units"][a["u"]]))
        elif support_unit(s["units"][f["cur"]]):
            return with_the_troops(s, f, legal, op, trail)
        elif f["mode"] == "pursuit" and guards(s, f, s["units"][f["cur"]]) and V.first(legal, "halt"):
            return V.first(legal, "halt")
        elif s["units"][f["cur"]]["hex"] in holds(s) and distance(s["units"][f["cur"]]["hex"], min(
                op["targets"], key=lambda t: distance(s["units"][f["cur"]]["hex"], t))) <= 1 and V.first(legal, "halt"):
            return V.first(legal, "halt")  # a garrison beside the target attacks from its camp
        else:
            return us_combat_move(s, f, legal, op, trail)
    if role == "US" and not f.get("group") and f["mode"] == "retreat" and op:
        return retreat(s, f, legal, trail)
    if role == "US" and not f.get("group") and f["mode"] == "strat":
        if not f.get("cur"):  # the regroup of strat_phase: the lone HQs and batteries
            picks = [a for a in legal if a["t"] == "pick" and support_unit(s["units"][a["u"]])]
            return picks[0] if picks else V.first(legal, "done") or V.default(legal)
        if support_unit(s["units"][f["cur"]]):
            return regroup_move(s, f, legal, trail)
    return V.move(s, role, legal, rng, trail)


def us_combat_move(s, f, legal, op, trail=None):
    """A US combat unit of the operation: to a free hex next to the nearest target hex, the one
    it can reach on the mountain side first (V 3.1: blocking the escape), by the cheapest way that
    passes no enemy stack; flying (V 8.1) when the ground does not reach one."""
    u = s["units"][f["cur"]]
    target = min(op["targets"], key=lambda h: (distance(u["hex"], h), h))
    if distance(u["hex"], target) <= 1 and V.first(legal, "halt"):
        return V.first(legal, "halt")
    md = V.mountain_dist(s)
    flying = AM.flying(u, f)
    air = V.first(legal, "air")
    taken = {x["hex"] for x in B.live(s) if x["side"] == "US" and x["op"] and x["id"] != u["id"] and B.strength(x) > 0}

    def goal(reachable):
        spots = [n for n in B.neighbours(target) if n in reachable and "NLF" not in B.sides_at(s, n)]
        return max(spots, key=lambda n: (n not in taken, -md.get(n, 9), -distance(u["hex"], n), n), default=None)
    reachable = ends(s, f, u, flying)
    g = goal(reachable)
    if g is None and air and not flying and (AM.natural(u) or MV.amp_left(s) - MV.amp_cost(u) >= lifts_owed(s, f, op, u["id"])):
        if goal(ends(s, f, u, True)) is not None:
            return air
    if g is None:  # none reachable: as near as it gets, outside enemy stacks
        m = B.mapof(s)
        near = [h for h in reachable if m.playable(h) and "NLF" not in B.sides_at(s, h)]
        g = min(near, key=lambda h: (distance(h, target), h), default=u["hex"])
    if g == u["hex"]:
        return V.first(legal, "halt") or V.default(legal)
    step = first_step(s, f, u, g, flying, trail=trail)
    return V.first(legal, "step", to=step) or V.first(legal, "halt") or V.default(legal)


def _walk_to_best(s, f, legal, score, trail=None):
    """u's next step toward the hex it can reach that scores best (`score(h, u)`), or halt there."""
    u = s["units"][f["cur"]]
    halt = V.first(legal, "halt")
    reachable = ends(s, f, u, AM.flying(u, f))
    best = max(reachable, key=lambda h: (score(h, u), -distance(u["hex"], h), h))
    if best == u["hex"]:
        return halt or V.default(legal)
    step = first_step(s, f, u, best, AM.flying(u, f), trail=trail)
    return V.first(legal, "step", to=step) or halt or V.default(legal)


def _toward(s, f, legal, op, trail=None):
    """An attacker's unit heads next to the nearest target hex (V 5.4: in or adjacent to it), by
    the cheapest way inside the play area (a regiment walked off the map, V 18.1)."""
    u = s["units"][f["cur"]]
    halt = V.first(legal, "halt")
    target = min(op["targets"], key=lambda h: (distance(u["hex"], h), h))
    if distance(u["hex"], target) <= 1 and halt:
        return halt
    reachable = ends(s, f, u, AM.flying(u, f))
    spots = [n for n in B.neighbours(target) if n in reachable and B.mapof(s).playable(n)
             and B.other(u["side"]) not in B.sides_at(s, n)]
    if not spots:
        m = B.mapof(s)
        near = [h for h in reachable if m.playable(h)]
        g = min(near, key=lambda h: (distance(h, target), h), default=u["hex"])
    else:
        g = min(spots, key=lambda n: (distance(u["hex"], n), n))
    if g == u["hex"]:
        return halt or V.default(legal)
    step = first_step(s, f, u, g, AM.flying(u, f), trail=trail)
    return V.first(legal, "step", to=step) or halt or V.default(legal)


def support_unit(u):
    """An HQ or artillery unit: no ground strength, it fires as artillery (V 7.1)."""
    return B.strength(u) <= 0 and B.val(u, "art") > 0


def flies(s, u, amp=None):
    """Airmobile (V 8), or it may be airmobilized with the Airmobile Points left (V 8.1: `amp`,
    default those not used this turn)."""
    k = B.kind(u)
    left = MV.amp_left(s) if amp is None else amp
    return bool(k.get("airmobile") or (k.get("airmobile_ok") and left >= MV.amp_cost(u)))


def lifted(s, u, targets):
    """A support unit that can fire on the target only if Airmobile Points lift it (V 8.1, V 8.2):
    farther than its range plus one hex, and not airmobile itself."""
    return (support_unit(u) and not AM.natural(u)
            and min(distance(u["hex"], t) for t in targets) > SU.art_range(u, s) + 1)


def lifts_owed(s, f, op, but):
    """The Airmobile Points the operation's support units still to move need (`lifted`)."""
    return sum(MV.amp_cost(x) for x in B.live(s) if x["op"] and x["side"] == "US" and x["id"] != but
               and x["id"] not in f["moved"] and lifted(s, x, op["targets"]))


def us_operators(s, target):
    """The US units for an operation on `target` (V 5.1): those of `attackers_for`, the Airmobile
    Points going first to the support units that need them (an ARVN battalion that flew with the
    last point left the 2/19 battery at Pleiku, alone: Silver Bayonet)."""
    return [u["id"] for u in attackers_for(s, target, "US")]


def guards(s, f, u):
    """u is the last combat unit staying in its hex beside an HQ or battery that cannot pursue with
    it (V 5.6: no pursuit modifier and not flying, or moved already): it stays. Pursuing, it left
    them alone for the NLF's next operation (Masher/White Wing: the brigade HQ at Bong Son)."""
    def settled(x):
        return x["id"] not in f["mp"] or x["id"] in f["moved"]
    here = [x for x in B.units_at(s, u["hex"], "US") if x["id"] != u["id"]]
    return (any(support_unit(x) and (settled(x) or f["mp"][x["id"]] <= 0) for x in here)
            and not any(B.strength(x) > 0 and settled(x) for x in here))


def with_the_troops(s, f, legal, op, trail=None):
    """An operating HQ or battery (its operation move or its pursuit) goes to a stack of US combat
    units in range of a target hex (V 7.2), else to any it can reach; among them the operation's own
    first, then the strongest: flying (V 8.1) when it may and must, else on the ground; only to a
    stack it can reach with the MP it has (V 3, the cheapest way). With none, it stays: a move that
    ends short leaves it alone in the open."""
    u = s["units"][f["cur"]]
    fires = SU.art_range(u, s)
    operating = _stacks(s, lambda x: x["op"])
    return _join(s, f, legal, u, {h: (min(distance(h, t) for t in op["targets"]) <= fires, h in operating, g)
                                  for h, g in _stacks(s).items()}, trail)


def _stacks(s, which=lambda x: True):
    """{hex: ground strength} of the US side's combat units (`which` of them)."""
    out = {}
    for x in B.live(s):
        if x["side"] == "US" and B.strength(x) > 0 and B.fights(x) and which(x):
            out[x["hex"]] = out.get(x["hex"], 0) + B.strength(x)
    return out


def _join(s, f, legal, u, worth_of, trail=None):
    """u's next move toward the best hex of `worth_of` ({hex: sort key}) it can still end its move
    in, flying when that reaches a better one; halt where it is when it reaches none."""
    halt = V.first(legal, "halt")

    def goal_in(hexes):
        return max((h for h in worth_of if h in hexes), key=lambda h: (worth_of[h], -distance(u["hex"], h), h),
                   default=None)
    flying = AM.flying(u, f)
    goal = goal_in(ends(s, f, u, flying))
    air = V.first(legal, "air")
    if air and not flying:
        by_air = goal_in(ends(s, f, u, True))
        if by_air is not None and by_air != goal and goal_in({goal, by_air}) == by_air:
            return air  # the air reaches a better stack than the ground
    if goal is None or goal == u["hex"]:
        return halt or V.default(legal)
    a = V.first(legal, "step", to=first_step(s, f, u, goal, flying, trail=trail))
    return a or halt or V.default(legal)


def alone(s, held=None):
    """The US HQs and batteries still free to move this turn that the NLF could take: no combat
    unit beside them in their hex (`held`: the hexes with one), or too little ground strength there
    against the NLF within reach (V 5.4: it attacks at 2:1 or better). The NLF takes such a stack
    for 10 VP a counter (V 18.1): Masher's 3rd Brigade HQ and 1/21 Artillery beside one battered
    battalion at Bong Son."""
    held = set(_stacks(s)) if held is None else held
    stacks = _stacks(s)
    return [u for u in eligible(s, "US") if support_unit(u) and B.fights(u) and not u["op"]
            and (u["hex"] not in held or
                 ODDS_NLF * (stacks.get(u["hex"], 0) + B.mapof(s).rf(u["hex"])) <= threat(s, u["hex"]))]


def regroupers(s):
    """Those of `alone` that can reach a stack of combat units stronger than their own in a
    strategic move (V 3.3: no flight, the roads free)."""
    stacks = _stacks(s)
    out = []
    for u in alone(s, set(stacks)):
        better = {h for h, g in stacks.items() if g > stacks.get(u["hex"], 0)}
        if ends(s, {"mp": {u["id"]: B.mpa(s, u)}, "mode": "strat"}, u, False) & better:
            out.append(u)
    return out


def strat_phase(s, role, legal, rng):
    """V 2.1 item 3: the US moves its lone HQs and batteries to its combat units before the NLF's
    first operation of the turn (it has the initiative, V 2.1 item 4); they are then Ops Complete
    for the turn, which costs their fire support but not 10 VP each."""
    if role == "US" and regroupers(s):
        return V.first(legal, "strat") or V.default(legal)
    return V.first(legal, "done") or V.default(legal)


def strat_pick(s, role, legal, rng):
    for u in regroupers(s) if role == "US" else ():
        a = V.first(legal, "unit", u=u["id"])
        if a:
            return a
    return V.first(legal, "go") or V.default(legal)


def regroup_move(s, f, legal, trail=None):
    """A lone HQ or battery in a strategic move (strat_phase): to a stack of combat units it can
    reach, those that have operated first (they will not leave it again this turn), then the
    nearest, then the strongest. The goal does not depend on where the unit stands on the way (a
    nearest-first goal drew the ARVN 22nd Division HQ back and forth at 0 MP, issue 46)."""
    u = s["units"][f["cur"]]
    start = trail.origin(s, u) if trail else u["hex"]
    return _join(s, f, legal, u, {h: (all(x["done"] or x["op"] for x in B.units_at(s, h, "US") if B.strength(x) > 0),
                                      -distance(start, h), g)
                                  for h, g in _stacks(s, lambda x: x["id"] != u["id"]).items()}, trail)


OUTMATCHED = 2  # the NLF's ground strength near a hex, to the US's in it, from which its stack retreats
SAFE = 5        # hexes from the nearest NLF counter beyond which a hex is as safe as any


def outmatched(s, h):
    """After a round of the NLF's attack on h (V 5.4), its operating units within two hexes have
    at least OUTMATCHED times the US ground strength left in h: the next round takes the stack."""
    nlf = sum(B.strength(x) for x in B.live(s) if x["side"] == "NLF" and x["op"] and B.fights(x)
              and distance(x["hex"], h) <= 2)
    return nlf >= OUTMATCHED * max(_stacks(s).get(h, 0), 1)


def retreat(s, f, legal, trail=None):
    """V 5.6 retreat, the US defending: a stack the NLF outmatches leaves with its full MPA (flying
    when it may, V 8.1) for the hex farthest from the NLF's counters it can reach, then the
    strongest US stack there; a camp's garrison holds its camp (its points, V 18.1)."""
    units = s["units"]
    if not f.get("cur"):
        for a in legal:
            if a["t"] == "pick" and outmatched(s, units[a["u"]]["hex"]) and units[a["u"]]["hex"] not in camps(s) | entries(s):
                return a
        return V.first(legal, "done") or V.default(legal)
    u = units[f["cur"]]
    nlf = [x["hex"] for x in B.live(s) if x["side"] == "NLF" and B.fights(x)]
    stacks = _stacks(s)
    reach_ = ends(s, f, u, AM.flying(u, f)) | (ends(s, f, u, True) if V.first(legal, "air") else set())
    return _join(s, f, legal, u, {h: (min([SAFE] + [distance(h, x) for x in nlf]), stacks.get(h, 0))
                                  for h in reach_}, trail)


def losses(s, role, legal, rng):
    """V 5.5, V 18.1: replacement points first on the pool that costs fewest VP (an ARVN RP 1/4, a
    US RP 1); when a unit must go, the one whose removal costs fewest VP for the losses it covers
    (a US counter 10, an ARVN or FWA unit its strength points). The NLF as in vietnam.py."""
    if role != "US":
        return V.losses(s, role, legal, rng)
    units = s["units"]
    if V.first(legal, "rf_rp"):
        return V.first(legal, "rf_rp")
    rps = [a for a in legal if a["t"] == "rp"]
    if rps:
        def rp_key(a):
            u = units[a["u"]]
            return (L.pool_key(u) == "us_rp", -(B.strength(u) - u["rp_spent"]), a["u"])
        return min(rps, key=rp_key)
    rem = [a for a in legal if a["t"] == "remove"]
    if not rem:
        return V.losses(s, role, legal, rng)
    f = s["stack"][-1]

    def cost(a):
        u = units[a["u"]]
        vp = us_worth(u)
        covers = min(f["n"], max(1, B.strength(u)))
        return (vp / covers, -covers, B.strength(u), a["u"])  # then keep the stronger
    return min(rem, key=cost)


POLICIES = {"ops": ops, "sd_pick": sd_pick, "move": move, "designate": designate, "losses": losses,
            "strat_phase": strat_phase, "strat_pick": strat_pick, "sd_support": sd_support,
            "reserve_pick": reserve_pick, "attack_pick": attack_pick, "incidental_ask": incidental_ask}
