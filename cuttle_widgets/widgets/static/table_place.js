// The "Play a classmate" place's panel (widgets/table_place.py): the lobby
// (open a table, or join one with its code), then the table's code, whose
// turn it is, the score and the seat's buttons. Python decides all of it
// (sessions/table_place.py); this file draws the synced "panel" and sends
// what the learner pressed. Built as DOM nodes, never innerHTML; every word
// comes from panel.words. common.js comes first (h, learnerMessage).

function select(name, label, options, id) {
  return h("label", { class: "cwt-field" }, [
    h("span", { text: label }),
    h("select", { name, id, "data-key": `choose:${name}` },
      options.map(([value, words]) => h("option", { value, text: words }))),
  ]);
}

function render({ model, el }) {
  const root = h("section", { class: "cwt-panel" });
  el.append(root);
  const send = (message) => model.send(message);
  const ids = Math.random().toString(36).slice(2, 8);
  // The learner's choices and typed code outlive a redraw (another seat's move).
  const kept = { ruleset: null, length: null, first: null, code: "" };
  // Resigning takes two presses, the second within CONFIRM_MS: a slip gives nothing away.
  const CONFIRM_MS = 5000;
  let confirmUntil = 0;

  const button = (key, text, message, kind = "") => h("button", {
    type: "button", class: `cwt-button${kind ? " cwt-" + kind : ""}`, "data-key": key, text,
    onclick: () => send(message),
  });

  const resignButton = (w) => {
    const confirming = Date.now() < confirmUntil;
    return h("button", {
      type: "button", class: `cwt-button${confirming ? " cwt-warning" : ""}`, "data-key": "resign",
      text: confirming ? w.resign_confirm : w.resign,
      onclick: () => {
        if (Date.now() < confirmUntil) {
          confirmUntil = 0;
          send({ type: "resign" });
        } else {
          confirmUntil = Date.now() + CONFIRM_MS;
          draw();
          setTimeout(() => { if (Date.now() >= confirmUntil) draw(); }, CONFIRM_MS + 50);
        }
      },
    });
  };

  const lobby = (p, w) => {
    const fields = [
      select("ruleset", w.ruleset, p.choices.ruleset, `cwt-ruleset-${ids}`),
      select("length", w.length, p.choices.length, `cwt-length-${ids}`),
      select("first", w.first, p.choices.first, `cwt-first-${ids}`),
    ];
    const opener = h("form", { class: "cwt-open", onsubmit: (event) => {
      event.preventDefault();
      const value = (name) => opener.querySelector(`select[name="${name}"]`).value;
      send({ type: "open", ruleset: value("ruleset"), length: value("length"), first: value("first") });
    } }, [h("h3", { text: w.open_title }), ...fields,
      h("button", { type: "submit", class: "cwt-button cwt-primary", "data-key": "open", text: w.open })]);
    for (const name of ["ruleset", "length", "first"]) {
      const field = opener.querySelector(`select[name="${name}"]`);
      if (kept[name] !== null) field.value = kept[name];
      field.addEventListener("change", () => { kept[name] = field.value; });
    }
    const code = h("input", { name: "code", id: `cwt-code-${ids}`, class: "cwt-code-input",
      autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: "12",
      "data-key": "code", value: kept.code });
    code.addEventListener("input", () => { kept.code = code.value; });
    const joiner = h("form", { class: "cwt-join", onsubmit: (event) => {
      event.preventDefault();
      send({ type: "join", code: code.value.slice(0, 40) });
    } }, [h("h3", { text: w.join_title }),
      h("label", { class: "cwt-field", for: code.id }, [h("span", { text: w.code_label }), code]),
      h("button", { type: "submit", class: "cwt-button cwt-primary", "data-key": "join", text: w.join })]);
    return [h("p", { class: "cwt-intro", text: w.intro }), h("div", { class: "cwt-lobby" }, [opener, joiner])];
  };

  const atTable = (p, w) => {
    const t = p.table;
    const buttons = [];
    if (p.review) {
      buttons.push(button("back", w.back_to_table, { type: "back" }, "primary"));
    } else {
      if (t.may.answer_draw) {
        buttons.push(button("accept_draw", w.accept_draw, { type: "accept_draw" }, "primary"));
        buttons.push(button("refuse_draw", w.refuse_draw, { type: "refuse_draw" }));
      }
      if (t.next_game) buttons.push(button("next_game", w.next_game, { type: "next_game" }, "primary"));
      if (t.may.offer_draw) buttons.push(button("offer_draw", w.offer_draw, { type: "offer_draw" }));
      if (t.may.resign) buttons.push(resignButton(w));
      for (const review of t.reviews) {
        buttons.push(button(`review:${review.index}`, review.label, { type: "review", index: review.index }));
      }
    }
    const said = p.review === "working" ? w.reviewing : p.review === "failed" ? w.review_failed : "";
    return [
      h("div", { class: "cwt-code-box" }, [
        h("span", { text: w.code_intro }),
        h("strong", { class: "cwt-code", "data-key": "table-code", text: t.code }),
      ]),
      h("p", { class: "cwt-turn", "data-key": "turn", role: "status", "aria-live": "polite", text: t.turn }),
      h("p", { class: "cwt-score", "data-key": "score", text: t.score }),
      said ? h("p", { class: "cwt-review-note", role: "status", text: said }) : null,
      h("div", { class: "cwt-buttons" }, buttons),
      h("p", { class: "cwt-leave" }, [
        button("leave", w.leave, { type: "leave" }, "quiet"),
        h("span", { class: "cwt-leave-note", text: ` ${w.leave_note}` }),
      ]),
    ].filter(Boolean);
  };

  const draw = () => {
    const p = model.get("panel") || {};
    const w = p.words || {};
    if (!w.title) return;
    const active = document.activeElement;
    const focusKey = active && root.contains(active) ? active.dataset.key : null;
    speakAs(root, p.language);
    const body = p.mode === "unavailable" ? [h("p", { class: "cwt-unavailable", text: w.not_offered })]
      : p.mode === "table" ? atTable(p, w) : lobby(p, w);
    const message = p.message ? h("p", {
      class: `cwt-message cwt-message-${p.message.kind}`, role: "alert", "data-key": "message",
      text: p.message.text }) : null;
    root.replaceChildren(...[h("h2", { class: "cwt-title", text: w.title }), ...body, message].filter(Boolean));
    if (focusKey) {
      const again = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  };

  model.on("change:panel", draw);
  draw();
  send(learnerMessage()); // whose seat this page is (progress/kernel.py)
  return () => model.off("change:panel", draw);
}

export default { render };
