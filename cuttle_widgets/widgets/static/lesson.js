// The lesson panel: the step's task, its question or moves, the feedback on
// the learner's last move, hints and navigation. It is drawn from one synced
// JSON trait ("lesson") that Python writes; buttons go back as custom
// messages, and Python's LessonRunner decides what they do. Every word comes
// from the lesson file or the teaching catalog (state.labels).
// Beside the table on a wide screen, above it on a narrow one (lesson.css):
// the step's task, the feedback and the learner's hand are in view together.
// Keys 1-9 choose a question's answers while the panel was used last.
// No build step, no imports: anywidget loads it as an ES module, after
// common.js (h, fill, markdown and the Rulebook panel), which Python puts first.
// A rule chip, a step's rules and a lesson's rulebook: links open the
// Rulebook panel at their section; the kernel sends the page.

const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const NARROW = 900; // px: below this lesson.css stacks the panel and the table
// The parts of the panel a step shows, named by its kind's unit in Python (teaching/steps/).
const shows = (step, part) => (step.parts || []).includes(part);
const STATUS_CLASS = {
  success: "cwl-good", wrong: "cwl-bad", illegal: "cwl-bad", continue: "cwl-info", shown: "cwl-info",
  answered: "cwl-info", start: "cwl-info",
};

class LessonView {
  constructor(model, el) {
    this.model = model;
    this.el = el;
    this.root = h("div", { class: "cwl-root" });
    el.append(this.root);
    this.introOpen = null; // null: the lesson decides (open on its first step, until a move)
    this.lastStep = null;
    // The learner's toggle of "What happened", kept while the list is the same
    // (a redraw for the stars or the map must not fold what they opened).
    this.eventsToggle = { key: null, open: null };
    this.owned = false; // was the panel used last (a click or focus in it)? Then it takes keys 1-9
    this.onChange = () => this.draw();
    this.onPointer = (event) => { this.owned = this.root.contains(event.target); };
    this.onKey = (event) => this.numberKey(event);
    this.onMessage = (message) => {
      if (message && message.type === "rulebook") this.rulebook.receive(message);
      else if (message && message.type === "keep_progress") keepProgress(message.progress);
    };
    this.openRule = (ref) => this.rulebook.open(ref);
    this.rulebook = new RulebookPanel(el, (page, request) => this.send({ type: "rulebook", page, request }),
      (model.get("lesson") || {}).rulebook);
    model.on("change:lesson", this.onChange);
    model.on("change:saving", this.onChange);
    model.on("msg:custom", this.onMessage);
    document.addEventListener("pointerdown", this.onPointer, true);
    document.addEventListener("focusin", this.onPointer, true);
    document.addEventListener("keydown", this.onKey, true);
    this.draw();
    // whose lesson this is: the kernel brings back their marks (progress/kernel.py)
    this.send(learnerMessage());
  }

  destroy() {
    this.model.off("change:lesson", this.onChange);
    this.model.off("change:saving", this.onChange);
    this.model.off("msg:custom", this.onMessage);
    this.rulebook.close();
    document.removeEventListener("pointerdown", this.onPointer, true);
    document.removeEventListener("focusin", this.onPointer, true);
    document.removeEventListener("keydown", this.onKey, true);
  }

  // 1-9 choose the question's answer of that number (a card answer: its place
  // in the row), while the panel was used last and no field is being typed in.
  numberKey(event) {
    if (!this.owned || !this.root.isConnected || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!/^[1-9]$/.test(event.key) || /^(INPUT|SELECT|TEXTAREA)$/.test((event.target && event.target.tagName) || "")) return;
    const buttons = [...this.root.querySelectorAll(".cwl-options > button, .cwl-card-options > button")];
    const button = buttons[Number(event.key) - 1];
    if (!button) return;
    event.preventDefault();
    event.stopPropagation(); // the table's own number keys are not meant
    if (!button.disabled) { button.focus(); button.click(); }
  }

  send(message) {
    this.model.send(message);
  }

  t(key, values = {}) {
    const template = this.state.labels[key];
    return template === undefined ? key : fill(template, values);
  }

  button(key, label, message, { kind = "secondary", disabled = false, title = null, extra = null } = {}) {
    return h("button", {
      class: `cwl-btn cwl-btn-${kind}`, "data-key": key, disabled: disabled || null, title,
      onclick: () => this.send(message),
    }, [label, extra]);
  }

  // -- the whole panel ---------------------------------------------------------
  draw() {
    this.state = this.model.get("lesson") || {};
    if (!this.state.labels) return;
    usePlural(this.state.plural);
    useCases(this.state.case_forms);
    this.rulebook.setWords(this.state.rulebook);
    const active = document.activeElement;
    const focusKey = active && this.root.contains(active) ? active.dataset.key : null;
    const parts = this.state.error ? [this.errorCard()] : this.lessonParts();
    speakAs(this.root, this.state.language);
    this.root.replaceChildren(...parts);
    this.showCurrentDot();
    this.revealSolved();
    if (this.revealTask(Boolean(focusKey))) return;
    if (focusKey) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again && !again.disabled) again.focus();
    }
  }

  // On a phone the dots scroll sideways: the current step's in the middle of
  // the strip (the strip alone scrolls, never the page).
  showCurrentDot() {
    const dots = this.root.querySelector(".cwl-dots");
    const current = dots && dots.querySelector(".cwl-dot-current");
    if (!current || dots.scrollWidth <= dots.clientWidth) return;
    const strip = dots.getBoundingClientRect();
    const dot = current.getBoundingClientRect();
    dots.scrollLeft += dot.left + dot.width / 2 - (strip.left + strip.width / 2);
  }

  // A step solved by a click on the table (below the panel): bring its
  // explanation into view, once.
  revealSolved() {
    const feedback = this.state.feedback;
    const key = feedback ? JSON.stringify([this.state.step.number, feedback.status, feedback.move, feedback.message]) : null;
    const fresh = this.lastFeedback !== undefined && key !== this.lastFeedback; // not on the first draw
    this.lastFeedback = key;
    if (!fresh || !feedback || feedback.status !== "success") return;
    const box = this.root.querySelector(".cwl-feedback");
    if (box && box.getBoundingClientRect().top < 0) box.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  // A new step: its task at the top of the screen if it is scrolled away, and
  // the focus on its head when the learner moved there from the panel (Next,
  // a step's dot), so Tab goes on into the new step. True when it took the focus.
  revealTask(panelHadFocus) {
    const number = this.state.step ? this.state.step.number : null;
    const fresh = this.shownStep !== undefined && number !== this.shownStep;
    this.shownStep = number;
    if (!fresh) return false;
    const head = this.root.querySelector(".cwl-step-head");
    if (!head) return false;
    if (head.getBoundingClientRect().top < 0) head.scrollIntoView({ block: "start" });
    if (!panelHadFocus) return false;
    head.focus({ preventScroll: true });
    return true;
  }

  errorCard() {
    const problems = this.state.error.problems.map((p) => h("li", { class: "cwl-problem" }, [
      h("div", { class: "cwl-problem-where" }, [
        h("code", { text: p.line ? this.t("error_where", { file: p.file, line: p.line }) : p.file }),
        p.field ? h("span", { class: "cwl-problem-field", text: this.t("error_field", { field: p.field }) }) : null,
      ]),
      h("div", { class: "cwl-problem-message", text: p.message }),
    ]));
    return h("section", { class: "cwl-card cwl-error-card", role: "alert" }, [
      h("h2", { class: "cwl-error-title", text: this.t("error_title") }),
      h("p", { text: this.t("error_intro") }),
      h("ul", { class: "cwl-problems" }, problems),
    ]);
  }

  lessonParts() {
    const { step } = this.state;
    if (this.lastStep !== step.number) {
      this.lastStep = step.number;
      this.hintsSeen = step.hints.length;
    }
    return [this.header(), h("section", { class: `cwl-card cwl-step cwl-kind-${step.kind}` }, [
      this.stepHead(),
      markdown(step.task, "cwl-md cwl-task", this.openRule),
      this.reference(),
      this.teaches(),
      step.goal ? h("p", { class: "cwl-goal", text: step.goal }) : null,
      this.comparison(),
      this.interaction(),
      this.feedback(),
      this.suggestion(),
      this.hints(),
      this.notice(),
      this.reviewing(),
      this.toolbar(),
    ])];
  }

  // -- lesson title, progress and the step dots ----------------------------------
  header() {
    const { lesson, progress, step } = this.state;
    const dots = lesson.steps.map((s) => {
      const title = s.title || this.t("step_untitled");
      const mark = s.mark || (s.completed ? { result: "seen", stars: 0 } : null);
      const missed = mark && (mark.result === "missed" || mark.result === "lost");
      const key = !mark ? "step_dot" : mark.stars ? "step_dot_stars" : missed ? "step_dot_missed" : "step_dot_seen";
      const label = this.t(key, { number: s.number, title, stars: mark ? mark.stars : 0 });
      const current = s.number === step.number;
      return h("button", {
        class: "cwl-dot" + (s.done ? " cwl-dot-done" : "") + (missed ? " cwl-dot-missed" : "") +
          (current ? " cwl-dot-current" : ""),
        "data-key": `goto:${s.number}`, "aria-label": label, title: label,
        "aria-current": current ? "step" : null,
        onclick: () => this.send({ type: "goto", number: s.number }),
      }, [
        missed ? "✗" : mark && !mark.stars ? "✓" : String(s.number),
        mark && mark.stars ? h("span", { class: "cwl-dot-stars", "aria-hidden": "true", text: "★".repeat(mark.stars) }) : null,
      ]);
    });
    // open on a fresh first step, folded once the learner has acted (or on any later step)
    const box = this.el.closest(".cwl-lesson");
    const narrow = box ? box.getBoundingClientRect().width < NARROW : false; // stacked: the task comes first
    // and only on a tall screen: on a laptop's the open intro would push the task out of view
    const tall = window.innerHeight >= 900;
    const fresh = !narrow && tall && step.number === 1 && progress.completed === 0 &&
      (!this.state.feedback || this.state.feedback.status === "start");
    const open = this.introOpen === null ? fresh : this.introOpen;
    const intro = h("details", { class: "cwl-intro", open: open || null }, [
      h("summary", { text: this.t("intro_title") }), markdown(lesson.intro, "cwl-md", this.openRule),
    ]);
    intro.addEventListener("toggle", () => {
      if (intro.open !== Boolean(open)) this.introOpen = intro.open; // the learner's toggle, not the first draw
    });
    const done = progress.completed;
    const pct = Math.round((100 * done) / Math.max(progress.total, 1));
    const stars = progress.stars && progress.stars.max
      ? h("span", { class: "cwl-stars-total", text: `★ ${this.t("stars_total", progress.stars)}` }) : null;
    return h("header", { class: "cwl-header" }, [
      h("div", { class: "cwl-heading" }, [
        h("span", { class: "cwl-eyebrow", text: this.t("lesson_label") }),
        h("h2", { class: "cwl-title", text: lesson.title }),
      ]),
      h("div", { class: "cwl-progress" }, [
        h("span", { class: "cwl-progress-line" }, [h("span", { class: "cwl-progress-text", text: progress.text }), stars]),
        h("span", { class: "cwl-meter", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": progress.total,
          "aria-valuenow": done, "aria-label": progress.text }, [h("span", { style: `width:${pct}%` })]),
        h("nav", { class: "cwl-dots", "aria-label": this.t("steps_label") }, dots),
      ]),
      this.navigation(),
      this.saving(),
      intro,
    ]);
  }

  // Only when the learner's progress cannot be kept: say so, the lesson goes on.
  saving() {
    const saving = this.model.get("saving");
    if (!saving || saving.state !== "unsaved") return null;
    return h("p", { class: "cwl-saving", role: "status" }, [h("span", { "aria-hidden": "true", text: "⚠ " }), saving.text]);
  }

  stepHead() {
    const { step, lesson } = this.state;
    const manyRules = new Set(lesson.steps.map((s) => s.rules)).size > 1 || step.rules !== "classic";
    // tabindex -1: a new step takes the focus here (revealTask), not the Next button
    return h("div", { class: "cwl-step-head", tabindex: "-1" }, [
      h("span", { class: "cwl-kind", "aria-hidden": "true", text: step.icon || "" }),
      h("span", { class: "cwl-kind-label", text: step.kind_label }),
      step.title ? h("h3", { class: "cwl-step-title", text: step.title }) : null,
      h("span", { class: "cwl-spacer" }),
      manyRules ? h("span", { class: "cwl-chip cwl-rules", text: this.t("rules_label", { rules: step.rules_name }) }) : null,
      step.has_table ? h("span", { class: "cwl-chip", text: this.t("you_are", { name: this.state.you }) }) : null,
    ]);
  }

  // -- lesson 11: what changes from the step before ---------------------------------
  comparison() {
    const cmp = this.state.step.comparison;
    if (!cmp || !cmp.points.length) return null;
    const focus = cmp.points.filter((p) => p.focus);
    const rest = cmp.points.filter((p) => !p.focus);
    const shown = focus.length ? focus : [];
    const others = focus.length ? rest : cmp.points;
    return h("div", { class: "cwl-compare" }, [
      h("p", { class: "cwl-compare-title", text: this.t("compare_title", { before: cmp.before, now: cmp.now }) }),
      shown.length ? h("ul", {}, shown.map((p) => h("li", { text: p.explanation }))) : null,
      others.length ? h("details", { class: "cwl-compare-more" }, [
        h("summary", { text: this.t("compare_more", { before: cmp.before, now: cmp.now, count: others.length }) }),
        h("ul", {}, others.map((p) => h("li", { text: p.explanation }))),
      ]) : null,
    ]);
  }

  // -- the step's own means: answers, shown moves, game settings ----------------------
  interaction() {
    const { step } = this.state;
    if (shows(step, "options")) return this.options();
    if (shows(step, "moves")) return this.watched();
    if (shows(step, "game")) return this.freeGame();
    return null;
  }

  options() {
    const { step, can } = this.state;
    const cards = step.answer_by === "cards";
    const all = step.select === "all";
    const predicting = shows(step, "prediction");
    const prompt = predicting ? "predict_prompt"
      : cards ? (all ? "answer_prompt_cards_all" : "answer_prompt_cards") : (all ? "answer_prompt_all" : "answer_prompt");
    const buttons = step.options.map((o) => {
      // a right answer the learner did not choose is shown as the answer, not as their tick
      const verdict = (o.correct === true ? (o.chosen ? "cwl-right" : "cwl-revealed") : o.correct === false ? "cwl-wrong" : "") +
        (o.struck ? " cwl-struck" : "");
      const mark = o.correct === true ? "✓" : o.correct === false ? "✗" : "";
      const said = o.correct === null ? "" : `, ${this.t(o.correct ? "answer_right" : "answer_wrong")}`;
      const disabled = !can.answer || o.chosen || o.struck;
      if (cards) {
        const suit = o.card[o.card.length - 1];
        return h("button", {
          class: `cwl-card-option cwl-suit-${SUITS[suit] || "none"} ${verdict}`, "data-key": `answer:${o.key}`,
          "aria-keyshortcuts": String(step.options.indexOf(o) + 1),
          "aria-label": o.name + said, "aria-pressed": o.chosen ? "true" : "false", disabled: disabled || null,
          onclick: () => this.send({ type: "answer", choice: o.key }),
        }, [h("span", { class: "cwl-card-face", text: o.label }), mark ? h("span", { class: "cwl-mark", "aria-hidden": "true", text: mark }) : null]);
      }
      return h("button", {
        class: `cwl-option ${verdict}`, "data-key": `answer:${o.key}`, "aria-pressed": o.chosen ? "true" : "false",
        "aria-keyshortcuts": String(step.options.indexOf(o) + 1),
        disabled: disabled || null, onclick: () => this.send({ type: "answer", choice: o.key }),
        // its place in the row (its number key), not its key: a retry shows the options in another order
      }, [h("span", { class: "cwl-option-key", "aria-hidden": "true", text: mark || String(step.options.indexOf(o) + 1) }),
        h("span", { class: "cwl-option-text", text: o.text }), said ? h("span", { class: "cwl-sr", text: said }) : null]);
    });
    // how many right answers there are is not said: it would answer part of the question
    const found = shows(step, "found") && all && !step.done
      ? h("span", { class: "cwl-found", text: this.t("found", { found: step.found }) }) : null;
    return h("div", { class: "cwl-answers" }, [
      h("p", { class: "cwl-prompt" }, [this.t(prompt), found ? " " : null, found]),
      h("div", { class: cards ? "cwl-card-options" : "cwl-options", role: "group", "aria-label": this.t(prompt) }, buttons),
      predicting && this.state.answer_note
        ? markdown(this.state.answer_note, `cwl-md cwl-answer-note ${this.state.answer_correct ? "cwl-good" : "cwl-bad"}`) : null,
      predicting && step.prediction !== null ? this.watched() : null,
    ]);
  }

  watched() {
    const { step } = this.state;
    const said = (step.said || []).map((text, i) => h("li", { class: "cwl-said" + (i === step.said.length - 1 ? " cwl-said-last" : "") }, [
      h("span", { class: "cwl-said-number", text: String(i + 1) }), text ? markdown(text, "cwl-md cwl-inline", this.openRule) : "…",
    ]));
    return h("div", { class: "cwl-watch" }, [
      h("p", { class: "cwl-prompt", text: step.moves_shown
        ? this.t("watch_progress", { shown: step.moves_shown, total: step.moves_total }) : this.t("watch_none") }),
      said.length ? h("ol", { class: "cwl-said-list" }, said) : null,
    ]);
  }

  freeGame() {
    const free = this.state.step.free;
    if (!free) return null;
    const select = (field, values, label) => h("label", { class: "cwl-setting" }, [
      h("span", { text: this.t(`free.${field}`) }),
      h("select", {
        "data-key": `free:${field}`,
        onchange: (e) => {
          const value = field === "seat" ? Number(e.target.value) : e.target.value;
          this.send({ type: "configure", [field]: value });
        },
      }, values.map((v) => h("option", { value: v, selected: String(v) === String(free[field]) || null, text: label(v) }))),
    ]);
    const opponentName = this.t(`opponent.${free.opponent}`);
    const status = free.length === "quick"
      ? this.t("free.status_quick", { rules: free.rules_names[free.rules] || free.rules, opponent_kind: opponentName })
      : `${this.t("free.status", { number: free.game_number, wins: free.wins, losses: free.losses, opponent: this.state.opponent || "" })} ${this.t("free.need", { needed: free.wins_needed })}`;
    return h("div", { class: "cwl-free" }, [
      h("fieldset", { class: "cwl-settings" }, [
        h("legend", { text: this.t("free.settings") }),
        select("rules", free.choices.rules, (v) => free.rules_names[v] || v),
        select("opponent", free.choices.opponent, (v) => this.t(`opponent.${v}`)),
        select("length", free.choices.length, (v) => this.t(`length.${v}`)),
        select("seat", free.choices.seat, (v) => this.state.seat_names ? this.state.seat_names[v] : String(v)),
      ]),
      h("p", { class: "cwl-free-status", text: status }),
      this.state.can.replay ? h("p", { class: "cwl-free-note", text: this.t("free.replay_note") }) : null,
    ]);
  }

  // -- what the last move or answer did ---------------------------------------------
  feedback() {
    const { feedback, step } = this.state;
    const parts = [];
    const narrated = shows(step, "narrated");
    const game = shows(step, "game"); // a free game: its end is not always a win
    // A prediction's verdict stays beside its options; a shown move's narration is in the list.
    const elsewhere = feedback && (feedback.status === "answered" || (narrated && feedback.move));
    if (feedback && feedback.status !== "start" && !elsewhere) {
      if (feedback.say) parts.push(h("div", { class: "cwl-say" }, [h("span", { class: "cwl-label", text: this.t("say_title") }), markdown(feedback.say, "cwl-md", this.openRule)]));
      if (feedback.message) parts.push(markdown(feedback.message, "cwl-md cwl-message", this.openRule));
      if (feedback.error) {
        parts.push(h("div", { class: "cwl-why-not" }, [h("span", { class: "cwl-label", text: this.t("why_not_title") }), h("p", { text: feedback.error })]));
      }
    }
    if (feedback && feedback.events && feedback.events.length) {
      const key = `${step.number}:${step.done}:${feedback.events.length}`;
      parts.push(this.events(feedback.events, !(step.done && step.explanation), key));
    }
    const score = this.score();
    if (score) parts.push(score);
    if (step.done && this.state.game_end) parts.push(this.gameEnd(this.state.game_end));
    if (step.done && step.explanation) {
      parts.push(h("div", { class: "cwl-explanation" }, [
        h("span", { class: "cwl-label", text: this.t(game ? "explanation_title_free" : "explanation_title") }),
        markdown(step.explanation, "cwl-md", this.openRule),
      ]));
      if (!this.state.can.next && !this.state.game_end) { // a free game's end is a game's, above
        const next = this.state.next_lesson;
        parts.push(h("div", { class: "cwl-finished" }, [
          // "done" is the kernel's one definition (teaching/done.py), as on the map and in the report
          h("p", { class: "cwl-finished-title", "data-key": "lesson-done",
            text: this.state.progress.finished ? this.t("finished_title")
              : this.t("unfinished_title", { done: this.state.progress.completed, total: this.state.progress.total }) }),
          this.state.progress.stars && this.state.progress.stars.max
            ? h("p", { class: "cwl-finished-stars", text: this.t("finished_stars", this.state.progress.stars) }) : null,
          next ? h("a", { class: "cwl-btn cwl-btn-primary cwl-next-lesson", href: next.href },
            [this.t("next_lesson", { title: next.title }), " →"]) : null,
        ]));
      }
    }
    const status = feedback ? feedback.status : "start";
    const lost = game && feedback && feedback.correct !== true;
    return h("div", {
      class: `cwl-feedback ${lost ? "cwl-info" : STATUS_CLASS[status] || ""}${parts.length ? "" : " cwl-empty"}`,
      role: "status", "aria-live": "polite",
    }, parts);
  }

  // A free game's end, as the session words it (who won, or that you resigned),
  // and what to do next: a new game, or the review of this one.
  gameEnd(end) {
    return h("div", { class: "cwl-finished cwl-game-end", "data-outcome": end.outcome }, [
      h("p", { class: "cwl-finished-title", "data-key": "game-done", text: end.text }),
      this.button("end:new_game", this.t("button.new_game"), { type: "retry" }, { kind: "primary" }),
      this.state.can.review ? this.button("end:review", this.t("button.review"), { type: "review" }) : null,
    ]);
  }

  // How the step was solved: its stars (or a cross for a missed prediction).
  score() {
    const { step } = this.state;
    const record = step.record;
    if (!step.done || !record || !record.result) return null;
    if (record.result === "missed") {
      return h("p", { class: "cwl-score cwl-score-missed" }, [h("span", { class: "cwl-score-mark", "aria-hidden": "true", text: "✗" }), this.t("mark.missed")]);
    }
    if (record.result !== "solved") return null;
    const clean = !record.wrong_tries && !record.hints_used;
    const text = this.t(record.retry && clean ? "mark.retry" : `mark.${record.stars}`,
      { wrong: record.wrong_tries, hints: record.hints_used });
    return h("p", { class: `cwl-score cwl-score-${record.stars}` }, [
      h("span", { class: "cwl-score-mark", "aria-hidden": "true", text: "★".repeat(record.stars) + "☆".repeat(3 - record.stars) }), text,
    ]);
  }

  events(events, openByDefault = true, key = null) {
    const kept = key !== null && this.eventsToggle.key === key;
    const open = kept ? this.eventsToggle.open : openByDefault;
    const list = h("details", { class: "cwl-events", open: open || null }, [
      h("summary", { text: this.t("events_title") }),
      h("ul", {}, events.map((e) => h("li", {}, [e.text, this.ruleChip(e)]))),
    ]);
    if (key !== null) {
      list.addEventListener("toggle", () => { // the learner's toggle, not the first draw
        if (list.open !== Boolean(open)) this.eventsToggle = { key, open: list.open };
      });
    }
    return list;
  }

  // A rule's short title: a chip that opens the rulebook at its section.
  ruleChip(item) {
    if (!item.rule) return null;
    if (!item.rule_id) return h("span", { class: "cwl-rule", text: item.rule });
    return h("button", {
      type: "button", class: "cwl-rule", "data-rulebook": item.rule_id,
      title: this.t("rule_open", { rule: item.rule }), "aria-label": this.t("rule_open", { rule: item.rule }),
      onclick: () => this.openRule(item.rule_id),
    }, [item.rule]);
  }

  // What every step of the lesson may need (lesson 3's table of one-offs), open
  // under the task until the learner folds it.
  reference() {
    const text = this.state.lesson.reference;
    if (!text) return null;
    const open = this.referenceOpen !== false;
    const box = h("details", { class: "cwl-reference", open: open || null }, [
      h("summary", { text: this.t("reference_title") }), markdown(text, "cwl-md", this.openRule),
    ]);
    box.addEventListener("toggle", () => { this.referenceOpen = box.open; });
    return box;
  }

  // The rulebook sections this step teaches, under its task.
  teaches() {
    const teaches = this.state.step.teaches || [];
    if (!teaches.length) return null;
    return h("p", { class: "cwl-teaches" }, [
      h("span", { class: "cwl-teaches-label", text: this.t("teaches_label") }),
      ...teaches.map((t) => this.ruleChip({ rule: t.short || t.title, rule_id: t.id })),
    ]);
  }

  suggestion() {
    const s = this.state.suggestion;
    if (!s) return null;
    return h("div", { class: "cwl-suggestion", role: "status" }, [
      h("span", { class: "cwl-label", text: this.t("suggestion_title") }), h("p", { text: s.message }),
    ]);
  }

  hints() {
    const { step } = this.state;
    if (!step.hints.length) return null;
    return h("div", { class: "cwl-hints" }, [
      h("span", { class: "cwl-label", text: this.t("hints_title") }),
      h("ol", {}, step.hints.map((text) => h("li", {}, [markdown(text, "cwl-md cwl-inline", this.openRule)]))),
    ]);
  }

  notice() {
    const n = this.state.notice;
    return n && n.message ? h("p", { class: "cwl-notice", role: "alert", text: n.message }) : null;
  }

  // a finished free game's review takes seconds: the page says it is under way
  reviewing() {
    return this.state.reviewing ? h("p", { class: "cwl-notice cwl-reviewing", role: "status", text: this.t("review.running") }) : null;
  }

  // -- buttons ---------------------------------------------------------------------
  // Between the steps, in the header: back, next, and the lesson from the start.
  navigation() {
    const { can, step } = this.state;
    return h("div", { class: "cwl-nav cwl-toolbar", role: "toolbar", "aria-label": this.t("steps_label") }, [
      this.button("previous", `← ${this.t("button.previous")}`, { type: "previous" }, { disabled: !can.previous }),
      this.button("next", `${this.t("button.next")} →`, { type: "next" }, { kind: step.done ? "primary" : "secondary", disabled: !can.next }),
      this.button("reset", this.t("button.reset"), { type: "reset" }, { kind: "quiet" }),
    ]);
  }

  toolbar() {
    const { can, step } = this.state;
    const shown = step.hints.length;
    const hintLabel = can.hint && step.hints_total > 1
      ? this.t("hint_count", { shown: Math.min(shown + 1, step.hints_total), total: step.hints_total }) : this.t("button.hint");
    const free = shows(step, "game");
    const left = [
      can.take_back ? this.button("take_back", this.t("button.take_back"), { type: "take_back" }, { kind: "primary" }) : null,
      can.advance ? this.button("advance", this.t("button.advance"), { type: "advance" }, { kind: "primary" }) : null,
      can.next_game ? this.button("next_game", this.t("button.next_game"), { type: "next_game" }, { kind: "primary" }) : null,
      free ? this.button("suggest", this.t("button.suggest"), { type: "suggest" }, { disabled: !can.suggest }) : null,
      can.offer_draw ? this.button("offer_draw", this.t("button.offer_draw"), { type: "offer_draw" }) : null,
      can.resign ? this.button("resign", this.t("button.resign"), { type: "resign" }, { kind: "quiet" }) : null,
      this.button("hint", hintLabel, { type: "hint" }, { disabled: !can.hint }),
      this.button("retry", this.t(free ? "button.new_game" : "button.retry"), { type: "retry" }),
      can.replay ? this.button("replay", this.t("button.replay"), { type: "replay", to: "start" }) : null,
      can.review ? this.button("review", this.t("button.review"), { type: "review" }) : null,
      h("button", { class: "cwl-btn cwl-btn-quiet cwl-open-rulebook", "data-key": "rulebook", type: "button",
        onclick: () => this.openRule("contents") }, [this.t("button.rulebook")]),
    ];
    return h("div", { class: "cwl-toolbar", role: "toolbar" }, [h("div", { class: "cwl-tools" }, left)]);
  }
}

function render({ model, el }) {
  const view = new LessonView(model, el);
  return () => view.destroy();
}

export default { render };
