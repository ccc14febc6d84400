"""The page's dialogs (screen room): the confirmation, the start screen, the saves dialog and Help.

They draw; what their buttons do is the input's commands (input.py) and the session's (session.py).
"""
from game.rules import get, howto as howto_of, title as title_of

from . import howto, offline_copy, saves, startscreen
from .dom import document, el, q


class Dialogs:
    def __init__(self, screen):
        self.screen = screen
        self._confirm_act = None  # what Yes does
        self._help_tab = "howto"

    # ---- the confirmation ---------------------------------------------------------------------------
    def confirm(self, text, on_yes):
        """Ask in the page (not window.confirm: testable, styled): Yes runs on_yes, Cancel nothing."""
        self._confirm_act = on_yes
        q("#confirm-msg").textContent = text
        q("#confirm-dlg").hidden = False
        q("#confirm-yes").focus()  # Enter says yes, Esc cancels

    def answer(self, yes):
        """The confirmation answered (no: cancelled)."""
        q("#confirm-dlg").hidden = True
        act, self._confirm_act = self._confirm_act, None
        if yes and act:
            act()

    # ---- the start screen -------------------------------------------------------------------------
    def show_start(self, game, m):
        """The start screen of game `game` (`m`: the match in play, or None)."""
        auto = saves.load_autosave(game) if saves.has_autosave(game) else None
        startscreen.build(q("#start-body"), get(game), auto is not None, saves.summary(auto) if auto else "",
                          saves.slots())
        self.screen.show_title(game)
        document.body.dataset.screen = "start"
        if m is None:
            q("#prompt").textContent = "Choose a scenario and start, or continue your saved game."
        document.body.classList.toggle("ingame", m is not None)
        q("#start-screen").hidden = False

    def start_msg(self, text):
        n = q("#start-msg")
        if n:
            n.textContent = text

    # ---- saves ----------------------------------------------------------------------------------
    def saves_msg(self, text):
        q("#saves-msg").textContent = text

    def saves_open(self):
        return not q("#saves-dlg").hidden

    def show_saves(self, message=""):
        ul = q("#slot-list")
        ul.replaceChildren()
        for name, meta in sorted(saves.slots().items()):
            li = el("li", parent=ul)
            el("span", text=name, cls="slot-name", parent=li)
            el("span", text=f" {meta.get('summary', '')} ({meta.get('saved', '')}) ", cls="muted", parent=li)
            el("button", text="Load", attrs={"type": "button", "data-cmd": "slot-load", "data-slot": name}, parent=li)
            el("button", text="Delete", attrs={"type": "button", "data-cmd": "slot-delete", "data-slot": name},
               parent=li)
        self.saves_msg(message)
        q("#saves-dlg").hidden = False
        document.body.dataset.screen = "saves"
        offline_copy.show(q("#keep-copy"))

    def close(self):
        """Esc: the saves dialog or Help closes; False if neither was open."""
        if q("#saves-dlg").hidden and q("#help-dlg").hidden:
            return False
        q("#saves-dlg").hidden = True
        q("#help-dlg").hidden = True
        return True

    # ---- Help -----------------------------------------------------------------------------------
    def show_help(self, game, m, tab=None, cite=None):
        """Help: How to play (at the section `cite` names), using this screen, the options in
        use, about this reconstruction; of the game chosen on the start screen when it is open,
        else of `game` (`m`: the match in play, or None)."""
        on_start = not q("#start-screen").hidden
        gid = startscreen.chosen_game(q("#start-body")) if on_start else game
        doc = howto_of(gid)
        howto.draw(q("#howto"), gid, doc)
        q("#help-title").textContent = f"Help — {title_of(gid)}"
        self.help_tab(tab or ("howto" if cite else self._help_tab))
        q("#help-dlg").hidden = False
        if cite:
            shown = howto.focus(q("#howto"), doc, cite)
            document.body.dataset.howto = shown or ""
        rules = get(gid)
        self._options(rules, m.get("options") or {} if m is not None and gid == game and not on_start else None)
        about(q("#help-about"), rules)

    def _options(self, rules, chosen):
        """The rulings and optional rules: the game in progress's (`chosen`), else a new game's."""
        box = q("#help-options")
        box.replaceChildren()
        q("#help-options-note").textContent = ("The rulings and optional rules of the game in progress."
                                               if chosen is not None
                                               else "The rulings and optional rules a new game starts with (change "
                                                    "them under Advanced on the start screen).")
        for o in rules.options():
            val = (chosen or {}).get(o["id"], o["default"])
            shown = ("yes" if val else "no") if isinstance(val, bool) else str(val).replace("_", " ")
            li = el("li", parent=box)
            el("span", text=f"{o['label']}: ", parent=li)
            el("b", text=shown, parent=li)
            el("small", text=o["rule"], cls="code", parent=li)

    def help_tab(self, tab):
        self._help_tab = tab
        for b in document.querySelectorAll("#help-dlg [data-tab]"):
            b.setAttribute("aria-selected", "true" if b.getAttribute("data-tab") == tab else "false")
        for pane in document.querySelectorAll("#help-dlg [data-pane]"):
            pane.hidden = pane.getAttribute("data-pane") != tab


def about(root, rules):
    """'About this reconstruction': where every value the rulebook does not give comes from
    (games whose rules provide about())."""
    root.replaceChildren()
    about_of = getattr(rules, "about", None)  # (an optional Rules hook: game/rules' contract)
    if about_of is None:
        el("p", text="The values this reconstruction adds to the rulebook (map, counters, tables) are "
                     "marked in the game's data files with their reasoning; the rulings are listed "
                     "under Options in use.", cls="muted", parent=root)
        return
    el("h3", text="About this reconstruction", parent=root)
    el("p", text="The rulebook gives the rules; its map, counter sheet and charts are missing. What is not "
                 "in the rulebook comes from play reports, geography, reconstruction or design, as listed.",
       cls="muted", parent=root)
    for sec in about_of():
        det = el("details", cls="about-sec", parent=root)
        kinds = {}
        for it in sec["items"]:
            kinds[it["kind"]] = kinds.get(it["kind"], 0) + 1
        el("summary", text=f"{sec['title']}: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())),
           parent=det)
        if sec.get("notes"):
            el("p", text=sec["notes"], cls="muted", parent=det)
        ul = el("ul", parent=det)
        for it in sec["items"]:
            li = el("li", attrs={"data-kind": it["kind"]}, parent=ul)
            el("b", text=f"{it['what']}: ", parent=li)
            el("span", text=it["kind"], cls="cite", parent=li)
            if it.get("why"):
                el("span", text=f" {it['why']}", parent=li)
