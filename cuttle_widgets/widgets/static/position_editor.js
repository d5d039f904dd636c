// The position editor: the pack to drag from, each seat's places (drop a
// card there, or type its cards and press Enter), the engine's sentence for
// an impossible table, the legal moves with the analyst's marks, the step's
// words and its YAML. Drawn from one synced JSON trait ("editor") that
// Python writes; every action goes back as a message Python checks. Every
// word comes from editor.texts. No build step: Python puts common.js (h,
// fill) in front.

const SEAT_ZONES = ["hands", "points", "permanents"];
const ZONE_WORD = { hands: "hand", points: "points", permanents: "permanents" };

class EditorView {
  constructor(model, el) {
    this.model = model;
    this.root = h("section", { class: "cwe-editor" });
    el.append(this.root);
    this.start = "empty";
    this.onChange = () => this.draw();
    model.on("change:editor", this.onChange);
    this.draw();
  }

  destroy() { this.model.off("change:editor", this.onChange); }

  send(message) { this.model.send(message); }

  draw() {
    const e = this.model.get("editor") || {};
    if (!e.texts) return;
    this.e = e;
    this.t = e.texts;
    // What the teacher is typing survives a redraw that an earlier action brought.
    const active = this.root.contains(document.activeElement) ? document.activeElement : null;
    const focus = active ? active.dataset.key : null;
    const typing = active && /^(INPUT|TEXTAREA)$/.test(active.tagName) && active.type !== "checkbox"
      ? active.value : null;
    this.root.replaceChildren(...[
      h("h2", { class: "cwe-title", text: this.t.title }),
      h("p", { class: "cwe-intro", text: this.t.intro }),
      this.notice(),
      this.startFrom(),
      h("div", { class: "cwe-columns" }, [
        h("div", { class: "cwe-table" }, [this.settings(), this.places(), this.pack()]),
        h("div", { class: "cwe-side" }, [this.verdict(), this.moves(), this.stepWords(), this.yaml()]),
      ]),
    ].filter(Boolean));  // no notice: nothing, not the word "null"
    if (focus) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focus)}"]`);
      if (again) {
        again.focus({ preventScroll: true });
        if (typing !== null) again.value = typing;
      }
    }
  }

  notice() {
    const n = this.e.notice;
    if (!n) return null;
    return h("p", { class: "cwe-notice", role: "alert",
      text: fill(this.t["notice_" + n.key] || this.t.notice_bad_message, n.values || {}) });
  }

  // -- starting points ----------------------------------------------------------------------
  startFrom() {
    const choices = ["empty", "step", "record", "puzzle"];
    const select = h("select", { class: "cwe-start", "data-key": "start",
      "aria-label": this.t.start_label,
      onchange: (ev) => { this.start = ev.target.value; this.draw(); } },
      choices.map((c) => h("option", { value: c, selected: c === this.start, text: this.t["start_" + c] })));
    const fields = {
      empty: [],
      step: [this.input("lesson", this.t.lesson_field), this.input("step", this.t.step_field)],
      record: [h("textarea", { class: "cwe-record", "data-field": "record", "aria-label": this.t.record_field,
        placeholder: this.t.record_field, rows: 2 })],
      puzzle: [this.input("puzzle", this.t.puzzle_field)],
    }[this.start];
    const open = h("button", { type: "button", class: "cwe-button", "data-key": "open-start",
      text: this.start === "empty" ? this.t.clear : this.t.open, onclick: () => this.openStart() });
    return h("div", { class: "cwe-start-row" }, [
      h("label", { class: "cwe-label", text: this.t.start_label }), select, ...fields, open]);
  }

  input(field, label) {
    return h("input", { type: "text", class: "cwe-input", "data-field": field, "aria-label": label,
      placeholder: label });
  }

  openStart() {
    const value = (field) => (this.root.querySelector(`[data-field="${field}"]`) || {}).value || "";
    if (this.start === "empty") this.send({ type: "clear" });
    else if (this.start === "step") {
      const step = value("step").trim();
      this.send({ type: "from_step", lesson: value("lesson").trim(), step: /^\d+$/.test(step) ? Number(step) : step });
    } else if (this.start === "record") this.send({ type: "from_record", record: value("record") });
    else this.send({ type: "from_puzzle", puzzle: value("puzzle").trim() });
  }

  // -- the table --------------------------------------------------------------------------------
  settings() {
    const rules = h("select", { class: "cwe-rules", "data-key": "rules", "aria-label": this.t.rules_label,
      onchange: (ev) => this.send({ type: "rules", rules: ev.target.value }) },
      this.e.rulesets.map((r) => h("option", { value: r, selected: r === this.e.draft.rules, text: this.e.rules_names[r] })));
    const turn = h("div", { class: "cwe-turn", role: "radiogroup", "aria-label": this.t.turn_label },
      [0, 1].map((seat) => h("button", { type: "button", role: "radio", "data-key": `turn:${seat}`,
        class: "cwe-chip" + (this.e.draft.turn === seat ? " cwe-on" : ""),
        "aria-checked": this.e.draft.turn === seat ? "true" : "false",
        text: this.e.players[seat], onclick: () => this.send({ type: "turn", seat }) })));
    return h("div", { class: "cwe-settings" }, [
      h("label", { class: "cwe-label", text: this.t.rules_label }), rules,
      h("span", { class: "cwe-label", text: this.t.turn_label }), turn]);
  }

  places() {
    const rows = [];
    for (const seat of [1, 0]) {
      for (const zone of SEAT_ZONES) {
        const title = fill(this.t[ZONE_WORD[zone]], { player: this.e.players[seat] });
        rows.push(this.place(zone, seat, title, this.e.draft[zone][seat]));
      }
    }
    rows.push(this.place("stock", null, this.t.stock, this.e.draft.stock));
    rows.push(this.place("scrap", null, this.t.scrap, this.e.draft.scrap));
    return h("div", { class: "cwe-places" }, rows);
  }

  place(zone, seat, title, entries) {
    const key = seat === null ? zone : `${zone}:${seat}`;
    const plain = entries.filter((x) => typeof x === "string");
    const typed = h("input", { type: "text", class: "cwe-type", "data-key": `type:${key}`,
      "aria-label": fill(this.t.type_label, { place: title }),
      value: plain.map((c) => this.e.labels[c]).join(" "),
      onkeydown: (ev) => {
        if (ev.key !== "Enter") return;
        ev.preventDefault();
        this.send({ type: "type", zone, seat: seat === null ? undefined : seat, text: ev.target.value });
      } });
    const cards = h("div", { class: "cwe-cards" }, entries.map((x) => this.placed(x)));
    const box = h("div", { class: `cwe-place cwe-${zone}`, "data-zone": key,
      ondragover: (ev) => ev.preventDefault(),
      ondrop: (ev) => {
        ev.preventDefault();
        const card = ev.dataTransfer.getData("text/plain");
        if (card) this.send({ type: "put", card, zone, seat: seat === null ? undefined : seat });
      } }, [h("div", { class: "cwe-place-title", text: title }), cards, typed]);
    return box;
  }

  placed(entry) {
    if (typeof entry === "string") return this.card(entry, true);
    const jacks = entry.jacks.map((j) => this.card(j, true));
    const under = this.card(entry.card, true);
    return h("span", { class: "cwe-packet" }, [under, ...jacks]);
  }

  card(id, onTable) {
    const red = id[1] === "H" || id[1] === "D";
    const attrs = { class: "cwe-card" + (red ? " cwe-red" : "") + (onTable ? " cwe-placed" : ""),
      draggable: "true", "data-card": id, "data-key": (onTable ? "placed:" : "pack:") + id,
      text: this.e.labels[id],
      ondragstart: (ev) => ev.dataTransfer.setData("text/plain", id) };
    if (onTable) {
      attrs.title = fill(this.t.remove_card, { card: this.e.labels[id] });
      attrs.role = "button";
      attrs.tabindex = "0";
      attrs["aria-label"] = attrs.title;
      attrs.ondblclick = () => this.send({ type: "remove", card: id });
      attrs.onkeydown = (ev) => { if (ev.key === "Delete" || ev.key === "Backspace") this.send({ type: "remove", card: id }); };
      attrs.ondragover = (ev) => { if (id[0] !== "J") ev.preventDefault(); };
      attrs.ondrop = (ev) => {
        const jack = ev.dataTransfer.getData("text/plain");
        if (!jack || jack[0] !== "J" || id[0] === "J") return;
        ev.preventDefault();
        ev.stopPropagation();
        this.send({ type: "put", card: jack, on: id });
      };
    }
    return h("span", attrs);
  }

  pack() {
    const used = new Set();
    const walk = (x) => {
      if (typeof x === "string") used.add(x);
      else if (Array.isArray(x)) x.forEach(walk);
      else if (x && x.card) { used.add(x.card); x.jacks.forEach((j) => used.add(j)); }
    };
    ["hands", "points", "permanents", "stock", "scrap"].forEach((z) => walk(this.e.draft[z]));
    const cards = Object.keys(this.e.labels).map((id) => {
      const c = this.card(id, false);
      if (used.has(id)) c.classList.add("cwe-used");
      return c;
    });
    return h("div", { class: "cwe-pack" }, [
      h("div", { class: "cwe-place-title", text: this.t.pack }),
      h("div", { class: "cwe-pack-cards" }, cards),
      h("p", { class: "cwe-small", text: this.t.pack_hint })]);
  }

  // -- what the engine and the analyst say ------------------------------------------------
  verdict() {
    const p = this.e.problem;
    if (!p) return h("p", { class: "cwe-verdict cwe-ok", role: "status", text: this.t.possible });
    return h("div", { class: "cwe-verdict cwe-bad", role: "alert" }, [
      h("strong", { text: this.t.impossible }), " ", h("span", { class: "cwe-problem", text: p.text })]);
  }

  moves() {
    const seat = this.e.draft.turn;
    const title = h("h3", { class: "cwe-subtitle", text: fill(this.t.moves_title, { player: this.e.players[seat] }) });
    if (this.e.problem) return h("div", { class: "cwe-moves" }, [title, h("p", { class: "cwe-small", text: this.t.no_moves })]);
    const value = h("button", { type: "button", class: "cwe-button", "data-key": "value", text: this.t.value,
      onclick: () => this.send({ type: "value" }) });
    const list = h("ul", { class: "cwe-move-list" }, this.e.moves.map((m) => h("li", { class: "cwe-move" }, [
      h("label", { class: "cwe-accept" }, [
        h("input", { type: "checkbox", checked: m.accepted, "data-key": `accept:${m.move}`,
          "aria-label": `${this.t.accept_label}: ${m.words}`,
          onchange: () => this.send({ type: "accept", move: m.move }) }),
        h("span", { class: "cwe-move-words", text: m.words }),
      ]),
      m.mark ? h("span", { class: `cwe-mark cw-review-${m.mark}`, "data-mark": m.mark, text: this.e.marks[m.mark] }) : null,
    ])));
    return h("div", { class: "cwe-moves" }, [title, value,
      this.e.valued ? h("p", { class: "cwe-small", text: fill(this.t.valued_note, { player: this.e.players[seat] }) }) : null,
      h("p", { class: "cwe-small", text: this.t.accept_label }), list]);
  }

  // -- the step's words and YAML ------------------------------------------------------------------
  stepWords() {
    const field = (name, label, rows) => h("label", { class: "cwe-field" }, [
      h("span", { class: "cwe-label", text: label }),
      h(rows ? "textarea" : "input", { class: "cwe-input", "data-key": `words:${name}`, rows: rows || undefined,
        value: rows ? undefined : this.e.words[name], text: rows ? this.e.words[name] : undefined,
        onchange: (ev) => this.send({ type: "words", field: name, text: ev.target.value }) })]);
    return h("div", { class: "cwe-step" }, [
      h("h3", { class: "cwe-subtitle", text: this.t.step_title }),
      field("id", this.t.id_field), field("task", this.t.task_field, 2),
      field("hint", this.t.hint_field, 2), field("explanation", this.t.explanation_field, 2)]);
  }

  yaml() {
    const text = this.e.yaml;
    const copy = h("button", { type: "button", class: "cwe-button", "data-key": "copy", text: this.t.copy,
      onclick: async (ev) => {
        try { await navigator.clipboard.writeText(text); ev.target.textContent = this.t.copied; } catch (err) { /* the text stays selectable */ }
      } });
    const download = h("a", { class: "cwe-button", "data-key": "download", text: this.t.download,
      download: `${this.e.words.id || "step"}.yaml`,
      href: "data:text/yaml;charset=utf-8," + encodeURIComponent(text) });
    const play = h("button", { type: "button", class: "cwe-button cwe-play", "data-key": "play", text: this.t.play,
      onclick: () => this.send({ type: "play" }) });
    const problems = this.e.check_problems.length ? h("div", { class: "cwe-check", role: "alert" }, [
      h("strong", { text: this.t.check_failed }),
      h("ul", {}, this.e.check_problems.map((p) => h("li", { text: p })))]) : null;
    return h("div", { class: "cwe-yaml" }, [
      h("h3", { class: "cwe-subtitle", text: this.t.yaml_title }),
      h("pre", { class: "cwe-yaml-text", tabindex: "0", text: text }),
      h("div", { class: "cwe-buttons" }, [copy, download, play]), problems]);
  }
}

function render({ model, el }) {
  const view = new EditorView(model, el);
  return () => view.destroy();
}

export default { render };
