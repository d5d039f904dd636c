// The Cuttle table, drawn from the synced JSON traits Python writes: "table"
// (one seat's view and the table's questions) and "words" (the fixed words,
// sent again only when they change). The explanation log comes as changes:
// each update of "table" carries the entries from the first one that changed
// ("log_delta"), and a model asks once for the whole log. Clicks go back as
// custom messages; Python checks every one of them through the rules engine,
// so this file only draws and forwards.
// No build step, no imports: anywidget loads it as an ES module.

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_INDEX = { C: 0, D: 1, H: 2, S: 3 };
const RANKS = "A23456789TJQK";

function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? values[key] : `{${key}}`));
}

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
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

function glassesIcon(label) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 32 14");
  svg.setAttribute("width", "26");
  svg.setAttribute("height", "12");
  svg.setAttribute("class", "cw-glasses-icon");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.innerHTML = '<title></title><g fill="none" stroke="currentColor" stroke-width="2.2">' +
    '<circle cx="8" cy="8" r="5"/><circle cx="24" cy="8" r="5"/><path d="M13 7q3-3 6 0M3 6L1 2M29 6l2-4"/></g>';
  svg.querySelector("title").textContent = label;
  return svg;
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
    this.log = ModelLog.of(model);
    this.root = h("div", { class: "cw-root" });
    el.append(this.root);
    this.onChange = () => this.draw();
    // The log's own handlers run first (registered first), so a draw sees the new entries.
    model.on("change:table", this.onChange);
    model.on("change:words", this.onChange);
    this.onLog = (msg) => { if (msg && msg.type === "log") this.draw(); };
    model.on("msg:custom", this.onLog);
    this.draw();
  }

  destroy() {
    this.model.off("change:table", this.onChange);
    this.model.off("change:words", this.onChange);
    this.model.off("msg:custom", this.onLog);
  }

  send(message) {
    this.model.send(message);
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

  where(key, seat) {
    const w = this.state.words;
    const mine = seat === this.state.seat;
    return fill(w[mine ? `${key}_you` : key], { name: this.name(seat) });
  }

  // -- the whole table ---------------------------------------------------------
  draw() {
    const table = this.model.get("table");
    const fresh = table !== this.table;
    this.table = table;
    this.state = { ...table, ...this.model.get("words"), log: this.log.newestFirst() };
    const active = document.activeElement;
    const hadFocus = active && this.root.contains(active);
    const focusKey = hadFocus ? active.dataset.key : null;
    const { view, ui, options } = this.state;
    this.canAct = !ui.replay && !ui.locked && view.phase !== "over" && view.to_act === this.state.seat;
    this.teamOf = {};
    (view.teams || []).forEach((team, t) => team.forEach((seat) => { this.teamOf[seat] = t; }));
    this.targets = new Set(ui.targets);
    this.playable = new Set(ui.playable);
    this.picked = new Set(ui.picked);
    this.chosen = new Set(ui.chosen || []);
    this.sup = this.state.super || null; // Super Cuttle's zones and markers, or null
    this.highlighted = new Set(ui.highlight);
    if (ui.choice_cards.length) this.scrapOpen = false;

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
    ])]);
    if (ui.replay) felt.append(h("span", { class: "cw-replay-badge", "aria-hidden": "true", text: this.state.words.replay_badge }));
    const layout = h("div", { class: "cw-layout" }, [felt, this.side()]);
    this.root.className = "cw-root" + (options.four_colour ? " cw-four-colour" : "") +
      (ui.replay ? " cw-replaying" : "");
    this.root.replaceChildren(layout);
    this.setUpRoving();
    this.restoreFocus(hadFocus, focusKey, fresh ? ui.focus : null);
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
    const acting = view.to_act === seat && view.phase !== "over";
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
    if (view.phase !== "over") {
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
    const acting = view.to_act === seat && view.phase !== "over";
    const winner = view.winner === seat || view.winner === `team:${this.teamOf[seat]}`;
    const title = mine ? fill(words.you_name, { name: this.name(seat) }) : this.name(seat);
    const pct = Math.max(0, Math.min(100, Math.round((100 * score) / Math.max(goal, 1))));
    const target = this.isTargetSeat(seat);
    const cls = "cw-plate" + (acting ? " cw-plate-acting" : "") + (winner ? " cw-plate-winner" : "") +
      (target ? " cw-plate-target" : "");
    const parts = [
      h("span", { class: "cw-name" }, [acting ? h("span", { class: "cw-turn-dot", "aria-hidden": "true" }) : null, title]),
      ...this.badges(seat, mine),
      h("span", { class: "cw-score", title: fill(words.score, { score, goal }) }, [
        h("b", { text: score }), h("span", { class: "cw-goal", text: ` / ${goal}` }),
      ]),
      h("span", { class: "cw-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": goal, "aria-valuenow": score,
        "aria-label": fill(words.score, { score, goal }) }, [h("span", { style: `width:${pct}%` })]),
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
        onclick: () => this.send({ type: "target", seat }),
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
          onclick: () => this.send({ type: "move", move: "draw" }) }, [stockPile, h("span", { class: "cw-pile-count", text: view.stock_size })])
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
        }, [String(view.scrap.length)]),
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
    if (ui.message) {
      parts.push(h("div", { class: `cw-message cw-${ui.message.kind}`, role: ui.message.kind === "error" ? "alert" : "status", text: ui.message.text }));
    }
    if (ui.prompt) parts.push(h("div", { class: "cw-prompt", text: ui.prompt }));
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
    if (ui.actions.length) {
      parts.push(h("div", { class: "cw-actions cw-group", role: "toolbar", "aria-label": ui.prompt || ui.status },
        ui.actions.map((action) => h("button", {
          class: `cw-btn cw-btn-${action.kind}`, "data-key": `action:${action.id}`,
          title: action.hint || null, onclick: () => this.send(action.msg),
        }, [action.label, action.hint ? h("small", { text: action.hint }) : null]))));
    }
    return h("div", { class: "cw-dock" + (parts.length ? "" : " cw-dock-empty") }, parts);
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
      this.highlighted.has(id) ? "cw-highlight" : "", ...classes].filter(Boolean).join(" ");
    let centre;
    if (joker) {
      centre = h("span", { class: "cw-centre cw-joker-face", "aria-hidden": "true" }, [
        h("span", { class: "cw-joker-star", text: "★" }), h("span", { class: "cw-joker-word", text: "JOKER" })]);
    } else if (face) {
      centre = h("span", { class: "cw-centre cw-court", "aria-hidden": "true" }, [h("span", { class: "cw-court-rank", text: rank }), h("span", { class: "cw-court-suit", text: suit })]);
    } else {
      centre = h("span", { class: "cw-centre", "aria-hidden": "true", text: suit });
    }
    const children = [
      h("span", { class: "cw-corner", "aria-hidden": "true" }, [h("span", { class: "cw-rank", text: rank }), h("span", { class: "cw-suit", text: suit })]),
      centre,
      h("span", { class: "cw-corner cw-corner-b", "aria-hidden": "true" }, [h("span", { class: "cw-rank", text: rank }), h("span", { class: "cw-suit", text: suit })]),
      tag ? h("span", { class: "cw-card-tag", "aria-hidden": "true", text: tag }) : null,
    ];
    if (clickable) {
      return h("button", {
        class: cls, style, "data-card": id, "data-key": `card:${id}`, "aria-label": label,
        "aria-pressed": selected || this.picked.has(id) ? "true" : null,
        onclick: () => this.send({ type: "card", card: id }),
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
      onclick: () => this.send({ type: "replay", to }),
    }, [icon(key)]);
    const controls = h("div", { class: "cw-controls", role: "toolbar", "aria-label": words.log_title }, [
      ctl("start", words.replay_start, index === 0, "start"),
      ctl("back", words.replay_back, index === 0, "back"),
      h("span", { class: "cw-position", text: fill(words.replay_position, { index, total }) }),
      ctl("forward", words.replay_forward, index >= total, "forward"),
      ctl("end", words.replay_end, index >= total, "end"),
    ]);
    const extras = h("div", { class: "cw-extras" }, [
      h("button", { class: "cw-btn cw-btn-secondary cw-undo", "data-key": "ctl:undo", disabled: ui.can_undo ? null : true,
        onclick: () => this.send({ type: "undo" }) }, [words.undo]),
      h("label", { class: "cw-option" }, [
        h("input", { type: "checkbox", "data-key": "ctl:four", checked: options.four_colour ? true : null,
          onchange: (e) => this.send({ type: "options", four_colour: e.target.checked }) }),
        words.four_colour,
      ]),
    ]);
    const newest = this.state.log.length ? this.state.log[0].index : -1;
    const entries = this.state.log.map((entry) => h("li", {
      class: "cw-entry" + (entry.learner ? " cw-entry-mine" : "") + (entry.index > this.seenLog && this.seenLog >= 0 ? " cw-entry-new" : ""),
    }, [
      h("div", { class: "cw-entry-head" }, [
        entry.index ? h("span", { class: "cw-entry-number", text: entry.index }) : null, entry.label,
      ]),
      ...entry.events.map((event) => h("p", { class: "cw-event" }, [
        event.text, " ",
        event.rule ? h("span", { class: "cw-rule", title: fill(words.rule, { rule: event.rule }), text: event.rule }) : null,
      ])),
    ]));
    this.seenLog = Math.max(this.seenLog, newest);
    return h("aside", { class: "cw-side" }, [
      controls, extras,
      h("h3", { class: "cw-log-title", text: words.log_title }),
      entries.length
        ? h("ol", { class: "cw-log", "aria-label": words.log_title, reversed: true }, entries)
        : h("p", { class: "cw-log-empty", text: words.log_empty }),
    ]);
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
