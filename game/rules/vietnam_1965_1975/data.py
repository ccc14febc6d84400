"""Vietnam 1965-1975 data files, loaded once. Values the rulebook lacks carry their source and
reasoning in the files ({"source": "rulebook" | "play report" | "reconstruction" | "design"})."""

import json
from pathlib import Path

_DIR = Path(__file__).parent / "data"


def load(name):
    with open(_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


TEC = load("terrain.json")
CRT = load("crt.json")
COUNTERS = load("counters.json")
KINDS = COUNTERS["kinds"]
SCENARIOS = load("scenarios.json")
OPTIONS = load("options.json")["options"]


def option_set(name):
    """The options of a named set played together ({id: value}, from each option's "sets"): "vg", the
    Victory Games edition's printed charts and examples where the seed's revised text differs."""
    return {o["id"]: o["sets"][name] for o in OPTIONS if name in o.get("sets", {})}

DATA_VERSION = "v65-data-1"
