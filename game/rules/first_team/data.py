"""First Team: Vietnam data files, loaded once. Values the rulebook lacks are marked RECON in the files."""

from ...engine.data_files import loader

_load = loader(__file__)


MAP = _load("map.json")
LOC = MAP["locations"]
ZONES = MAP["zones"]
CLS = MAP["zone_class"]
DISPLAY = MAP["display"]
COUNTERS = _load("counters.json")
TABLES = _load("tables.json")
SCENARIOS = {k: v for k, v in _load("scenarios.json").items() if k != "source"}
OPTIONS = _load("options.json")["options"]

# adjacency with the line colour of each access line (FT 2.0, 12.1)
ADJ = {l: {} for l in LOC}
for _a, _b, _line in MAP["edges"]:
    ADJ[_a][_b] = _line
    ADJ[_b][_a] = _line
ZONE_LOCS = {z: sorted((l for l, r in LOC.items() if r["zone"] == z), key=lambda l: LOC[l]["number"]) for z in ZONES}
# a location by zone and number (FT 5.1 contact, 7.22, 10.2); the Pleiku zone has one location
BY_NUMBER = {(r["zone"], r["number"]): l for l, r in LOC.items()}
ENTRY = MAP["an_khe_entry"]
CAMPS = MAP["camps"]

# ft-data-2: the positions of the procedure core (issue 43: the segments' and combats' own frames,
# no turn-wide s["f"]); ft-data-3: no pause for an NVA segment that only said nothing happened
# (issue 45, FT 4.14), so no Continue for it among the actions; older saves are played again from
# their actions (data_migrations, old_saves.py)
DATA_VERSION = "ft-data-3"
