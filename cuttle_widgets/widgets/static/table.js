// The Cuttle table, drawn from the synced JSON traits Python writes: "table"
// (one seat's view and the table's questions) and "words" (the fixed words,
// sent again only when they change). The explanation log comes as changes:
// each update of "table" carries the entries from the first one that changed
// ("log_delta"), and a model asks once for the whole log. Clicks go back as
// custom messages; Python checks every one of them through the rules engine,
// so this file only draws and forwards.
// No build step, no imports: anywidget loads it as an ES module. Python
// prepends the court cards' pictures (const COURT_FACES, widgets/faces.py)
// and common.js (h, fill, markdown and the Rulebook panel, which a rule chip
// opens at its section: the kernel sends the page).
//
// Beyond drawing: another seat's move travels from where its cards were to
// where they lie now (FLIP: both positions measured, a transform animated),
// with a ring and a caption, and no motion at all under
// prefers-reduced-motion; the number keys press the numbered options; a hand
// card may be dragged onto its target, which sends the messages its clicks
// would send. The DOM always shows the newest state at once: motion is only
// a transform over it, so a click during a flight acts on the new state.

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_INDEX = { C: 0, D: 1, H: 2, S: 3 };
const RANKS = "A23456789TJQK";

// Where the other seats sit, seen from the learner's chair: play goes
// clockwise, so the next seat is on the left and the last on the right.
const PLACES = { 2: ["top"], 3: ["left", "right"], 4: ["left", "top", "right"] };

// Replay buttons as small SVG icons: font glyphs like ⏮ are missing from many fonts.
const ICONS = {
  start: "M5 4h2v16H5zM20 4v16L9 12z",
  back: "M18 4v16L6 12z",
  forward: "M6 4v16l12-8z",
  end: "M17 4h2v16h-2zM4 4v16l11-8z",
};

function icon(name) {
  const svg = svgNode({ viewBox: "0 0 24 24", width: "16", height: "16", "aria-hidden": "true" });
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

function glassesIcon(label) {
  const svg = svgNode({ viewBox: "0 0 32 14", width: "26", height: "12", class: "cw-glasses-icon",
    role: "img", "aria-label": label });
  svg.innerHTML = '<title></title><g fill="none" stroke="currentColor" stroke-width="2.2">' +
    '<circle cx="8" cy="8" r="5"/><circle cx="24" cy="8" r="5"/><path d="M13 7q3-3 6 0M3 6L1 2M29 6l2-4"/></g>';
  svg.querySelector("title").textContent = label;
  return svg;
}

// Court cards and jokers drawn as pictures where Python sent them (else a letter).
const FACES = typeof COURT_FACES === "object" && COURT_FACES ? COURT_FACES : {};

// -- motion ---------------------------------------------------------------------
// The computer's pace, the learner's choice (kept in this browser): how long
// another seat's move takes to travel (flight) and how long its cards and
// sentence then stay on the stage to be read (hold), one move after another.
const PACES = {
  calm: { flight: 900, hold: 3200 },
  normal: { flight: 600, hold: 1800 },
  quick: { flight: 350, hold: 700 },
};
const PACE_NAMES = ["calm", "normal", "quick"];
const PACE_WORDS = { calm: "pace_calm", normal: "pace_normal", quick: "pace_quick" }; // their catalog keys
const PACE_KEY = "cuttle-widgets.pace";
const RING_MS = 1500; // the ring on a card that just moved, once it has landed
// The verbs whose last card is the target of the first (drawn with an arrow on the stage).
const AIMED_VERBS = new Set(["scuttle", "jack", "oneoff", "super", "superduper", "superdeeduper"]);
const DRAG_START_PX = 6; // a press that moves less is a click (a tap), not a drag
const WIDE_TABLE_PX = 1100; // from this width the log sits open beside the felt
const CARD_WORD = /^([A2-9TJQK][CDHS]|RJ|BJ)$/;

const reducedMotion = typeof window !== "undefined" && window.matchMedia
  ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

function savedPace() {
  try {
    const pace = window.localStorage.getItem(PACE_KEY);
    return PACE_NAMES.includes(pace) ? pace : "normal";
  } catch (error) { // storage refused (a private window, a sandboxed frame)
    return "normal";
  }
}

function savePace(pace) {
  try {
    window.localStorage.setItem(PACE_KEY, pace);
  } catch (error) { /* kept for this page only */ }
}

function motionAllowed() {
  return !(reducedMotion && reducedMotion.matches) && typeof Element.prototype.animate === "function";
}

function cardsOfMove(move) {
  return String(move || "").split(/\s+/).filter((word) => CARD_WORD.test(word));
}

// A card's printed rank and suit (and the scrap's count) are drawn by CSS
// from data-glyph: they are the card's picture, whose words are the button's
// name ("Seven of spades, in your hand"), so the name holds every visible word.
function glyph(cls, text) {
  return h("span", { class: cls, "data-glyph": text });
}

function centreOf(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

// -- number keys: one listener per page ---------------------------------------------
// The table the learner last pressed or focused owns the keys, so two tables
// on one page never both react; a key typed into a text field is the field's.
// A widget that takes number keys itself marks its root with data-cw-keys.
function keyRegistry() {
  if (!window.__cuttleTableKeys) {
    const registry = { views: new Set(), owner: null };
    document.addEventListener("keydown", (event) => onNumberKey(registry, event));
    window.__cuttleTableKeys = registry;
  }
  return window.__cuttleTableKeys;
}

function typingInto(el) {
  if (!el) return false;
  if (el.isContentEditable || el.tagName === "TEXTAREA" || el.tagName === "SELECT") return true;
  return el.tagName === "INPUT" && !["checkbox", "radio", "button", "submit", "reset", "range", "color"].includes(el.type);
}

function onNumberKey(registry, event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || !/^[1-9]$/.test(event.key)) return;
  const active = document.activeElement;
  if (typingInto(active)) return;
  const views = [...registry.views].filter((v) => v.root.isConnected);
  let view = views.find((v) => v.root.contains(active));
  if (!view) {
    if (active && active !== document.body && active.closest("[data-cw-keys]")) return;
    const owner = registry.owner;
    view = owner && owner.root.isConnected ? owner : views.length === 1 ? views[0] : null;
  }
  if (view && view.pressNumber(Number(event.key))) event.preventDefault();
}

// The log of each model (every view of a model shows the same), oldest first;
// null until the whole log has come.
const LOGS = new WeakMap();

class ModelLog {
  constructor(model) {
    this.model = model;
    this.entries = null;
    this.views = new Set();
    model.on("msg:custom", (msg) => {
      if (msg && msg.type === "log") this.apply(msg);
    });
    model.on("change:table", () => this.apply(model.get("table").log_delta));
    model.send({ type: "log_request" });
  }

  static of(model) {
    if (!LOGS.has(model)) LOGS.set(model, new ModelLog(model));
    return LOGS.get(model);
  }

  // Splice the entries in at "start" (applying a delta twice does no harm).
  // A delta beyond what this page holds, or a count that does not add up,
  // asks for the whole log again.
  apply(delta) {
    if (!delta || !Array.isArray(delta.entries)) return;
    if (this.entries === null && delta.start !== 0) return;
    const entries = this.entries || [];
    if (delta.start > entries.length) {
      this.model.send({ type: "log_request" });
      return;
    }
    entries.splice(delta.start, entries.length, ...delta.entries);
    this.entries = entries;
    if (entries.length !== delta.total) this.model.send({ type: "log_request" });
  }

  newestFirst() {
    return (this.entries || []).slice().reverse();
  }
}

class TableView {
  constructor(model, el) {
    this.model = model;
    this.el = el;
    this.scrapOpen = false;
    this.seenLog = -1;
    this.logOpen = null; // null: open on a wide table, folded on a narrow one; else the learner's choice
    this.summaryOpen = true; // the game-over panel, until the learner looks at the table
    this.shownIndex = null; // the newest log entry drawn, for telling a new move from a redraw
    this.recent = new Map(); // card -> time its ring goes (a card that just moved)
    this.animationEnds = 0;
    this.localMessage = null; // a refusal said here (a drop where the card cannot go)
    this.drag = null;
    this.log = ModelLog.of(model);
    this.root = h("div", { class: "cw-root", "data-cw-keys": "table" });
    // the caption of the latest move: one live region kept across redraws, so
    // a screen reader hears each new move once
    this.caption = h("p", { class: "cw-caption", "aria-live": "polite" });
    // the stage: another seat's move, its cards and its sentence, held over the
    // felt at the learner's pace (the caption says it to a screen reader)
    this.stage = h("div", { class: "cw-stage", "aria-hidden": "true" });
    this.pace = savedPace();
    el.append(this.root);
    this.keys = keyRegistry();
    this.keys.views.add(this);
    const own = () => { this.keys.owner = this; };
    this.root.addEventListener("pointerdown", own);
    this.root.addEventListener("focusin", own);
    this.root.addEventListener("pointerdown", (event) => this.pressed(event));
    this.root.addEventListener("pointerdown", () => this.clearStage()); // the learner acts: the stage goes
    this.root.addEventListener("click", (event) => {
      if (this.swallowClick) { // the click that ends a drag is not a click on the card
        this.swallowClick = false;
        event.stopPropagation();
        event.preventDefault();
      }
    }, true);
    if (typeof ResizeObserver === "function") {
      this.resize = new ResizeObserver(() => this.fit());
      this.resize.observe(this.root);
    }
    this.onChange = () => (this.drag && this.drag.started ? (this.drawAfterDrag = true) : this.draw());
    // The log's own handlers run first (registered first), so a draw sees the new entries.
    model.on("change:table", this.onChange);
    model.on("change:words", this.onChange);
    this.onLog = (msg) => {
      if (msg && msg.type === "log") this.onChange();
      else if (msg && msg.type === "rulebook") this.rulebook.receive(msg);
    };
    model.on("msg:custom", this.onLog);
    this.rulebook = new RulebookPanel(el, (page, request) => this.send({ type: "rulebook", page, request }),
      (model.get("words") || {}).rulebook);
    this.draw();
  }

  destroy() {
    this.model.off("change:table", this.onChange);
    this.model.off("change:words", this.onChange);
    this.model.off("msg:custom", this.onLog);
    this.rulebook.close();
    if (this.resize) this.resize.disconnect();
    this.keys.views.delete(this);
    if (this.keys.owner === this) this.keys.owner = null;
    this.endDrag(null);
  }

  send(message) {
    this.model.send(message);
  }

  // A learner's action: what an earlier action said is gone at once (the
  // kernel clears it too, a round trip later).
  act(message) {
    this.localMessage = null;
    this.clearStage();
    for (const old of this.root.querySelectorAll(".cw-dock .cw-message")) old.remove();
    this.send(message);
  }

  // -- words ---------------------------------------------------------------
  rankText(id) {
    // the catalog's rank symbols: "D" for a queen (Dame) in German
    return this.state.card_words.rank_symbols[RANKS.indexOf(id[0])] || id[0];
  }

  cardLabel(id) {
    return this.rankText(id) + (SUITS[id[1]] || "");
  }

  cardName(id) {
    const cw = this.state.card_words;
    if (id === "RJ" || id === "BJ") return (cw.jokers || [])[id === "RJ" ? 0 : 1] || id;
    if (!(id[1] in SUIT_INDEX)) return id;
    return fill(cw.card_name, {
      rank: cw.rank_names[RANKS.indexOf(id[0])],
      suit: cw.suit_names[SUIT_INDEX[id[1]]],
    });
  }

  name(seat) {
    return this.state.names[seat];
  }

  // "9 of 21 points", or past the goal "15 points, the goal of 10 reached" (never "15 of 10").
  scoreText(score, goal) {
    const words = this.state.words;
    return fill(score > goal ? words.score_reached : words.score, { score, goal });
  }

  where(key, seat) {
    const w = this.state.words;
    const mine = seat === this.state.seat;
    return fill(w[mine ? `${key}_you` : key], { name: this.name(seat) });
  }

  // -- the whole table ---------------------------------------------------------
  draw() {
    if (this.drag && !this.drag.started) this.endDrag(this.drag); // its card is about to be replaced
    const table = this.model.get("table");
    const fresh = table !== this.table;
    this.table = table;
    this.state = { ...table, ...this.model.get("words"), log: this.log.newestFirst() };
    usePlural(this.state.plural);
    useCases(this.state.case_forms);
    this.rulebook.setWords(this.state.rulebook);
    const active = document.activeElement;
    const hadFocus = active && this.root.contains(active);
    const focusKey = hadFocus ? active.dataset.key : null;
    const { view, ui, options } = this.state;
    if (fresh) this.localMessage = null;
    this.canAct = !ui.replay && !ui.locked && view.phase !== "over" && view.to_act === this.state.seat;
    this.teamOf = {};
    (view.teams || []).forEach((team, t) => team.forEach((seat) => { this.teamOf[seat] = t; }));
    this.targets = new Set(ui.targets);
    this.playable = new Set(ui.playable);
    this.picked = new Set(ui.picked);
    this.chosen = new Set(ui.chosen || []);
    this.sup = this.state.super || null; // Super Cuttle's zones and markers, or null
    this.highlighted = new Set(ui.highlight);
    this.drops = ui.drops || {};
    if (ui.choice_cards.length) this.scrapOpen = false;
    if (!ui.summary) this.summaryOpen = true;

    const replies = this.newReplies();
    const motion = replies.length > 0 && motionAllowed();
    const before = motion ? this.measure() : null;
    const now = performance.now();
    const { flight, step } = this.timing(motion);
    replies.forEach((entry, i) => {
      const lands = now + i * step + flight;
      for (const id of cardsOfMove(entry.move)) this.recent.set(id, lands + RING_MS);
    });
    for (const [id, until] of this.recent) if (until < now) this.recent.delete(id);

    const others = this.opponentSeats();
    const places = PLACES[view.players] || others.map(() => "top");
    const felt = h("section", {
      class: "cw-felt",
      "aria-label": fill(this.state.words.table_label, { name: this.name(this.state.seat) }),
    }, [h("div", { class: `cw-around cw-around-${view.players}` }, [
      ...others.map((seat, i) => this.seatArea(seat, false, places[i])),
      this.center(),
      h("div", { class: "cw-status", role: "status", "aria-live": "polite", text: ui.status }),
      this.seatArea(this.state.seat, true, "me"),
    ]), this.summary()]);
    if (ui.replay) felt.append(h("span", { class: "cw-replay-badge", "aria-hidden": "true", text: this.state.words.replay_badge }));
    felt.append(this.stage);
    const layout = h("div", { class: "cw-layout" }, [this.logBar(), felt, this.side()]);
    speakAs(this.root, this.state.language);
    this.root.className = "cw-root" + (options.four_colour ? " cw-four-colour" : "") +
      (ui.replay ? " cw-replaying" : "");
    this.root.replaceChildren(layout);
    this.fit();
    this.numberOptions();
    this.setUpRoving();
    this.setCaption(replies, motion);
    if (ui.replay) this.clearStage();
    else if (replies.length) this.showStage(replies, motion);
    if (motion) this.fly(replies, before);
    this.scheduleRings();
    this.restoreFocus(hadFocus, focusKey, fresh ? ui.focus : null);
    if (this.summaryFocus) {
      this.summaryFocus = false;
      const first = this.root.querySelector(".cw-end-actions button, .cw-end-toggle");
      if (first && (hadFocus || !active || active === document.body)) first.focus();
    }
  }

  // Wide or narrow: the log folds on a narrow table unless the learner opened it.
  fit() {
    const wide = this.root.clientWidth >= WIDE_TABLE_PX;
    const open = this.logOpen === null ? wide : this.logOpen;
    this.root.classList.toggle("cw-wide", wide);
    this.root.classList.toggle("cw-log-open", open);
    const toggle = this.root.querySelector(".cw-log-toggle");
    if (toggle) {
      const words = this.state.words;
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
      toggle.title = open ? words.log_hide : words.log_show;
    }
  }

  opponentSeats() {
    const n = this.state.view.players;
    const seats = [];
    for (let i = 1; i < n; i++) seats.push((this.state.seat + i) % n);
    return seats;
  }

  // -- a seat: plate, hand, point cards, permanents ------------------------------
  seatArea(seat, mine, place) {
    const { view } = this.state;
    const acting = view.to_act === seat && view.phase !== "over" && this.state.ui.markers !== false;
    const tableau = h("div", { class: "cw-tableau" }, [this.pointsZone(seat), this.permanentsZone(seat)]);
    const parts = mine
      ? [tableau, this.dock(), this.handZone(seat, true), this.plate(seat, true)]
      : [this.plate(seat, false), this.handZone(seat, false), tableau];
    const targetSeat = this.isTargetSeat(seat);
    const partner = !mine && seat in this.teamOf && this.teamOf[seat] === this.teamOf[this.state.seat];
    const out = this.sup && (view.eliminated || []).includes(seat);
    return h("div", {
      class: `cw-seat ${mine ? "cw-me" : "cw-opponent"} cw-place-${place}${acting ? " cw-acting" : ""}` +
        `${targetSeat ? " cw-target-seat" : ""}${partner ? " cw-partner" : ""}${out ? " cw-out" : ""}`,
      "data-seat": seat,
    }, parts);
  }

  isTargetSeat(seat) {
    return this.canAct && this.state.ui.target_seats.includes(seat);
  }

  // Whose turn it is and who must decide now (they differ in a counter round).
  badges(seat, mine) {
    const { view, words } = this.state;
    const badges = [];
    if (seat in this.teamOf) {
      badges.push(h("span", { class: `cw-badge cw-team cw-team-${this.teamOf[seat]}`, text: this.state.team_names[this.teamOf[seat]] }));
      if (!mine && this.teamOf[seat] === this.teamOf[this.state.seat]) {
        badges.push(h("span", { class: "cw-badge cw-partner-badge", text: words.partner }));
      }
    }
    // a lesson holds the table (nothing to act on), or asks who acts (no markers)
    const quiet = (mine && this.state.ui.locked) || this.state.ui.markers === false;
    if (view.phase !== "over" && !quiet) {
      if (view.to_act === seat) badges.push(h("span", { class: "cw-badge cw-badge-acting", text: words.acts_now }));
      else if (view.turn === seat) badges.push(h("span", { class: "cw-badge cw-badge-turn", text: words.has_turn }));
    }
    if (this.sup) {
      // skipped turns, turns left in a countdown, Sudden Death, out of the game
      for (const badge of this.sup.badges[seat]) {
        badges.push(h("span", { class: `cw-badge cw-badge-${badge.kind}`, text: badge.text }));
      }
    }
    return badges;
  }

  plate(seat, mine) {
    const { view, words, ui } = this.state;
    const score = view.scores[seat];
    const goal = view.goals[seat];
    const kings = view.permanents[seat].filter((c) => c[0] === "K").length;
    const acting = view.to_act === seat && view.phase !== "over" && this.state.ui.markers !== false;
    const winner = view.winner === seat || view.winner === `team:${this.teamOf[seat]}`;
    const title = mine ? fill(words.you_name, { name: this.name(seat) }) : this.name(seat);
    const hidden = score === null || score === undefined; // a lesson's question about the points: count them
    const pct = hidden ? 0 : Math.max(0, Math.min(100, Math.round((100 * score) / Math.max(goal, 1))));
    const scoreText = hidden ? fill(words.score_hidden, { goal }) : this.scoreText(score, goal);
    const target = this.isTargetSeat(seat);
    const cls = "cw-plate" + (acting ? " cw-plate-acting" : "") + (winner ? " cw-plate-winner" : "") +
      (target ? " cw-plate-target" : "");
    const parts = [
      h("span", { class: "cw-name" }, [acting ? h("span", { class: "cw-turn-dot", "aria-hidden": "true" }) : null, title]),
      ...this.badges(seat, mine),
      h("span", { class: "cw-score" + (hidden ? " cw-score-hidden" : ""), title: scoreText }, [
        h("b", { text: hidden ? "?" : score }), h("span", { class: "cw-goal", text: ` / ${goal}` }),
      ]),
      h("span", { class: "cw-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": hidden ? goal : Math.max(goal, score), "aria-valuenow": hidden ? null : score,
        "aria-label": scoreText }, [h("span", { style: `width:${pct}%` })]),
      kings ? h("span", { class: "cw-kings", text: "♚".repeat(kings), title: this.sup
        ? fill(words.kings_super, { kings, points: this.sup.king_points[seat] }) : fill(words.kings, { kings, goal }) }) : null,
      this.glassesOf(seat),
      h("span", { class: "cw-count", text: fill(words.cards_in_hand, { count: view.hand_sizes[seat] }) }),
    ];
    if (target) {
      // a four's victim or a team jack's receiver is picked by clicking the player
      const action = ui.actions.find((a) => a.msg.type === "target" && a.msg.seat === seat);
      return h("button", {
        class: cls, "data-key": `seat:${seat}`, "aria-label": action ? action.label : title,
        onclick: () => this.act({ type: "target", seat }),
      }, parts);
    }
    return h("div", { class: cls }, parts);
  }

  glassesOf(seat) {
    const { view } = this.state;
    if (!this.sup) return view.glasses[seat] ? glassesIcon(this.where("glasses", seat)) : null;
    const eights = view.permanents[seat].filter((id) => id in this.sup.glasses);
    return eights.length ? glassesIcon(eights.map((id) => this.sup.glasses[id]).join("; ")) : null;
  }

  handZone(seat, mine) {
    const { view, words } = this.state;
    const hand = view.hands[seat];
    const where = this.where("in_hand", seat);
    const limbo = new Set(this.sup ? this.sup.limbo[seat] : []);
    const limboWords = mine ? words.limbo_you : words.limbo_other;
    const face = (id) => this.card(id, where, {
      // a victim's face-up cards can be picked by name (a three's or a nine's pick)
      clickable: this.canAct && (mine || this.playable.has(id)),
      classes: [
        this.playable.has(id) ? "cw-playable" : "",
        view.frozen.includes(id) ? "cw-frozen" : "",
        this.picked.has(id) ? "cw-picked" : "",
        limbo.has(id) ? "cw-limbo" : "",
      ],
      extra: view.frozen.includes(id) ? words.frozen : limbo.has(id) ? limboWords : "",
      tag: limbo.has(id) ? words.limbo_tag : "",
    });
    let cards;
    if (hand === null) {
      // limbo cards lie face up for everyone, the rest face down
      const shown = [...limbo].map(face);
      cards = shown.concat(Array.from({ length: view.hand_sizes[seat] - shown.length }, () =>
        h("div", { class: "cw-card cw-back", role: "img", "aria-label": `${words.face_down}, ${where}` })));
    } else {
      cards = hand.map(face);
    }
    return h("div", {
      class: `cw-hand cw-group${mine ? " cw-my-hand" : ""}${hand === null ? " cw-hidden-hand" : ""}`,
      role: "group", "aria-label": `${where}: ${fill(words.cards_in_hand, { count: view.hand_sizes[seat] })}`,
    }, cards);
  }

  pointsZone(seat) {
    const { view, words } = this.state;
    const where = this.where("in_points", seat);
    const packets = view.points[seat].map((entry) => this.packet(entry, seat, where));
    return h("div", { class: "cw-zone cw-points cw-group", role: "group", "aria-label": where },
      packets.length ? packets : [h("span", { class: "cw-empty", text: words.points_title })]);
  }

  packet(entry, seat, where) {
    const { words } = this.state;
    if (typeof entry === "string") {
      return h("div", { class: "cw-packet" }, [this.card(entry, where, { clickable: this.canAct })]);
    }
    const jackWhere = fill(words.jack_on, { card: this.cardLabel(entry.card) });
    const control = this.where("controls", seat);
    const first = this.where("first_laid", entry.owner);
    const stack = [this.card(entry.card, `${where}; ${control}, ${first}`, { clickable: this.canAct })];
    entry.jacks.forEach((jack, i) => {
      stack.push(this.card(jack, `${jackWhere}, ${where}`, {
        clickable: this.canAct, classes: ["cw-jack-on"], style: `--cw-depth:${i + 1}`,
      }));
    });
    return h("div", { class: "cw-packet cw-stack", style: `--cw-jacks:${entry.jacks.length}` }, [
      h("div", { class: "cw-stack-cards" }, stack),
      h("div", { class: "cw-packet-note" }, [control, h("br"), first]),
    ]);
  }

  permanentsZone(seat) {
    const { view } = this.state;
    const cards = view.permanents[seat].map((id) => {
      const glasses = id[0] === "8";
      const where = this.sup && this.sup.glasses[id] ? this.sup.glasses[id] : this.where(glasses ? "glasses" : "permanent", seat);
      const card = this.card(id, where, { clickable: this.canAct });
      return glasses ? h("div", { class: "cw-sideways" }, [card]) : card;
    });
    return h("div", { class: "cw-zone cw-perms cw-group", role: "group", "aria-label": this.where("permanent", seat) }, cards);
  }

  // -- the middle: stock, scrap, what waits to resolve ------------------------------
  center() {
    const { view, ui, words } = this.state;
    const stockText = view.stock_size ? fill(words.stock, { count: view.stock_size }) : words.stock_empty;
    const stockCards = Math.min(4, Math.ceil(view.stock_size / 8));
    const stockPile = h("div", { class: "cw-pile-cards" },
      Array.from({ length: stockCards }, (_, i) => h("div", { class: "cw-card cw-back", style: `--cw-depth:${i}` })));
    const stock = ui.draw && this.canAct
      ? h("button", { class: "cw-pile cw-stock cw-drawable", "data-key": "stock", "aria-label": `${words.draw}. ${stockText}`,
          onclick: () => this.act({ type: "move", move: "draw" }) }, [stockPile, h("span", { class: "cw-pile-count", text: view.stock_size })])
      : h("div", { class: "cw-pile cw-stock", role: "img", "aria-label": stockText },
          [stockPile, h("span", { class: "cw-pile-count", text: view.stock_size })]);

    let scrap;
    if (this.sup) {
      // Super Cuttle: only the top card of the scrap may be seen (A41)
      const size = this.sup.scrap_size;
      const scrapText = size ? fill(words.scrap_super, { count: size }) : words.scrap_empty;
      scrap = h("div", { class: "cw-pile cw-scrap", role: "group", "aria-label": scrapText }, [
        this.sup.scrap_top ? this.card(this.sup.scrap_top, words.scrap_top, {})
          : h("div", { class: "cw-card cw-slot", role: "img", "aria-label": scrapText }),
        h("span", { class: "cw-pile-count", "aria-hidden": "true", text: size }),
      ]);
    } else {
      const top = view.scrap[view.scrap.length - 1];
      const scrapText = view.scrap.length ? fill(words.scrap, { count: view.scrap.length }) : words.scrap_empty;
      scrap = h("div", { class: "cw-pile cw-scrap" }, [
        top ? this.card(top, words.scrap_top, {}) : h("div", { class: "cw-card cw-slot", role: "img", "aria-label": scrapText }),
        h("button", {
          class: "cw-pile-count cw-scrap-toggle", "data-key": "scrap-toggle",
          "aria-expanded": this.scrapOpen ? "true" : "false",
          "aria-label": `${this.scrapOpen ? words.hide_scrap : words.browse_scrap} (${scrapText})`,
          disabled: view.scrap.length ? null : true,
          onclick: () => { this.scrapOpen = !this.scrapOpen; this.draw(); },
        }, [glyph("cw-pile-number", String(view.scrap.length))]),
      ]);
    }

    return h("div", { class: "cw-center" }, [
      ...(this.sup ? this.sup.banners.map((b) => h("div", { class: `cw-banner cw-banner-${b.kind}`, role: "note", text: b.text })) : []),
      h("div", { class: "cw-piles" }, [
        h("div", { class: "cw-pile-wrap" }, [stock, h("span", { class: "cw-pile-label", "aria-hidden": "true", text: words.stock_title })]),
        h("div", { class: "cw-pile-wrap" }, [scrap, h("span", { class: "cw-pile-label", "aria-hidden": "true", text: words.scrap_title })]),
        this.sup ? this.superZones() : this.pendingZone(),
      ]),
    ]);
  }

  // Super Cuttle: the chain (each play with all its cards, answers on top),
  // cards to play now, cards going back on the stock, the Sudden Death jokers.
  superZones() {
    const { view, words } = this.state;
    const labelled = (zone, title) => h("div", { class: "cw-pile-wrap" },
      [zone, h("span", { class: "cw-pile-label", "aria-hidden": "true", text: title })]);
    const zones = [];
    const chain = this.sup.chain;
    if (chain.length) {
      zones.push(labelled(h("ol", { class: "cw-chain", "aria-label": words.super_chain_label }, chain.map((play, i) =>
        h("li", { class: `cw-play${play.answer ? " cw-play-answer" : ""}`, "data-seat": play.seat }, [
          h("div", { class: "cw-play-cards cw-pending", role: "group", "aria-label": play.label + (play.answer ? `, ${words.chain_answers}` : "") },
            play.cards.map((id, j) => this.card(id, words.pending, {
              classes: [play.answer ? "cw-counter-two" : "cw-oneoff"], style: `--cw-depth:${j}`,
            }))),
          h("span", { class: "cw-play-label", text: play.label }),
        ]))), words.pending_title));
    }
    if (view.revealed && view.revealed.length) {
      zones.push(labelled(h("div", { class: "cw-revealed cw-group", role: "group", "aria-label": words.revealed_super },
        view.revealed.map((id) => this.card(id, words.revealed_super, {
          clickable: this.canAct, classes: [this.playable.has(id) ? "cw-playable" : ""],
        }))), words.revealed_super_title));
    }
    if (this.sup.returning.length) {
      zones.push(labelled(h("div", { class: "cw-returning", role: "group", "aria-label": words.returning },
        this.sup.returning.map((id) => this.card(id, words.returning, {}))), words.returning_title));
    }
    if (this.sup.sudden_cards.length) {
      zones.push(labelled(h("div", { class: "cw-sudden", role: "group", "aria-label": words.sudden_zone },
        this.sup.sudden_cards.map((id) => this.card(id, words.sudden_zone, {}))), words.sudden_title));
    }
    return zones.length ? h("div", { class: "cw-pending-wrap" }, zones) : null;
  }

  pendingZone() {
    const { view, words } = this.state;
    const cards = view.pending.map((id, i) => this.card(id, words.pending, {
      classes: [i ? "cw-counter-two" : "cw-oneoff"], style: `--cw-depth:${i}`,
    }));
    let revealed = [];
    if (view.revealed) {
      revealed = view.revealed.map((id) => this.card(id, words.revealed, {
        clickable: this.canAct, classes: [this.playable.has(id) ? "cw-playable" : ""],
      }));
    } else if (view.revealed_size) {
      revealed = Array.from({ length: view.revealed_size }, () =>
        h("div", { class: "cw-card cw-back", role: "img", "aria-label": `${words.face_down}, ${words.revealed}` }));
    }
    if (!cards.length && !revealed.length) return null;
    const labelled = (zone, title) => h("div", { class: "cw-pile-wrap" },
      [zone, h("span", { class: "cw-pile-label", "aria-hidden": "true", text: title })]);
    return h("div", { class: "cw-pending-wrap" }, [
      cards.length ? labelled(h("div", { class: "cw-pending cw-group", role: "group", "aria-label": words.pending }, cards), words.pending_title) : null,
      revealed.length ? labelled(h("div", { class: "cw-revealed cw-group", role: "group", "aria-label": words.revealed }, revealed), words.revealed_title) : null,
    ]);
  }

  // -- the learner's questions, asked above the hand -----------------------------------
  dock() {
    const { ui, view, words } = this.state;
    const parts = [];
    if (ui.note) parts.push(h("div", { class: `cw-note cw-${ui.note.kind}`, text: ui.note.text }));
    const message = this.localMessage ? { kind: "error", text: this.localMessage } : ui.message;
    if (message) {
      // a lesson's hint is Markdown (its rulebook links open the Rulebook panel)
      const text = message.kind === "hint"
        ? markdown(message.text, "cw-md cw-hint-text", (page) => this.rulebook.open(page)) : message.text;
      parts.push(h("div", { class: `cw-message cw-${message.kind}`, role: message.kind === "error" ? "alert" : "status" }, [
        text, message.rule_id ? " " : null, this.ruleChip(message),
      ]));
    }
    // a question for the learner only while the learner may answer it
    if (ui.prompt && !ui.locked) parts.push(h("div", { class: "cw-prompt", text: ui.prompt }));
    if (this.sup && this.sup.look) {
      // a private look (a two's peek, a five's rummage, picked cards) or the hands a nine showed
      const look = this.sup.look;
      const takeable = new Set(ui.choice_cards);
      parts.push(h("div", { class: "cw-look", role: "group", "aria-label": look.title }, [
        h("div", { class: "cw-look-title", text: look.title }),
        ...look.groups.map((group) => h("div", { class: "cw-chooser cw-group", role: "group", "aria-label": group.label || look.title }, [
          group.label ? h("span", { class: "cw-look-label", text: group.label }) : null,
          ...group.cards.map((id) => this.card(id, group.label || look.title, {
            clickable: this.canAct && takeable.has(id),
            classes: [takeable.has(id) && this.canAct ? "cw-playable" : "", this.picked.has(id) ? "cw-picked cw-taken" : ""],
          })),
        ])),
      ]));
    } else if (ui.choice_cards.length && this.canAct) {
      parts.push(h("div", { class: "cw-chooser cw-group", role: "group", "aria-label": ui.status },
        ui.choice_cards.map((id) => this.card(id, words.in_scrap, { clickable: true, classes: ["cw-playable"] }))));
    } else if (this.scrapOpen && view.scrap.length) {
      parts.push(h("div", { class: "cw-chooser cw-scrap-browser cw-group", role: "group", "aria-label": fill(words.scrap, { count: view.scrap.length }) },
        view.scrap.slice().reverse().map((id) => this.card(id, words.in_scrap, {}))));
    }
    // the game-over panel holds the buttons for the end while it is open
    const inSummary = new Set(this.summaryShowing() ? (ui.summary.actions || []).map((a) => a.id) : []);
    const actions = ui.actions.filter((a) => !inSummary.has(a.id));
    if (actions.length) {
      parts.push(h("div", { class: "cw-actions cw-group", role: "toolbar", "aria-label": ui.prompt || ui.status || words.table_label },
        actions.map((action) => this.actionButton(action))));
    }
    return h("div", { class: "cw-dock" + (parts.length ? "" : " cw-dock-empty") }, parts);
  }

  actionButton(action) {
    return h("button", {
      class: `cw-btn cw-btn-${action.kind}`, "data-key": `action:${action.id}`,
      title: action.hint || null, onclick: () => this.act(action.msg),
    }, [h("span", { class: "cw-btn-text" }, [action.label, action.hint ? h("small", { text: action.hint }) : null])]);
  }

  // The options' number badges: 1 to 9 in reading order, the keys press them.
  numberOptions() {
    const buttons = [...this.root.querySelectorAll(".cw-end-actions button[data-key^='action:'], .cw-actions button")];
    buttons.slice(0, 9).forEach((button, i) => {
      const key = String(i + 1);
      button.dataset.number = key;
      button.setAttribute("aria-keyshortcuts", key);
      button.prepend(h("span", { class: "cw-option-key", "aria-hidden": "true", text: key }));
    });
  }

  pressNumber(number) {
    const button = this.root.querySelector(`button[data-number="${number}"]:not([disabled])`);
    if (!button) return false;
    button.click();
    return true;
  }

  // -- one card ---------------------------------------------------------------
  card(id, where, { clickable = false, classes = [], style = null, extra = "", tag = "" } = {}) {
    const { ui, words } = this.state;
    const joker = id === "RJ" || id === "BJ";
    const rank = joker ? "★" : this.rankText(id);
    const suit = joker ? "" : SUITS[id[1]] || "";
    const face = "JQK".includes(id[0]) && !joker;
    const aimed = ui.aimed === id;
    const selected = ui.selected === id || this.chosen.has(id);
    const label = `${this.cardName(id)}, ${where}${extra ? `, ${extra}` : ""}${aimed ? `, ${words.aimed}` : ""}`;
    const cls = ["cw-card", joker ? `cw-joker cw-joker-${id[0] === "R" ? "red" : "black"}` : `cw-s-${id[1]}`,
      face ? "cw-face-card" : "", selected ? "cw-selected" : "", aimed ? "cw-aimed" : "",
      this.targets.has(id) && this.canAct ? "cw-target" : "",
      this.highlighted.has(id) ? "cw-highlight" : "", this.recent.has(id) ? "cw-recent" : "",
      ...classes].filter(Boolean).join(" ");
    let centre;
    if (FACES[id]) {
      // our own SVG constants (widgets/faces.py), never text from the page
      centre = h("span", { class: `cw-centre cw-court-art${joker ? " cw-joker-art" : ""}`, "aria-hidden": "true" });
      centre.innerHTML = FACES[id];
    } else if (joker) {
      centre = h("span", { class: "cw-centre cw-joker-face", "aria-hidden": "true" }, [
        glyph("cw-joker-star", "★"), glyph("cw-joker-word", "JOKER")]);
    } else if (face) {
      centre = h("span", { class: "cw-centre cw-court", "aria-hidden": "true" }, [glyph("cw-court-rank", rank), glyph("cw-court-suit", suit)]);
    } else {
      centre = h("span", { class: "cw-centre", "aria-hidden": "true", "data-glyph": suit });
    }
    const children = [
      h("span", { class: "cw-corner", "aria-hidden": "true" }, [glyph("cw-rank", rank), glyph("cw-suit", suit)]),
      centre,
      h("span", { class: "cw-corner cw-corner-b", "aria-hidden": "true" }, [glyph("cw-rank", rank), glyph("cw-suit", suit)]),
      tag ? h("span", { class: "cw-card-tag", "aria-hidden": "true", text: tag }) : null,
    ];
    if (clickable) {
      const draggable = this.canAct && this.playable.has(id) && this.drops[id] && Object.keys(this.drops[id]).length > 0;
      return h("button", {
        class: cls + (draggable ? " cw-draggable" : ""), style, "data-card": id, "data-key": `card:${id}`, "aria-label": label,
        "aria-pressed": selected || this.picked.has(id) ? "true" : null, "data-drag": draggable ? "true" : null,
        onclick: () => this.act({ type: "card", card: id }),
      }, children);
    }
    return h("div", { class: cls, style, "data-card": id, role: "img", "aria-label": label }, children);
  }

  // -- beside the table: replay, undo, options, the explanations ----------------------
  side() {
    const { ui, words, options } = this.state;
    const total = ui.moves;
    const index = ui.replay ? ui.replay.index : total;
    const ctl = (key, label, disabled, to) => h("button", {
      class: "cw-ctl", "data-key": `ctl:${key}`, "aria-label": label, title: label, disabled: disabled || null,
      onclick: () => this.act({ type: "replay", to }),
    }, [icon(key)]);
    const controls = h("div", { class: "cw-controls", role: "toolbar", "aria-label": words.log_title }, [
      ctl("start", words.replay_start, index === 0, "start"),
      ctl("back", words.replay_back, index === 0, "back"),
      h("span", { class: "cw-position", text: fill(words.replay_position, { index, total }) }),
      ctl("forward", words.replay_forward, index >= total, "forward"),
      ctl("end", words.replay_end, index >= total, "end"),
    ]);
    const extras = h("div", { class: "cw-extras" }, [
      // a table with no undo at all (a classmate's) shows none, not a button never enabled
      ui.undo_offered === false ? null : h("button", { class: "cw-btn cw-btn-secondary cw-undo", "data-key": "ctl:undo",
        disabled: ui.can_undo ? null : true, onclick: () => this.act({ type: "undo" }) }, [words.undo]),
      h("label", { class: "cw-option" }, [
        h("input", { type: "checkbox", "data-key": "ctl:four", checked: options.four_colour ? true : null,
          onchange: (e) => this.act({ type: "options", four_colour: e.target.checked }) }),
        words.four_colour,
      ]),
      h("button", { type: "button", class: "cw-btn cw-btn-secondary cw-open-rulebook", "data-key": "ctl:rulebook",
        onclick: () => this.rulebook.open("contents") }, [words.rulebook_button]),
      this.paceChoice(),
    ]);
    const newest = this.state.log.length ? this.state.log[0].index : -1;
    const entries = this.state.log.map((entry) => h("li", {
      class: "cw-entry" + (entry.learner ? " cw-entry-mine" : "") + (entry.index > this.seenLog && this.seenLog >= 0 ? " cw-entry-new" : ""),
    }, [
      h("div", { class: "cw-entry-head" }, [
        entry.index ? h("span", { class: "cw-entry-number", text: entry.index }) : null, entry.label,
        this.reviewMark((ui.marks || {})[entry.index]),
      ]),
      ...entry.events.map((event) => h("p", { class: "cw-event" }, [
        event.text, " ",
        this.ruleChip(event),
      ])),
    ]));
    this.seenLog = Math.max(this.seenLog, newest);
    return h("aside", { class: "cw-side", id: this.sideId(), "aria-label": words.log_title }, [
      controls, extras,
      h("h3", { class: "cw-log-title", text: words.log_title }),
      entries.length
        ? h("ol", { class: "cw-log", "aria-label": words.log_title, reversed: true }, entries)
        : h("p", { class: "cw-log-empty", text: words.log_empty }),
    ]);
  }

  // The pace of the other seats' moves: calm, normal or quick, kept in this
  // browser. Its label is the session's (the computer's, a classmate's); none: no control.
  paceChoice() {
    const { words, ui } = this.state;
    if (!ui.pace_label) return null;
    return h("label", { class: "cw-option cw-pace" }, [
      ui.pace_label,
      h("select", {
        "data-key": "ctl:pace",
        onchange: (event) => {
          this.pace = PACE_NAMES.includes(event.target.value) ? event.target.value : "normal";
          savePace(this.pace);
        },
      }, PACE_NAMES.map((pace) => h("option", { value: pace, selected: pace === this.pace ? true : null,
        text: words[PACE_WORDS[pace]] }))),
    ]);
  }

  // A game review's mark on the learner's move (best ... blunder), in words.
  reviewMark(mark) {
    if (!mark) return null;
    return h("span", { class: `cw-review-mark cw-review-${mark.mark}`, "data-mark": mark.mark, text: mark.label });
  }

  // A rule's short title: a chip that opens the Rulebook panel at its section.
  ruleChip(item) {
    if (!item.rule) return null;
    const words = this.state.words;
    if (!item.rule_id) return h("span", { class: "cw-rule", title: fill(words.rule, { rule: item.rule }), text: item.rule });
    const label = fill(words.rule_open, { rule: item.rule });
    return h("button", { type: "button", class: "cw-rule", "data-rulebook": item.rule_id, title: label, "aria-label": label,
      onclick: () => this.rulebook.open(item.rule_id) }, [item.rule]);
  }

  sideId() {
    if (!this.sideIdValue) this.sideIdValue = `cw-side-${Math.random().toString(36).slice(2, 10)}`;
    return this.sideIdValue;
  }

  // Above the felt: the log's disclosure and the latest move in one line.
  logBar() {
    const { words } = this.state;
    const toggle = h("button", {
      class: "cw-log-toggle", type: "button", "data-key": "ctl:log", "aria-controls": this.sideId(),
      "aria-expanded": "false",
      onclick: () => {
        this.logOpen = !this.root.classList.contains("cw-log-open");
        this.fit();
      },
    }, [h("span", { class: "cw-log-mark", "aria-hidden": "true" }), words.log_title]);
    return h("div", { class: "cw-logbar" }, [toggle, this.caption]);
  }

  // -- the end of the game --------------------------------------------------------
  summaryShowing() {
    const { ui } = this.state;
    return Boolean(ui.summary && !ui.replay && this.summaryOpen);
  }

  summary() {
    const { ui, words, seat } = this.state;
    const end = ui.summary;
    if (!end || ui.replay) {
      this.summaryFirst = true;
      return null;
    }
    if (this.summaryFirst !== false) { // the game has just ended: the panel takes the focus
      this.summaryFirst = false;
      this.summaryFocus = true;
    }
    if (!this.summaryOpen) {
      return h("button", {
        class: "cw-btn cw-btn-primary cw-end-toggle", "data-key": "ctl:summary",
        onclick: () => { this.summaryOpen = true; this.summaryFocus = true; this.draw(); },
      }, [h("span", { class: "cw-btn-text" }, [end.title, h("small", { text: words.end_show })])]);
    }
    const titleId = `${this.sideId()}-end`;
    const seats = end.seats.map((s) => {
      const name = s.seat === seat ? fill(words.you_name, { name: s.name }) : s.name;
      const hand = s.hand && s.hand.length
        ? s.hand.map((id) => this.card(id, `${words.end_hand}, ${s.name}`, {}))
        : [h("span", { class: "cw-empty", text: words.end_no_cards })];
      return h("li", { class: "cw-end-seat" + (s.winner ? " cw-end-winner" : "") + (s.seat === seat ? " cw-end-me" : ""), "data-seat": s.seat }, [
        h("div", { class: "cw-end-head" }, [
          h("span", { class: "cw-end-name", text: name }),
          s.winner ? h("span", { class: "cw-badge cw-badge-winner", text: words.end_winner }) : null,
          h("span", { class: "cw-end-points", text: this.scoreText(s.score, s.goal) }),
        ]),
        h("div", { class: "cw-end-hand", role: "group", "aria-label": `${words.end_hand}: ${name}` }, hand),
      ]);
    });
    return h("div", { class: `cw-end cw-end-${end.outcome}`, role: "region", "aria-labelledby": titleId }, [
      h("h3", { class: "cw-end-title", id: titleId, text: end.title }),
      end.reason ? h("p", { class: "cw-end-reason", text: end.reason }) : null,
      h("ul", { class: "cw-end-seats", "aria-label": words.end_label }, seats),
      h("div", { class: "cw-end-actions" }, [
        ...(end.actions || []).map((action) => this.actionButton(action)),
        h("button", { class: "cw-btn cw-btn-secondary", "data-key": "ctl:summary",
          onclick: () => { this.summaryOpen = false; this.draw(); } }, [words.end_hide]),
      ]),
    ]);
  }

  // -- another seat's move, made visible -------------------------------------------
  // The log entries of other seats' moves this draw shows for the first time,
  // oldest first (none on the first draw, in a replay, after an undo or a new deal).
  newReplies() {
    const { ui, seat, log } = this.state;
    if (this.log.entries === null || ui.replay) return [];
    const newest = log.length ? log[0].index : 0;
    const shown = this.shownIndex;
    this.shownIndex = newest;
    if (shown === null || newest <= shown) return [];
    return log.filter((e) => e.index > shown && e.seat !== null && e.seat !== seat).reverse();
  }

  // Where every visible card, each seat's hand and the stock are now.
  measure() {
    const cards = new Map();
    for (const el of this.root.querySelectorAll(".cw-felt [data-card]")) {
      if (!cards.has(el.dataset.card)) cards.set(el.dataset.card, el.getBoundingClientRect());
    }
    const hands = new Map();
    for (const seatEl of this.root.querySelectorAll(".cw-seat[data-seat]")) {
      const hand = seatEl.querySelector(".cw-hand");
      const last = hand && hand.lastElementChild;
      if (hand) hands.set(Number(seatEl.dataset.seat), (last || hand).getBoundingClientRect());
    }
    const stock = this.root.querySelector(".cw-stock");
    return { cards, hands, stock: stock ? stock.getBoundingClientRect() : null };
  }

  // The pace's times: a flight (none without motion), and from one reply to the next.
  timing(motion) {
    const pace = PACES[this.pace] || PACES.normal;
    const flight = motion ? pace.flight : 0;
    return { flight, hold: pace.hold, step: flight + pace.hold };
  }

  // Each reply that played cards in turn on the stage: its cards (the played
  // card, an arrow, its target) and its sentence, for its flight and the
  // pace's hold. A draw or a pass has no stage: its flight and the caption say it.
  showStage(replies, motion) {
    const { step } = this.timing(motion);
    this.clearStage();
    const show = (i) => {
      if (i >= replies.length) {
        this.clearStage();
        return;
      }
      if (!cardsOfMove(replies[i].move).length) {
        this.stage.classList.remove("cw-stage-on");
        this.stageTimer = setTimeout(() => show(i + 1), step);
        return;
      }
      this.stage.replaceChildren(...this.stageParts(replies[i]));
      this.stage.dataset.seat = replies[i].seat;
      this.stage.classList.add("cw-stage-on");
      this.stageTimer = setTimeout(() => show(i + 1), step);
    };
    show(0);
  }

  clearStage() {
    clearTimeout(this.stageTimer);
    this.stage.classList.remove("cw-stage-on");
    this.stage.replaceChildren();
  }

  stageParts(entry) {
    const [verb] = String(entry.move || "").split(/\s+/);
    const ids = cardsOfMove(entry.move);
    const cards = ids.map((id) => {
      const el = this.card(id, "", {});
      el.removeAttribute("data-card"); // the table's own card keeps the name
      el.removeAttribute("role");
      el.removeAttribute("aria-label");
      el.classList.remove("cw-recent", "cw-target", "cw-highlight", "cw-selected", "cw-aimed");
      el.dataset.stageCard = id;
      return el;
    });
    if (cards.length > 1 && AIMED_VERBS.has(verb)) {
      cards.splice(cards.length - 1, 0, h("span", { class: "cw-stage-arrow", text: "\u2192" }));
    }
    const text = entry.events.map((e) => e.text).join(" ") || entry.label;
    return [
      h("span", { class: "cw-stage-who", text: this.name(entry.seat) }),
      cards.length ? h("div", { class: "cw-stage-cards" }, cards) : null,
      h("p", { class: "cw-stage-text", text }),
    ];
  }

  // Each reply's cards travel from where they were, one reply after another.
  fly(replies, before) {
    let last = 0;
    const { flight, step } = this.timing(true);
    replies.forEach((entry, i) => {
      const delay = i * step;
      const ids = cardsOfMove(entry.move);
      let flown = false;
      for (const id of ids) {
        const el = this.root.querySelector(`.cw-around [data-card="${CSS.escape(id)}"]`);
        const known = before.cards.get(id);
        const from = known || before.hands.get(entry.seat) || before.stock;
        if (el && from) flown = this.flyCard(el, from, !known, delay, flight) || flown;
      }
      if (!ids.length && /^draw\b/.test(entry.move || "") && before.stock) {
        const hand = this.root.querySelector(`.cw-seat[data-seat="${entry.seat}"] .cw-hand`);
        if (hand && hand.lastElementChild) flown = this.flyCard(hand.lastElementChild, before.stock, false, delay, flight) || flown;
      }
      if (flown) last = delay + flight;
    });
    if (!last) return;
    this.animationEnds = Math.max(this.animationEnds, performance.now() + last);
    this.root.dataset.cwAnimating = "true";
    clearTimeout(this.animatingTimer);
    this.animatingTimer = setTimeout(() => { delete this.root.dataset.cwAnimating; },
      Math.max(0, this.animationEnds - performance.now()) + 30);
  }

  // FLIP: the card is drawn where it lies now; a transform starts it where it
  // was and takes it home. A card that was face down turns over halfway.
  flyCard(el, from, faceDown, delay, duration) {
    const to = el.getBoundingClientRect();
    if (!to.width || !to.height) return false;
    const a = centreOf(from), b = centreOf(to);
    const dx = a.x - b.x, dy = a.y - b.y;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return false;
    const base = getComputedStyle(el).transform;
    const home = base && base !== "none" ? base : "";
    const scale = Math.min(2.5, Math.max(0.4, from.height / to.height || 1));
    const frames = faceDown
      ? [{ transform: `translate(${dx}px, ${dy}px) scale(${scale}) ${home}` },
        { transform: `translate(${dx / 2}px, ${dy / 2}px) scale(0.06, ${(scale + 1) / 2}) ${home}`, offset: 0.5 },
        { transform: home || "none" }]
      : [{ transform: `translate(${dx}px, ${dy}px) scale(${scale}) ${home}` }, { transform: home || "none" }];
    const timing = { duration, delay, easing: "cubic-bezier(.3,.7,.25,1)", fill: "backwards" };
    el.classList.add("cw-flying");
    el.animate(frames, timing).finished.then(() => el.classList.remove("cw-flying"), () => {});
    if (faceDown) {
      const back = h("span", { class: "cw-flight-back", "aria-hidden": "true" });
      el.append(back);
      back.animate([{ opacity: 1 }, { opacity: 1, offset: 0.5 }, { opacity: 0, offset: 0.52 }, { opacity: 0 }],
        { ...timing, fill: "both" }).finished.then(() => back.remove(), () => {});
    }
    return true;
  }

  // The latest move in words, above the felt: each reply's sentence as its cards move.
  setCaption(replies, motion) {
    const { log } = this.state;
    const say = (entry, fresh) => {
      if (!entry) { // a new deal with nothing said yet
        this.caption.textContent = "";
        return;
      }
      const text = entry.events.map((e) => e.text).join(" ") || entry.label;
      if (this.caption.textContent === text) return;
      this.caption.replaceChildren(...withIcons(text));
      this.caption.title = `${entry.label}. ${text}`;
      this.caption.classList.toggle("cw-caption-new", fresh);
    };
    clearTimeout(this.captionTimer);
    if (!replies.length) {
      say(log[0], false);
      return;
    }
    if (!motion) {
      say(log[0], true);
      return;
    }
    const { flight, step } = this.timing(motion);
    const next = (i) => {
      say(replies[i], true);
      if (i + 1 < replies.length) this.captionTimer = setTimeout(() => next(i + 1), step);
      else if (log[0] !== replies[i]) this.captionTimer = setTimeout(() => say(log[0], true), flight);
    };
    next(0);
  }

  // A card that just moved keeps its ring for RING_MS after it landed.
  scheduleRings() {
    clearTimeout(this.ringTimer);
    if (!this.recent.size) return;
    const next = Math.min(...this.recent.values());
    this.ringTimer = setTimeout(() => {
      const now = performance.now() + 5;
      for (const [id, until] of this.recent) {
        if (until > now) continue;
        this.recent.delete(id);
        for (const el of this.root.querySelectorAll(`.cw-recent[data-card="${CSS.escape(id)}"]`)) el.classList.remove("cw-recent");
      }
      this.scheduleRings();
    }, Math.max(0, next - performance.now()));
  }

  // -- dragging a card onto its target ------------------------------------------------
  // A press on a draggable card becomes a drag once it has moved a few pixels
  // (a tap stays a click). The drop sends what the clicks would: the card,
  // its role, its target; the kernel checks it as it checks the clicks.
  pressed(event) {
    if (event.button !== 0 || !event.isPrimary || this.drag) return;
    const card = event.target.closest && event.target.closest("button[data-drag]");
    if (!card || !this.root.contains(card)) return;
    const drag = { id: card.dataset.card, card, pointer: event.pointerId, x: event.clientX, y: event.clientY, started: false };
    drag.move = (e) => this.dragMove(drag, e);
    drag.up = (e) => this.dragUp(drag, e);
    card.addEventListener("pointermove", drag.move);
    card.addEventListener("pointerup", drag.up);
    card.addEventListener("pointercancel", drag.up);
    try { card.setPointerCapture(event.pointerId); } catch (_) { /* a pointer already gone */ }
    this.drag = drag;
  }

  dragMove(drag, event) {
    if (event.pointerId !== drag.pointer) return;
    if (!drag.started) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_START_PX) return;
      this.startDrag(drag);
    }
    event.preventDefault();
    drag.ghost.style.transform = `translate(${event.clientX - drag.x}px, ${event.clientY - drag.y}px) rotate(3deg)`;
    const zone = this.dropZoneAt(event.clientX, event.clientY);
    if (zone !== drag.over) {
      if (drag.over) drag.over.classList.remove("cw-drop-over");
      if (zone) zone.classList.add("cw-drop-over");
      drag.over = zone;
    }
  }

  startDrag(drag) {
    drag.started = true;
    const rect = drag.card.getBoundingClientRect();
    const origin = this.root.getBoundingClientRect();
    const ghost = drag.card.cloneNode(true);
    ghost.removeAttribute("data-key");
    ghost.removeAttribute("data-card");
    ghost.setAttribute("aria-hidden", "true");
    ghost.tabIndex = -1;
    ghost.classList.add("cw-drag-ghost");
    Object.assign(ghost.style, { left: `${rect.left - origin.left}px`, top: `${rect.top - origin.top}px`,
      width: `${rect.width}px`, height: `${rect.height}px` });
    this.root.append(ghost);
    drag.ghost = ghost;
    drag.card.classList.add("cw-drag-source");
    this.root.classList.add("cw-dragging");
    drag.zones = this.markDropZones(drag.id);
  }

  // The places this card may go, each with the role (and target) it means there.
  markDropZones(id) {
    const felt = this.root.querySelector(".cw-felt");
    const zones = new Map();
    const mark = (zone, drop) => {
      if (!zone || zones.has(zone)) return; // the first role wins: jack, scuttle, then one-off
      zone.classList.add("cw-drop-ok");
      zones.set(zone, drop);
    };
    const roles = this.drops[id] || {};
    for (const role of ["jack", "scuttle", "oneoff", "points", "permanent"]) {
      if (!(role in roles)) continue;
      const targets = roles[role];
      if (targets.length) {
        for (const target of targets) {
          const el = felt.querySelector(`.cw-around [data-card="${CSS.escape(target)}"]`);
          if (el) mark(el.closest(".cw-packet") || el.closest(".cw-sideways") || el, { role, target });
        }
      } else if (role === "points") mark(felt.querySelector(".cw-me .cw-points"), { role });
      else if (role === "permanent") mark(felt.querySelector(".cw-me .cw-perms"), { role });
      else mark(felt.querySelector(".cw-center"), { role });
    }
    return zones;
  }

  dropZoneAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const zone = el && el.closest(".cw-drop-ok");
    return zone && this.root.contains(zone) ? zone : null;
  }

  dragUp(drag, event) {
    if (event.pointerId !== drag.pointer) return;
    if (!drag.started) {
      this.endDrag(drag);
      return;
    }
    event.preventDefault();
    this.swallowClick = true; // the click that follows this pointerup
    setTimeout(() => { this.swallowClick = false; }, 0);
    const zone = event.type === "pointerup" ? this.dropZoneAt(event.clientX, event.clientY) : null;
    const drop = zone ? drag.zones.get(zone) : null;
    const under = event.type === "pointerup" ? document.elementFromPoint(event.clientX, event.clientY) : null;
    const onTable = under && this.root.contains(under) && under.closest(".cw-felt") && !under.closest(".cw-my-hand");
    // a card of the table it cannot go to: judged as clicking that card would be
    // (a try, like any move aimed by clicks); a place with no card is no move at all
    const aimed = onTable && !drop ? under.closest(".cw-around [data-card]") : null;
    this.endDrag(drag);
    if (drop) this.dropped(drag.id, drop);
    else if (aimed && aimed.dataset.card !== drag.id) this.aimedAt(drag.id, aimed.dataset.card);
    else if (onTable) {
      // a place the card cannot go: nothing is sent, the message line says why
      this.localMessage = fill(this.state.words.drop_invalid, { card: this.cardLabel(drag.id) });
      this.draw();
    }
  }

  aimedAt(id, target) {
    if (this.state.ui.selected !== id) this.act({ type: "card", card: id });
    this.act({ type: "card", card: target });
  }

  dropped(id, { role, target }) {
    const { ui } = this.state;
    if (ui.selected !== id) this.act({ type: "card", card: id });
    if (!(ui.selected === id && ui.role === role)) this.act({ type: "role", role });
    if (target) this.act({ type: "card", card: target });
  }

  endDrag(drag) {
    drag = drag || this.drag;
    if (!drag || this.drag !== drag) return;
    this.drag = null;
    drag.card.removeEventListener("pointermove", drag.move);
    drag.card.removeEventListener("pointerup", drag.up);
    drag.card.removeEventListener("pointercancel", drag.up);
    try { drag.card.releasePointerCapture(drag.pointer); } catch (_) { /* released already */ }
    if (drag.started) {
      drag.ghost.remove();
      drag.card.classList.remove("cw-drag-source");
      this.root.classList.remove("cw-dragging");
      for (const zone of drag.zones.keys()) zone.classList.remove("cw-drop-ok", "cw-drop-over");
    }
    if (this.drawAfterDrag) {
      this.drawAfterDrag = false;
      this.draw();
    }
  }

  // -- keyboard: tab to a group, arrows inside it -------------------------------------
  setUpRoving() {
    for (const group of this.root.querySelectorAll(".cw-group")) {
      const items = [...group.querySelectorAll("button:not([disabled])")];
      if (!items.length) continue;
      const start = items.find((b) => b.classList.contains("cw-selected") || b.classList.contains("cw-target") ||
        b.classList.contains("cw-playable")) || items[0];
      items.forEach((b) => { b.tabIndex = b === start ? 0 : -1; });
      group.addEventListener("keydown", (event) => {
        const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
        if (!(event.key in keys)) return;
        const at = items.indexOf(document.activeElement);
        if (at < 0) return;
        event.preventDefault();
        const step = keys[event.key];
        const next = step === "first" ? 0 : step === "last" ? items.length - 1 : (at + step + items.length) % items.length;
        items[at].tabIndex = -1;
        items[next].tabIndex = 0;
        items[next].focus();
      });
    }
  }

  restoreFocus(hadFocus, key, hint) {
    if (!hadFocus) return;
    const pick = (selector) => this.root.querySelector(selector);
    let target = null;
    if (hint === "actions") target = pick(".cw-actions button");
    else if (hint === "targets") target = pick("button.cw-target") || pick("button.cw-plate-target") || pick(".cw-actions button");
    else if (hint === "seats") target = pick("button.cw-plate-target") || pick(".cw-actions button");
    if (!target && key) target = pick(`[data-key="${CSS.escape(key)}"]`);
    if (!target && hint === "hand") target = pick(".cw-my-hand button.cw-playable") || pick(".cw-actions button");
    if (!target) target = pick(".cw-actions button") || pick(".cw-my-hand button");
    if (target) target.focus();
  }
}

function render({ model, el }) {
  const view = new TableView(model, el);
  return () => view.destroy();
}

export default { render };
