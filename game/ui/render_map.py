"""The map: the vendored SVG (the base) and, over it, an <svg> of our own layers (counters,
highlights, the report's arrows...), both showing the same view box and moved alike (panzoom.py).

Two <svg>s rather than one (issue 14): a click changes the layers, never the base, and Chromium
then paints the layers' <svg> alone (each is a paint layer of its own) instead of the whole map,
its hundreds of roads, labels and places (about 2.5 ms of paint a First Team click, traced). The
layers' <svg> lets a click through where it draws nothing (CSS: pointer-events), so a place of the
base is still clicked where no counter or highlight covers it."""

from . import keynav
from .counters import H, S, counter, title_of
from .dom import Frag, markup, put, put_all, sel, window
from .logic import split_sides, stack_order

STACK_DY = -33   # stacks sit just above their space, leaving the space itself clickable
SIDE_DX = 16
PICK_CELL = 100.0  # map units: the grid place_under looks places up in (more than a place's radius)


class MapView:
    def __init__(self, container, svg_text, anchors=None, stack_dy=STACK_DY, defer=None, type_name=str, art=None,
                 rank=None):
        # defer(fn): run fn when the screen is drawn (Screen.later): what a screen reader reads of a
        # place or a relit counter changes nothing on the screen (issue 14: 0.3 ms a First Team click)
        self.defer = defer or (lambda fn: fn())
        self.type_name = type_name  # a kind of action in words (the game's names.Names.type_name)
        self.rank = rank  # the game's stack_rank: which counter of a stack is drawn on top
        self.own = None  # the side at the screen, whose counters a stack shows first
        container.innerHTML = svg_text  # our own same-origin static asset, not user data
        self.box = container
        self.base = container.querySelector("svg")  # the map itself: its places are clicked
        self.base.removeAttribute("width")
        self.base.removeAttribute("height")
        self.base.classList.add("map-base")
        self.art = None   # the map's art as one picture (_as_picture), its places then data only
        if art:
            self._as_picture(art)
        self.svg = sel("svg", {"class": "map-top"}, parent=container)  # what is drawn on it
        self.svgs = (self.base, self.svg)  # (their size, view box and aspect: panzoom.py)
        self.spaces = {}
        self.names = {}   # place -> its short name (the map's data-name), for what a screen reader says
        self.titles = {}  # place -> its tooltip (name and terrain), the start of its accessible name
        for g in self.base.querySelectorAll("[data-space]"):
            sid = g.getAttribute("data-space")
            self.spaces[sid] = (float(g.getAttribute("data-x")), float(g.getAttribute("data-y")), g)
        self.box_keys = set()
        for key, (x, y, g) in (anchors(self.base) if anchors else {}).items():  # boxes drawn on the map
            g.setAttribute("data-anchor", key)
            self.box_keys.add(key)
            self.spaces[key] = (x, y, g)
        for sid, (_, _, g) in self.spaces.items():  # every place is named for a screen reader (issue 13 item 5)
            t = g.querySelector(":scope > title")
            self.names[sid] = g.getAttribute("data-name") or sid
            self.titles[sid] = t.textContent if t else self.names[sid]
            g.setAttribute("role", "group")
            g.setAttribute("aria-label", keynav.space_name(self.titles[sid], []))
        spaces_g = self.base.querySelector("#spaces")
        # control rings under the places (they change only when a place changes hands)
        self.layer_ctrl = sel("g", {"id": "vw-control", "pointer-events": "none"})
        self.base.insertBefore(self.layer_ctrl, spaces_g)
        # the places' highlights, above every place and under the stacks, put in one call (issue 14)
        self.layer_lit = sel("g", {"id": "vw-lit"}, parent=self.svg)
        self.layer_pieces = sel("g", {"id": "vw-pieces"}, parent=self.svg)
        self.layer_hl = sel("g", {"id": "vw-hl"}, parent=self.svg)  # box targets: pins above the stacks
        self.stack_dy = stack_dy  # where a stack sits from its place's centre (a game's STACK_DY)
        self.stack_nodes = {}
        self.stack_keys = {}  # place -> (what its stack shows, its lit units, [(piece, stack or None)] drawn, its ids)
        self._shown = (frozenset(), None, None)  # (the units lit, the selection, the spread stack) last drawn
        self._drawn_stacks = None  # the stacks (the view's dict) last drawn in full, and their units' places
        self._where_ids = {}
        self._drawn = []
        self.ctrl_keys = {}
        self._ctrl_of = None  # the view's spaces whose control rings are drawn
        self.hl_nodes = []
        self.hl_keys = {}  # place -> what its highlight shows: an unchanged one stays as it is
        self.parked = {}   # place -> a highlight no longer lit, put aside as it was (_kept)
        self.named = {}  # place -> the pieces its accessible name lists
        self._box_rects = {}

    def _as_picture(self, url):
        """The map's static art (terrain, rivers, roads, borders, names) drawn as one picture, `url`
        (the map SVG itself), its places kept as data only (CSS: svg.map-base.art): the whole map's
        12,000 elements made every click's frame layerize, paint and hit-test them all (fitted:
        layerize 6.3, paint 5.4, hit tests 4.0 ms a click, traced), and its 2,581 places, even
        hidden, cost the hit tests 4-6 ms. A click on the picture finds its place by the nearest
        centre (place_under); the picture is drawn again only when the view moves (issue 47)."""
        base = self.base
        for node in list(base.children):
            if node.getAttribute("id") != "spaces":
                node.remove()
        x, y, w, h = (base.getAttribute("viewBox") or "0 0 0 0").split()
        self.art = sel("image", {"href": url, "x": x, "y": y, "width": w, "height": h,
                                 "preserveAspectRatio": "none", "class": "map-art"})
        base.insertBefore(self.art, base.firstChild)
        base.classList.add("art")
        self._cells = {}  # (column, row) of a PICK_CELL grid -> [(x, y, place)] centred in it
        for g in base.querySelectorAll("#spaces [data-space]"):
            if not g.classList.contains("out"):
                px, py = float(g.getAttribute("data-x")), float(g.getAttribute("data-y"))
                self._cells.setdefault((int(px // PICK_CELL), int(py // PICK_CELL)), []).append(
                    (px, py, g.getAttribute("data-space")))

    def place_under(self, target, pz, e):
        """The place a click on the map's picture landed in (the nearest place's centre: a hex's
        is the nearest to every point of it), else None."""
        if self.art is None or target != self.art:
            return None
        x, y = pz.to_svg(e.clientX, e.clientY)
        cx, cy = int(x // PICK_CELL), int(y // PICK_CELL)
        near = [c for i in (-1, 0, 1) for j in (-1, 0, 1) for c in self._cells.get((cx + i, cy + j), ())]
        if not near:
            return None
        d, sid = min(((px - x) ** 2 + (py - y) ** 2, sid) for px, py, sid in near)
        return sid if d <= PICK_CELL ** 2 else None

    # ---- control ---------------------------------------------------------------------------
    def _control(self, v):
        if v["spaces"] is self._ctrl_of:  # the same view redrawn (a selection): no place changed hands
            return
        self._ctrl_of = v["spaces"]
        for sid, sp in v["spaces"].items():
            c = sp.get("control")
            if self.ctrl_keys.get(sid, "x") == c:
                continue
            self.ctrl_keys[sid] = c
            old = self.layer_ctrl.querySelector(f'[data-ctrl="{sid}"]')
            if old:
                old.remove()
            if c and sid in self.spaces:
                x, y, _ = self.spaces[sid]
                sel("circle", {"data-ctrl": sid, "cx": x, "cy": y, "r": 23,
                               "class": f"ctrl ctrl-{c}"}, parent=self.layer_ctrl)

    # ---- stacks ------------------------------------------------------------------------------
    def _draw_side(self, g, pieces, x, y, expanded, selected, can_act, place=""):
        if not pieces:
            return
        if expanded and len(pieces) > 1:
            cols = min(len(pieces), 4)
            rows = (len(pieces) + cols - 1) // cols
            step = S + 4
            w = cols * step
            x0 = x - (cols - 1) * step / 2
            sel("rect", {"x": x0 - step / 2 - 3, "y": y - (rows - 1) * step - step / 2 - 3,
                         "width": w + 6, "height": rows * step + 6, "rx": 4, "class": "fan-bg"}, parent=g)
            for i, p in enumerate(pieces):
                cx = x0 + (i % cols) * step
                cy = y - (i // cols) * step
                self._piece(g, p, cx, cy, selected, can_act)
            return
        n = len(pieces)
        for k in range(min(n - 1, 2), 0, -1):
            sel("rect", {"x": x - H + 3 * k, "y": y - H - 3 * k, "width": S, "height": S, "rx": 2.5,
                         "class": "ctr-shadow"}, parent=g)
        self._piece(g, pieces[0], x, y, selected, can_act, count=n, stack=(place, pieces))

    def _piece(self, g, p, x, y, selected, can_act, count=1, stack=None):
        c = counter(p, x, y, parent=g)
        pid = p.get("id")
        c.setAttribute("data-unit", pid)
        if count > 1:
            c.setAttribute("data-count", str(count))
            sel("circle", {"cx": H, "cy": -H, "r": 6.5, "class": "badge"}, parent=c)
            sel("text", {"x": H, "y": -H + 3, "font-size": 8, "text-anchor": "middle", "class": "badge-t"},
                str(count), parent=c)
        # a keyboard target (keys.py) with the name a screen reader reads: what the counter shows
        c.setAttribute("data-kbd", f"u:{pid}")
        c.setAttribute("tabindex", "-1")
        c.setAttribute("role", "button")
        self._lit(c, p, selected, can_act, stack if count > 1 else None)
        self._drawn.append((p, stack if count > 1 else None))
        return c

    def _lit(self, c, p, selected, can_act, stack=None):
        """A counter's class (selected, can act) and its accessible name; the top counter of a
        stack of several stands for the stack (Enter opens it)."""
        pid = p.get("id")
        c.setAttribute("class", "ctr" + (" sel" if pid == selected else "") + (" act" if pid in can_act else ""))
        if isinstance(c, Frag):  # being drawn: its name goes in with its markup
            c.setAttribute("aria-label", self._counter_name(p, selected, can_act, stack))
        else:  # relit in place
            self.defer(lambda: c.setAttribute("aria-label", self._counter_name(p, selected, can_act, stack)))

    def _counter_name(self, p, selected, can_act, stack):
        pid = p.get("id")
        if stack is None:
            return keynav.counter_name(title_of(p), pid in can_act, pid == selected)
        place, pieces = stack
        return keynav.stack_name(self.names.get(place, place), [title_of(q) for q in pieces], pid in can_act)

    def _stack(self, sid, pieces, expanded, selected, can_act):
        x, y, _ = self.spaces[sid]
        if sid in self.box_keys:
            y += 8 - self.stack_dy  # centred in the box, below its title
        g = Frag("g", {"class": "stack" + (" open" if expanded else ""), "data-stack": sid,
                       "data-units": " ".join(str(p.get("id")) for p in pieces)})  # the log lights a stack by any of its units
        fw, com = split_sides(pieces, self.own)
        fw = stack_order(fw, selected, can_act, self.rank)
        com = stack_order(com, selected, can_act, self.rank)
        if expanded:
            # one fan holding both sides, the side at the screen first
            self._draw_side(g, fw + com, x, y + self.stack_dy, True, selected, can_act, sid)
        elif fw and com:
            self._draw_side(g, fw, x - SIDE_DX, y + self.stack_dy, False, selected, can_act, sid)
            self._draw_side(g, com, x + SIDE_DX, y + self.stack_dy, False, selected, can_act, sid)
        else:
            self._draw_side(g, fw or com, x, y + self.stack_dy, False, selected, can_act, sid)
        return g

    def clear(self):
        """Remove every counter, control ring and highlight (a hand-over blanks the table)."""
        for layer in (self.layer_pieces, self.layer_ctrl):
            layer.replaceChildren()
        for sid in self.stack_keys:  # nor what a screen reader would read of them
            self._name_place(sid, [])
        ring = self.svg.querySelector("#vw-focus")  # nor where the keyboard was (keys.py)
        if ring:
            ring.replaceChildren()
        for n in self.hl_nodes:
            n.remove()
        if self.parked:
            window.vwLit(self.svg, "", "", "\n".join(self.parked), "")
        self.hl_nodes = []
        self.hl_keys = {}
        self.parked = {}
        self.stack_nodes = {}
        self.stack_keys = {}
        self._drawn_stacks = None
        self.ctrl_keys = {}
        self._ctrl_of = None

    def render(self, v, stacks, selected, expanded, can_act, hl, actions, own):
        """Draw the view's stacks (`own`: the side at the screen, whose counters come first), the
        control rings and the lit places; what is unchanged stays as it is."""
        if own != self.own:  # (a hot-seat game's other side at the screen: each stack drawn again)
            self.own = own
            self.stack_keys = {}
            self._drawn_stacks = None
        self._control(v)
        # what may look otherwise where the counters are the same: a unit that can act now or no
        # longer, the old and new selection, the old and new spread stack. The others are passed
        # over after comparing their counters (in C): looking at every place of a campaign's
        # 275 stacks at each click was 1.5 ms of it (issue 47)
        was_act, was_sel, was_exp = self._shown
        touch = (can_act ^ was_act) | {selected, was_sel, expanded, was_exp}
        self._shown = (frozenset(can_act), selected, expanded)
        same = stacks is self._drawn_stacks  # the same view's stacks, all drawn: only those touched are looked at
        if same:
            where = self._where_ids
            todo = [sid for sid in dict.fromkeys([where.get(k) for k in touch] + [k for k in touch if k in stacks])
                    if sid is not None]
        else:
            todo = stacks
        for sid in todo:
            self._draw_stack(sid, stacks[sid], touch, selected, expanded, can_act)
        if not same:
            for sid in [k for k in self.stack_nodes if k not in stacks]:  # a place the view no longer lists
                self.stack_nodes.pop(sid).remove()
                self.stack_keys.pop(sid, None)
                self._name_place(sid, [])
            self._drawn_stacks = stacks
            self._where_ids = {p.get("id"): sid for sid, ps in stacks.items() for p in ps}
        if expanded in self.stack_nodes:
            self.layer_pieces.appendChild(self.stack_nodes[expanded])  # on top
        self._highlights(hl, actions)

    def _draw_stack(self, sid, pieces, touch, selected, expanded, can_act):
        """One place's stack, drawn again only if what it shows changed."""
        was = self.stack_keys.get(sid)
        if was is not None and sid not in touch and was[3].isdisjoint(touch) and was[0][0] == pieces:
            return
        if sid not in self.spaces:
            return
        ids = [p.get("id") for p in pieces]
        # (the pieces themselves: a list of dicts compares in C, cheaper than writing it out, issue 14)
        shape = (pieces, selected if selected in ids else None, expanded == sid)
        lit = sorted(set(ids) & can_act)
        if was is not None and was[0][0] == pieces and was[0][2] == shape[2]:
            if was[0] == shape and was[1] == lit:
                return
            # the same counters, lit or selected otherwise: when the same ones stay on top, their
            # class and name change in place (a selection, most clicks of a campaign: 1 ms)
            if self._relight(sid, pieces, selected, can_act):
                self.stack_keys[sid] = (shape, lit, was[2], was[3])
                return
        self._name_place(sid, pieces)
        old = self.stack_nodes.pop(sid, None)
        self._drawn = []
        if pieces:
            g = self._stack(sid, pieces, expanded == sid and len(pieces) > 1, selected, can_act)
            # a stack drawn before is patched (static/dom.js): what stays, its texts above all,
            # is not laid out and painted again (issue 14)
            self.stack_nodes[sid] = put(self.layer_pieces, g) if old is None else window.vwMorphNode(old, g.html())
        elif old is not None:
            old.remove()
        self.stack_keys[sid] = (shape, lit, self._drawn, frozenset(ids))

    def _relight(self, sid, pieces, selected, can_act):
        """A stack whose counters are unchanged but lit otherwise (the units that can act change
        at every step): when the same counters are on top, only their class and name change, in
        place; a redraw lays out every text of every counter again (issue 14). False: redraw it."""
        node = self.stack_nodes.get(sid)
        drawn = self.stack_keys[sid][2]
        if node is None or not drawn or len(drawn) > 2:  # (a spread stack: drawn again)
            return False
        fw, com = split_sides(pieces, self.own)
        sides = [side for side in (stack_order(fw, selected, can_act, self.rank),
                                    stack_order(com, selected, can_act, self.rank)) if side]
        if [p.get("id") for p, _ in drawn] != [side[0].get("id") for side in sides]:
            return False  # another counter comes on top
        ctrs = node.querySelectorAll("[data-unit]")
        if ctrs.length != len(drawn):
            return False
        for k, side in enumerate(sides):
            self._lit(ctrs.item(k), side[0], selected, can_act, (sid, side) if len(side) > 1 else None)
        return True

    def _name_place(self, sid, pieces):
        """A place's accessible name: its name and terrain, then each counter standing there. The
        same counters keep their name: a stack is redrawn when a unit in it is selected, and naming
        First Team's An Khe again (79 counters) was 1.4 ms of such a click (issue 14, timed in the page)."""
        if self.named.get(sid, []) == pieces:  # (a list of dicts: compared in C)
            return
        self.named[sid] = pieces
        node, title = self.spaces[sid][2], self.titles[sid]
        self.defer(lambda: node.setAttribute("aria-label", keynav.space_name(title, [title_of(p) for p in pieces])))

    def _box_rect(self, sid):
        """(x, y, w, h) of a box anchor's outline (its first <rect>), read once."""
        if sid not in self._box_rects:
            _, _, g = self.spaces[sid]
            r = g.querySelector("rect")
            try:
                self._box_rects[sid] = tuple(float(r.getAttribute(k)) for k in ("x", "y", "width", "height"))
            except Exception:  # no rect: a disc at the anchor point
                self._box_rects[sid] = None
        return self._box_rects[sid]

    def _highlights(self, hl, actions):
        """One highlight per place. A single action carries data-action (a click runs it); several
        carry data-choose and their indices in data-holds (a click opens the chooser). A place lit
        as before (the same kinds of action, labels and stack) keeps its highlight, only the
        action indices written again where they moved: an action taken shifts the indices of every
        action after it, and rebuilding the highlights that only moved was about 4 ms of a First
        Team click that lights dozens of places (issue 14)."""
        keys = {}
        for sid, idxs in hl.items():
            if sid in self.spaces:
                keys[sid] = (tuple(actions[i]["t"] for i in idxs),
                             tuple(actions[i].get("label", "") for i in idxs), sid in self.stack_nodes)
        self.hl_keys = kept = self._kept(hl, keys)
        new = {}  # layer -> [(place, its highlight, the nodes drawn with it)], put in one call each
        for sid, idxs in hl.items():
            if sid not in self.spaces or sid in kept:
                continue
            into, h, nodes = self._new_light(sid, idxs, actions)
            new.setdefault(id(into), (into, []))[1].append((sid, h, nodes))
        named = []
        name = self.type_name
        for into, items in new.values():
            for (sid, _, nodes), node in zip(items, put_all(into, [h for _, h, _ in items])):
                self.hl_keys[sid] = (keys[sid], nodes + [node], tuple(hl[sid]))
                named.append((sid, node, [actions[i].get("label", name(actions[i]["t"])) for i in hl[sid]]))
        self.hl_nodes = [n for _, nodes, _ in self.hl_keys.values() for n in nodes]
        if named:
            self.defer(lambda: self._name_targets(named))

    def _kept(self, hl, keys):
        """The highlights lit as before (`keys`: what each lit place shows), their indices written
        again where they moved. One no longer lit is put aside (out of the page, kept by
        static/dom.js vwLit) and comes back when its place is lit as before: a unit selected puts
        out a campaign's 82 targets and letting it go lit them again, made anew each time that
        was 2-3 ms of the click (issue 47). One lit otherwise is removed. One call into the page
        for them all."""
        kept, park, unpark, drop, moved = {}, [], [], [], []
        for sid, was in self.hl_keys.items():
            if keys.get(sid) == was[0]:
                kept[sid] = was
            elif sid not in keys:
                park.append(sid)
                self.parked[sid] = was
            else:
                for n in was[1]:
                    n.remove()
        for sid, key in keys.items():
            was = None if sid in kept else self.parked.pop(sid, None)
            if was is not None and was[0] == key:
                unpark.append(sid)
                kept[sid] = was
            elif was is not None:
                drop.append(sid)
        for sid, (key, nodes, idxs) in kept.items():
            now = tuple(hl[sid])
            if now != idxs:
                name = "data-action" if len(now) == 1 else "data-holds"
                moved.append(f"{sid}\x1f{name}\x1f{' '.join(map(str, now))}")
                kept[sid] = (key, nodes, now)
        if park or unpark or drop or moved:
            window.vwLit(self.svg, "\n".join(park), "\n".join(unpark), "\n".join(drop), "\n".join(moved))
        return kept

    def _new_light(self, sid, idxs, actions):
        """A new highlight of place `sid`: (the layer it goes in, its Frag, the nodes drawn with it)."""
        x, y, _ = self.spaces[sid]
        a = actions[idxs[0]]
        ts = {actions[i]["t"] for i in idxs}
        nodes = []
        attrs = {"class": "vw-hl", "data-t": a["t"] if len(ts) == 1 else "multi", "data-to": sid, "data-lit": sid}
        if len(idxs) == 1:
            attrs["data-action"] = idxs[0]
        else:
            attrs["data-choose"] = sid
            attrs["data-holds"] = " ".join(str(i) for i in idxs)
        box = self._box_rect(sid) if sid in self.box_keys else None
        if box:  # a box: its outline lights up under the stacks; a target pin on top takes the click
            bx, by, bw, bh = box
            ring = sel("rect", {"x": bx - 2, "y": by - 2, "width": bw + 4, "height": bh + 4, "rx": 5,
                                "class": "hl-disc hl-box", "pointer-events": "none", "data-lit": sid}, parent=self.layer_lit)
            nodes.append(ring)
            attrs["transform"] = f"translate({bx + bw - 15:.1f} {by + 15:.1f})"
            attrs["class"] += " hl-pin"
            into = self.layer_hl
        elif sid in self.stack_nodes:  # a lit place under a stack: the whole place, stack too, is the target
            attrs["class"] += " hl-top"
            attrs["transform"] = f"translate({x:.1f} {y:.1f})"
            into = self.layer_hl
        else:
            attrs["transform"] = f"translate({x:.1f} {y:.1f})"
            into = self.layer_lit
        h = Frag("g", attrs)
        for k, val in (("data-kbd", f"hl:{sid}"), ("tabindex", "-1"), ("role", "button")):
            h.setAttribute(k, val)  # a keyboard target (keys.py), named once drawn (_name_targets)
        if box:
            sel("circle", {"r": 12, "class": "pin-disc"}, parent=h)
            sel("path", {"d": "M-6 -1H3V-5L8 0L3 5V1H-6Z", "class": "pin-arrow"}, parent=h)
            cx, cy = -10, 10
        else:
            sel("circle", {"r": 20, "class": "hl-disc"}, parent=h)
            cx, cy = -15, 15
            if len(idxs) == 1 and a.get("note"):  # (the action's display note: Vietnam's step cost)
                w = 6 * len(a["note"]) + 6  # on a pill: it stays readable over a place's name
                sel("rect", {"x": -w / 2, "y": 21, "width": w, "height": 13, "rx": 3, "class": "hl-note-bg"}, parent=h)
                sel("text", {"y": 31, "text-anchor": "middle", "class": "hl-note"}, a["note"], parent=h)
        if len(idxs) > 1:
            sel("circle", {"cx": cx, "cy": cy, "r": 6.5, "class": "badge hl-badge"}, parent=h)
            sel("text", {"x": cx, "y": cy + 3, "font-size": 8, "text-anchor": "middle", "class": "badge-t"},
                str(len(idxs)), parent=h)
        return into, h, nodes

    def _name_targets(self, named):
        """The new lit places' tooltips and what a screen reader says of them: their actions."""
        for sid, node, labels in named:
            n = len(labels)
            node.setAttribute("aria-label", keynav.target_name(self.names.get(sid, sid), labels))
            node.insertAdjacentHTML("afterbegin", markup("title", text="; ".join(labels) + (
                f"  ({n} choices: click to choose)" if n > 1 else "")))
