"""Per game, what the computer adds to the rules' `resample_hidden` when it samples a world.

Vietnam 1965-1975: the rules deal the US's face-down VC identities (V 10) again only among counters
whose public facts all agree (on the map, Ops Complete, on a mission, operating, a target, RP
spent). A counter alone in its group keeps its true identity: after the NLF operated with one
counter, every world the US sampled had the regiment right (issue 46; reported for the rules).
Here the counters on the map are dealt once more all together, wherever nothing public rules an
identity out: a counter's RP spent within the kind's limit (V 5.5), no political section on Patrol
(V 6.2), a battalion drawn blind (V 18.1 rule 2) left to the rules' own deal."""

from ..rules.vietnam_1965_1975 import board as B
from ..rules.vietnam_1965_1975 import losses as L


def _fits(u, kind):
    k = B.KINDS[kind]
    if u["rp_spent"] and u["rp_spent"] > L.rp_limit({"kind": kind}):
        return False
    return not (u.get("mission") == "patrol" and k["type"] == "pol")


def vietnam(s, role, rng):
    if role != "US":
        return s
    conc = sorted((u for u in s["units"].values() if u["hex"] and B.concealed(u, role, s) and not u.get("drawn")),
                  key=lambda u: u["handle"])
    if len(conc) < 2:
        return s
    ids = sorted((u["kind"], u["name"]) for u in conc)  # sorted: nothing of the true deal is kept
    for _ in range(30):
        rng.shuffle(ids)
        if all(_fits(u, k) for u, (k, _) in zip(conc, ids)):
            for u, (k, n) in zip(conc, ids):
                u["kind"], u["name"] = k, n
            break
    return s


REDEAL = {"vietnam-1965-1975": vietnam}
