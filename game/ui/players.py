"""Who plays each side of a match (pure: read by the controller, the computer and the start screen).

The match records it (`players`: {role: "human" | "ai:novice" | "ai:standard"}), with the
computer's seed (`ai_seed`) and its pace (`ai_pace`); a match without it is played by people."""

PACES = {"instant": 0, "normal": 450, "slow": 1200}  # ms between the computer's actions


def players(m):
    return (m or {}).get("players") or {}


def computer_roles(m):
    return [r for r, k in players(m).items() if str(k).startswith("ai")]


def human_role(rules, m):
    """The side shown when a computer plays: the human's (the first side if both are computers)."""
    comp = computer_roles(m)
    if not comp:
        return None
    humans = [r for r in rules.roles if r not in comp]
    return humans[0] if humans else rules.roles[0]


def setup(m, chosen, pace="normal"):
    """Record the players chosen on the start screen in a new match (nothing if all are human)."""
    if not any(str(k).startswith("ai") for k in chosen.values()):
        return m
    m["players"] = dict(chosen)
    m["ai_seed"] = (m["seed"] * 7919 + 17) & 0x7FFFFFFF
    m["ai_pace"] = pace if pace in PACES else "normal"
    return m
