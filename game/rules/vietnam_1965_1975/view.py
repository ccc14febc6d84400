"""What each side may see (V 10 limited intelligence): face-down VC units show the US only their
handle and back; the NLF's replacement points are its own record."""

from . import board as B
from .data import SCENARIOS
from .victory import verdict_text, vp  # noqa: F401  (re-exported)


def piece(s, u, role):
    if B.concealed(u, role, s):
        return {"id": u["handle"], "side": "NLF", "concealed": True, "back": "VC"}
    k = B.kind(u)
    p = {"id": u["id"], "side": u["side"], "name": u["name"], "kind": u["kind"], "type": k["type"],
         "size": k["size"], "ground": k["ground"], "art": k["art"], "mpa": B.mpa(s, u),
         "pursuit": k["pursuit"], "done": u["done"], "mission": u["mission"], "op": u["op"],
         "tgt": u["tgt"]}
    if u.get("air"):
        p["air"] = True
    if u["rp_spent"]:
        p["rp_spent"] = u["rp_spent"]
    return p


def view(s, role=None):
    spaces = {}
    for u in sorted(B.live(s), key=lambda u: (u["side"], u.get("handle") or "", u["id"] if u.get("rev") else "")):
        if B.concealed(u, role, s):
            continue
        spaces.setdefault(u["hex"], {"pieces": []})["pieces"].append(piece(s, u, role))
    hidden = sorted((u for u in B.live(s) if B.concealed(u, role, s)), key=lambda u: u["handle"])
    for u in hidden:
        spaces.setdefault(u["hex"], {"pieces": []})["pieces"].append(piece(s, u, role))
    rec = dict(s["rec"])
    if role == "US":
        rec.pop("vc_rp")
    op = s.get("op")
    v = {"game": "vietnam-1965-1975", "scenario": s["scenario"], "title": SCENARIOS[s["scenario"]]["name"],
         "turn": s["turn"], "turns": s["turns"], "phase": s.get("phase"), "spaces": spaces, "records": rec,
         # removed units are face up (board.remove_unit), so their names are public
         "removed": [{"id": r["id"], "name": s["units"][r["id"]]["name"], "side": r["side"], "how": r["how"]}
                     for r in s["removed"]],
         "op": ({"side": op["side"], "targets": op["targets"], "round": op["round"], "ap": op["ap"],
                 "ship": op["ship"]} if op else None),
         "vp": vp(s), "ffz": bool(s.get("ffz"))}
    if role in ("US", "NLF"):
        # V 3.1: the hexes where the enemy's ZOC costs this side MP to leave (the movement overlay);
        # public: it follows from where the enemy's counters stand, face down or not
        m, enemy = B.mapof(s), B.other(role)
        near = {n for u in B.live(s) if u["side"] == enemy and B.exerts_zoc(u) for n in B.neighbours(u["hex"])}
        v["zoc"] = sorted(h for h in near if m.playable(h) and enemy not in B.sides_at(s, h))  # = in_enemy_zoc
    top = s["stack"][-1] if s["stack"] else None
    if top and top["s"] == "move" and role in (None, top.get("who")):
        # for the mover's movement overlay: the unit or stack moving and the MP left (V 3)
        v["moving"] = {"mode": top["mode"], "unit": top.get("cur"), "stack": top.get("group") or [],
                       "mp": dict(top["mp"]), "rule": top["rule"]}
    if op and top and top["s"] == "attack_pick" and role in (None, top.get("who")):
        from .combat import preview
        from .operation import attackable, available
        v["preview"] = [preview(s, h, available(s, h)) for h in attackable(s)]
    return v
