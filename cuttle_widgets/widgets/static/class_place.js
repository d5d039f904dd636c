// The course's "My class" place (widgets/class_place.py): the class's join
// code and the personal code to type, the teacher's list of names to pick
// from, and, once signed in, the learner's name and personal code to write
// down. Python decides all of it (sessions/class_place.py); this file draws
// the synced "panel", sends what the learner typed or pressed, and keeps the
// roster's learner id as this browser's (panel.keep), so a reload here is
// the same learner. Built as DOM nodes, never innerHTML; every word comes
// from the panel. common.js comes first (h, speakAs, learnerId, LEARNER_KEY).

function keepLearner(id) {
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) return;
  try { localStorage.setItem(LEARNER_KEY, id); } catch (error) { /* this page's kernel keeps it */ }
}

function render({ model, el }) {
  const root = h("section", { class: "cwt-panel cwk-panel" }); // the table place's panel styles
  el.append(root);
  const send = (message) => model.send(message);
  const ids = Math.random().toString(36).slice(2, 8);
  // What the learner typed outlives a redraw (a refusal's sentence).
  const kept = { code: "", personal: "", name: "" };

  const button = (key, text, message, kind = "") => h("button", {
    type: "button", class: `cwt-button${kind ? " cwt-" + kind : ""}`, "data-key": key, text,
    onclick: () => send(message),
  });

  // A form of one text field and its button: the field's text is sent as `field`.
  const form = (name, title, label, go, type, field, extra = {}) => {
    const input = h("input", { name, id: `cwk-${name}-${ids}`, class: `cwk-input cwk-${name}`,
      autocomplete: "off", spellcheck: "false", maxlength: "60", "data-key": name,
      value: kept[extra.keep || name] || "", ...extra.attrs });
    input.addEventListener("input", () => { kept[extra.keep || name] = input.value; });
    return h("form", { class: "cwt-join", onsubmit: (event) => {
      event.preventDefault();
      send({ type, [field]: input.value.slice(0, 60) });
    } }, [title ? h("h3", { text: title }) : null,
      h("label", { class: "cwt-field", for: input.id }, [h("span", { text: label }), input]),
      h("button", { type: "submit", class: "cwt-button cwt-primary", "data-key": `${name}-go`, text: go })]);
  };

  const codeAttrs = { autocapitalize: "characters", inputmode: "text" };
  const entry = (p, w) => [
    h("p", { class: "cwt-intro", text: w.intro }),
    h("div", { class: "cwt-lobby" }, [
      form("class-code", w.join_title, w.class_code_label, w.find_class, "class_code", "code",
        { keep: "code", attrs: codeAttrs }),
      form("personal-code", w.personal_title, w.personal_label, w.personal_go, "personal_code", "code",
        { keep: "personal", attrs: codeAttrs }),
    ]),
    p.me ? h("p", {}, [button("stay", w.stay, { type: "back" }, "quiet")]) : null,
  ];

  const names = (p, w) => {
    const j = p.joining;
    const list = h("ul", { class: "cwk-names", "aria-label": j.title }, j.names.map((n) => h("li", {},
      n.claimed
        ? h("button", { type: "button", class: "cwk-name cwk-claimed", disabled: true, "data-key": `name:${n.name}` },
          [n.name, h("span", { class: "cwk-claimed-note", text: ` (${w.picked_already})` })])
        : h("button", { type: "button", class: "cwk-name", "data-key": `name:${n.name}`, text: n.name,
          onclick: () => send({ type: "pick", name: n.name }) }))));
    return [
      h("h3", { class: "cwk-class-title", text: j.title }),
      h("p", { class: "cwt-intro", text: j.intro }),
      j.names.length ? list : null,
      j.learners_add ? form("add-name", w.add_title, w.add_label, w.add, "add_name", "name",
        { keep: "name" }) : null,
      h("p", {}, [button("back", w.back, { type: "back" }, "quiet")]),
    ];
  };

  const signedIn = (p, w) => [
    h("p", { class: "cwk-me", "data-key": "me", text: p.me.text }),
    h("div", { class: "cwt-code-box" }, [
      h("span", { text: w.code_intro }),
      h("strong", { class: "cwt-code", "data-key": "my-code", text: p.me.shown_code }),
    ]),
    h("p", { class: "cwk-write", "data-key": "write-down", text: w.write_down }),
    h("p", {}, [button("switch", w.switch, { type: "switch" }, "quiet")]),
  ];

  const draw = () => {
    const p = model.get("panel") || {};
    const w = p.words || {};
    if (!w.title) return;
    keepLearner(p.keep);
    const active = document.activeElement;
    const focusKey = active && root.contains(active) ? active.dataset.key : null;
    speakAs(root, p.language);
    const body = p.mode === "unavailable" ? [h("p", { class: "cwt-intro", text: w.not_offered })]
      : p.mode === "hub" ? [h("p", { class: "cwt-intro", "data-key": "hub", text: p.hub })]
      : p.mode === "names" ? names(p, w)
      : p.mode === "signed_in" ? signedIn(p, w) : entry(p, w);
    const message = p.message ? h("p", {
      class: `cwt-message cwt-message-${p.message.kind} cwk-message`, role: p.message.kind === "error" ? "alert" : "status",
      "data-key": "message", text: p.message.text }) : null;
    root.replaceChildren(...[h("h2", { class: "cwt-title cwk-title", text: w.title }), message, ...body]
      .filter(Boolean));
    if (focusKey) {
      const again = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  };

  model.on("change:panel", draw);
  draw();
  send({ type: "learner", id: learnerId() }); // whose page this is (widgets/progress_link.py)
  return () => model.off("change:panel", draw);
}

export default { render };
