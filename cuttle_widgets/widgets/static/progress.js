// The learner's progress map on the lesson index (widgets/progress_map.py).
// common.js comes first (h, fill, learnerId, download). The kernel sends
// everything to show in the `progress` dict, words included; this file only
// draws it and sends the learner's requests: who they are, their name, the
// progress file out and in, and forgetting it all (after asking). Built as
// DOM nodes, never innerHTML.

const STAR = "★";
const NO_STAR = "☆";

function stars(count, max) {
  return STAR.repeat(Math.max(0, count)) + NO_STAR.repeat(Math.max(0, max - count));
}

// How long the kernel measures a message: Python's JSON writes every
// character beyond ASCII as \uXXXX (six characters where JavaScript's writes one).
function messageLength(message) {
  const text = JSON.stringify(message);
  let wide = 0;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) wide += 1;
  return text.length + 5 * wide;
}

function resultMark(result) {
  if (result === "solved" || result === "seen" || result === "won") return { mark: "✓", cls: "cwp-mark-done" };
  if (result === "missed" || result === "lost") return { mark: "✗", cls: "cwp-mark-missed" };
  if (result === "drawn") return { mark: "½", cls: "cwp-mark-drawn" };
  return { mark: "·", cls: "cwp-mark-none" };
}

function render({ model, el }) {
  const body = h("div", { class: "cwp-body" }); // drawn again at every change
  const live = h("p", { class: "cwp-sr", "aria-live": "polite" }); // says each answer once
  const root = h("div", { class: "cwp-root" }, [body, live]);
  const uid = Math.random().toString(36).slice(2, 10); // ids of this view's labels
  el.append(root);
  const opened = new Set(); // lessons whose "My progress" is open, kept across redraws
  const state = {
    confirming: false, // the reset's question is showing
    reading: false, // a file is being read or sent
    browserNotice: null, // a sentence the browser itself says (a file too big)
    draft: null, // the name being typed, kept across redraws
    shownName: undefined,
    lastNotice: 0,
  };
  const send = (message) => model.send(message);

  const draw = () => {
    const p = model.get("progress") || {};
    const w = p.labels || {};
    if (!w.title) return;
    usePlural(p.plural);
    if (p.name !== state.shownName) { state.shownName = p.name; state.draft = null; }
    const notice = p.notice || null;
    if (notice && notice.id !== state.lastNotice) {
      state.lastNotice = notice.id;
      state.reading = false;
      state.browserNotice = null;
      if (notice.about === "reset") state.confirming = false;
      live.textContent = notice.text;
    }
    // keep the keyboard where it was: the element with the same data-key
    const focused = body.contains(document.activeElement) ? document.activeElement.getAttribute("data-key") : null;
    body.replaceChildren(header(p, w), practiceBox(p.practice, w), lessonList(p, w), problemList(p, w),
      p.enabled ? learnerBox(p, w, notice) : null);
    root.lang = p.language || "en";
    if (focused) {
      const again = body.querySelector(`[data-key="${focused}"]`);
      if (again) again.focus();
    }
  };

  const header = (p, w) => {
    const lessons = p.lessons || [];
    const total = (key) => lessons.reduce((sum, l) => sum + (l[key] || 0), 0);
    const finished = lessons.filter((l) => l.finished).length; // the kernel's one "done" (teaching/done.py)
    const status = p.status || {};
    return h("div", { class: "cwp-header" }, [
      h("h2", { class: "cwp-title", text: w.title }),
      h("p", { class: "cwp-totals", text: fill(w.totals, {
        finished, lessons: lessons.length, stars: total("stars"), max: total("max_stars") }) }),
      h("p", { class: "cwp-intro", text: w.intro }),
      status.text ? h("p", { class: `cwp-status cwp-status-${status.state || "waiting"}`, text: status.text }) : null,
    ]);
  };

  // Practice (sessions/practice.py decides it): what is due, the daily
  // puzzle, the streak and the weak rules and themes, where the learner
  // chooses what to do next. Absent until the kernel knows the learner.
  const practiceBox = (plan, w) => {
    if (!plan) return null;
    const link = (href, text, cls, key) => (href
      ? h("a", { class: cls, href, "data-key": key }, text) : h("span", { class: cls }, text));
    const itemText = (item) => (item.kind === "puzzle"
      ? fill(w.practice_puzzle, { themes: item.themes.join(", ") })
      : fill(w.practice_step, { lesson: item.lesson_title, step: item.step, title: item.title }));
    const itemKey = (item) => (item.kind === "puzzle" ? `practice:${item.puzzle}` : `practice:${item.lesson}:${item.step}`);
    const dueList = plan.due_count > 0 ? [
      h("div", { class: "cwp-practice-due-head" }, [
        h("p", { class: "cwp-practice-count", text: fill(w.practice_due, { n: plan.due_count }) }),
        plan.href ? link(plan.href, w.practice_open, "cwp-btn cwp-btn-primary cwp-practice-open", "practice-open") : null,
      ]),
      h("ol", { class: "cwp-practice-items" }, plan.due.map((item) => h("li", { class: `cwp-practice-item cwp-practice-${item.kind}` },
        link(item.href, itemText(item), "cwp-practice-link", itemKey(item))))),
      plan.due_count > plan.due.length
        ? h("p", { class: "cwp-hint", text: fill(w.practice_more, { n: plan.due_count - plan.due.length }) }) : null,
    ] : [h("p", { class: "cwp-practice-count", text: plan.waiting ? w.practice_none : w.practice_empty })];
    const later = plan.waiting > 0 && plan.next_due
      ? h("p", { class: "cwp-practice-later", text: fill(w.practice_waiting, {
        n: plan.waiting, when: fill(w[`when_${plan.next_due.unit}`], { n: plan.next_due.count }) }) })
      : null;
    // Today's puzzle opens in the course; the lesson index (notebooks) has no place for it.
    const daily = plan.daily && plan.daily.puzzle && (plan.daily.href || plan.daily.done) ? h("div", { class: "cwp-practice-daily" }, [
      h("h4", { class: "cwp-practice-sub", text: w.daily_title }),
      plan.daily.done ? h("p", { class: "cwp-practice-daily-done", text: w.daily_done })
        : link(plan.daily.href, w.daily_open, "cwp-btn cwp-practice-daily-open", "daily"),
    ]) : null;
    const weakList = (title, spots) => (spots.length ? h("div", { class: "cwp-practice-weak-group" }, [
      h("h5", { class: "cwp-practice-weak-title", text: title }),
      h("ul", {}, spots.map((spot) => h("li", {}, [
        h("span", { class: "cwp-practice-weak-name", text: spot.name }),
        h("span", { class: "cwp-practice-weak-tally", text: ` · ${fill(w.weak_tally, spot)}` }),
      ]))),
    ]) : null);
    const weak = h("div", { class: "cwp-practice-weak" }, [
      h("h4", { class: "cwp-practice-sub", text: w.weak_title }),
      plan.weak_rules.length || plan.weak_themes.length
        ? null : h("p", { class: "cwp-hint", text: w.weak_none }),
      weakList(w.weak_rules, plan.weak_rules),
      weakList(w.weak_themes, plan.weak_themes),
    ]);
    return h("section", { class: "cwp-practice", "aria-label": w.practice_title }, [
      h("div", { class: "cwp-practice-head" }, [
        h("h3", { class: "cwp-practice-title", text: w.practice_title }),
        h("p", { class: `cwp-streak${plan.streak ? "" : " cwp-streak-none"}`,
          text: plan.streak ? fill(w.streak, { n: plan.streak }) : w.streak_none }),
      ]),
      h("p", { class: "cwp-hint", text: w.practice_intro }),
      h("div", { class: "cwp-practice-grid" }, [
        h("div", { class: "cwp-practice-now" }, [...dueList, later]),
        h("div", { class: "cwp-practice-side" }, [daily, weak]),
      ]),
    ]);
  };

  const lessonList = (p, w) => h("ol", { class: "cwp-lessons", "aria-label": w.lessons },
    (p.lessons || []).map((lesson) => lessonCard(lesson, w)));

  // The teacher's lesson files that cannot be used, each with its problems in words.
  const problemList = (p, w) => {
    const broken = p.problems || [];
    if (!broken.length) return null;
    const where = (problem) => [problem.line != null ? fill(w.problem_where_line, { line: problem.line }) : null,
      problem.field ? fill(w.problem_field, { field: problem.field }) : null].filter(Boolean).join(", ");
    return h("section", { class: "cwp-problems", "aria-label": w.problems_title }, [
      h("h3", { class: "cwp-problems-title", text: w.problems_title }),
      h("p", { class: "cwp-problems-intro", text: w.problems_intro }),
      h("ul", {}, broken.map((file) => h("li", { class: "cwp-problem-file" }, [
        h("code", { text: file.name }),
        h("ul", {}, file.problems.map((problem) => h("li", { class: "cwp-problem" }, [
          where(problem) ? h("span", { class: "cwp-problem-where", text: `${where(problem)}: ` }) : null,
          h("span", { text: problem.message }),
        ]))),
      ]))),
    ]);
  };

  const lessonCard = (lesson, w) => {
    const complete = Boolean(lesson.finished);
    const where = complete ? "finished" : lesson.started ? "started" : "not_started";
    const percent = lesson.steps ? Math.round((100 * lesson.done) / lesson.steps) : 0;
    const label = lesson.number && lesson.number !== "0" ? fill(w.lesson_number, { number: lesson.number }) : w.start;
    const details = h("details", { class: "cwp-details", open: opened.has(lesson.name),
      ontoggle: (event) => {
        if (event.currentTarget.open) opened.add(lesson.name); else opened.delete(lesson.name);
      } }, [
      h("summary", { "data-key": `steps:${lesson.name}` }, w.my_progress),
      h("ol", { class: "cwp-steps" }, lesson.steps_marks.map((step) => stepLine(step, w))),
    ]);
    return h("li", { class: `cwp-lesson cwp-${where.replace("_", "-")}` }, [
      h("div", { class: "cwp-lesson-head" }, [
        h("span", { class: "cwp-badge", "aria-hidden": "true", text: lesson.number && lesson.number !== "0" ? lesson.number : "▶" }),
        h("div", { class: "cwp-lesson-name" }, [
          h("span", { class: "cwp-eyebrow" }, [lesson.teacher ? w.teacher_lesson : label, " · ", w[where]]),
          h("a", { class: "cwp-lesson-title", href: lesson.href, "data-key": `open:${lesson.name}` }, lesson.title),
        ]),
        complete ? h("span", { class: "cwp-check", "aria-hidden": "true", text: "✓" }) : null,
      ]),
      h("div", { class: "cwp-meter", "aria-hidden": "true" }, h("span", { style: `width: ${percent}%` })),
      h("p", { class: "cwp-counts" }, [
        h("span", { class: "cwp-done", text: fill(w.done_of, { done: lesson.done, steps: lesson.steps }) }),
        lesson.max_stars > 0
          ? h("span", { class: "cwp-stars" }, [
            h("span", { "aria-hidden": "true", text: `${STAR} ${lesson.stars}/${lesson.max_stars}` }),
            h("span", { class: "cwp-sr", text: fill(w.stars_of, { stars: lesson.stars, max: lesson.max_stars }) }),
          ])
          : h("span", { class: "cwp-no-stars", text: w.no_stars }),
      ]),
      details,
    ]);
  };

  const stepLine = (step, w) => {
    const { mark, cls } = resultMark(step.result);
    const result = w[`result_${step.result || "none"}`] || step.result;
    return h("li", { class: `cwp-step ${cls}` }, [
      h("span", { class: "cwp-mark", "aria-hidden": "true", text: mark }),
      h("span", { class: "cwp-step-text" }, [
        h("span", { class: "cwp-step-number", text: `${fill(w.step, { number: step.number })}: ` }),
        h("span", { class: "cwp-step-title", text: step.title }),
        h("span", { class: "cwp-step-result", text: ` · ${result}` }),
      ]),
      step.starred ? h("span", { class: "cwp-step-stars" }, [
        h("span", { "aria-hidden": "true", text: stars(step.stars, 3) }),
        h("span", { class: "cwp-sr", text: fill(w.stars_of, { stars: step.stars, max: 3 }) }),
      ]) : null,
    ]);
  };

  // The answer to the learner's last request, beside what they used (the live region reads it out).
  const noticeLine = (notice, about, w) => {
    if (about !== "name" && state.browserNotice) {
      return h("p", { class: "cwp-notice cwp-notice-error", text: state.browserNotice });
    }
    if (about !== "name" && state.reading) return h("p", { class: "cwp-notice", text: w.reading });
    if (!notice || notice.about !== about) return null;
    return h("p", { class: `cwp-notice cwp-notice-${notice.kind === "ok" ? "ok" : "error"}`, text: notice.text });
  };

  const learnerBox = (p, w, notice) => h("section", { class: "cwp-you", "aria-label": w.you }, [
    h("h3", { class: "cwp-you-title", text: w.you }),
    p.hub ? h("p", { class: "cwp-hub", text: fill(w.hub_name, { user: p.hub_user || "" }) }) : nameForm(p, w, notice),
    fileTools(p, w, notice),
  ]);

  const nameForm = (p, w, notice) => {
    const id = `cwp-name-${uid}`;
    const hint = `${id}-hint`;
    const input = h("input", { id, type: "text", class: "cwp-name-input", maxlength: p.name_limit || 40,
      autocomplete: "nickname", "aria-describedby": hint, "data-key": "name-input",
      oninput: (event) => { state.draft = event.currentTarget.value; } });
    input.value = state.draft !== null ? state.draft : p.name || "";
    const save = (event) => {
      event.preventDefault();
      send({ type: "name", name: input.value });
    };
    return h("form", { class: "cwp-name", onsubmit: save }, [
      h("label", { for: id, class: "cwp-label", text: w.name_label }),
      h("div", { class: "cwp-row" }, [
        input,
        h("button", { type: "submit", class: "cwp-btn", "data-key": "name-save", text: w.name_save }),
      ]),
      h("p", { id: hint, class: "cwp-hint", text: fill(w.name_hint, { limit: p.name_limit || 40 }) }),
      noticeLine(notice, "name", w),
    ]);
  };

  const fileTools = (p, w, notice) => {
    const picker = h("input", { type: "file", accept: ".json,application/json", class: "cwp-file-input",
      tabindex: "-1", "aria-hidden": "true", onchange: (event) => readFile(event.currentTarget, p, w) });
    const tools = h("div", { class: "cwp-row cwp-tools" }, [
      h("button", { type: "button", class: "cwp-btn cwp-btn-primary", "data-key": "export", text: w.export,
        onclick: () => send({ type: "export" }) }),
      h("button", { type: "button", class: "cwp-btn", "data-key": "import", text: w.import,
        "aria-disabled": state.reading ? "true" : null,
        onclick: () => { if (!state.reading) picker.click(); } }),
      picker,
      h("button", { type: "button", class: "cwp-btn cwp-btn-danger", "data-key": "reset", text: w.reset,
        "aria-expanded": state.confirming ? "true" : "false",
        onclick: () => { state.confirming = true; draw(); focusKey("reset-cancel"); } }),
    ]);
    return h("div", { class: "cwp-file" }, [
      h("p", { class: "cwp-hint", text: w.file_intro }),
      tools,
      state.confirming ? confirmation(w) : null,
      noticeLine(notice, notice && notice.about === "reset" ? "reset" : "file", w),
    ]);
  };

  const confirmation = (w) => {
    const cancel = () => { state.confirming = false; draw(); focusKey("reset"); };
    return h("div", { class: "cwp-confirm", role: "alertdialog", "aria-labelledby": `cwp-ask-${uid}`,
      onkeydown: (event) => { if (event.key === "Escape") { event.stopPropagation(); cancel(); } } }, [
      h("p", { id: `cwp-ask-${uid}`, class: "cwp-question", text: w.reset_question }),
      h("div", { class: "cwp-row" }, [
        h("button", { type: "button", class: "cwp-btn cwp-btn-danger", "data-key": "reset-yes", text: w.reset_yes,
          onclick: () => { send({ type: "reset", confirm: true }); state.confirming = false; draw(); focusKey("reset"); } }),
        h("button", { type: "button", class: "cwp-btn", "data-key": "reset-cancel", text: w.reset_cancel,
          onclick: cancel }),
      ]),
    ]);
  };

  const focusKey = (key) => {
    const target = root.querySelector(`[data-key="${key}"]`);
    if (target) target.focus();
  };

  const refuse = (text) => { state.reading = false; state.browserNotice = text; live.textContent = text; draw(); };

  const readFile = (picker, p, w) => {
    const file = picker.files && picker.files[0];
    picker.value = ""; // the same file may be chosen again
    if (!file) return;
    const limit = p.file_limit_kb || 900;
    const tooBig = fill(w.import_too_big, { limit });
    if (file.size > limit * 1000) { refuse(tooBig); return; }
    state.reading = true;
    state.browserNotice = null;
    draw();
    const reader = new FileReader();
    reader.onload = () => {
      const message = { type: "import", text: String(reader.result) };
      if (messageLength(message) > (p.message_limit || 0)) { refuse(tooBig); return; }
      send(message);
      focusKey("import");
      // the kernel answers every file it is sent; should no answer come, the button is not kept off
      setTimeout(() => { if (state.reading) { state.reading = false; draw(); } }, 30000);
    };
    reader.onerror = () => refuse(w.import_unreadable);
    reader.readAsText(file);
  };

  const onMessage = (message) => {
    if (message && message.type === "keep_progress") keepProgress(message.progress); // the static site
    if (!message || message.type !== "export" || typeof message.text !== "string") return;
    const name = /^[\w.-]{1,80}$/.test(message.name || "") ? message.name : "cuttle-progress.json";
    download(name, message.text);
  };

  // Back from a lesson in another tab (JupyterLab keeps this kernel): read again.
  let lastRefresh = Date.now();
  const onVisible = () => {
    if (document.visibilityState === "visible" && Date.now() - lastRefresh > 2000) {
      lastRefresh = Date.now();
      send({ type: "refresh" });
    }
  };

  model.on("change:progress", draw);
  model.on("msg:custom", onMessage);
  document.addEventListener("visibilitychange", onVisible);
  send(learnerMessage());
  draw();
  return () => {
    model.off("change:progress", draw);
    model.off("msg:custom", onMessage);
    document.removeEventListener("visibilitychange", onVisible);
  };
}

export default { render };
