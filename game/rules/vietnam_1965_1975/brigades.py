"""Brigade-level formations (V 9): US brigades and regiments in three deployments, the break-down
of a brigade-level unit to take losses, and the VC regiment's break-down (V 9.2).

A US formation (s["forms"][fid], made at set-up from the scenario's "formations") is one brigade
counter and its battalions, all in s["units"] whether in play or not:
  deployment 1: the brigade counter, front face; its battalions are not in play;
  deployment 2: the brigade counter's rear face (the HQ) and the battalions' front faces;
  deployment 3: the battalions' rear faces (organic artillery: the HQ's support dispersed); no HQ.
A face is a kind: a kind's "back" names its rear face, the rear face's "front" the front (data
counters.json). Switching (V 9.1) happens only in a Unit Status Phase (the campaign's Seasonal Interphase; option
deployment_switch); a brigade in deployment 1 may break down to take losses at any time (V 9.2),
going to deployment 2, and at least one of its battalions is removed at once."""

from ...engine.flow import Step
from . import board as B
from .data import KINDS

DEPLOYMENTS = {1: "brigade counter", 2: "HQ and battalions", 3: "battalions only (no HQ)"}


def front(kind):
    return KINDS[kind].get("front") or kind


def back(kind):
    return KINDS[front(kind)].get("back") or kind


# --- set-up ----------------------------------------------------------------------------------------

def setup(sc, units):
    """V 9.1, V 18.1 rule 2: the scenario's US formations, in deployment 2 unless it says
    otherwise. Adds every counter of each formation to `units` (off the map when not in play)
    and returns s["forms"]. A formation with "enters" (a turn) is a reinforcement: all its
    counters wait off the map (deployment None) until `enter` brings it in."""
    forms = {}
    for rec in sc.get("formations", ()):
        dep = None if rec.get("enters") else rec.get("dep", 2)
        b = rec["bde"]
        units[b["id"]] = {"id": b["id"], "kind": back(b["kind"]) if dep in (2, 3) else front(b["kind"]),
                          "name": b["name"], "side": "US", "form": rec["id"], "rev": True,
                          "hex": (rec.get("hex") or b.get("hex")) if dep == 1 else b.get("hex") if dep == 2 else None}
        for x in rec["bns"]:
            units[x["id"]] = {"id": x["id"], "kind": back(x["kind"]) if dep == 3 else front(x["kind"]),
                              "name": x["name"], "side": "US", "form": rec["id"], "rev": True,
                              "hex": x["hex"] if dep in (2, 3) else None}
        forms[rec["id"]] = {"name": rec["name"], "dep": dep, "bde": b["id"], "bns": [x["id"] for x in rec["bns"]],
                            **({"enters": rec["enters"]} if dep is None else {})}
    return forms


# --- reading a formation ---------------------------------------------------------------------------

def form_of(s, u):
    """The US formation record u belongs to (brigade counter or battalion), or None."""
    return (s.get("forms") or {}).get(u.get("form")) if u["side"] == "US" else None


def gone(s, uid):
    return any(r["id"] == uid for r in s["removed"])


def deployment_text(form):
    if form["dep"] is None:
        return f"{form['name']}: not yet in play (arrives on turn {form.get('enters')})"
    return f"{form['name']}: deployment {form['dep']} ({DEPLOYMENTS[form['dep']]}, V 9.1)"


# --- V 9.2 break-down for losses -------------------------------------------------------------------

def can_break_down(s, u):
    """V 9.2: a VC regiment (battalions drawn from the pool; never an NVA regiment, option
    nva_breakdown), or a US brigade-level unit in deployment 1 (its own battalions)."""
    if u["side"] == "NLF":
        if B.val(u, "nat") == "NVA" and not B.opt(s, "nva_breakdown", False):
            return False
        return bool(KINDS[u["kind"]].get("breakdown") and s["pool"])
    form = form_of(s, u)
    if B.val(u, "nat") != "US":
        return False  # V 9.2: ARVN battalions never come from regiments
    return bool(form and form["dep"] == 1 and form["bde"] == u["id"] and u["hex"]
                and not any(gone(s, x) for x in form["bns"]))


def breakdown_text(s, u):
    """What a break-down of u does, for the loss dialog (V 9.2)."""
    if u["side"] == "US":
        n = len(form_of(s, u)["bns"])
        return f"Break down into its HQ and {n} battalions (deployment 2; one battalion removed at once)"
    return f"Break down into {B.val(u, 'breakdown')} random battalions (one removed at once)"


def break_down(g, u):
    """V 9.2: break u down; returns the battalions of which one must be removed at once."""
    return _break_us(g, u) if u["side"] == "US" else _break_vc(g, u)


def _break_us(g, u):
    """V 9.2: a US brigade in deployment 1 goes to deployment 2: its counter turns to the HQ face
    and its battalions appear in its hex; the components keep its mission (V 9.2), its place in
    the operation, and its airmobilization and hot LZ this round (V 8)."""
    s = g.s
    form = form_of(s, u)
    carry = {k: u[k] for k in ("done", "mission", "mission_turn", "op", "tgt", "rsv", "air", "lz") if k in u}
    for x in form["bns"]:
        b = s["units"][x]
        b.update(carry, hex=u["hex"], kind=front(b["kind"]), rp_spent=0)
    u["kind"] = back(u["kind"])
    u["rp_spent"] = 0
    form["dep"] = 2
    names = ", ".join(s["units"][x]["name"] for x in form["bns"])
    g.log(f"{form['name']} breaks down in {u['hex']} to take its losses: {u['name']} and {names} "
          f"(deployment 2); one battalion must be removed at once", "V 9.2",
          refs=B.refs(B.ref_u(s, u), *[B.ref_u(s, s["units"][x]) for x in form["bns"]], B.ref_h(u["hex"])))
    return list(form["bns"])


def ordinal(n):
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _break_vc(g, u):
    """V 9.2: a VC regiment breaks down into three battalions drawn at random from the pool."""
    s = g.s
    new = []
    for k in range(B.val(u, "breakdown")):
        if not s["pool"]:
            break
        kind = g.pick(s["pool"])
        s["pool"].remove(kind)
        n = len([x for x in s["units"] if x.startswith(u["id"] + "b")]) + 1
        nid = f"{u['id']}b{n}"
        # placed face up for the losses, with a handle to be turned face down after them (V 10)
        s["units"][nid] = {"id": nid, "kind": kind, "name": f"{u['name']}, {ordinal(n)} Battalion",
                           "side": u["side"], "hex": u["hex"], "rev": True, "seen": True, "handle": B.new_handle(s),
                           "done": u["done"], "mission": u["mission"], "op": u["op"], "tgt": u["tgt"], "rp_spent": 0}
        if "mission_turn" in u:  # V 9.2: the battalions keep the regiment's Hold or Patrol
            s["units"][nid]["mission_turn"] = u["mission_turn"]
        B.shown(s, s["units"][nid])
        new.append(nid)
    h = u["hex"]
    B.remove_unit(g, u, f"breaks down in {h} into {len(new)} battalions", "V 9.2")
    s["removed"][-1]["how"] = "broken down"
    return new


def may_enter(s, uid):
    """V 9.1, for reinforcements: a battalion may not be brought on while its brigade is in play in
    deployment 1 (it is already in play as part of it)."""
    u = s["units"][uid]
    form = form_of(s, u)
    return not (form and uid in form["bns"] and form["dep"] == 1 and s["units"][form["bde"]]["hex"])


# --- V 9.1 switching between deployments -----------------------------------------------------------

def switches(s, fid):
    """The deployments formation fid may switch to now (V 9.1), as (dep, hex) pairs: from 1 to 2
    or 3 in the brigade's hex; 2 to 3; 3 to 2 with the HQ in any battalion's hex (all battalions
    on the map); 2 or 3 to 1 when all components are on the map in one hex. Once per phase."""
    form = s["forms"][fid]
    if form.get("switched") == s["turn"] or form["dep"] is None:
        return []
    bde = s["units"][form["bde"]]
    bns = [s["units"][x] for x in form["bns"]]
    all_on = all(b["hex"] for b in bns)
    dep = form["dep"]
    if dep == 1:
        return [(2, bde["hex"]), (3, bde["hex"])] if bde["hex"] else []
    if not all_on:
        return []
    out = []
    if dep == 2:
        out.append((3, None))
    else:
        out += [(2, h) for h in sorted({b["hex"] for b in bns})]
    hexes = {b["hex"] for b in bns} | ({bde["hex"]} if dep == 2 else set())
    if len(hexes) == 1 and (dep == 3 or bde["hex"]):
        out.append((1, bns[0]["hex"]))
    return out


def switch(g, fid, dep, h=None):
    """V 9.1: formation fid to deployment dep (h: the hex of the brigade counter or HQ placed)."""
    s = g.s
    if (dep, h) not in [tuple(x) for x in switches(s, fid)]:
        raise ValueError(f"formation {fid} cannot switch to deployment {dep} in {h}")
    form = s["forms"][fid]
    bde = s["units"][form["bde"]]
    bns = [s["units"][x] for x in form["bns"]]
    old = form["dep"]
    if dep == 1:
        bde.update(kind=front(bde["kind"]), hex=h)
        for b in bns:
            b.update(hex=None, kind=front(b["kind"]))
    else:
        for b in bns:
            b.update(kind=front(b["kind"]) if dep == 2 else back(b["kind"]), hex=b["hex"] or h)
        bde.update(kind=back(bde["kind"]), hex=h if dep == 2 else None)
    form["dep"] = dep
    form["switched"] = s["turn"]
    g.log(f"{form['name']} switches from deployment {old} to {dep} ({DEPLOYMENTS[dep]})", "V 9.1",
          refs=B.refs(*([B.ref_h(h)] if h else [])))


def enter(g, fid, dep, h):
    """V 9.1 (reinforcements): a whole brigade brought in on one turn comes in any of the three
    deployments, all its counters in hex h (the scenario's arrival hex). Returns the units placed."""
    s = g.s
    form = s["forms"][fid]
    if form["dep"] is not None or dep not in DEPLOYMENTS:
        raise ValueError(f"formation {fid} cannot enter in deployment {dep}")
    bde = s["units"][form["bde"]]
    bns = [s["units"][x] for x in form["bns"]]
    bde.update(kind=front(bde["kind"]) if dep == 1 else back(bde["kind"]), hex=h if dep in (1, 2) else None)
    for b in bns:
        b.update(kind=back(b["kind"]) if dep == 3 else front(b["kind"]), hex=None if dep == 1 else h)
    form["dep"] = dep
    form["switched"] = s["turn"]  # its deployment for this turn is chosen
    g.log(f"{form['name']} enters in {h} in deployment {dep} ({DEPLOYMENTS[dep]})", "V 9.1",
          refs=B.refs(B.ref_h(h)))
    return [u for u in [bde] + bns if u["hex"]]


def unit_status_due(s):
    """Option deployment_switch "each_turn" (design): a Unit Status Phase for the US brigades at
    the start of every game-turn after the first."""
    return (B.opt(s, "deployment_switch", "campaign") == "each_turn" and bool(s.get("forms"))
            and s["turn"] > 1 and any(switches(s, fid) for fid in s["forms"]))


@B.flow.step("deploy")
class Deploy(Step):
    """V 9.1 Unit Status Phase: the US switches brigades between deployments, once each."""

    def prompt(self, g, f):
        return "Unit Status Phase (V 9.1): change a brigade's deployment, or finish"

    def choices(self, g, f):
        s, lab = g.s, g.labels
        acts = []
        for fid in sorted(s["forms"]):
            for dep, h in switches(s, fid):
                acts.append({"t": "deploy", "form": fid, "dep": dep, "hex": h,
                             **({"label": f"{s['forms'][fid]['name']}: deployment {dep} ({DEPLOYMENTS[dep]})"
                                          + (f" in {h}" if h else "")} if lab else {})})
        return acts + [{"t": "done", **({"label": "Finish the Unit Status Phase"} if lab else {})}]

    def act(self, g, f, a):
        if a["t"] == "done":
            g.end()
            return
        switch(g, a["form"], a["dep"], a["hex"])


def check(s):
    """Invariants (invariants.py): each formation's counters match its deployment."""
    bad = []
    for fid, form in (s.get("forms") or {}).items():
        bde = s["units"][form["bde"]]
        bns = [s["units"][x] for x in form["bns"]]
        dep = form["dep"]
        if dep is None:
            if bde["hex"] or any(b["hex"] for b in bns):
                bad.append(f"formation {fid} not yet in play has counters on the map")
            continue
        if dep not in DEPLOYMENTS:
            bad.append(f"formation {fid} in deployment {dep}")
            continue
        if dep == 1 and (any(b["hex"] for b in bns) or bde["kind"] != front(bde["kind"])):
            bad.append(f"formation {fid}: deployment 1 with battalions or the HQ face in play")
        if dep == 2 and (bde["kind"] != back(bde["kind"]) or any(b["kind"] != front(b["kind"]) for b in bns)):
            bad.append(f"formation {fid}: deployment 2 with a wrong face")
        if dep == 3 and (bde["hex"] or any(b["kind"] != back(b["kind"]) for b in bns)):
            bad.append(f"formation {fid}: deployment 3 with the HQ in play or a front face")
    return bad
