"""NVA units (PAVN, V 1; reference 4.5): infantry regiments unaugmented or augmented (the two faces
of one counter, V 17.6), mechanized regiments (always augmented), battalions, division HQs and
artillery. What sets them apart from the VC:

  - V 5.2 alert: only an unaugmented NVA infantry regiment may alert, at -2 and without the +1
    for ARVN units in the operation; augmented and mechanized regiments, division HQs and
    artillery never do (nor VC supply conduits; a VC division HQ alerts at -2). NVA units never
    disperse (V 5.2: "VC units only").
  - V 10: limited intelligence is the VC's; NVA counters are dual-faced and set up face up
    (option nva_face_up).
  - V 5.5: NVA losses are covered by NVA Replacement Points only (rec "nva_rp"), split evenly with
    the VC's when both fight (see arvn.force / combat.pool_key).
  - V 18.1 rule 7: each NVA counter removed (any type) is worth 4 VP to the US, each NVA RP spent
    1/4 (victory.removed_vp, victory.vp)."""

from . import board as B
from .data import KINDS


def is_nva(u):
    return B.val(u, "nat") == "NVA"


def unaugmented_regiment(u):
    """An NVA infantry regiment on its unaugmented face (V 5.2 'Unaugmented PAVN infantry
    regiments (only)')."""
    k = B.kind(u)
    return k["nat"] == "NVA" and k["type"] == "inf" and k["size"] == "III" and k.get("face") == "unaugmented"


def may_alert(s, u):
    """V 5.2: VC units (not supply conduits) and unaugmented NVA infantry regiments (NVA battalions
    too under option nva_battalion_alert)."""
    k = B.kind(u)
    if k["nat"] == "VC":
        return k["type"] != "conduit"
    return unaugmented_regiment(u) or (battalion(u) and B.opt(s, "nva_battalion_alert", False))


def battalion(u):
    k = B.kind(u)
    return k["nat"] == "NVA" and k["type"] == "inf" and k["size"] == "II"


def arvn_in_operation(s):
    """V 5.2: any ARVN unit assigned to the operation (ARVN artillery in a bombardment too)."""
    return any(u["op"] and B.val(u, "nat") == "ARVN" for u in B.live(s))


def alert_mod(s, u, extra=0):
    """V 5.2: what is added to die + the target hex's foot cost for unit u: the scenario's VC
    modifier (Starlite -2, R59), +1 for a VC unit when ARVN units take part, -2 for a VC division
    HQ or an NVA regiment (which never gets the ARVN +1), `extra` (-2 in a bombardment, V 7.5).
    The modifiers are cumulative."""
    k = B.kind(u)
    mod = extra
    if k["nat"] == "VC":
        if B.opt(s, "starlite_mpa", True):
            mod += s["special"].get("vc_mpa_mod", 0)
        if arvn_in_operation(s):
            mod += 1
        if k["type"] == "hq":
            mod -= 2
    elif unaugmented_regiment(u) or battalion(u):
        mod -= 2
    return mod


def alert_why(s, u):
    """The V 5.2 modifiers of u other than the hex's common ones, for the log."""
    k = B.kind(u)
    if k["nat"] == "NVA":
        return "NVA regiment -2, no ARVN +1"
    bits = []
    if arvn_in_operation(s):
        bits.append("ARVN in the operation +1")
    if k["type"] == "hq":
        bits.append("VC division HQ -2")
    return ", ".join(bits)


def face_up_at_setup(s, rec_kind):
    """V 10 (option nva_face_up): only VC counters are face down (a scenario's "vc_bn" is a VC
    battalion drawn blind at set-up, reinforce/setup)."""
    return (KINDS.get(rec_kind) or {}).get("nat") == "NVA" and B.opt(s, "nva_face_up", True)
