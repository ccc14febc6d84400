"""The campaign's charts (V 12-17) as lookups on their data files (data/campaign_*.json): small pure
functions, each reading the chart the rulebook names, for the campaign rules to call. The charts
themselves are lost; each file says which of its values are the rulebook's and which are designed
(issue 47 item 6), and tests/test_v_campaign_data.py reproduces the rulebook's examples from them."""

import math
from functools import lru_cache

from .data import load


@lru_cache(maxsize=None)
def chart(name):
    """The data file data/campaign_<name>.json."""
    return load(f"campaign_{name}.json")


def _nearest(x):
    """Rounded to the nearest whole number, halves away from zero ("rounded to the nearest whole
    number", V 16.1)."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def _floor_table(rows, value):
    """The effect of the first [floor, effect] row whose floor the value reaches (rows high to low)."""
    return next(eff for floor, eff in rows if value >= floor)


# --- the calendar (V 12) -----------------------------------------------------------------------------

def turn_of(campaign, t):
    """Game-turn t (1, 2, ...) of a campaign: {"season", "year", "turn"} (turn 1 or 2 of the season).
    Winter belongs to the year it begins in (Winter 1965 runs into 1966)."""
    cal = chart("calendar")
    first = cal["campaigns"][campaign]["first"]
    seasons = cal["seasons"]
    per = cal["turns_per_season"]
    k = seasons.index(first["season"]) + (first["turn"] - 1 + t - 1) // per
    return {"season": seasons[k % len(seasons)], "year": first["year"] + k // len(seasons),
            "turn": 1 + (first["turn"] - 1 + t - 1) % per}


def turns(campaign):
    return chart("calendar")["campaigns"][campaign]["turns"]


def spring_air(points):
    """V 7.3, V 8.2: the Air or Airmobile Points usable in a spring season of a campaign (25% off,
    the remainder rounded down)."""
    return math.floor(points * chart("calendar")["spring"]["air_factor"])


# --- the Population Shift Scale and the Pacification Table (V 13) --------------------------------------

def thirds(text):
    """A Population Control Sheet entry ("4", "4+", "3-") as thirds on the scale (4+ = 13)."""
    text = str(text).strip()
    n = int(text.rstrip("+-"))
    return 3 * n + (1 if text.endswith("+") else -1 if text.endswith("-") else 0)


def entry(v):
    """Thirds as the sheet writes them: 13 -> "4+", 8 -> "3-", 36 -> "12"."""
    n = points(v)
    return f"{n}" + {1: "+", -1: "-", 0: ""}[v - 3 * n]


def points(v):
    """The whole points a value counts for on the table and for population available (12-, 12 and
    12+ are all 12, V 13)."""
    return (v + 1) // 3


def shift(v, result, shaded, size):
    """The scale moved by a pacification result: shaded toward the VC, unshaded toward SVN, kept
    within the region (0 .. 3 x size thirds)."""
    v += -result if shaded else result
    return max(0, min(3 * size, v))


def pacification_column(size, svn, svn_morale):
    """The Pacification Table's column for a region of `size` with `svn` points under SVN control,
    shifted left (better) at high SVN morale and right at low (V 13, campaign note 7.3)."""
    pac = chart("pacification")
    share = svn / size
    col = next(r["column"] for r in pac["column_rule"]["base"] if "below" not in r or share < r["below"])
    order = sorted(pac["columns"], key=lambda c: pac["columns"][c]["threshold"])
    i = order.index(col)
    if svn_morale >= pac["morale_shift"]["left_at_or_above"]:
        i -= 1
    elif svn_morale <= pac["morale_shift"]["right_at_or_below"]:
        i += 1
    return order[max(0, min(len(order) - 1, i))]


def pacification_result(column, roll):
    """(thirds, shaded) for a modified 2d6 roll in a column, read off the printed table."""
    rows = chart("pacification")["table"]
    lo, hi = rows[0], rows[-1]
    row = lo if roll <= int(lo["roll"].split()[0]) else hi if roll >= int(hi["roll"].split()[0]) else \
        next(r for r in rows if r["roll"] == roll)
    cell = row[column]
    return int(cell.rstrip("s")), cell.endswith("s")


def pacification_drm(ffz=False, captured_capitals=0, units_in_capital=0, nlf_towns=0, nlf_cultivated=0, nlf_other=0):
    """The NLF's modifiers to a region's pacification roll (V 13, L656-661): the half points of the
    other hexes rounded down, the sum being whole."""
    d = chart("pacification")["drm"]
    total = (d["free_fire_zone"] * bool(ffz) + d["capital_captured_last_season"] * captured_capitals
             + d["nlf_unit_in_capital"] * units_in_capital + d["nlf_town"] * nlf_towns
             + d["nlf_cultivated"] * nlf_cultivated + d["nlf_other"] * nlf_other)
    return math.floor(total)


def pacify(size, v, svn_morale, roll, drm):
    """One region's pacification: the new scale value (thirds) from the old, the SVN morale, the 2d6
    and the modifiers. (The table reads the whole points of v.)"""
    col = pacification_column(size, points(v), svn_morale)
    n, shaded = pacification_result(col, roll + drm)
    return shift(v, n, shaded, size)


# --- strategic bombing (V 14) -------------------------------------------------------------------------

def bombing_row(target, ad, ap):
    """The Row Number: the highest row of the target's Air Defense column whose number does not exceed
    the Air Points committed (0 below row 1; Air Points beyond row 25 wasted)."""
    col = chart("bombing")["thresholds"][target][str(ad)]
    return sum(1 for need in col if need <= ap)


def bombing_hits(row, die, unrestrained):
    """(hits, star): row + die, capped at row 25, in the Unrestrained or the Restrained column; a star
    lowers the Trail's Optimal status (Restrained column only)."""
    b = chart("bombing")
    r = b["rows"][min(row + die, b["max_row"]) - 1]
    if unrestrained:
        return r["unrestrained"], False
    return r["restrained"], r["star"]


def loss_dice(ad, unrestrained_north):
    """V 14: a die per Air Defense point, one more for unrestrained bombing of the North (R63)."""
    return ad + (1 if unrestrained_north else 0)


def bombing_losses(row, dice):
    """Air Points lost: the Losses column of each row + die (capped at row 25), summed."""
    b = chart("bombing")
    return sum(b["rows"][min(row + d, b["max_row"]) - 1]["loss"] for d in dice)


def north_trail_supply(ts, hits):
    """V 14.2: each hit on the North takes a Commitment Point from this season's trail supply."""
    return max(0, ts - hits)


# --- the blockade (V 17.5) -----------------------------------------------------------------------------

def blockade_index(ss):
    return chart("blockade")["index"][str(ss)]


def sea_supply(ss, dice):
    """The sea supply that runs the blockade: the index of the allocation less the Naval dice, then the
    supply of the largest index not exceeding it."""
    left = blockade_index(ss) - dice
    got = [r["supply"] for r in chart("blockade")["supply"] if r["index"] <= left]
    return max(got, default=0)


# --- the Ho Chi Minh Trail Track (V 14.1, V 17.5, V 17.8) -------------------------------------------

def trail_box(box):
    return chart("trail")["boxes"][box - 1]


def trail_supply(ts, box, hits=0):
    """Trail supply: the Commitment Points of trail supply (less the hits on the North) times the
    Effective box's multiplier."""
    return north_trail_supply(ts, hits) * trail_box(box)["supply"]


def recruits_per_cp(box, draft=0, population=None):
    """The VC draft raised per NVN Commitment Point: the box's recruits, less 1 / 2 / 3 once the draft
    is above 200% / 300% / 400% of VC population, never below 1 (V 17.5 depletion)."""
    t = chart("trail")
    n = trail_box(box)["recruits"]
    if population:
        cut = max((c for ratio, c in t["depletion"]["over"] if draft > ratio * population), default=0)
        n = max(t["depletion"]["minimum"], n - cut)
    return n


def trail_mpa(mpa, box):
    """A unit's Movement Point Allowance on the trail: the printed MPA times the box's multiplier plus
    its addend ("x3-2": 7 -> 19)."""
    times, plus = trail_box(box)["move"]
    return mpa * times + plus


def trail_upgrade_cost(box):
    """NVN commitment to raise the Optimal status from `box` to the next (None at the top)."""
    return trail_box(box)["upgrade"]


# --- the SVN Leader Loyalty Table (V 15.1) -----------------------------------------------------------

def loyalty_column(svn_morale):
    return next(c["col"] for c in chart("loyalty")["columns"] if c["max"] is None or svn_morale <= c["max"])


def loyalty_shift(svn_morale, roll, after_offensive=False):
    """{faction: +1 or -1} from a 2d6 on the table; the roll is 1 lower the season after an offensive."""
    lt = chart("loyalty")
    r = max(2, roll + (lt["after_offensive"]["roll"] if after_offensive else 0))
    band = lt["bands"][loyalty_column(svn_morale)]
    sign = -1 if r <= band["minus_upto"] else 1 if r >= band["plus_from"] else 0
    return {f: sign for f in lt["factions"][str(r)]} if sign else {}


def new_loyalty(roll):
    """A newly drawn leader's loyalty: 2d6 + 3, within 5 .. 13."""
    lo = chart("loyalty")["loyalty"]
    return max(lo["min"], min(lo["max"], roll + 3))


def division_effective(die, one_star, superior, coup=False, instability=False):
    """V 15.4: a division is effective if the die (+2 after a coup, +1 after instability) is at most
    its leader's effectiveness plus his superior's."""
    return die + (2 if coup else 1 if instability else 0) <= one_star + superior


# --- the Morale Chart (V 16) -------------------------------------------------------------------------

def capitals_morale(captured):
    """US or SVN morale for the province capitals the NLF captured last season (3-5: -1, 6-8: -2 ...)."""
    c = chart("morale")["capitals"]
    return c["effect"] * (captured // c["per"])


def nlf_losses_morale(weighted, offensive=False):
    """US morale for the NLF units eliminated or dispersed last season, counted with their weights
    (V 16.1): +1 per fifth unit after the 25th; nothing in an offensive's season."""
    c = chart("morale")["nlf_losses"]
    return 0 if offensive else max(0, (weighted - c["free"]) // c["per"])


def nlf_loss_weight(kind):
    return chart("morale")["nlf_losses"]["weight"][kind]


def new_commitment_svn(new):
    """SVN morale from US new commitment: a fifth, to the nearest; gains above +10 ignored."""
    c = chart("morale")["new_commitment"]
    return min(c["svn_cap"], _nearest(new / c["divide"]))


def new_commitment_nvn(new):
    """NVN morale from US new commitment: a fifth, to the nearest, all of it kept."""
    return _nearest(new / chart("morale")["new_commitment"]["divide"])


def us_new_commitment_morale(new):
    """US morale from its own new commitment (designed row): -(N // 5) from 5, the part above 40
    counting double."""
    c = chart("morale")["us_new_commitment"]
    if new < c["from"]:
        return 0
    return -((new + max(0, new - c["double_above"])) // c["per"])


def us_commitment_morale(commitment, year, engaged=True):
    """US morale from its current commitment (designed row): -ceil(C / 50) times the year's factor;
    none if no US unit ran search and destroy or clear and secure last season."""
    c = chart("morale")["us_commitment"]
    if c["only_if_engaged"] and not engaged:
        return 0
    factor = _floor_table(sorted(c["year_factor"], reverse=True), year)
    return -math.ceil(commitment / c["per"]) * factor


def us_population_morale(svn_points):
    return _floor_table(chart("morale")["us_svn_population"]["table"], svn_points)


def svn_population_morale(available):
    """SVN morale from SVN Population Available (SVN-controlled points + 70)."""
    return _floor_table(chart("morale")["svn_population_available"]["table"], available)


def nvn_bootstrap(nvn_morale, us_commitment):
    b = chart("morale")["nvn_bootstrap"]
    return _floor_table(b["morale"], nvn_morale) + _floor_table(b["us_commitment"], us_commitment)


def offensive_attacks_morale(attacks):
    return -(attacks - 7) if attacks >= chart("morale")["offensive_attacks"]["from"] else 0


def new_commitment(commitment, taken, withdrawn):
    """V 16.3: (new commitment, commitment after): what was taken less what withdrawals recovered."""
    new = taken - withdrawn
    return new, commitment + new


# --- the Unit Chart (V 17) ----------------------------------------------------------------------------

def unit_cost(item, doubled=False):
    """The Unit Chart's cost of an item ("us.battalion", "arvn.infantry_regiment" ...): its cp, p, s,
    d entries; ARVN costs doubled once the SVN draft exceeds SVN-controlled population."""
    army, name = item.split(".")
    rec = chart("unit_chart")[army][name]
    cost = {k: rec[k] for k in ("cp", "p", "s", "d") if k in rec}
    if doubled and army == "arvn":
        cost = {k: v * chart("unit_chart")["arvn"]["doubling"]["factor"] for k, v in cost.items()}
    return cost


def upgrade_cost(item, doubled=False):
    army, name = item.split(".")
    up = dict(chart("unit_chart")[army][name]["upgrade"])
    if doubled and army == "arvn":
        up = {k: v * chart("unit_chart")["arvn"]["doubling"]["factor"] for k, v in up.items()}
    return up


def formation_cost(formation_ids):
    """US commitment to bring a formation's counters in at once (V 17.1): their costs summed; HQs
    and the units attached to a division come free when all its battalions come with them."""
    mix = {c["id"]: c for c in chart("countermix")["counters"]}
    total = 0
    for cid in formation_ids:
        c = mix[cid]
        free = c["chart"] in ("us.brigade_hq", "us.division_hq") or c.get("attached")
        total += 0 if free else unit_cost(c["chart"]).get("cp", 0)
    return total


def division(did):
    """The counter ids of a US division (its HQ, brigades, battalions and attached units)."""
    return [c["id"] for c in chart("countermix")["counters"]
            if c.get("formation") == did or str(c.get("formation", "")).startswith(did + "-")]
