"""The parts of a game's rules interface that come straight from its data files (see
game/rules/__init__.py for the whole interface)."""


def data_interface(scenarios, options):
    """scenarios(), options(), default_options() for a game's scenario table and option list."""

    def scenario_list():
        return [{"id": k, "name": v["name"], "rule": v["rule"]} for k, v in scenarios.items()]

    def option_list():
        return options

    def defaults():
        return {o["id"]: o["default"] for o in options}

    return scenario_list, option_list, defaults
