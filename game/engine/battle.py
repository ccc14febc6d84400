"""The battle record: one battle in progress (or the last one, until the next starts) kept in
`state["battle"]` as plain data, for the battle display. Every game's combat code writes it through
these helpers; the view shows it as it is (hidden units appear only as their face-down handle).

    battle.start(g, place, title, rule, [battle.side(...), battle.side(...)])
    battle.event(g, "SF A-Team (1) fires at NVA Infantry Battalion", "MF 20.2",
                 dice=[battle.die(5, "3 or less", False)])
    battle.odds(g, text=..., base=..., shifts=[battle.shift("night +3", "FT 11.25")], row=8, result="6*")
    battle.loss(g, "COM", "NVA Infantry Battalion reduced")
    battle.end(g, "The Communists retreat")

Nothing here decides anything or is needed to replay a game; it is what the table shows.
"""


def unit(uid, name, values="", status=""):
    return {"id": uid, "name": name, "label": name, "values": values, "status": status}


def side(side_id, name, role, units, first=False, support=None, total="", lines=None):
    """One side of a battle; `lines`: its arithmetic term by term (Vietnam: ground, support, cap,
    halving), shown as written under the units."""
    out = {"side": side_id, "name": name, "role": role, "first": first,
           "units": distinct(units), "support": list(support or []), "total": total}
    if lines:
        out["lines"] = list(lines)
    return out


def distinct(units):
    """Give identical names distinct labels: "NVA Infantry Battalion (1)", "(2)"."""
    counts = {}
    for u in units:
        counts[u["name"]] = counts.get(u["name"], 0) + 1
    seen = {}
    for u in units:
        if counts[u["name"]] > 1:
            seen[u["name"]] = seen.get(u["name"], 0) + 1
            u["label"] = f"{u['name']} ({seen[u['name']]})"
        else:
            u["label"] = u["name"]
    return units


def die(value, need="", hit=None):
    """One die as the battle display draws it: its value, what it had to be, hit or miss."""
    d = {"v": value}
    if need:
        d["need"] = need
    if hit is not None:
        d["hit"] = bool(hit)
    return d


def shift(text, rule=None):
    return {"text": text, "rule": rule} if rule else {"text": text}


def start(g, place, title, rule, sides, round_no=1, at=None):
    """A new battle: `place` its printed name, `at` its map key (the display pans there)."""
    prev = g.s.get("battle") or {}
    g.s["battle"] = {"n": prev.get("n", 0) + 1, "place": place, "title": title, "rule": rule,
                     "round": round_no, "over": False, "result": "", "sides": sides,
                     "events": [], "losses": []}
    if at is not None:
        g.s["battle"]["at"] = at
    return g.s["battle"]


def current(g):
    b = g.s.get("battle")
    return b if b and not b["over"] else None


def next_round(g, round_no):
    b = current(g)
    if b:
        b["round"] = round_no


def event(g, text, rule=None, dice=None):
    b = current(g)
    if b:
        e = {"text": text, "round": b["round"]}
        if rule:
            e["rule"] = rule
        if dice:
            e["dice"] = list(dice)
        b["events"].append(e)


def odds(g, text, base="", shifts=(), row=None, result=None, who=None, rule=None):
    """One fire on a table (a CRT column, odds): every fire of the battle is kept in "fires" (an
    open combat has two), the last one also as "odds"."""
    b = current(g)
    if b:
        o = {"text": text, "base": base, "shifts": list(shifts), "round": b["round"]}
        for k, val in (("row", row), ("result", result), ("who", who), ("rule", rule)):
            if val is not None:
                o[k] = val
        b.setdefault("fires", []).append(o)
        b["odds"] = o


def label(g, uid, default):
    """A unit's label in the battle in progress ("NVA Infantry Battalion (2)"), else `default`."""
    b = current(g)
    if b:
        for s in b["sides"]:
            for u in s["units"]:
                if u["id"] == uid:
                    return u["label"]
    return default


def status(g, uid, text):
    """A unit's state in the battle changed ("reduced", "eliminated", "retreated", ...)."""
    b = current(g)
    if b:
        for s in b["sides"]:
            for u in s["units"]:
                if u["id"] == uid:
                    u["status"] = text


def first(g, side_id):
    """The side that fires first this round (MF 20.1 tactical superiority, FT 11.0 the attacker)."""
    b = current(g)
    if b:
        for s in b["sides"]:
            s["first"] = s["side"] == side_id


def add_units(g, side_id, units):
    """Units that join a battle in progress (reserves, reaction)."""
    b = current(g)
    if b:
        for s in b["sides"]:
            if s["side"] == side_id:
                s["units"] = distinct(s["units"] + list(units))


def loss(g, side_id, text, rule=None):
    b = current(g)
    if b:
        e = {"side": side_id, "text": text, "round": b["round"]}
        if rule:
            e["rule"] = rule
        b["losses"].append(e)


def losses_from_log(g, since):
    """The losses logged since the battle began: entries that name the side that lost (`side`),
    read as structured facts, never parsed from their text."""
    for e in g.logbuf[since:]:
        if e.get("side") and e.get("to") is None:
            loss(g, e["side"], e["text"], e.get("rule"))


def retire(g):
    """The last battle's card is done with (a game's next operation begins): it leaves the table,
    its record stays until the next battle (display only)."""
    b = g.s.get("battle")
    if b and b["over"]:
        b["retired"] = True


def end(g, result):
    b = current(g)
    if b:
        b["over"] = True
        b["result"] = result
