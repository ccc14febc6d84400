"""The Combat Phase (MF 4.0 I.6, II.7): its bombardments (bombard.py, MF 18-19) and ground battles
(MF 20, 24.2, 25.1, 25.4, 25.6, 26.1; the break-off of MF 29 in breakoff.py), the hits and the body
counts (MF 21)."""

from ...engine import battle as BR
from ...engine.flow import Procedure
from . import board as B
from .bcp import settle
from .board import flow
from .data import SPACES
from .events import loc_name
from .setup import attach


# --- body counts of one battle or bombardment (MF 21.4, R-BC1) -----------------------------

def count_bcp(acc, n):
    """Count BCP gained (n > 0) or lost (n < 0) in the frame of the battle or bombardment."""
    acc["bcp"] = acc.get("bcp", 0) + n
    key = "gained" if n > 0 else "lost"
    acc[key] = acc.get(key, 0) + abs(n)


COUNTS = ("bcp", "gained", "lost")


def counts(acc):
    """The BCP counted in acc (count_bcp), to be added to another count (add_counts)."""
    return {k: acc[k] for k in COUNTS if k in acc}


def add_counts(acc, counted):
    for k, v in (counted or {}).items():
        acc[k] = acc.get(k, 0) + v


def settle_counted(g, acc, why):
    """R-BC1: by default the battle's gains and losses are netted into one choice; the
    alternative settles the gains and the losses each with its own choice. A net of gains and
    losses names both, so the sum the player settles adds up on screen (issue 45 item 9)."""
    if g.s["options"]["bcp_net"]:
        gained, lost = acc.get("gained", 0), acc.get("lost", 0)
        if gained and lost:
            why = f"{why} (+{gained} -{lost} BCP)"
            if not acc.get("bcp"):
                g.log(f"{why}: they cancel out, nothing to settle", "MF 21.4")
        settle(g, acc.get("bcp", 0), why)
    else:
        settle(g, acc.get("gained", 0), why + " (gains)")   # asked second (the last pushed is asked first)
        settle(g, -acc.get("lost", 0), why + " (losses)")  # asked first


# --- hits ----------------------------------------------------------------------------------

def hit_com(g, uid, acc):
    """MF 20.4: a Communist unit is eliminated (mobile to its box, static removed); a garrison flips."""
    s = g.s
    u = s["units"][uid]
    where = u["loc"]
    if B.is_garrison(u):
        B.flip(s, u, "com", False)
        g.log(f"The {B.KINDS[u['k']]['name']} is retaken by the Free World", "MF 24.2", kind="loss")
        settle(g, B.KINDS[u["k"]]["bcp"], f"Recapture of {SPACES[where]['name']}", "MF 21.5")
        return
    k = B.K(u)
    B.flip(s, u, "rev", False)
    B.put(s, uid, B.COM_MOBILE if k.get("mobile") else B.GONE)
    count_bcp(acc, k["bcp"])
    g.log(f"{k['name']} eliminated at {SPACES[where]['name']} (+{k['bcp']} BCP)", "MF 20.4", kind="loss",
          refs=B.refs(B.ref_p(where)))


def hit_fw(g, uid, acc):
    """MF 20.4, 21.4, 24.2, 25.1. Returns the uid now standing in the unit's place, or None."""
    s = g.s
    u = s["units"][uid]
    where = u["loc"]
    k = B.K(u)
    if B.is_garrison(u):
        B.flip(s, u, "com", True)
        g.log(f"The {k['name']} falls to the Communists", "MF 24.2", kind="loss")
        B.check_sudden_death(g)
        settle(g, -k["bcp"], f"Loss of {SPACES[where]['name']}", "MF 21.5")
        return None
    if B.two_step(u) and not u.get("red"):
        u["red"] = True
        if B.is_sf(u):
            count_bcp(acc, -1)
        g.log(f"{k['name']} at {loc_name(where)} is disrupted" + (" (-1 BCP)" if B.is_sf(u) else ""), "MF 13.1",
              kind="loss", refs=B.refs(B.ref_p(where)))
        return uid
    if u["k"] == "mgf":  # MF 25.1: a reduced MGF becomes a full Mike Force company
        count_bcp(acc, -1)
        mf = next((x for x in sorted(B.units_at(s, B.SF_POOL)) if s["units"][x]["k"] == "mf"), None)
        if mf and s["options"]["mgf_replacement"] == "replace":
            # R-MGF2: a replacement, not an elimination: its leader and carried targets stay with the
            # Mike Force company that takes its place
            B.put(s, mf, where)
            s["units"][mf].pop("red", None)
            for o in s["units"].values():
                if o.get("att") == uid:
                    o["att"] = mf
                if o.get("by") == uid:
                    o["by"] = mf
            u.pop("red", None)
            B.put(s, uid, B.SF_POOL)
            g.log(f"The MGF at {loc_name(where)} is replaced by a full Mike Force company (its leader and "
                  "carried targets stay with it; -1 BCP)", "MF 25.1", kind="loss")
            return mf
        B.eliminate_fw(g, uid, "MF 25.1", bcp=1)
        if mf:
            B.put(s, mf, where)
            g.log("A full Mike Force company takes the MGF's place", "MF 25.1")
            return mf
        B.change_rp(g, 1, "No Mike Force company to replace the MGF", "MF 25.1")
        return None
    cost = 1 if B.is_sf(u) else k.get("c", 0) if B.is_macv(u) else 0  # R-BCP2: a MACV unit's combat factor
    if B.is_sf(u) or B.is_macv(u):
        count_bcp(acc, -cost)
    B.eliminate_fw(g, uid, "MF 20.4", bcp=cost)
    return None


def hit_fw_effect(s, uid):
    """What hit_fw(uid) would do, said before the player picks the unit hit (issue 9 item 5):
    (text, warning or None); a warning when the unit is lost. Kept beside hit_fw, checked against
    it in the tests."""
    u = s["units"][uid]
    k = B.K(u)
    name = B.name_of(s, uid)
    if B.is_garrison(u):
        return f"falls (-{k['bcp']} BCP)", f"{name} falls to the Communists: -{k['bcp']} BCP (MF 24.2)"
    if B.two_step(u) and not u.get("red"):
        return "disrupted" + (" (-1 BCP)" if B.is_sf(u) else ""), None
    if u["k"] == "mgf":
        spare = any(s["units"][x]["k"] == "mf" for x in B.units_at(s, B.SF_POOL))
        if spare and s["options"]["mgf_replacement"] == "replace":
            return "replaced by a full Mike Force company (-1 BCP)", None
        return "eliminated (-1 BCP)", f"{name} is eliminated: -1 BCP (MF 25.1)"
    bcp = 1 if B.is_sf(u) else k.get("c", 0) if B.is_macv(u) else 0
    cost = f" (-{bcp} BCP)" if bcp else ""
    lost = [B.name_of(s, x) for x, o in sorted(s["units"].items()) if o.get("att") == uid]
    also = f"; {', '.join(lost)} is lost with it" if lost else ""
    return "eliminated" + cost, f"{name} is eliminated{cost}{also} (MF 20.4)"


# --- ground combat (MF 20) -----------------------------------------------------------------

def fw_participants(s, sp, here=None):
    """Every FW ground unit in the space, helicopters, statics and an FW garrison included."""
    U = s["units"]
    return sorted([uid for uid in (B.units_seen(s, sp) if here is None else here)
                   if B.is_fw(U[uid]) and B.is_ground(U[uid])])


def com_participants(s, sp, here=None):
    """Revealed Communist ground units (concealed ones take no part, R-CB1), a Communist garrison
    included, special targets excluded (MF 26.3)."""
    out = []
    U = s["units"]
    for uid in (B.units_seen(s, sp) if here is None else here):
        u = U[uid]
        if not B.is_com(u) or B.is_target(u):
            continue
        if B.is_garrison(u) or u.get("rev"):
            out.append(uid)
    out.sort()
    return out


def sides(s, sp):
    """(FW participants, Communist participants) as tuples, kept while nothing enters, leaves or flips
    in the space (a battle asks before each of its parts)."""
    return B.kept_at(s, sp, "sides", _sides, s, sp)


def _sides(s, sp):
    here = B.units_seen(s, sp)
    return tuple(fw_participants(s, sp, here)), tuple(com_participants(s, sp, here))


def battle_spaces(s):
    """MF 20.0: spaces with FW ground units and revealed Communist ground units (what each space
    holds: fw_participants and com_participants would find some), in map order, a new list."""
    return list(B.battle_spaces(s))


@flow.step("combat")
class CombatPhase(Procedure):
    """The Combat Phase (MF 4.0 I.6 and II.7, and a Big Offensive's, MF 28.2 step 4): a) a
    bombardment in every space holding airstrikes (MF 18.2), b) a battle in every space holding
    both sides' ground units (MF 20.0), one at a time, the player picking the next."""

    parts = ("airstrikes", "bombardments", "next_battle", "battle")

    def airstrikes(self, g, f):
        s = g.s
        with B.reading(s):
            f["to_bomb"] = [sp for sp in SPACES if B.holds(s, sp, B.AIRSTRIKE)]  # airstrikes_in finds one

    def bombardments(self, g, f):
        """a), space by space from the last in map order."""
        if f["to_bomb"]:
            g.call("bombard", sp=f["to_bomb"].pop())
            self.again(f)

    def next_battle(self, g, f):
        """b): the battles still to fight; none left, the phase is over."""
        left = [sp for sp in battle_spaces(g.s) if sp not in f.setdefault("fought", [])]
        if not left:
            g.end()
        elif len(left) == 1:
            f["pick"] = {"t": "space", "to": left[0]}
        else:
            ch = [{"t": "space", "to": sp, "label": f"Fight the battle at {SPACES[sp]['name']}"} for sp in left]
            g.ask("Choose the next battle", "MF 4.0 I.6 b", ch, into="pick")

    def battle(self, g, f):
        sp = f.pop("pick")["to"]
        f["fought"].append(sp)
        g.log(f"Battle at {SPACES[sp]['name']}", "MF 20.1", kind="battle", battle=sp, refs=B.refs(B.ref_p(sp)))
        g.call("battle", sp=sp, round=1, bcp=0, sf=False)
        self.goto_part(f, "next_battle")


def fortified(s, f, target, shooter_side):
    """MF 20.3 at the instant of firing, with R-FT1 and the assault rule (MF 26.1, R-FT2): read
    from the units in the battle's space alone, so kept while nothing enters, leaves or flips there."""
    sp = f["sp"]
    if B.is_fw(s["units"][target]):
        return B.kept_at(s, sp, "fortified_fw", _fortified, s, sp, True)
    return B.kept_at(s, sp, "fortified_com", _fortified, s, sp, False)


def _fortified(s, sp, fw_target):
    if fw_target:
        gar = B.garrison_at(s, sp)
        fort = B.is_major(sp) and gar is not None and not gar.get("com")
        if fort and any(B.K(s["units"][c]).get("assault") for c in com_participants(s, sp)):
            return False
        return fort
    if B.region(sp) == "NVN":
        return True
    return any(B.K(s["units"][c]).get("depot") and s["units"][c].get("rev") for c in B.com_units(s, sp))


def can_hit(s, f, shooter, target):
    cf = B.cf_of(s, s["units"][shooter])
    if cf <= 0:
        return False
    side = "FW" if B.is_fw(s["units"][shooter]) else "COM"
    return cf > 1 or not fortified(s, f, target, side)


def fw_targets(s, sp):
    """The FW may fire at a Communist garrison only when it stands alone (R-GA1); a list."""
    com = sides(s, sp)[1]
    non_gar = [c for c in com if not B.is_garrison(s["units"][c])]
    return non_gar or list(com)


def com_order(s, sp):
    """MF 20.1: strongest first, ties by id; a garrison last (MF 24.2)."""
    com = sides(s, sp)[1]
    return sorted(com, key=lambda c: (B.is_garrison(s["units"][c]), -B.cf_of(s, s["units"][c]), c))


def fw_alive(s, f):
    present = set(sides(s, f["sp"])[0])
    return [u for u in f["fw_line"] if u in present]


def first_fw_target(s, f):
    line = fw_alive(s, f)
    non_gar = [u for u in line if not B.is_garrison(s["units"][u])]
    return (non_gar or line)[0]


@flow.step("battle")
class Battle(Procedure):
    """A ground battle at f["sp"] (MF 20.1), round after round: from the second round a Withdrawal
    Step (MF 29.1, optional), then 1) tactical superiority and 2) the line-up and the fire, each
    side's units in turn; 5) it is won as soon as one side is wiped out or withdrawn (checked
    before every part); then the body count (MF 21.4) and Rising from the Ranks (MF 25.4).
    Frame: sp, round, the line (fw_line, line_pending, keep_line, com_line), who fired this round
    (fired, next), and the battle's BCP (count_bcp)."""

    parts = ("round", "break_off", "superiority", "line_up", "next_in_line", "fire", "aimed", "end")
    _END = parts.index("end")

    def run(self, g, f):
        if f.get("pc", 0) < self._END:
            fw, com = sides(g.s, f["sp"])
            if not fw or not com:
                self.goto_part(f, "end")  # step 5: one side is gone
        super().run(g, f)

    def round(self, g, f):
        """Steps 2-4: a round (the first, or one more while both sides have units)."""
        s = g.s
        sp = f["sp"]
        fw, com = sides(s, sp)
        g.log(f"Round {f['round']} at {SPACES[sp]['name']}", "MF 20.1", kind="round", refs=B.refs(B.ref_p(sp)))
        _record_round(g, f, fw, com)
        f["fired"] = []
        if any(B.is_sf(s["units"][u]) for u in fw):
            f["sf"] = True  # MF 25.4 Rising: "any combat involving any SF units", fired or not
        if not any(can_hit(s, f, a, b) for a in fw for b in com) and \
                not any(can_hit(s, f, b, a) for a in fw for b in com):
            # R-CB2: neither side can ever score a hit; the battle ends, both sides stay
            g.log("Neither side can inflict a hit: the battle ends (ruling R-CB2)", "MF 20.1")
            self.goto_part(f, "end")

    def break_off(self, g, f):
        """MF 29.1 (optional): the second and later rounds begin with a Withdrawal Step."""
        if f["round"] >= 2 and g.s["options"]["breakoff"]:
            g.call("break_off", sp=f["sp"], tried=[])

    def superiority(self, g, f):
        """Step 1: the Free World unit with the best recon is designated (always the best choice)
        and rolls; then the line-up begins from the last round's order."""
        s = g.s
        fw = sides(s, f["sp"])[0]
        best = max(fw, key=lambda u: (B.recon_of(s, s["units"][u]), u))
        r = B.recon_of(s, s["units"][best])
        d = g.roll(1, f"Tactical superiority with {B.name_of(s, best)} (recon {r})", "MF 20.1",
                   refs=B.refs(B.ref_u(g.s, best)))[0]
        f["first"] = "FW" if d <= r else "COM"
        f["next"] = f["first"]
        g.log(("Free World" if f["first"] == "FW" else "Communist") + " tactical superiority: they fire first",
              "MF 20.1")
        BR.first(g, f["first"])
        order = [u for u in f.get("fw_line", []) if u in fw] + [u for u in fw if u not in f.get("fw_line", [])]
        f["line_pending"] = [u for u in order if not B.is_garrison(s["units"][u])]
        f["fw_line"] = []
        if f.get("keep_line"):  # "keep this order for the whole battle": no question this round
            _line_done(g, f)
            self.goto_part(f, "fire")

    def line_up(self, g, f):
        """Step 2: the player lines up the Free World units one at a time, a garrison last (R-GA1);
        nothing is asked when the order cannot matter."""
        s = g.s
        pend = f["line_pending"]
        if len(pend) <= 1 or len({s["units"][u]["k"] + str(s["units"][u].get("red")) for u in pend}) == 1 \
                and not any(B.leader_of(s, u) for u in pend):
            _line_done(g, f)
            self.goto_part(f, "fire")
            return
        lab = {u: BR.label(g, u, x) for u, x in B.labels(s, pend).items()}
        rest = ", ".join(lab[u] for u in pend)
        ch = [{"t": "unit", "unit": u, "label": f"Next in line: {lab[u]}"} for u in pend]
        ch.append({"t": "done", "label": f"This round, keep the rest in this order: {rest}"})
        ch.append({"t": "keep", "label": f"Keep this order for the whole battle: "
                   + ", ".join([lab.get(u, B.name_of(s, u)) for u in f["fw_line"]] + [rest])})
        g.ask("Line up your units: the first in line fires first and takes the Communist fire",
              "MF 20.1", ch, into="in_line")

    def next_in_line(self, g, f):
        """The answer: the unit next in line (and the next is asked for), or the rest as they stand,
        this round or ("keep") for the whole battle (a unit that joins or leaves changes nothing for
        the others: the newcomers stand last)."""
        a = f.pop("in_line")
        if a["t"] == "unit":
            f["line_pending"].remove(a["unit"])
            f["fw_line"].append(a["unit"])
            self.goto_part(f, "line_up")
            return
        if a["t"] == "keep":
            f["keep_line"] = True
            g.log("The Free World line keeps this order for the whole battle", "MF 20.1")
        _line_done(g, f)

    def fire(self, g, f):
        """Step 2: the sides fire in turns, one unit at a time, the side with superiority first; a
        side with units left fires them all once the other has none; then the next round."""
        s = g.s
        fired = f["fired"]
        fw, com = sides(s, f["sp"])
        alive = [u for u in f["fw_line"] if u in fw]
        present = set(com)
        fw_next = [u for u in alive if u not in fired]
        com_next = [u for u in f["com_line"] if u in present and u not in fired]
        if not fw_next and not com_next or not alive or not present:
            f["round"] += 1
            self.goto_part(f, "round")
            return
        side = f["next"]
        if side == "FW" and not fw_next:
            side = "COM"
        if side == "COM" and not com_next:
            side = "FW"
        f["next"] = "COM" if side == "FW" else "FW"
        if side == "COM":
            fired.append(com_next[0])
            _shoot(g, f, com_next[0], [first_fw_target(s, f)])
        elif _fw_fires(g, f, fw_next[0]):
            return  # the player aims it: the next part fires
        self.again(f)

    def aimed(self, g, f):
        """The player's aim: the target (MF 20.1), or pair after pair of dice (MF 25.6); then the
        unit fires and the next one is up."""
        a = f.pop("aim")
        p = f.get("pairs")
        if p is None:
            _shoot(g, f, a["unit"], [a["target"]])
        else:
            p["targets"].append(a["target"])
            p["left"] -= 1
            if p["left"] > 0:
                _ask_pair(g, f)
                self.again(f)
                return
            f.pop("pairs")
            _shoot(g, f, p["shooter"], p["targets"], pairs=True)
        self.goto_part(f, "fire")

    def end(self, g, f):
        """Step 5: the side left standing wins (or neither); the battle's body count is settled
        (MF 21.4), then a Free World win by SF units may bring a leader (MF 25.4)."""
        s = g.s
        sp = f["sp"]
        fw, com = sides(s, sp)
        winner = "FW" if fw and not com else "COM" if com and not fw else None
        if winner:
            g.log(f"Battle at {SPACES[sp]['name']} won by the " + ("Free World" if winner == "FW" else "Communists"),
                  "MF 20.1", kind="result", refs=B.refs(B.ref_p(sp)))
        BR.end(g, f"Won by the {'Free World' if winner == 'FW' else 'Communists'}" if winner
               else "Both sides stay")
        settle_counted(g, f, f"Battle at {SPACES[sp]['name']}")
        if winner == "FW" and s["options"]["rising"] and f.get("sf"):
            g.call("rising", sp=sp)  # rolled before the body count is asked (the last pushed runs first)


def _fw_fires(g, f, shooter):
    """A Free World unit's fire (MF 20.1, 20.5, 25.6); True when the player is asked where to aim
    it (the answer lands in f["aim"])."""
    s = g.s
    sp = f["sp"]
    f["fired"].append(shooter)
    if B.is_sf(s["units"][shooter]):
        f["sf"] = True
    cf = B.cf_of(s, s["units"][shooter])
    if cf <= 0:
        g.log(f"{B.name_of(s, shooter)} has no combat factor and does not fire", "MF 20.5",
              refs=B.refs(B.ref_u(g.s, shooter)))
        return False
    targets = fw_targets(s, sp)
    heavy = B.K(s["units"][shooter]).get("heavy") and B.stype(sp) in ("open", "major_base")
    if heavy:  # MF 25.6, R-BR1: 2 dice per CF, pairs split among targets before rolling
        if len(targets) == 1:
            _shoot(g, f, shooter, [targets[0]] * cf, pairs=True)
            return False
        f["pairs"] = {"shooter": shooter, "left": cf, "targets": []}
        _ask_pair(g, f)
        return True
    if len(targets) == 1:
        _shoot(g, f, shooter, targets)
        return False
    lab = B.labels(s, targets)  # as the battle display names them, if it lists them
    ch = [{"t": "target", "unit": shooter, "target": t,
           "label": f"{BR.label(g, shooter, B.name_of(s, shooter))} fires at {BR.label(g, t, lab[t])}"}
          for t in targets]
    return g.ask(f"{B.name_of(s, shooter)} fires (CF {cf}): choose its target", "MF 20.1", ch, into="aim")


def _record_round(g, f, fw, com):
    """The battle record for the battle display (engine/battle.py): started at round 1, the round
    number kept after; display only, decides nothing."""
    s = g.s
    if f["round"] == 1 or not BR.current(g):
        def units(ids, name):
            return [BR.unit(u, name(u), f"CF {B.cf_of(s, s['units'][u])}") for u in ids]
        BR.start(g, SPACES[f["sp"]]["name"], f"Battle at {SPACES[f['sp']]['name']}", "MF 20.1", [
            BR.side("FW", "Free World", "FW", units(fw, lambda u: B.name_of(s, u))),
            BR.side("COM", "Communists", "COM", units(com, lambda u: B.KINDS[s["units"][u]["k"]]["name"]))],
            round_no=f["round"], at=f["sp"])
    else:
        BR.next_round(g, f["round"])


def _ask_pair(g, f):
    s = g.s
    p = f["pairs"]
    targets = fw_targets(s, f["sp"])
    lab = B.labels(s, targets)
    ch = [{"t": "target", "unit": p["shooter"], "target": t,
           "label": f"Aim a pair of dice at {BR.label(g, t, lab[t])}"} for t in targets]
    g.ask(f"{B.name_of(s, p['shooter'])} rolls two dice per combat factor: aim pair "
          f"{len(p['targets']) + 1} of {len(p['targets']) + p['left']}", "MF 25.6", ch, into="aim")


def _shoot(g, f, shooter, aims, pairs=False):
    """MF 20.2: one die per CF (pairs for bracketed fire); any die at or under the CF hits, under
    it against a fortified target (MF 20.3); at most one hit per target (MF 20.4)."""
    s = g.s
    u = s["units"][shooter]
    cf = B.cf_of(s, u)
    side = "FW" if B.is_fw(u) else "COM"
    if cf <= 0:
        g.log(f"{B.name_of(s, shooter) if side == 'FW' else B.KINDS[u['k']]['name']} has no combat factor", "MF 20.5")
        return
    groups = {}
    for t in aims:
        groups[t] = groups.get(t, 0) + (2 if pairs else cf)
    for t, n in groups.items():
        if s["units"][t]["loc"] != f["sp"]:
            continue
        fort = fortified(s, f, t, side)
        need = f"under {cf}" if fort else f"{cf} or less"
        who = B.name_of(s, shooter) if side == "FW" else B.KINDS[u["k"]]["name"]
        dice = g.roll(n, f"{who} fires at {B.name_of(s, t)} ({need}{', fortified' if fort else ''})",
                      "MF 20.3" if fort else "MF 20.2", add=False)  # each die checked on its own
        ok = any((d < cf) if fort else (d <= cf) for d in dice)
        t_lab = BR.label(g, t, B.name_of(s, t))  # the display's distinct labels ("(2)")
        BR.event(g, f"{BR.label(g, shooter, who)} fires at {t_lab}", "MF 20.3" if fort else "MF 20.2",
                 dice=[BR.die(d, need, (d < cf) if fort else (d <= cf)) for d in dice])
        if ok:
            BR.loss(g, "COM" if side == "FW" else "FW", f"{t_lab} is hit in round {f['round']}", "MF 20.4")
            BR.status(g, t, f"hit (round {f['round']})")
        if not ok:
            g.log("Miss", "MF 20.2")
            continue
        if side == "FW":
            hit_com(g, t, f)
        else:
            new = hit_fw(g, t, f)
            if new and new != t:
                f["fw_line"] = [new if x == t else x for x in f["fw_line"]]
                if t in f["fired"]:
                    f["fired"].append(new)  # R-MGF1: the replacement inherits fired status


def _line_done(g, f):
    """The line is complete: the rest in the order they stand, a garrison last (R-GA1)."""
    s = g.s
    f["fw_line"] += f["line_pending"]
    f["line_pending"] = []
    f["fw_line"] += [u for u in fw_participants(s, f["sp"]) if B.is_garrison(s["units"][u])]
    f["com_line"] = com_order(s, f["sp"])




@flow.step("rising")
class Rising(Procedure):
    """MF 25.4 (optional) Rising from the Ranks: after a battle with SF units the Free World won,
    2 or 12 on two dice brings a leader from the reinforcement box to one of the SF units there."""

    parts = ("roll", "attach")

    def roll(self, g, f):
        s = g.s
        d = sum(g.roll(2, "Rising from the Ranks (2 or 12)", "MF 25.4"))
        if d not in (2, 12):
            g.end()
            return
        cands = sorted(u for u in B.units_at(s, B.SF_POOL) if s["units"][u]["k"] == "leader")
        hosts = [u for u in fw_participants(s, f["sp"]) if B.is_sf(s["units"][u]) and not B.leader_of(s, u)]
        if not cands or not hosts:
            g.log("No leader or unit available", "MF 25.4")
            g.end()
            return
        lid = g.pick(cands)
        lab = B.labels(s, hosts)
        ch = [{"t": "attach", "leader": lid, "unit": h, "label": f"{B.name_of(s, lid)} joins {lab[h]}"} for h in hosts]
        g.ask("Rising from the Ranks: attach the new leader", "MF 25.4", ch, into="joins")

    def attach(self, g, f):
        attach(g, f["joins"]["leader"], f["joins"]["unit"])
