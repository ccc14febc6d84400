"""A rules package's data files (game/rules/<game>/data/*.json), read the one way every game
reads them: UTF-8 JSON, once, at import."""

import json
from pathlib import Path


def loader(package_file):
    """load(name) -> the parsed JSON of data/<name> beside the module `package_file`."""
    folder = Path(package_file).parent / "data"

    def load(name):
        with open(folder / name, encoding="utf-8") as fh:
            return json.load(fh)
    return load
