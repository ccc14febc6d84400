"""Regions, borders and population centres: free-fire zones (V 7.6, V 18.1 rule 4), the hexes in
South Vietnam and beyond its borders (V 18.1 rule 7), and the places whose entry scores at once
(capitals and major cities entered, Laos or Cambodia invaded: V 18.1 rule 7).

The map (data/map_<area>.json, hexes.Map) gives each hex its province and region boundaries, its
country and the international borders through it."""

from . import board as B

FOREIGN = ("laos", "cambodia")      # V 18.1: invading either is worth 10 VP to the NLF
SVN = "svn"


def regions(s, h):
    """The regions a hex counts in: its province, and both sides' on a region boundary (reference
    1.2 rule 5.2: the attacker picks among them for FFZ purposes). A map without provinces is one
    region, its meta `region`."""
    m = B.mapof(s)
    return sorted(m.regions(h)) or [m.data["meta"].get("region", "Quang Ngai")]


def country(s, h):
    """The country a hex is wholly in: 'svn', or the foreign country beyond the border; a border hex
    counts as South Vietnam (its units are on whichever side their owner desires, V 3 Borders)."""
    return B.mapof(s).foreign(h) or SVN


def in_svn(s, h):
    """V 18.1 rule 7: a hex of South Vietnam; national border hexes are not, for the 1/2 VP award."""
    m = B.mapof(s)
    return m.in_svn(h) if m.country(h) else True  # a map without countries is all South Vietnam


def play_regions(s):
    """The regions of the play area (the map's meta `play_regions`, else every region with a play
    hex): those the US may declare free-fire zones in."""
    m = B.mapof(s)
    if m.data["meta"].get("play_regions"):
        return list(m.data["meta"]["play_regions"])
    out = []
    for h in m.hexes:
        if m.playable(h) and country(s, h) == SVN:
            for r in regions(s, h):
                if r not in out:
                    out.append(r)
    return out


def region_name(s, r):
    return B.mapof(s).data["meta"].get("provinces", {}).get(r, r)


# ---- free-fire zones (V 7.6) --------------------------------------------------------------------
def ffz_list(s):
    """The regions declared free-fire zones (they last the whole scenario, V 18.1 rule 4). Saves of
    the first Starlite versions stored `True` for its one region."""
    v = s.get("ffz")
    if v is True:  # the whole play area, as Starlite's one region was
        return play_regions(s)
    return list(v or [])


def full_support(s, side, h):
    """V 7.6: US support counts half, except in a free-fire zone or outside South Vietnam (the
    attacker picks the region of a boundary hex, so any FFZ region of the hex will do)."""
    if side != "US":
        return True
    if h is None:
        return bool(ffz_list(s)) and len(play_regions(s)) == 1
    return country(s, h) != SVN or any(r in ffz_list(s) for r in regions(s, h))


def ffz_choices(s, labels):
    """The free-fire zones the US may still declare (V 7.6), 2 VP each (V 18.1 rule 7)."""
    if s["special"].get("no_ffz"):
        return []
    done = ffz_list(s)
    return [{"t": "ffz", "region": r, **({"label": f"Declare {region_name(s, r)} a free-fire zone (2 VP)",
                                         "warn": f"Declaring {region_name(s, r)} a free-fire zone gives the NLF 2 VP "
                                                 "(V 18.1) and lasts the whole scenario (V 7.6)"} if labels else {})}
            for r in play_regions(s) if r not in done]


def declare_ffz(g, region):
    s = g.s
    if region not in play_regions(s) or region in ffz_list(s) or s["special"].get("no_ffz"):
        raise ValueError(f"{region} cannot be declared a free-fire zone now (V 7.6)")
    s["ffz"] = ffz_list(s) + [region]
    s["rec"]["ffz"] = s["rec"].get("ffz", 0) + 1
    g.log(f"The US declares {region_name(s, region)} a free-fire zone: US support there counts in full for the rest of "
          "the scenario (V 7.6); NLF +2 VP (V 18.1)", "V 7.6")


# ---- entries that score at once (V 18.1 rule 7) ---------------------------------------------------
def put(g, u, h):
    """A unit enters hex h (a move, a landing, a shipment): every move on the map ends here, so the
    entries that score at once are noted in one place (V 18.1: capitals, major cities, invasions).
    Call it after the move's own log line."""
    u["hex"] = h
    if u.get("outside") and B.mapof(g.s).playable(h):
        u.pop("outside")  # a reinforcement in the play area fights normally from now on (V 18.1)
    note_entry(g, u, h)


def note_entry(g, u, h):
    """A unit has entered h: the NLF scores capitals (3) and major cities (10) the first time one of
    its units enters them; a US-side unit entering Laos or Cambodia invades it (10 VP, once each)."""
    s = g.s
    if not h:
        return
    if u["side"] == "NLF":
        town = B.mapof(s).town(h)
        kind = town and town["kind"]
        if kind in ("province capital", "capital", "major city") and h not in s.get("entered", []):
            s.setdefault("entered", []).append(h)
            vp = 10 if kind == "major city" else 3
            g.log(f"The NLF enters {town['name']} ({h}): {vp} VP (V 18.1)", "V 18.1", kind="vp",
                  refs=B.refs(B.ref_h(h)))
    else:
        c = country(s, h)
        if c in FOREIGN and c not in s.get("invaded", []):
            s.setdefault("invaded", []).append(c)
            g.log(f"{B.pub(s, u)} enters {c.title()}: {c.title()} is invaded, 10 VP to the NLF (V 18.1)",
                  "V 18.1", kind="vp", refs=B.refs(B.ref_u(s, u), B.ref_h(h)))


def entry_vp(s):
    """The NLF's points for entries (V 18.1 rule 7): capitals 3, major cities 10, invasions 10."""
    m = B.mapof(s)
    pts = 0
    for h in s.get("entered", []):
        pts += 10 if (m.town(h) or {}).get("kind") == "major city" else 3
    return pts + 10 * len(s.get("invaded", []))
