// The few DOM operations game/ui/dom.py hands to JavaScript (issue 14): each is one call from
// Python where doing it from Python would cost a call per element or attribute through the FFI.
// JavaScript because it runs inside the browser's own DOM calls; it holds no rules and knows
// nothing of the games.
//
// vwMorph / vwMorphNode: patch a part of the page to new markup, keeping the elements that stay.
// Setting innerHTML throws every element away: the browser lays out and paints each new one from
// scratch, texts measured again. The side panel's action list changes at nearly every click
// (indices shift, a unit drops out), mostly in attributes; patched, its buttons stay and only what
// differs is written. Elements are matched in order by tag and key (data-key, data-unit,
// data-group, data-of, data-box, data-stack or id); a keyed element that is gone is removed, one
// further on is moved up rather than rebuilt. A <details> stays open or closed as the player left it.
// vwPut: append markup to an element and return the elements it made (a map's highlights, in one
// call instead of one each).
// And one listener: an action button (or a command button, or an inspector's counter) pressed
// with the mouse does not take the focus. The panel is redrawn after every action, and removing
// the focused button made Chromium lay out the whole page at once (about 25 ms of a First Team
// click, found with the CDP profiler); in Python it cost a call into Python at every press
// anywhere on the page.
// vwPointerGate: the map's pointer for game/ui/panzoom.py. A press that does not move is a click
// and Python hears nothing of it; Python follows a pointer once it drags (dragPx) or a second
// finger comes down (a pinch), and the click that ends a drag is swallowed here: no call into
// Python at every press on the map, nor at every move of the mouse over it (issue 14).
(() => {
  "use strict";
  // PyScript's core watches the whole document (a MutationObserver: childList, subtree,
  // attributes) for <script type="py"> and py-* attributes added later. This page adds none, and
  // the observer was handed every mutation of every redraw: its callback alone took 0.8 ms of a
  // First Team click (CDP trace), growing with the redraw. dom.js runs before PyScript's module
  // does, so the observers set on the whole document are noted here, and the app lets them go
  // once its first screen is up (vwQuietDocument, game/ui/app.py), its own script long found.
  const NativeObserver = window.MutationObserver;
  const onDocument = [];
  window.MutationObserver = class extends NativeObserver {
    observe(target, options) {
      if (target === document && options && options.subtree) onDocument.push(this);
      return super.observe(target, options);
    }
  };
  window.vwQuietDocument = () => {  // how many it let go
    const n = onDocument.length;
    for (const o of onDocument.splice(0)) o.disconnect();
    window.MutationObserver = NativeObserver;
    return n;
  };

  const SVG_NS = "http://www.w3.org/2000/svg";
  const NO_FOCUS = "[data-action], #map [data-kbd], .zoom, button[data-cmd], .insp-ctr";
  const KEYS = ["data-key", "data-unit", "data-group", "data-of", "data-box", "data-stack", "id"];

  function key(n) {
    if (n.nodeType !== 1) return null;
    for (const k of KEYS) {
      const v = n.getAttribute(k);
      if (v !== null) return k + "\u0000" + v;
    }
    return null;
  }

  // By name, not through .attributes: each item of that is an Attr node made on the spot, and
  // walking them made a patch cost about 15 us an element (issue 14, timed in the page).
  // A <details> the player opened or closed stays so: the patch never writes its "open". A redraw
  // after every action folded First Team's An Khe (40 companies) again under the player's hand,
  // and the browser then dropped and later rebuilt the boxes of its 40 buttons (issue 14, a trace).
  function attrs(old, now) {
    const fold = old.localName === "details";
    for (const name of old.getAttributeNames()) {
      if (!now.hasAttribute(name) && !(fold && name === "open")) old.removeAttribute(name);
    }
    for (const name of now.getAttributeNames()) {
      const v = now.getAttribute(name);
      if (old.getAttribute(name) !== v && !(fold && name === "open")) old.setAttribute(name, v);
    }
  }

  function patch(old, now) {
    if (old.nodeType !== 1) {
      if (old.nodeValue !== now.nodeValue) old.nodeValue = now.nodeValue;
      return;
    }
    // most of a redraw is unchanged: the browser compares a whole subtree at once, far faster
    // than walking it here (a First Team map's stacks: about 1.8 -> 0.03 ms, timed in the page)
    if (old.isEqualNode(now)) return;
    attrs(old, now);
    children(old, now);
  }

  // whether old node `cur` is new node `n` (whose key is k): the same kind, tag and key
  function same(cur, n, k) {
    return cur !== null && cur.nodeType === n.nodeType && cur.nodeName === n.nodeName && key(cur) === k;
  }

  // old's children become now's: matched ones patched in place, the others inserted (now's own
  // parsed nodes) or removed.
  function children(old, now) {
    let cur = old.firstChild;
    let next = now.firstChild;
    let wanted = null;  // the keys still to come, made at the first mismatch (most lists have none)
    while (next) {
      const n = next;
      next = n.nextSibling;
      const k = key(n);
      if (same(cur, n, k)) {
        patch(cur, n);
        cur = cur.nextSibling;
        continue;
      }
      // a keyed element that is no longer there goes now: left in place, every element after it
      // would be "found further on" and moved (a moved element is laid out again)
      if (wanted === null) {
        wanted = new Set();
        for (let m = n; m; m = m.nextSibling) {
          const mk = key(m);
          if (mk !== null) wanted.add(mk);
        }
      }
      while (cur && cur.nodeType === 1) {
        const ck = key(cur);
        if (ck === null || wanted.has(ck)) break;
        const gone = cur;
        cur = cur.nextSibling;
        gone.remove();
      }
      if (same(cur, n, k)) {
        patch(cur, n);
        cur = cur.nextSibling;
        continue;
      }
      let found = null;
      if (k !== null) {
        for (let c = cur; c; c = c.nextSibling) {
          if (c.nodeName === n.nodeName && key(c) === k) { found = c; break; }
        }
      }
      if (found) {
        old.insertBefore(found, cur);
        patch(found, n);
      } else {
        old.insertBefore(n, cur);
      }
    }
    while (cur) {
      const c = cur;
      cur = cur.nextSibling;
      c.remove();
    }
  }

  function parse(like, html) {
    // parsed where it goes: SVG markup inside an SVG element, HTML in a template
    if (like.namespaceURI === SVG_NS) {
      const holder = document.createElementNS(SVG_NS, "svg");
      holder.innerHTML = html;
      return holder;
    }
    const t = document.createElement("template");
    t.innerHTML = html;
    return t.content;
  }

  window.vwPut = (node, html) => {
    const before = node.childElementCount;
    node.insertAdjacentHTML("beforeend", html);
    return Array.prototype.slice.call(node.children, before);
  };
  window.vwPointerGate = (box, dragPx, down, move, up) => {
    const pressed = new Map();  // pointerId -> its pointerdown, not yet told to Python
    const told = new Set();     // the pointers Python follows
    let swallow = false;
    const tell = () => {
      for (const [id, e] of pressed) { told.add(id); down(e); }
      pressed.clear();
    };
    const on = {
      pointerdown: (e) => {
        swallow = false;
        if (e.pointerType === "mouse" && e.button !== 0) return;
        pressed.set(e.pointerId, e);
        if (pressed.size + told.size > 1) tell();  // a pinch
      },
      pointermove: (e) => {
        const p = pressed.get(e.pointerId);
        if (p && Math.hypot(e.clientX - p.clientX, e.clientY - p.clientY) >= dragPx) tell();
        if (told.has(e.pointerId)) move(e);
      },
      pointerup: (e) => {
        pressed.delete(e.pointerId);
        if (told.delete(e.pointerId) && up(e)) swallow = true;  // up(): whether it was a drag
      },
    };
    on.pointercancel = on.pointerup;
    const click = (e) => {
      if (swallow) { swallow = false; e.stopPropagation(); e.preventDefault(); }
    };
    for (const [ev, fn] of Object.entries(on)) box.addEventListener(ev, fn);
    box.addEventListener("click", click, true);
    return () => {  // let go (a new map's gate listens on the same box)
      for (const [ev, fn] of Object.entries(on)) box.removeEventListener(ev, fn);
      box.removeEventListener("click", click, true);
    };
  };

  // A press: an action button, a map target, a zoom button, a command button (a unit's entry,
  // a group's header, Clear...) or an inspector's counter does not take the focus, and
  // game/ui/keys.py learns that the mouse was used (vwPressed) when it next looks, not at once.
  // The redraw a click makes often removes the element pressed (a unit's entry leaves the list
  // once selected); removing the focused element made Chromium lay out the page at once, inside
  // the patch: 3-7 ms of a First Team click that selects a unit (issue 14, timed in the page).
  window.vwPressed = false;
  document.addEventListener("mousedown", (e) => {
    window.vwPressed = true;
    if (e.target.closest && e.target.closest(NO_FOCUS)) e.preventDefault();
  }, true);

  // Work for the next frame's callbacks, done here rather than by a call into Python (each of
  // those, about 0.3 ms, delayed the frame that shows a click; issue 14).
  // vwScrollNextFrame: scroll `node` (or its first `inner` match, looked up then) to its end or
  // top, once the redraw is laid out (reading a height in the middle of a redraw forces a layout).
  const scrolls = new Map();  // node -> [inner selector or "", to the end]
  window.vwScrollNextFrame = (node, inner, toEnd) => {
    if (!scrolls.size) requestAnimationFrame(() => {
      for (const [n, [sel, end]] of scrolls) {
        const t = sel ? n.querySelector(sel) : n;
        if (t) t.scrollTop = end ? t.scrollHeight : 0;
      }
      scrolls.clear();
    });
    scrolls.set(node, [inner || "", !!toEnd]);
  };
  // vwWatchInView / vwInView: whether an element was on the screen at the last frame (an
  // IntersectionObserver: clipped by the scrolling panel, hidden in a closed tab). Unknown (not
  // yet observed) counts as in view.
  const inView = new WeakMap();
  const viewWatch = new IntersectionObserver((es) => { for (const e of es) inView.set(e.target, e.isIntersecting); });
  window.vwWatchInView = (node) => viewWatch.observe(node);
  window.vwInView = (node) => inView.get(node) !== false;
  // vwFrameClock: game/ui/clicktime.py's frames. The returned function asks for the next frame
  // (once however often asked); after that frame, in the first task after it, onAfter(t, now)
  // is called with when the frame's callbacks began and now: the frame's share of a click.
  window.vwFrameClock = (onAfter) => {
    let due = false, t = 0;
    const ch = new MessageChannel();  // a task right after the frame (setTimeout may be clamped)
    ch.port1.onmessage = () => onAfter(t, performance.now());
    return () => {
      if (due) return;
      due = true;
      requestAnimationFrame(() => { due = false; t = performance.now(); ch.port2.postMessage(null); });
    };
  };

  // The children of `node` become those of `html`.
  window.vwMorph = (node, html) => children(node, parse(node, html));
  // `node` itself becomes the one element of `html` (its tag must be the same).
  window.vwMorphNode = (node, html) => {
    const now = parse(node, html).firstElementChild;
    if (!now) {
      node.remove();
      return null;
    }
    if (now.nodeName !== node.nodeName) {
      node.replaceWith(now);
      return now;
    }
    patch(node, now);
    return node;
  };
  // vwMorphNode for several children of `node` in one call: `at`, their indices (space
  // separated), and `html`, their new markup one after the other (one element each, same tags).
  // A redraw that shifts the action indices changes every place of the panel's list; one call
  // each into the page was most of such a redraw's patch (issue 47: a hundred places).
  // The action panel's steppers (game/ui/render_panels.py _stepper; issue 45 item 7): a step
  // changes one amount and makes its button the engine's action with those amounts (data-grid:
  // the amounts, their values, the action index of each combination, its label and warning).
  // Done here: nothing in it is a decision, and the panel drawn again keeps it (its markup is
  // unchanged until the view changes). vwStepTo(stepper, i): its amounts those of action i.
  const grids = new WeakMap();
  const gridOf = (st) => {
    if (!grids.has(st)) grids.set(st, JSON.parse(st.dataset.grid));
    return grids.get(st);
  };
  const show = (st, g, vals) => {
    const i = g.at[vals.join(" ")];
    if (i === undefined) return false;
    g.keys.forEach((k, n) => {
      const row = st.querySelector(`[data-amount="${k}"]`);
      row.dataset.v = vals[n];
      row.querySelector("output").textContent = row.dataset.yesno ? (vals[n] ? "yes" : "no") : vals[n];
    });
    const b = st.querySelector("[data-action]");
    b.dataset.action = i;
    b.textContent = g.label[i];
    const warn = g.warn[i];
    b.classList.toggle("warn", !!warn);
    if (warn) b.title = "⚠ " + warn; else b.removeAttribute("title");
    return true;
  };
  window.vwStepTo = (st, i) => {
    const g = gridOf(st);
    const key = Object.keys(g.at).find((k) => g.at[k] === +i);
    return key !== undefined && show(st, g, key.split(" ").map(Number));
  };
  document.addEventListener("click", (e) => {
    const b = e.target.closest && e.target.closest(".stepper [data-d]");
    if (!b) return;
    const st = b.closest(".stepper"), g = gridOf(st);
    const vals = g.keys.map((k) => +st.querySelector(`[data-amount="${k}"]`).dataset.v);
    const n = g.keys.indexOf(b.closest("[data-amount]").dataset.amount);
    const vs = g.values[g.keys[n]], d = +b.dataset.d;
    // the next value that makes a listed action (a combination may not be offered)
    for (let j = vs.indexOf(vals[n]) + d; j >= 0 && j < vs.length; j += d) {
      const next = vals.slice();
      next[n] = vs[j];
      if (show(st, g, next)) break;
    }
  });
  // vwHitRadius: the phone's hit areas (game/ui/phone.py) all get radius r, in one call.
  window.vwHitRadius = (svg, r) => {
    for (const c of svg.querySelectorAll(".hit")) c.setAttribute("r", r);
  };
  // vwHitAreas: a hit area of radius r (an invisible circle, its first child) under every lit
  // target `sel` of the phone's map that has none yet, in one call (a campaign lights 200
  // counters: asked from Python, each was a call across to JavaScript).
  window.vwHitAreas = (svg, sel, r) => {
    for (const n of svg.querySelectorAll(sel)) {
      if (n.querySelector(":scope > .hit")) continue;
      const c = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      for (const [k, v] of [["class", "hit"], ["cx", "0"], ["cy", "0"], ["r", r], ["aria-hidden", "true"]]) c.setAttribute(k, v);
      n.insertBefore(c, n.firstChild);
    }
  };
  // vwLit: the map's lit places (game/ui/render_map.py _kept), in one call. `park`: places no
  // longer lit, whose highlight nodes ([data-lit]) leave the page but are kept here; `unpark`:
  // those lit again as before, put back; `drop`: those kept that will not come back; `moved`:
  // lines "place\x1fattribute\x1fvalue", a target's action indices written again. Each a list of
  // lines (a First Team place's name has spaces).
  const parkedOf = new WeakMap();  // a map's svg -> (place -> [[its layer, a node]])
  window.vwLit = (root, park, unpark, drop, moved) => {
    const lines = (s) => (s ? s.split("\n") : []);
    if (!parkedOf.has(root)) parkedOf.set(root, new Map());
    const parked = parkedOf.get(root);
    if (park) {
      const out = new Set(lines(park));
      for (const n of root.querySelectorAll("[data-lit]")) {
        const k = n.getAttribute("data-lit");
        if (!out.has(k)) continue;
        if (!parked.has(k)) parked.set(k, []);
        parked.get(k).push([n.parentNode, n]);
        n.remove();
      }
    }
    for (const k of lines(unpark)) {
      for (const [layer, n] of parked.get(k) || []) layer.appendChild(n);
      parked.delete(k);
    }
    for (const k of lines(drop)) parked.delete(k);
    if (moved) {
      const at = new Map();
      for (const n of root.querySelectorAll(".vw-hl[data-lit]")) at.set(n.getAttribute("data-lit"), n);
      for (const line of lines(moved)) {
        const [k, name, v] = line.split("\x1f");
        const n = at.get(k);
        if (n) n.setAttribute(name, v);
      }
    }
  };
  window.vwMorphKids = (node, at, html) => {
    const now = Array.from(parse(node, html).children);
    const kids = node.children;
    const olds = at.split(" ").map((i) => kids[+i]);
    olds.forEach((old, k) => {
      if (now[k].nodeName !== old.nodeName) old.replaceWith(now[k]);
      else patch(old, now[k]);
    });
  };
})();
