"""Browser entry point: static/boot.py imports this module and calls ``start()``.

The UI holds no rules: it renders M.view() and sends back one of the actions the engine lists. It
is built of rooms with one-way doors (docs/UI.md): the input (input.py: clicks, keys, taps) calls
the controller (controller.py: the table and what a click asks of it; session.py: new games and
saves), which has the screen draw (screen.py, dialogs.py). The features (guide.py, replay.py,
keys.py, phone.py, computer.py) listen to the controller and call its public methods. This
module only builds and wires them.
"""
import asyncio
import gc
import json

from game.engine import match as M
from game.rules import get

from . import clicktime, saves
from .computer import Driver
from .controller import Controller
from .dialogs import Dialogs
from .dom import document, expose, q, window
from .games import games, ui_for
from .guide import Guide
from .input import Input
from .keys import Keys
from .phone import Phone
from .replay import HistoryViewer
from .screen import Screen
from .session import Session
from .walk import Walk

GAME = "mike-force"  # the game shown until the player picks another


class App:
    def __init__(self, rules):
        self.screen = Screen({})
        self.dialogs = Dialogs(self.screen)
        self.ctl = Controller(rules, self.screen, self.dialogs)
        self.session = Session(self.ctl, self.dialogs)
        self.input = Input(self.ctl, self.screen, self.dialogs, self.session)

    async def boot(self):
        ctl, sc, inp = self.ctl, self.screen, self.input
        loading = getattr(window, "__vw_loading", None)  # (a JS global: a class body would mangle the name)
        if loading:  # the loading screen's last step (static/loading.js)
            loading.step("map")
        wanted = {}
        for gid, _ in games():
            ui = ui_for(gid)
            maps = ui.MAPS or {None: {"url": ui.MAP_URL}}  # Vietnam: one per play area
            wanted.update({(gid, area): spec["url"] for area, spec in maps.items()})

        async def text(url):
            return await (await window.fetch(url)).text()
        # all at once, not one after another (a preload would come too early: Chromium warns it unused)
        texts = await asyncio.gather(*(text(url) for url in wanted.values()))
        sc.map_texts.update(zip(wanted, texts))
        saves.migrate()
        ctl.clock = sc.clock = clicktime.ClickClock()
        # the features, in the order they hear each redraw: the guide, the phone, the computer
        self.guide = Guide(ctl, sc, self.session, inp)
        self.phone = sc.phone = inp.phone = Phone(ctl, sc)
        self.computer = Driver(ctl)  # the computer's sides (issue 12)
        self.walk = inp.walk = Walk(ctl)  # a unit sent to a place of its range (issue 45 item 4)
        last = saves.last_game()
        # the start screen opens on the game played last, its Continue on top
        ctl.set_game(last if last in [gid for gid, _ in games()] else ctl.game, force=True)
        inp.wire()
        self.keys = Keys(ctl, sc)  # the map by keyboard, the main button and zoom keys (issue 13 item 5)
        inp.wire_forms()
        self.history = HistoryViewer(ctl, self.dialogs, inp)  # (issue 13 item 1)
        expose("__vw_state", self.debug_state)      # read-only: tests compare runtimes
        expose("__vw_counter", self.debug_counter)  # read-only: tests read what a counter shows
        self.dialogs.show_start(ctl.game, ctl.m)
        q("#loading").remove()
        # PyScript's watch over every mutation of the page (static/dom.js); the count for a test
        document.body.dataset.quieted = str(window.vwQuietDocument())
        gc.freeze()  # (see Controller.load_match)
        document.body.dataset.ready = "1"

    def debug_state(self, *_):
        """JSON of what reproduces the match (seed, options, actions) and the hash of its state."""
        m = self.ctl.m
        if m is None:
            return "null"
        return json.dumps({"hash": M.state_hash(m), "game": m["game"], "scenario": m["scenario"],
                           "seed": m["seed"], "options": m["options"], "dice_mode": m.get("dice_mode", "auto"),
                           "actions": m["actions"], "players": m.get("players"), "ai_seed": m.get("ai_seed")})

    def debug_counter(self, piece_json, game=None):
        """What the counter of a view piece shows, drawn by `game`'s drawer (default: the game
        shown): its texts, its tooltip and its face colour, as JSON."""
        ui = ui_for(game) if game else self.ctl.ui
        g = ui.draw_counter(json.loads(piece_json), 0, 0, document.createElementNS("http://www.w3.org/2000/svg", "svg"))
        bg = g.querySelector(".ctr-bg")
        return json.dumps({"texts": [t.textContent for t in g.querySelectorAll("text")],
                           "title": g.querySelector("title").textContent,
                           "bg": bg.getAttribute("fill") if bg else None,
                           "parts": sorted({str(n.getAttribute("class")) for n in g.querySelectorAll("[class]")}),
                           "svg": g.outerHTML})  # the drawing itself, for a test to show it


_app = None


def start() -> None:
    global _app
    _app = App(get(GAME))  # the start screen offers every game

    async def main():
        try:
            await _app.boot()
        except Exception as ex:  # show it: a silent hang is worse
            n = q("#loading")
            if n:
                n.textContent = f"Start-up failed: {type(ex).__name__}: {ex}"
            raise
    asyncio.ensure_future(main())
