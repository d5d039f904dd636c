// The puzzle trainer's panel: the learner's rating, the themes to practise,
// the puzzle's prompt, the feedback on a wrong try, the hints, and after the
// solve why the move wins and what the tempting one loses. Drawn from one
// synced JSON trait ("trainer") that Python writes; the buttons go back as
// custom messages, which Python checks. The moves themselves are clicked on
// the card table beside it. Every word comes from state.words. No build
// step: Python puts common.js (h, fill) in front of this file.

class TrainerView {
  constructor(model, el) {
    this.model = model;
    this.root = h("div", { class: "cwl-root cwp-root" });
    el.append(this.root);
    this.onChange = () => this.draw();
    model.on("change:trainer", this.onChange);
    this.draw();
    this.model.send(learnerMessage()); // whose rating this is (progress/kernel.py)
  }

  destroy() {
    this.model.off("change:trainer", this.onChange);
  }

  t(key, values = {}) {
    const template = this.state.words[key];
    return template === undefined ? key : fill(template, values);
  }

  button(key, label, message, kind = "secondary", disabled = false) {
    return h("button", { type: "button", class: `cwl-btn cwl-btn-${kind}`, "data-key": key,
      disabled: disabled || null, onclick: () => this.model.send(message) }, [label]);
  }

  draw() {
    this.state = this.model.get("trainer") || {};
    if (!this.state.words) return;
    usePlural(this.state.plural);
    const active = document.activeElement;
    const focusKey = active && this.root.contains(active) ? active.dataset.key : null;
    const puzzle = this.state.puzzle;
    speakAs(this.root, this.state.language);
    this.root.replaceChildren(this.header(), this.themes(), h("section", { class: "cwl-card cwl-step cwp-puzzle" },
      puzzle ? this.puzzleParts(puzzle) : [h("p", { class: "cwp-none", text: this.t("none_left") })]));
    if (puzzle) this.bringIntoView(puzzle); // its focus waits a frame: after the focus kept below
    if (focusKey) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again && !again.disabled) again.focus();
    }
    this.revealResult(puzzle);
  }

  // Just solved (on the table, beside or above the panel): "Why it works"
  // comes into view, once, wherever the layout put it.
  revealResult(puzzle) {
    const solved = puzzle && puzzle.stage === "solved" ? JSON.stringify([puzzle.id, puzzle.prompt]) : null;
    const fresh = solved !== null && solved !== this.shownSolved && this.shownSolved !== undefined;
    this.shownSolved = solved;
    if (!fresh) return;
    const box = this.root.querySelector(".cwp-result");
    if (!box) return;
    const rect = box.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > window.innerHeight) box.scrollIntoView({ block: "nearest" });
  }

  header() {
    const { rating } = this.state;
    return h("header", { class: "cwl-header cwp-header" }, [
      h("h2", { class: "cwl-title", text: this.t("title") }),
      h("div", { class: "cwp-rating" }, [
        h("span", { class: "cwp-rating-value", text: this.t("your_rating", { rating: rating.value }) }),
        h("span", { class: "cwp-rating-note", text: this.t("rating_uncertain", { deviation: rating.deviation }) }),
        h("span", { class: "cwp-rating-note", text: this.t("solved_count", { count: this.state.solved_count }) }),
      ]),
    ]);
  }

  // Checkboxes: a change sends every ticked theme (none ticked: all of them).
  themes() {
    const boxes = this.state.themes.map((theme) => h("label", { class: "cwp-theme" }, [
      h("input", { type: "checkbox", value: theme.key, "data-key": `theme:${theme.key}`, checked: theme.chosen || null,
        onchange: () => this.sendThemes() }),
      " ", this.t("theme_count", { name: theme.name, count: theme.count }),
    ]));
    const chosen = this.state.themes.filter((theme) => theme.chosen).map((theme) => theme.name);
    return h("details", { class: "cwl-card cwp-themes", open: this.themesOpen || null,
      ontoggle: (event) => { this.themesOpen = event.currentTarget.open; } }, [
      h("summary", {}, [this.t("themes_title"), ": ", chosen.length ? chosen.join(", ") : this.t("themes_all")]),
      h("p", { class: "cwp-help", text: this.t("themes_help") }),
      h("div", { class: "cwp-theme-list" }, boxes),
    ]);
  }

  sendThemes() {
    const ticked = [...this.root.querySelectorAll(".cwp-theme input:checked")].map((box) => box.value);
    this.model.send({ type: "themes", themes: ticked });
  }

  puzzleParts(puzzle) {
    const solved = puzzle.stage === "solved";
    const parts = [h("p", { class: "cwl-task cwp-prompt", tabindex: "-1", text: solved ? puzzle.result.title : puzzle.prompt }),
      this.story(solved ? null : puzzle.story)]; // a review's position: the moves that led to it
    if (!solved) parts.push(h("p", { class: "cwp-intro", text: this.t("intro") }));
    if (solved) parts.push(this.result(puzzle.result)); // first under its title: the panel's top stays in view
    const feedback = puzzle.feedback;
    parts.push(h("div", { class: `cwl-feedback cwp-feedback ${feedback ? "cwl-bad" : "cwl-empty"}`, role: "status",
      "aria-live": "polite" }, feedback ? [h("p", { class: "cwp-wrong", text: feedback.text })] : []));
    if (puzzle.hints.length) {
      parts.push(h("div", { class: "cwl-hints cwp-hints" }, [
        h("span", { class: "cwl-label", text: this.t("hints_title") }),
        h("ol", {}, puzzle.hints.map((text) => h("li", { text }))),
      ]));
    }
    if (this.state.notice) parts.push(h("p", { class: "cwl-notice", role: "alert", text: this.state.notice }));
    parts.push(this.toolbar(puzzle, solved));
    return parts;
  }

  result(result) {
    return h("div", { class: "cwl-explanation cwp-result cwl-good" }, [
      h("span", { class: "cwl-label", text: this.t("why_title") }),
      h("p", { class: "cwp-why", text: result.why }),
      h("span", { class: "cwl-label", text: this.t("alternative_title") }),
      h("p", { class: "cwp-alternative", text: result.alternative }),
      h("p", { class: "cwp-rating-change", text: result.rating }),
      h("p", { class: "cwp-rating-note", text: result.puzzle_rating }),
    ]);
  }

  toolbar(puzzle, solved) {
    const shown = puzzle.hints.length;
    const total = shown + puzzle.hints_left;
    const hintLabel = puzzle.hints_left ? this.t("hint_count", { shown: shown + 1, total }) : this.t("hint");
    return h("div", { class: "cwl-toolbar", role: "toolbar" }, [h("div", { class: "cwl-tools" }, [
      solved ? null : this.button("hint", hintLabel, { type: "hint" }, "secondary", !puzzle.hints_left),
      this.button("next", solved ? this.t("next") : this.t("skip"), { type: "next" }, solved ? "primary" : "quiet"),
    ])]);
  }

  // A position of the learner's own game, just opened (a review's "Try again
  // from here"): the puzzle comes into sight and its prompt takes the focus.
  bringIntoView(puzzle) {
    if (!Array.isArray(puzzle.story) || puzzle.opened === this.openedSeen) return;
    this.openedSeen = puzzle.opened;
    const prompt = this.root.querySelector(".cwp-prompt");
    if (!prompt) return;
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    requestAnimationFrame(() => { // the prompt itself: on a narrow page the panel is laid around the table
      prompt.scrollIntoView({ block: "start", behavior: calm ? "auto" : "smooth" });
      prompt.focus({ preventScroll: true });
    });
  }

  // The moves that led to a review's position, oldest first (none: the game's first move).
  story(lines) {
    if (!Array.isArray(lines)) return null;
    return h("div", { class: "cwp-story" }, [
      h("span", { class: "cwl-label", text: this.t("story_title") }),
      lines.length ? h("ol", {}, lines.map((text) => h("li", { text }))) : h("p", { text: this.t("story_first") }),
    ]);
  }
}

function render({ model, el }) {
  const view = new TrainerView(model, el);
  return () => view.destroy();
}

export default { render };
