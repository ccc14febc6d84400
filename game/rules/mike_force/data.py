"""Mike Force data files, loaded once. Values the rulebook lacks are marked RECON in the files."""

from ...engine.data_files import loader

_load = loader(__file__)


MAP = _load("map.json")
SPACES = MAP["spaces"]
COUNTERS = _load("counters.json")
TABLES = _load("tables.json")
SCENARIOS = {k: v for k, v in _load("scenarios.json").items() if k != "source"}
EVENTS = {e["id"]: e for e in _load("events.json")["events"]}
OPTIONS = _load("options.json")["options"]

# every counter kind by id, Free World, MACV and Communist together
KINDS = {}
for _k, _v in COUNTERS["fw"].items():
    KINDS[_k] = dict(_v, side="FW")
for _k, _v in COUNTERS["macv"].items():
    KINDS[_k] = dict(_v, side="FW")
for _k, _v in COUNTERS["communist"].items():
    if isinstance(_v, dict):
        KINDS[_k] = dict(_v, side="COM", cls="com")
for _k, _v in COUNTERS["garrisons"].items():
    if isinstance(_v, dict):
        KINDS["gar_" + _k] = dict(_v, side="FW", cls="garrison", space=_k)

# lateral routes as an adjacency map (Free World only, MF 5.1)
LATERAL = {s: set() for s in SPACES}
for _a, _b in MAP["laterals"]:
    LATERAL[_a].add(_b)
    LATERAL[_b].add(_a)

# infiltration adjacency (both sides, MF 5.1)
INFIL = {s: set() for s in SPACES}
for _s, _rec in SPACES.items():
    if _rec["parent"]:
        INFIL[_s].add(_rec["parent"])
        INFIL[_rec["parent"]].add(_s)

# mf-data-2: the same data; the frames of play are procedures (issue 43); mf-data-3: no pause for
# a Communist phase that only said nothing happened (issue 45, MF 4.0 II), so no Continue for it
# among the actions; older saves are converted by old_saves.py (data_migrations)
DATA_VERSION = "mf-data-3"
