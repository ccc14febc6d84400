"""'About this reconstruction' for the campaign (issue 47 item 8): chart by chart, what comes from
the rulebook, the public record, inference or design, read from the campaign's data files
(data/campaign_*.json) and their provenance, with the open questions."""

from .campaign_charts import chart

# (title, data file): the order of the rulebook's sections 12-17
CHARTS = [("Campaign calendar (V 12)", "calendar"),
          ("Population Control Sheet: the 35 regions (V 13, V 17.3)", "regions"),
          ("Pacification Table and Population Shift Scale (V 13)", "pacification"),
          ("Strategic Bombing Table (V 14)", "bombing"),
          ("Ho Chi Minh Trail Track (V 14.1, V 17.5, V 17.8)", "trail"),
          ("SVN Leader Loyalty Table (V 15.1)", "loyalty"),
          ("SVN leaders (V 15)", "leaders"),
          ("Morale Chart (V 16)", "morale"),
          ("Blockade Chart (V 17.5)", "blockade"),
          ("Unit Chart (V 17)", "unit_chart"),
          ("Countermix of the five armies (V 17)", "countermix"),
          ("Campaign set-ups (V 18; not yet playable)", "scenarios")]
SKIP = ("counters", "regions", "population_basis", "boxes", "table", "rows", "thresholds", "supply", "one_star",
        "two_star", "three_star", "open_questions", "units", "formations")


def _items(o, path, out, kind):
    """Every {source, why} in a chart, named by its path (the long lists are summarised apart)."""
    if isinstance(o, dict):
        if isinstance(o.get("source"), str) and o.get("why"):
            out.append({"what": path or "the whole chart", "source": o["source"], "kind": kind(o["source"]),
                        "why": o["why"]})
        for k, v in o.items():
            if isinstance(v, (dict, list)) and k not in SKIP:
                _items(v, path if k in ("src", "source") else (f"{path} / {k}" if path else k), out, kind)
    elif isinstance(o, list):
        for v in o:
            _items(v, path, out, kind)


def _regions(doc, kind):
    out = []
    for r in doc["regions"]:
        basis = "; ".join(f"{b['province']} {b['thousands']:g} thousand {b['source']}"
                          + (f" ({b['year']}, {b['ref']})" if b.get("year") else "") for b in r["population_basis"])
        caps = ", ".join(f"{c['name']} {c['hex']}" for c in r["capitals"])
        starts = ", ".join(f"{k} {v}" for k, v in r["start_svn"].items())
        out.append({"what": f"{r['code']} {r['name']}: {r['population']} points", "source": "design", "kind": "design",
                    "why": f"{basis}; capital {caps}; SVN controls at the start: {starts}"})
    return out


def _countermix(doc):
    out = []
    for army, n in doc["counts"].items():
        forms = sorted({c.get("formation", "").split("-")[0] for c in doc["counters"] if c["army"] == army and c.get("formation")})
        out.append({"what": f"{army}: {n} counters", "source": "reconstruction", "kind": "reconstruction",
                    "why": "formations " + ", ".join(f for f in forms if f) if forms else "independent units"})
    return out


def sections(kind):
    """The About page's campaign sections: [{title, notes, items}]; `kind(source)` classifies a source."""
    out = []
    for title, name in CHARTS:
        doc = chart(name)
        items = []
        _items(doc, "", items, kind)
        if name == "regions":
            items += _regions(doc, kind)
        if name == "countermix":
            items += _countermix(doc)
        if name == "trail":
            for b in doc["boxes"]:          # a box's cells: the rulebook's, and the designed rest
                times, plus = b["move"]
                cells = {"supply": f"supply x{b['supply']}", "recruits": f"{b['recruits']} recruits a Commitment Point",
                         "move": f"movement x{times}" + (f"{plus:+d}" if plus else ""),
                         "upgrade": f"upgrade {b['upgrade']}" if b["upgrade"] else "the top box"}
                for src, keys in (("rulebook", b["rulebook"]), ("design", [k for k in cells if k not in b["rulebook"]])):
                    if keys:
                        items.append({"what": f"box {b['box']}: " + ", ".join(cells[k] for k in keys), "source": src,
                                      "kind": src, "why": b["src"]})
        if name == "leaders":
            items.append({"what": "the leaders' designations", "source": "design", "kind": "design",
                          "why": ", ".join(f"{l['id']} ({l['effectiveness']:+d} {l['faction']})" for l in doc["one_star"] + doc["two_star"])
                          + "; " + ", ".join(f"{l['id']} (SVN {l['svn']:+d}, US {l['us']:+d})" for l in doc["three_star"])})
        out.append({"title": title, "notes": None, "items": items})
    qs = chart("scenarios")["open_questions"]
    out.append({"title": "Campaign: open questions", "notes": "What the public record could not settle; each is a designed or "
                "inferred value above, to be replaced when the printed chart or scenario is found.",
                "items": [{"what": f"{q['id']}: {q['what']}", "source": q["source"], "kind": kind(q["source"]),
                           "why": q["why"]} for q in qs]})
    return out
