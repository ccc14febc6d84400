"""Issue 47 items 3-7: the campaign's data (data/campaign_*.json) and its lookups (campaign_charts.py).
Each chart reproduces the rulebook's own campaign examples (the T-C cases of reference 6.8, the
L-lines of vietnam_6575_folded.txt); the region sheet, the countermix, the leaders and the set-ups
are checked against the rules they must keep."""
import json
import math
import re
from pathlib import Path

import pytest

from game.rules.vietnam_1965_1975 import campaign_charts as CC
from game.rules.vietnam_1965_1975.data import KINDS, SCENARIOS
from game.rules.vietnam_1965_1975.hexes import get_map

DATA = Path(__file__).resolve().parents[1] / "game/rules/vietnam_1965_1975/data"
REGIONS = CC.chart("regions")
MIX = CC.chart("countermix")
KIND = dict(KINDS, **MIX["kinds"])
LEADERS = CC.chart("leaders")
CAMPAIGNS = CC.chart("scenarios")["campaigns"]
SOURCES = {"rulebook", "play report", "geodata", "reconstruction", "design"}


# --- V 12 the calendar ---------------------------------------------------------------------------------

def test_V12_campaign_I_runs_78_turns_summer_1965_to_winter_1974():
    """S3: 'starts half way through the summer 1965 season ... as long as 78 turns'; two turns a
    season (V 12 L614-616)."""
    assert CC.turns("campaign-1965") == 78
    assert CC.turn_of("campaign-1965", 1) == {"season": "Summer", "year": 1965, "turn": 1}
    assert CC.turn_of("campaign-1965", 6) == {"season": "Winter", "year": 1965, "turn": 2}
    assert CC.turn_of("campaign-1965", 7) == {"season": "Spring", "year": 1966, "turn": 1}
    assert CC.turn_of("campaign-1965", 78) == {"season": "Winter", "year": 1974, "turn": 2}
    assert CC.turn_of("campaign-1968", 58) == {"season": "Winter", "year": 1974, "turn": 2}
    assert CC.turn_of("evening-1965", 8) == {"season": "Spring", "year": 1966, "turn": 2}


def test_V7_3_V8_2_spring_takes_a_quarter_of_the_air_rounded_down():
    """L476-478: 'reduce the number of Air Points available for tactical use by 25 percent (round
    remaining points down)'; L520: Airmobile Points alike."""
    assert CC.spring_air(20) == 15 and CC.spring_air(10) == 7 and CC.spring_air(1) == 0


# --- V 13 pacification (T-C-1, T-C-2) ----------------------------------------------------------------

def test_V13_T_C_1_size_6_svn_4_free_fire_roll_9_gives_unshaded_1():
    """L668-669: 'In a Size 6 region, SVN controls 4 ... the region is free-fire. A 9 is rolled which,
    when modified to 7, yields a result of 1.'"""
    drm = CC.pacification_drm(ffz=True)
    assert drm == -2
    col = CC.pacification_column(6, 4, 60)
    assert col == "C" and CC.pacification_result(col, 9 + drm) == (1, False)
    assert CC.entry(CC.pacify(6, CC.thirds("4"), 60, 9, drm)) == "4+"


def test_V13_population_shift_scale_in_thirds():
    """L670-673: 4 + (1) -> '4+'; a shaded 5 next season -> '3-'; 11- + an unshaded 4 -> 12; 12-, 12
    and 12+ all count 12."""
    v = CC.shift(CC.thirds("4"), 1, False, 6)
    assert CC.entry(v) == "4+"
    v = CC.shift(v, 5, True, 6)
    assert CC.entry(v) == "3-"
    assert CC.entry(CC.shift(CC.thirds("11-"), 4, False, 15)) == "12"
    assert {CC.points(CC.thirds(t)) for t in ("12-", "12", "12+")} == {12}
    assert CC.shift(CC.thirds("1"), 6, True, 6) == 0 and CC.shift(CC.thirds("6"), 6, False, 6) == 18   # clamped


def test_V13_T_C_2_the_nlf_modifiers():
    """L656-661: 1 NLF unit in the capital -2 (a capital captured -1 more), 2 towns -4, 3 cultivated
    hexes -3, 3 other hexes -1 (-1 1/2 rounded down... toward the NLF: floor)."""
    assert CC.pacification_drm(units_in_capital=1) == -2
    assert CC.pacification_drm(units_in_capital=1, captured_capitals=1) == -3
    assert CC.pacification_drm(nlf_towns=2) == -4 and CC.pacification_drm(nlf_cultivated=3) == -3
    assert CC.pacification_drm(nlf_other=3) == -2          # -1.5 rounded down
    assert CC.pacification_drm(nlf_other=1) == -1


def test_the_printed_pacification_table_is_its_stated_rule():
    pac = CC.chart("pacification")
    for row in pac["table"]:
        m = row["roll"] if isinstance(row["roll"], int) else int(row["roll"].split()[0])
        for col, spec in pac["columns"].items():
            T = spec["threshold"]
            n, shaded = (min(6, m - T + 1), False) if m >= T else (0, False) if m == T - 1 else (min(6, T - 1 - m), True)
            assert CC.pacification_result(col, m) == (n, shaded), (col, m)
    assert CC.pacification_column(6, 4, 130) == "B" and CC.pacification_column(6, 4, 30) == "D"   # morale shifts


# --- V 14 strategic bombing (T-C-3, T-C-4) -------------------------------------------------------------

def test_V14_T_C_3_unrestrained_north_84_ap_row_20_six_hits_three_lost():
    """L689-692: AD 2, 84 Air Points -> row 20; a 4 -> 6 hits; 3 loss dice (2 + 1 for the North)
    1, 2, 5 -> rows 21, 22, 25 -> 3 Air Points lost."""
    row = CC.bombing_row("north", 2, 84)
    assert row == 20 and CC.bombing_row("north", 2, 83) == 19
    assert CC.bombing_hits(row, 4, unrestrained=True) == (6, False)
    assert CC.loss_dice(2, unrestrained_north=True) == 3
    assert CC.bombing_losses(row, [1, 2, 5]) == 3


def test_V14_rows_above_25_and_air_beyond_it():
    """L692-693: row totals above 25 read row 25; Air Points beyond row 25's are wasted; the star
    (Trail only) lowers the Optimal status (V 14.1)."""
    assert CC.bombing_row("north", 2, 500) == 25
    assert CC.bombing_hits(24, 6, True) == CC.bombing_hits(25, 0, True)
    assert CC.bombing_hits(25, 0, unrestrained=False)[1] is True
    assert CC.bombing_row("trail", 2, 84) > 20                     # the Trail is less defended
    b = CC.chart("bombing")
    for target, cols in b["thresholds"].items():
        for ad, col in cols.items():
            assert col == sorted(col) and col == [math.ceil(round(b["thresholds_rule"]["k"][target][ad] * r, 6))
                                                  for r in range(1, 26)]


def test_V14_2_T_C_4_hits_on_the_north_cut_trail_supply():
    """L708-710: 12 Commitment Points to trail supply, 3 hits on the North -> 9 available."""
    assert CC.north_trail_supply(12, 3) == 9


# --- V 17.5 the blockade (T-C-20) ----------------------------------------------------------------------

def test_V17_5_T_C_20_sea_supply_2_index_54_minus_11_is_43_gives_9():
    """L938-940: 'The allocation for sea supply is 2. The corresponding index is 54 ... A total of 11
    ... a modified index of 43 (54-11=43), indicating that 9 sea supply were available.'"""
    assert CC.blockade_index(2) == 54
    assert CC.sea_supply(2, 11) == 9
    assert CC.sea_supply(2, 0) == 11 and CC.sea_supply(1, 30) == 0


# --- the Trail Track (T-C-17, 19, 22) ------------------------------------------------------------------

def test_V17_5_T_C_17_recruits_box_3_four_box_2_three_and_depletion():
    """L917-918: box 3, 4 per Commitment Point; L921-923: box 2, up to 3; L925-927: population 100,
    draft 301, box 3 -> 2; draft 401 -> 1; L976-978: the lowest box 6 supply and 3 recruits."""
    assert CC.recruits_per_cp(3) == 4 and CC.recruits_per_cp(2) == 3
    assert CC.recruits_per_cp(3, draft=301, population=100) == 2
    assert CC.recruits_per_cp(3, draft=401, population=100) == 1
    assert CC.recruits_per_cp(1, draft=900, population=100) == 1          # never below 1
    assert CC.trail_box(1)["supply"] == 6 and CC.recruits_per_cp(1) == 3


def test_V17_5_T_C_19_trail_supply_8_less_3_hits_times_8_is_40():
    """L933-934: 'Eight NVN commitment is allocated to trail supply. Three bombing hits ... reducing
    this to 5 ... box 3 (multiplier: 8), 40 trail supply'."""
    assert CC.trail_supply(8, 3, hits=3) == 40


def test_V17_8_T_C_22_mpa_7_at_x3_minus_2_is_19():
    """L1000: 'An NLF unit with a printed Movement Point Allowance of 7 would have a trail Movement
    Point Allowance of 19 (7x3-2)'."""
    assert CC.trail_mpa(7, 3) == 19


def test_the_trail_upgrades_cost_2_to_6():
    """V 17.6 (L970-972): 'the cost varies from 2 to 6'."""
    costs = [CC.trail_upgrade_cost(b) for b in range(1, 7)]
    assert costs[:-1] == [2, 3, 4, 5, 6] and costs[-1] is None


# --- V 15 politics (T-C-6, 7, 9) -----------------------------------------------------------------------

def test_V15_1_T_C_6_morale_135_roll_4_faction_b_minus_1():
    """L741-742: 'SVN morale is 135. Two dice, totaling 4 ... the rightmost column ... The loyalties of
    all SVN leaders in Faction B are reduced by 1.' After an offensive the roll is 1 lower (L739-740)."""
    assert CC.loyalty_column(135) == "V" == CC.chart("loyalty")["columns"][-1]["col"]
    assert CC.loyalty_shift(135, 4) == {"B": -1}
    assert CC.loyalty_shift(135, 4, after_offensive=True) == {"A": -1}


def test_V15_1_T_C_7_new_loyalty_2d6_plus_3_within_5_and_13():
    assert CC.new_loyalty(7) == 10 and CC.new_loyalty(12) == 13 and CC.new_loyalty(2) == 5


def test_V15_4_T_C_9_division_effective_on_4_or_less():
    """L764-767: the 1st Division's commander 5, the II Corps commander -1: effective on a 4 or less;
    a coup adds 2 to the die, instability 1."""
    assert CC.division_effective(4, 5, -1) and not CC.division_effective(5, 5, -1)
    assert not CC.division_effective(3, 5, -1, coup=True) and CC.division_effective(3, 5, -1, instability=True)
    ratings = {(l["effectiveness"]) for l in LEADERS["one_star"]}, {(l["effectiveness"]) for l in LEADERS["two_star"]}
    assert 5 in ratings[0] and -1 in ratings[1]                 # the example's leaders exist in the pools


# --- V 16 morale and commitment (T-C-10, 12, 23) -------------------------------------------------------

def test_V16_T_C_12_commitment_75_to_89_and_its_morale():
    """L829-831: 'US commitment is 75 at the start of the fall, 1965 interphase. The US decides on +14
    new commitment and brings on reinforcements totaling 15 commitment, and withdraws a battalion ...
    New commitment would be 14. US commitment for the season increases to 89.'"""
    new, after = CC.new_commitment(75, 15, CC.unit_cost("us.battalion")["cp"])
    assert (new, after) == (14, 89)
    assert CC.new_commitment_svn(new) == 3 and CC.new_commitment_nvn(new) == 3     # 14 / 5 = 2.8
    assert CC.us_new_commitment_morale(new) == -2                                   # designed row
    m = CC.chart("morale")
    assert after <= CAMPAIGNS["campaign-1965"]["tracks"]["us_morale"] - m["floor"]["min"]   # room to take them


def test_V16_1_T_C_10_new_commitment_to_svn_and_nvn_morale():
    """L810-811: 'US new commitment is negative 6. NVN morale declines by 1'; above +10 SVN ignores,
    NVN keeps (L802-803, L812)."""
    assert CC.new_commitment_svn(-6) == -1 and CC.new_commitment_nvn(-6) == -1
    assert CC.new_commitment_svn(60) == 10 and CC.new_commitment_nvn(60) == 12
    assert CC.new_commitment_svn(-60) == -12


def test_V16_1_T_C_23_capitals_and_nlf_losses():
    """L785-787: capitals 3-5 -1, 6-8 -2, 9-11 -3; L794-798: +1 per fifth NLF unit after the 25th,
    regiments 3 each; none in an offensive."""
    assert [CC.capitals_morale(n) for n in (2, 3, 8, 9)] == [0, -1, -2, -3]
    lost = 10 * CC.nlf_loss_weight("battalion") + 6 * CC.nlf_loss_weight("regiment")
    assert lost == 28 and CC.nlf_losses_morale(lost) == 0
    assert [CC.nlf_losses_morale(n) for n in (30, 39, 40)] == [1, 2, 3]
    assert CC.nlf_losses_morale(40, offensive=True) == 0


def test_the_designed_morale_rows_read_their_tables():
    assert CC.us_population_morale(206) == 1 and CC.us_population_morale(130) == -3
    assert CC.svn_population_morale(206 + 70) == 0
    assert CC.us_commitment_morale(75, 1965) == -2 and CC.us_commitment_morale(175, 1967) == -8
    assert CC.us_commitment_morale(175, 1967, engaged=False) == 0
    assert CC.nvn_bootstrap(40, 17) == 6 and CC.offensive_attacks_morale(7) == 0 and CC.offensive_attacks_morale(10) == -3


# --- V 17 the Unit Chart (T-C-13, 16, 21, 25) ----------------------------------------------------------

def test_V17_1_T_C_13_the_4th_division_for_9_commitment():
    """L857-860: 'The nine battalions of the 4th division are brought on at once (at a cost of 9
    Commitment Points) ... the three brigade HQ's appear for free. The 4th division HQ and its armored
    unit and armored cavalry squadron may also appear at no additional cost'."""
    div = CC.division("4id")
    mix = {c["id"]: c for c in MIX["counters"]}
    battalions = [i for i in div if mix[i]["chart"] == "us.battalion" and not mix[i].get("attached")]
    hqs = [i for i in div if KIND[mix[i]["kind"]]["type"] == "hq"]
    attached = [i for i in div if mix[i].get("attached")]
    assert len(battalions) == 9 and len(hqs) == 4 and len(attached) == 2
    assert {KIND[mix[i]["kind"]]["name"] for i in attached} == {"US armor battalion", "US armored cavalry squadron"}
    assert CC.formation_cost(div) == 9


def test_V17_4_T_C_16_augmented_arvn_regiment_1_personnel_5_supply():
    """L907: 'An augmented (full-strength) ARVN regiment costs 1 Personnel Point and 5 Supply Points';
    doubled once the draft exceeds the population (L893-895)."""
    base, up = CC.unit_cost("arvn.infantry_regiment"), CC.upgrade_cost("arvn.infantry_regiment")
    assert {"p": base["p"], "s": base["s"] + up["s"]} == {"p": 1, "s": 5}
    base2, up2 = CC.unit_cost("arvn.infantry_regiment", doubled=True), CC.upgrade_cost("arvn.infantry_regiment", doubled=True)
    assert {"p": base2["p"], "s": base2["s"] + up2["s"]} == {"p": 2, "s": 10}


def test_V17_the_rulebook_costs():
    """V 17.1 (L864): military aid 7 SVN supply a point; V 17.2 (L874-875): a Korean or Thai regiment
    1, its HQ and the Australians free; V 17.5 (L945-946): a VC battalion 2 supply, draft 1; V 17.6
    (L966-968): air defense 3 / 4 / 5; V 16.4 (L832-835): an offensive 10 at US commitment 150;
    V 17.1 (L868): the full McNamara Line 130 after the short."""
    uc = CC.chart("unit_chart")
    assert uc["us"]["military_aid"]["svn_supply"] == 7
    assert CC.unit_cost("fwa.korean_regiment") == {"cp": 1} and CC.unit_cost("fwa.australian") == {"cp": 0}
    assert CC.unit_cost("vc.battalion") == {"d": 1, "s": 2}
    assert uc["nvn"]["air_defense"]["costs"] == {"1": 3, "2": 4, "3": 5}
    assert uc["nvn"]["offensive"] == dict(uc["nvn"]["offensive"], cp=10, us_commitment=150)
    assert uc["us"]["mcnamara_full"]["after_short"] == 130


def test_campaign_I_starts_with_17_us_commitment():
    """Campaign note 4.3: six Marine battalions, 10 Air, 6 Naval, 2 Airmobile and 4 Replacement Points."""
    c1 = CAMPAIGNS["campaign-1965"]
    sup = c1["us"]["support"]
    cost = CC.formation_cost([u["id"] for u in c1["us"]["units"]])
    for key, item in (("air", "air_points"), ("naval", "naval_points"), ("airmobile", "airmobile_points"),
                      ("us_rp", "replacement_points")):
        rec = CC.chart("unit_chart")["us"][item]
        cost += sup[key] // rec["points"] * rec["cp"]
    assert cost == c1["tracks"]["us_commitment"] == 17
    nva = c1["nlf"]["nva"]["units"]
    assert sum(CC.unit_cost("nvn." + ("division_hq" if u.endswith("-hq") else "infantry_regiment"))["cp"] for u in nva) \
        == c1["tracks"]["nvn_commitment"] == 12


# --- item 3: the regions and the Population Control Sheet ----------------------------------------------

def test_V13_the_35_regions_total_360_each_4_to_15():
    """V 13 (L646-652), V 17.3 (L886-890): 35 regions (research 1), 4 to 15 points each, 360 in all,
    numbered by corps (Quang Tri I-1); Saigon, Gia Dinh and Da Nang are the +70, in no region."""
    regs = REGIONS["regions"]
    assert len(regs) == 35 and sum(r["population"] for r in regs) == 360
    assert all(4 <= r["population"] <= 15 for r in regs)
    assert regs[0]["code"] == "I-1" and regs[0]["name"] == "Quang Tri"
    for corps in ("I", "II", "III", "IV"):
        codes = [r["code"] for r in regs if r["corps"] == corps]
        assert codes == [f"{corps}-{i}" for i in range(1, len(codes) + 1)]
    provinces = [p for r in regs for p in r["provinces"]]
    assert len(provinces) == len(set(provinces)) == 43
    assert not set(REGIONS["rules"]["extra"]["provinces"]) & set(provinces) and REGIONS["rules"]["extra"]["points"] == 70
    assert "quang-nam" in provinces and {"quang-ngai", "binh-dinh", "pleiku"} <= set(provinces)


def test_the_region_points_are_the_stated_scaling_of_their_populations():
    for r in REGIONS["regions"]:
        k = sum(b["thousands"] for b in r["population_basis"])
        assert max(4, min(15, round(0.0702 * k ** 0.85))) == r["population"], r["code"]
        for b in r["population_basis"]:
            assert b["source"] in ("[SRC]", "[EST]") and (b["source"] == "[EST]" or b["ref"] in REGIONS["rules"]["population_refs"])


def test_the_start_control_of_each_campaign_in_thirds():
    """Campaign I SVN 206 / VC 154 (campaign note 6.3), Campaign II 212 / 148 (note 5); each region's
    start a whole point on the scale, within its size."""
    regs = REGIONS["regions"]
    for cid, want in REGIONS["start_totals"].items():
        played = [r for r in regs if cid != "evening-1965" or r["corps"] in ("I", "II")]
        svn = sum(r["start_svn"][cid] for r in played)
        if cid != "evening-1965":
            assert (svn, 360 - svn) == (want["svn"], want["vc"]), cid
        for r in played:
            v = CC.thirds(r["start_svn"][cid])
            assert 0 <= v <= 3 * r["population"] and CC.points(v) == r["start_svn"][cid]
    ev = CAMPAIGNS["evening-1965"]["population"]
    assert sum(r["start_svn"]["evening-1965"] for r in regs if r["code"] in ev["regions"]) == ev["svn"]
    assert sum(r["population"] for r in regs if r["code"] in ev["regions"]) == ev["svn"] + ev["vc"] == 138
    # V 17.5 (L943-944): 'Three population in Quang Nam are controlled by the VC' is possible there
    qn = next(r for r in regs if r["name"] == "Quang Nam")
    assert qn["population"] >= 3


def test_the_capitals_are_towns_of_the_whole_map():
    m = get_map("country")
    for r in REGIONS["regions"]:
        for cap in r["capitals"]:
            assert m.town(cap["hex"])["name"] == cap["name"] and m.province(cap["hex"]) == cap["province"]


# --- item 4: the countermix ------------------------------------------------------------------------------

def test_the_countermix_of_five_armies_against_the_unit_chart():
    """V 17 (L838-849): five armies; every counter's kind has the reference 4.5 values and a Unit Chart
    entry; the countermix is the cap (each counter once)."""
    counters = MIX["counters"]
    assert {c["army"] for c in counters} == {"US", "ARVN", "FWA", "NVA", "VC"}
    assert len({c["id"] for c in counters}) == len(counters) > 400
    uc = CC.chart("unit_chart")
    for c in counters:
        k = KIND[c["kind"]]
        assert {"pursuit", "ground", "art", "range", "mpa", "cls", "zoc"} <= set(k), c["id"]
        army, item = c["chart"].split(".")
        assert item in uc[army], c["id"]
        assert {"US": "us", "ARVN": "arvn", "FWA": "fwa", "NVA": "nvn", "VC": "vc"}[c["army"]] == army, c["id"]
        if "rear" in c:    # dual-faced: the front unaugmented, the rear augmented (V 17.4, 17.6)
            assert KIND[c["kind"]]["face"] == "unaugmented" and KIND[c["rear"]]["face"] == "augmented"
        assert k["src"]["source"] in SOURCES
    assert MIX["counts"] == {a: sum(1 for c in counters if c["army"] == a) for a in MIX["counts"]}


# reference 4.5's proposed unit chart (vietnam_6575.md), row by row: (pursuit, ground, artillery, MPA,
# move class, ZOC); None: no pursuit modifier; a range of artillery (4, 8) for the brigade HQs' 4-8
REF_4_5 = {
    "US inf/Marine/airborne battalion": ((3, 3, 0, 8, "foot", True), ("us_inf_bn", "us_marine_bn", "us_abn_bn", "aus_bn")),
    "1st Cav / 101st battalion": ((4, 3, 0, 8, "foot", True), ("us_cav_bn", "us_airmobile_bn")),
    "US mech / armor battalion": ((4, 4, 0, 12, "mech", True), ("us_mech_bn", "us_armor_bn")),
    "US armored cavalry squadron": ((5, 3, 0, 14, "mech", True), ("us_acav_sqn",)),
    "US brigade/regiment HQ": ((None, 0, (4, 8), 6, "mech", False), ("us_bde_hq", "us_cav_bde_hq", "us_rgt_hq", "aus_hq")),
    "US division HQ": ((None, 0, 8, 6, "mech", False), ("us_div_hq", "us_cav_div_hq")),
    "US 105mm artillery battalion": ((None, 0, 4, 6, "mech", False), ("us_105", "us_cav_105")),
    "US 155mm artillery battalion": ((None, 0, 7, 6, "mech", False), ("us_155",)),
    "US 175mm artillery battalion": ((None, 0, 10, 6, "mech", False), ("us_175",)),
    "ARVN infantry regiment (unaug)": ((1, 4, 2, 7, "foot", True), ("arvn_rgt",)),
    "ARVN infantry regiment (aug)": ((2, 6, 2, 7, "foot", True), ("arvn_rgt_aug",)),
    "ARVN battalion": ((1, 2, 0, 7, "foot", False), ("arvn_bn",)),
    "ARVN Ranger": ((2, 2, 0, 8, "foot", True), ("arvn_ranger",)),
    "ARVN division HQ": ((None, 0, 3, 6, "foot", False), ("arvn_div_hq",)),
    "VC regiment": ((2, 6, 2, 6, "foot", True), ("vc_regiment",)),
    "VC division HQ": ((None, 0, 4, 6, "foot", False), ("vc_div_hq",)),
    "Political section": ((None, 0, 0, 6, "foot", True), ("vc_political",)),
    "Supply conduit": ((None, 0, 0, 0, "foot", True), ("vc_conduit",)),
    "NVA infantry regiment (unaug)": ((1, 5, 2, 7, "foot", True), ("nva_rgt",)),
    "NVA infantry regiment (aug)": ((2, 7, 3, 7, "foot", True), ("nva_rgt_aug",)),
    "NVA mechanized regiment (aug)": ((2, 6, 3, 10, "mech", True), ("nva_mech_rgt",)),
    "NVA division HQ": ((None, 0, 6, 6, "foot", False), ("nva_div_hq",)),
    "NVA artillery": ((None, 0, 8, 5, "mech", False), ("nva_art",)),
}


def test_the_countermix_values_are_reference_4_5s_unit_chart():
    """Issue 47 item 4: every counter of the countermix (and each rear face) of a type reference 4.5
    lists carries that row's values; the VC battalions drawn at random lie in its ranges (+1..+3,
    1-3, 0-1, 6-7); a type the table does not list (Korean, Thai and Philippine units, ARVN airborne,
    marine, armour and artillery, VC artillery, NVA armour) is marked a design, or copies one
    (the Korean Marine brigade: the Korean regiment) with its values."""
    row_of = {k: vals for vals, kinds in REF_4_5.values() for k in kinds}
    kinds = {c["kind"] for c in MIX["counters"]} | {c["rear"] for c in MIX["counters"] if "rear" in c}
    for k in sorted(kinds):
        v = KIND[k]
        if k in row_of:
            pursuit, ground, art, mpa, cls, zoc = row_of[k]
            lo, hi = art if isinstance(art, tuple) else (art, art)
            assert (v.get("pursuit"), v["ground"], v["mpa"], v["cls"], v["zoc"]) == (pursuit, ground, mpa, cls, zoc), k
            assert lo <= v["art"] <= hi, k
        elif k.startswith("vc_bn_"):
            assert 1 <= v["pursuit"] <= 3 and 1 <= v["ground"] <= 3 and 0 <= v["art"] <= 1 and 6 <= v["mpa"] <= 7, k
        else:    # a design, or a copy of one (then the same values)
            src = v["src"]
            copy = re.search(r"\(counters\.json (\w+)\)", src["why"])
            if copy:
                assert all(v[f] == KIND[copy[1]][f] for f in ("pursuit", "ground", "art", "mpa", "cls", "zoc")), k
            else:
                assert "design" in src["source"] + src["why"], k
    assert set(row_of) <= set(KIND), set(row_of) - set(KIND)


def test_the_countermix_holds_the_formations_the_rulebook_names():
    names = {c["name"] for c in MIX["counters"]}
    mix = {c["id"]: c for c in MIX["counters"]}
    for n in ("1st Cavalry Division (Airmobile) HQ", "1st Infantry Division HQ", "4th Infantry Division HQ",
              "9th Infantry Division HQ", "25th Infantry Division HQ", "23rd Infantry Division (Americal) HQ",
              "101st Airborne Division (Airmobile) HQ", "199th Light Infantry Brigade HQ", "3rd Marine Division HQ",
              "1st Marine Division HQ", "3/3 Marines", "2/4 Marines", "3/7 Marines", "2/12 Marines (155mm)",
              "ROK Capital Division (Tiger) HQ", "ROK 9th Division (White Horse) HQ", "ROK 2nd Marine Brigade (Blue Dragon)",
              "Queen's Cobra Regiment", "3rd Brigade, Royal Thai Army", "ANZAC Battalion (2 RAR / NZ)",
              "Philippine Civic Action Group", "VC 1st Regiment", "NVA 325th Division HQ"):
        assert n in names, n
    # eleven ARVN infantry divisions, the Airborne and the Marines (V 15.1: 13 one-star commands)
    arvn_hq = [c for c in MIX["counters"] if c["army"] == "ARVN" and c["kind"] == "arvn_div_hq"]
    assert len(arvn_hq) == 13 == len(LEADERS["positions"]["one_star"])
    # the 199th's four battalions (reference 4.5), the 1st Infantry's 1/1/1 mechanized
    assert sum(1 for c in MIX["counters"] if c.get("formation") == "199lib" and c["chart"] == "us.battalion") == 4
    assert mix["1id-1-16infantry(mech)"]["kind"] == "us_mech_bn"
    # V 17.2: Korea's Capital Division is 3 regiments and its HQ (4 rolls); Thailand arrives in 4 stages
    assert sum(1 for c in MIX["counters"] if c.get("formation") == "rokcap") == 4
    assert sorted({c["stage"] for c in MIX["counters"] if c.get("country") == "Thailand"}) == [1, 2, 3, 4]
    # Starlite's counters are in the mix with their values (V 18.2)
    for sid, kid in (("m33", "us_marine_bn"), ("m24", "us_marine_bn"), ("m37", "us_marine_bn")):
        assert mix[sid]["kind"] == kid
    # VC battalions drawn at random (V 17.5), from counters.json's kinds
    vcbn = [c for c in MIX["counters"] if c.get("random")]
    assert len(vcbn) > 80 and {c["kind"] for c in vcbn} == set(json.loads((DATA / "counters.json").read_text())["vc_battalion_pool"]["items"])
    assert len([s for s in MIX["ships"] if s["kind"] == "cruiser"]) == 3 and [s["name"] for s in MIX["ships"] if s["kind"] == "battleship"] == ["USS New Jersey"]


# --- item 5: the SVN leaders -----------------------------------------------------------------------------

def test_V15_1_the_leader_pools():
    """L716-767: pools larger than the 13 one-star and 7 two-star positions and the one three-star;
    factions A, B, C; three-stars with an SVN (left) and a US (right) value; designations, not names
    of real officers."""
    pos = LEADERS["positions"]
    assert len(pos["one_star"]) == 13 and len(pos["two_star"]) == 7 and len(pos["three_star"]) == 1
    assert len(LEADERS["one_star"]) > 13 and len(LEADERS["two_star"]) > 7 and len(LEADERS["three_star"]) > 1
    for pool in ("one_star", "two_star"):
        assert {l["faction"] for l in LEADERS[pool]} == {"A", "B", "C"}
    assert all({"svn", "us"} <= set(l) for l in LEADERS["three_star"])
    assert all("pool" in l["name"] for p in ("one_star", "two_star", "three_star") for l in LEADERS[p])


# --- item 7: the campaign set-ups ------------------------------------------------------------------------

def test_the_campaign_set_ups_are_data_not_offered_to_play():
    """Campaign I (S2's set-up), a designed second campaign and an evening's campaign: in their own
    file, each marked not playable; the start screen's scenarios (scenarios.json) hold none of them."""
    assert set(CAMPAIGNS) == {"campaign-1965", "campaign-1968", "evening-1965"}
    assert not set(CAMPAIGNS) & set(SCENARIOS)
    mix = {c["id"] for c in MIX["counters"]}
    for cid, c in CAMPAIGNS.items():
        assert c["playable"] is False and c["briefing"]["history"] and c["briefing"]["victory"], cid
        assert c["calendar"] in CC.chart("calendar")["campaigns"] and c["population"]["start"] in REGIONS["start_totals"]
        for group in (c.get("us", {}).get("units", []),):
            assert all(u["id"] in mix for u in group), cid
    c1 = CAMPAIGNS["campaign-1965"]
    assert {u["hex"] for u in c1["us"]["units"]} == {"4411"}      # S2: 'start in Da Nang' (V 17.1)
    assert {mixc["formation"] for mixc in MIX["counters"] if mixc["id"] in {u["id"] for u in c1["us"]["units"]}} == {"3m", "4m"}
    assert c1["victory"]["nlf_automatic"]["vc_population"] == 201
    ev = CAMPAIGNS["evening-1965"]
    assert CC.turns(ev["calendar"]) == 8 and ev["play_area"]["corps"] == ["I", "II"]
    assert [lv["winner"] for lv in ev["victory"]["levels"]] == ["NLF", "draw", "US", "US"]


def test_every_campaign_value_says_where_it_comes_from():
    """Each data file carries its provenance, and every source is one of the five kinds."""
    def walk(o, path):
        if isinstance(o, dict):
            if isinstance(o.get("source"), str) and o["source"] not in ("[SRC]", "[EST]"):
                assert o["source"] in SOURCES, (path, o["source"])
                assert o.get("why"), path
            for k, v in o.items():
                walk(v, f"{path}/{k}")
        elif isinstance(o, list):
            for v in o:
                walk(v, path)
    for name in ("calendar", "pacification", "bombing", "blockade", "trail", "loyalty", "morale", "unit_chart",
                 "regions", "countermix", "leaders", "scenarios"):
        doc = CC.chart(name)
        assert doc["source"]["source"] in SOURCES and doc["source"]["why"], name
        walk(doc, name)


@pytest.mark.parametrize("name", ["pacification", "bombing", "blockade", "trail", "loyalty", "morale", "unit_chart"])
def test_each_chart_names_the_rulebook_example_it_reproduces(name):
    ex = CC.chart(name).get("examples") or []
    assert ex and all("L" in e["what"] or "note" in e["what"] for e in ex)
