"""The hex grid (reference 4.1) and movement costs from the TEC (V 3, V 4).

Geometry: even-q, hex ids "CCRR" (column, row), flat-topped, even columns half a hex south.
Adjacency and distance come from the geometry, never from the map file."""

from functools import lru_cache

from .data import TEC, load


def cr(h):
    return int(h[:2]), int(h[2:])


def hid(c, r):
    return f"{c:02d}{r:02d}"


@lru_cache(maxsize=None)
def neighbours(h):
    """The six hexes around h (reference 4.1): odd columns (c, r±1), (c±1, r-1), (c±1, r);
    even columns (c, r±1), (c±1, r), (c±1, r+1)."""
    c, r = cr(h)
    if c & 1:
        cells = [(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
    else:
        cells = [(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
    return tuple(hid(a, b) for a, b in cells if a >= 0 and b >= 0)


def _axial(h):
    c, r = cr(h)
    return c, r - (c + (c & 1)) // 2


def distance(a, b):
    qa, ra = _axial(a)
    qb, rb = _axial(b)
    dq, dr = qb - qa, rb - ra
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def side_key(a, b):
    return "|".join(sorted((a, b)))


class Map:
    """One play area's map data (data/map_<area>.json, owned by the map pipeline)."""

    def __init__(self, data, extend=()):
        self.data = data
        self.hexes = data["hexes"]
        if extend:   # a play area extended into other regions (V 18.1): those hexes are in play too
            self.hexes = {h: dict(r, play=True) if r.get("play") or set(extend) & _regions(r) else r
                          for h, r in self.hexes.items()}
        self.sides = data.get("hexsides", {})
        self.road_steps = set()
        for road in data.get("roads", {}).values():
            seq = [str(x) for x in road["hexes"]]
            for a, b in zip(seq, seq[1:]):
                self.road_steps.add(side_key(a, b))

    def has(self, h):
        return h in self.hexes

    def terrain(self, h):
        return self.hexes[h]["terrain"]

    def playable(self, h):
        """In the scenario's play area and land (all-sea is never entered by ground units, V 4)."""
        rec = self.hexes.get(h)
        return bool(rec and rec.get("play") and not TEC["terrain"][rec["terrain"]].get("sea"))

    def land(self, h):
        """A land hex of the map, in the play area or not (V 18.1: units may leave the area)."""
        rec = self.hexes.get(h)
        return bool(rec and not TEC["terrain"][rec["terrain"]].get("sea"))

    def is_sea(self, h):
        rec = self.hexes.get(h)
        return bool(rec and TEC["terrain"][rec["terrain"]].get("sea"))

    def town(self, h):
        return (self.hexes.get(h) or {}).get("town")

    # --- population centres, regions and borders (fields written by tools/map_v65/area.py; the
    # schema is in each map's meta "schema") -------------------------------------------------------

    def town_kind(self, h):
        """'town', 'province capital' (a circle capital), 'city' (a square capital city: Gia Dinh,
        Bien Hoa, Qui Nhon, Da Nang) or 'major city' (a star: Saigon, Hue) (V 4 Population centers),
        or None."""
        town = self.town(h)
        return town["kind"] if town else None

    def is_city(self, h):
        """A city or major city (V 18.1: 5 VP for each NLF unit in one at the end)."""
        return self.town_kind(h) in ("city", "major city")

    def is_capital(self, h):
        """A circle capital town (V 18.1: 2 VP per NLF unit in it at the end, 3 VP once entered)."""
        return self.town_kind(h) == "province capital"

    def province(self, h):
        """The 1965 province (region, V 7.6) a land hex lies in; None at sea and beyond the border."""
        return (self.hexes.get(h) or {}).get("province")

    def regions(self, h):
        """The provinces a hex counts in: its own, and on a region boundary both sides' (boundaries
        run through hexes: a unit there may be in either region, V 7.6; V 18.1 set-up on the play
        area's boundary)."""
        return _regions(self.hexes.get(h) or {})

    def in_region(self, h, province):
        """In a province or on its boundary (a play area "Binh Dinh" or "extending into Quang Ngai")."""
        return province in self.regions(h)

    def country(self, h):
        """'svn', 'nvn', 'laos' or 'cambodia': the country holding the hex centre (land hexes)."""
        return (self.hexes.get(h) or {}).get("country")

    def border(self, h):
        """The countries whose international border runs through h, () if none (V 3 Borders: "most
        borders run through hexes"; a unit on a border hex is on whichever side its owner desires)."""
        return tuple((self.hexes.get(h) or {}).get("border", ()))

    def national_border(self, h):
        """An SVN national border hex (V 18.1: not in SVN for the 1/2 VP award; the ARVN Rangers'
        border interdiction raises the NLF's cost to enter one)."""
        return "svn" in self.border(h)

    def foreign(self, h):
        """The country of a land hex wholly beyond SVN's border ('laos', 'cambodia', 'nvn'), else None
        (V 18.1: 10 VP if Laos or Cambodia is invaded; US-controlled units never enter North Vietnam)."""
        c = self.country(h)
        return c if c and c != "svn" and not self.border(h) else None

    def in_svn(self, h):
        """Land in South Vietnam and not on a national border hex (V 18.1's "other hexes in SVN")."""
        return self.country(h) == "svn" and not self.border(h)

    def places(self, h):
        """Named places drawn in h with no rules effect (camps, landing zones): [{name, what}]."""
        return (self.hexes.get(h) or {}).get("place", [])

    def road(self, a, b):
        return side_key(a, b) in self.road_steps

    def hexside(self, a, b):
        return self.sides.get(side_key(a, b))

    def enter_cost(self, a, b, cls):
        """MP to move from a into adjacent b for a move class ('foot' or 'mech'): the road rate
        along a road (hexsides ignored), else the terrain cost (a city's own cost if it has one,
        V 4) plus the hexside's (minor river +1 foot, V 4). None: prohibited."""
        if not self.land(b):
            return None
        if self.road(a, b):
            return TEC["road"]["cost"]
        ter = TEC["terrain"][self.terrain(b)]
        cost = ter.get(cls)
        if cost is None:
            return None
        town = self.town(b)
        feat = TEC["features"].get(town["kind"]) if town else None
        if feat and feat.get(cls) is not None:
            cost = feat[cls]
        side = self.hexside(a, b)
        if side:
            kind = side.get("river") and "minor" or side.get("kind")
            extra = TEC["hexsides"].get(kind or "", {})
            cost += extra.get(cls, 0)
        return cost

    def foot_cost(self, h):
        """The foot MP cost of a hex itself (V 5.2 alert: d6 + the foot cost of the target hex)."""
        return TEC["terrain"][self.terrain(h)]["foot"] or 0

    def drm(self, h, mountain_drm=-2, town_drm=-1):
        """The defender's best terrain DRM in h (V 4: the defender chooses among the hex's
        terrains; R17 for population centres; research 7 option mountain_drm)."""
        ter = self.terrain(h)
        vals = [mountain_drm if ter == "mountain" else TEC["terrain"][ter]["drm"]]
        town = self.town(h)
        if town:
            kind = town["kind"]
            vals.append(town_drm if kind in ("town", "province capital") else TEC["features"][kind]["drm"])
        return min(vals)

    def rf(self, h):
        """Regional Forces strength for US-side defenders (V 11.2): +2 town or city, +1 cultivated."""
        if self.town(h):
            return 2
        return TEC["terrain"][self.terrain(h)].get("rf", 0)


def _regions(rec):
    out = set(rec.get("boundary", []))
    if rec.get("province"):
        out.add(rec["province"])
    return out


_MAPS = {}
AREAS = ("quangngai", "pleiku", "binhdinh")   # data/map_<area>.json, built by tools/map_v65


def get_map(area="quangngai", extend=()):
    """The map of a scenario's play area (the state's "area"; scenarios.json "area", default the
    Quang Ngai map of Starlite), its play area extended into the provinces `extend` (the state's
    "play_extend", e.g. ("quang-ngai",) on the Binh Dinh map: "extending the play area into Quang
    Ngai", V 18.1 play area; Masher/White Wing)."""
    key = (area, tuple(sorted(extend)))
    if key not in _MAPS:
        _MAPS[key] = Map(load(f"map_{area}.json"), key[1])
    return _MAPS[key]
