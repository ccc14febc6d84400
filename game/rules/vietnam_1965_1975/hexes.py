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

    def __init__(self, data):
        self.data = data
        self.hexes = data["hexes"]
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


_MAPS = {}


def get_map(area="quangngai"):
    if area not in _MAPS:
        _MAPS[area] = Map(load(f"map_{area}.json"))
    return _MAPS[area]
