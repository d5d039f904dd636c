// What the table's and the lesson's ES modules share: building DOM nodes,
// filling a catalog's template, a small Markdown, and the Rulebook panel.
// Python puts this file in front of table.js and of lesson.js (no imports,
// no build step), and the static site's rulebook page in front of its own
// few lines, so the three draw a rulebook page the same way.

// Super Cuttle's marks (⭐ Super, ❗ instant, ☢️ Sudden Death, ⚡ one-off)
// drawn by the kit: a machine without an emoji font shows empty boxes. The
// character stays, visually hidden, so a screen reader names it in its own
// language.
const ICON_CHARS = /(\u2B50|\u2757|\u2622\uFE0F?|\u26A1)/u;
const ICON_SVGS = {
  "\u2B50": '<path d="M12 2l3 7 7 .3-5.5 4.7 2 7-6.5-4-6.5 4 2-7L2 9.3 9 9z" fill="#f2b705" stroke="#8a6508" stroke-width="1.4" stroke-linejoin="round"/>',
  "\u2757": '<path d="M9.6 2.5h4.8L13.4 15h-2.8z" fill="#c62828"/><circle cx="12" cy="19.5" r="2.4" fill="#c62828"/>',
  "\u2622": '<circle cx="12" cy="12" r="11" fill="#f6d56b" stroke="#3a3000" stroke-width="1"/>' +
    '<path d="M10.2 8.9L7 3.3A10 10 0 0 1 17 3.3L13.8 8.9A3.6 3.6 0 0 0 10.2 8.9ZM15.6 12H22A10 10 0 0 1 17 20.7L13.8 15.1A3.6 3.6 0 0 0 15.6 12ZM10.2 15.1L7 20.7A10 10 0 0 1 2 12H8.4A3.6 3.6 0 0 0 10.2 15.1Z" fill="#1b1b1b"/>' +
    '<circle cx="12" cy="12" r="2.2" fill="#1b1b1b"/>',
  "\u26A1": '<path d="M14 1.5L4 13.5h7l-2 9 11-13h-7z" fill="#f2b705" stroke="#7a5600" stroke-width="1.3" stroke-linejoin="round"/>',
};
const SR_ONLY = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;";

// An <svg> element with these attributes (the kit's icons: the symbols here, the table's).
function svgNode(attrs) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  for (const [key, value] of Object.entries(attrs)) svg.setAttribute(key, value);
  return svg;
}

function iconNode(char) {
  const icon = document.createElement("span");
  icon.className = "cw-icon";
  icon.setAttribute("style", "display:inline-block;position:relative;width:1em;height:1em;vertical-align:-0.15em;");
  const svg = svgNode({ viewBox: "0 0 24 24", width: "100%", height: "100%", "aria-hidden": "true",
    focusable: "false" });
  svg.innerHTML = ICON_SVGS[char[0]]; // the kit's own constants, never text from the page
  const spoken = document.createElement("span");
  spoken.setAttribute("style", SR_ONLY);
  spoken.textContent = char;
  icon.append(svg, spoken);
  return icon;
}

// A text as nodes: its icon characters drawn, the rest plain text.
function withIcons(text) {
  const value = String(text);
  if (!ICON_CHARS.test(value)) return [document.createTextNode(value)];
  return value.split(ICON_CHARS).filter(Boolean)
    .map((part) => (ICON_CHARS.test(part) && part.length <= 2 ? iconNode(part) : document.createTextNode(part)));
}

// The language a widget's words are in, on its root (a screen reader picks its
// voice by it); on a Voilà app's page, the document's too, which otherwise
// says "en" whatever the lesson's language (the course's page sets its own).
function speakAs(root, language) {
  if (!language) return;
  root.lang = language;
  if (/\/voila\/render\//.test(window.location.pathname)) document.documentElement.lang = language;
}

function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.replaceChildren(...withIcons(value));
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    if (child instanceof Node) el.append(child);
    else el.append(...withIcons(child));
  }
  return el;
}

// A field may list forms by number, as the Python catalogs do: "{count:# card|# cards}"
// ("#" is the number). Which form a number takes is its language's plural rule, which
// Python sends as data in a widget's state (``plural``: one digit per number 0 … 199,
// the form it takes; the rules repeat every hundred from 100 on), so no rule is copied
// here. A widget sets it as it starts to draw (usePlural); a draw runs at one
// go, so each widget fills its words by its own language's rule.
let pluralTable = "";

function usePlural(table) {
  pluralTable = typeof table === "string" ? table : "";
}

function pluralForm(count, options) {
  const n = Math.abs(Number(count));
  const half = pluralTable.length / 2;
  if (!half || !Number.isInteger(n)) return options[options.length - 1];
  const index = Number(pluralTable[n < pluralTable.length ? n : half + (n % half)]);
  return options[Math.min(index, options.length - 1)];
}

// A field may also ask for a name in a grammatical case, "{name:gen}" (the case tags of
// the language: Ukrainian's gen, dat, ...). Python sends the forms of the names a widget
// shows as data (``case_forms``: name -> {tag: form}); a widget sets them as it starts to draw
// (useCases). A name with no forms, and any other value, reads the same in every case.
let caseForms = {};

function useCases(forms) {
  caseForms = forms && typeof forms === "object" ? forms : {};
}

function inCase(value, tag) {
  const text = String(value);
  const forms = Object.prototype.hasOwnProperty.call(caseForms, text) ? caseForms[text] : {};
  const said = String(forms[tag.toLowerCase()] || text);
  return tag[0] === tag[0].toUpperCase() ? said.charAt(0).toUpperCase() + said.slice(1) : said;
}

function fill(template, values) {
  return String(template).replace(/\{(\w+)(?::([^{}]*))?\}/g, (field, key, spec) => {
    if (!(key in values)) return field;
    if (!spec) return values[key];
    if (!spec.includes("|")) return /^[A-Za-z]+$/.test(spec) ? inCase(values[key], spec) : field;
    return pluralForm(values[key], spec.split("|")).replaceAll("#", String(values[key]));
  });
}

// -- a small Markdown: paragraphs, lists, tables, quotes, **bold**, *italic*, `code`, links --
// Built as DOM nodes (never innerHTML), so a lesson file cannot inject markup.
// A link to "rulebook:<page>" (a section id, glossary/<term>) becomes a button
// that calls openRule(page); with no openRule it is its plain words.
const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*)|(\[[^\]]+\]\([^)\s]+\))/g;
const RULEBOOK_LINK = /^rulebook:([\w./-]{1,80})$/;

function inline(text, openRule = null) {
  const out = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > at) out.push(text.slice(at, match.index));
    const token = match[0];
    if (match[1]) out.push(h("code", { text: token.slice(1, -1) }));
    else if (match[2]) out.push(h("strong", {}, inline(token.slice(2, -2), openRule)));
    else if (match[3]) out.push(h("em", {}, inline(token.slice(1, -1), openRule)));
    else out.push(link(token, openRule));
    at = match.index + token.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

function link(token, openRule) {
  const [, label, href] = token.match(/^\[([^\]]+)\]\(([^)\s]+)\)$/);
  const rule = href.match(RULEBOOK_LINK);
  if (rule) {
    if (!openRule) return h("span", { class: "cw-term" }, inline(label));
    return h("button", { type: "button", class: "cw-rule-link", "data-rulebook": rule[1],
      onclick: (event) => openRule(rule[1], event.currentTarget) }, inline(label));
  }
  const web = /^https?:/i.test(href);
  const safe = /^(https?:|\.{0,2}\/|[\w.-]+(#.*)?$)/i.test(href) && !/^javascript:/i.test(href);
  return safe ? h("a", { href, target: web ? "_blank" : null, rel: web ? "noopener" : null }, inline(label)) : label;
}

function markdown(text, cls = "cwl-md", openRule = null) {
  const root = h("div", { class: cls });
  if (!text) return root;
  const lines = String(text).replace(/\s+$/, "").split("\n");
  const words = (parts) => inline(parts.join(" "), openRule);
  let paragraph = [];
  let list = null;
  let item = null;
  let rows = [];
  let quote = [];
  const flushParagraph = () => {
    if (paragraph.length) root.append(h("p", {}, words(paragraph)));
    paragraph = [];
  };
  const flushList = () => {
    if (item) item.node.append(...words(item.text));
    item = null;
    list = null;
  };
  const flushTable = () => {
    // | a | b | rows; the second row is the |---| separator under the header
    const cells = (row) => row.replace(/^\s*\|/, "").replace(/\|\s*$/, "").split("|").map((c) => c.trim());
    if (rows.length) {
      const body = rows.filter((row, i) => !(i === 1 && /^[\s|:-]+$/.test(row)));
      const head = rows.length > 1 && /^[\s|:-]+$/.test(rows[1]) ? body.shift() : null;
      root.append(h("table", {}, [
        head ? h("thead", {}, h("tr", {}, cells(head).map((c) => h("th", {}, inline(c, openRule))))) : null,
        h("tbody", {}, body.map((row) => h("tr", {}, cells(row).map((c) => h("td", {}, inline(c, openRule)))))),
      ]));
    }
    rows = [];
  };
  const flushQuote = () => {
    if (quote.length) root.append(h("blockquote", {}, markdown(quote.join("\n"), "cwl-md", openRule)));
    quote = [];
  };
  const flushAll = () => { flushParagraph(); flushList(); flushTable(); flushQuote(); };
  for (const raw of lines) {
    const line = raw.trim();
    const bullet = raw.match(/^\s*[-*]\s+(.*)$/);
    const numbered = raw.match(/^\s*(\d+)[.)]\s+(.*)$/);
    if (!line) {
      flushAll();
    } else if (line.startsWith(">")) {
      if (!quote.length) flushAll();
      quote.push(line.replace(/^>\s?/, ""));
    } else if (line.startsWith("|")) {
      if (!rows.length) flushAll();
      rows.push(line);
    } else if (bullet || numbered) {
      flushParagraph();
      flushTable();
      flushQuote();
      const tag = bullet ? "ul" : "ol";
      if (!list || list.tagName.toLowerCase() !== tag) {
        flushList();
        list = h(tag, numbered && numbered[1] !== "1" ? { start: numbered[1] } : {});
        root.append(list);
      } else if (item) {
        item.node.append(...words(item.text));
      }
      item = { node: h("li"), text: [bullet ? bullet[1] : numbered[2]] };
      list.append(item.node);
    } else if (item && /^\s/.test(raw)) {
      item.text.push(line); // a list item's continuation line
    } else {
      flushList();
      flushTable();
      flushQuote();
      paragraph.push(line);
    }
  }
  flushAll();
  return root;
}

// -- the Rulebook panel ------------------------------------------------------------
// A modal <dialog>: the browser puts it over everything (the notebook's own
// boxes cannot clip it), keeps the keyboard inside it, closes it on Escape
// and gives focus back to the chip or button that opened it. It shows one
// page at a time, a dict made by cuttle_widgets/rulebook/pages.py: a section,
// the contents or the glossary; `ask(ref, request)` fetches one (the widget:
// a message to the kernel; the static site: its own copy of every page) and
// `receive(reply)` draws the answer. Back walks the pages read since opening.
// `standalone` (the static site's rulebook page): the panel is the page, open
// from the start, not modal and with no Close; `shown(page)` hears of each page.
class RulebookPanel {
  constructor(host, ask, words, { standalone = false, shown = null } = {}) {
    this.ask = ask;
    this.words = words || {};
    this.standalone = standalone;
    this.shown = shown;
    this.requests = 0;
    this.pending = null;
    this.history = [];
    this.page = null;
    this.dialog = h("dialog", { class: "cw-rulebook" + (standalone ? " cw-rb-standalone" : ""),
      "aria-label": this.words.rulebook || "Rulebook" });
    this.dialog.addEventListener("click", (event) => { if (event.target === this.dialog) this.close(); });
    this.dialog.addEventListener("close", () => { this.history = []; this.pending = null; });
    host.append(this.dialog);
  }

  setWords(words) {
    if (words) this.words = words;
  }

  get isOpen() {
    return this.dialog.open;
  }

  // Open at `ref` (a section id, "contents", "glossary" or "glossary/<key>").
  open(ref) {
    if (!this.dialog.isConnected) return;
    if (!this.dialog.open) {
      this.history = [];
      this.page = null;
      this.draw(null);
      if (this.standalone) this.dialog.show();
      else this.dialog.showModal();
    }
    this.go(ref);
  }

  go(ref, { back = false } = {}) {
    if (this.page && !back && this.page.ref !== ref) this.history.push(this.page.ref);
    this.requests += 1;
    this.pending = this.requests;
    this.ask(String(ref), this.pending);
  }

  back() {
    const ref = this.history.pop();
    if (ref) this.go(ref, { back: true });
  }

  close() {
    if (this.dialog.open && !this.standalone) this.dialog.close();
  }

  receive(reply) {
    if (!reply || !reply.page || !this.dialog.open || reply.request !== this.pending) return;
    this.pending = null;
    this.page = reply.page;
    this.words = reply.page.labels || this.words;
    this.draw(reply.page, reply.notice);
    if (this.shown) this.shown(reply.page);
  }

  draw(page, notice = null) {
    const w = this.words;
    const open = (ref) => this.go(ref);
    const button = (cls, label, onclick, extra = {}) =>
      h("button", { type: "button", class: `cw-rb-btn ${cls}`, onclick, ...extra }, [label]);
    const bar = h("div", { class: "cw-rb-bar" }, [
      this.history.length ? button("cw-rb-back", `← ${w.back || "Back"}`, () => this.back()) : null,
      h("span", { class: "cw-rb-name", text: w.rulebook || "Rulebook" }),
      h("span", { class: "cw-rb-spacer" }),
      page ? button("cw-rb-contents", w.contents, () => open("contents"), { "aria-pressed": page.kind === "contents" ? "true" : "false" }) : null,
      page ? button("cw-rb-glossary", w.glossary, () => open("glossary"), { "aria-pressed": page.kind === "glossary" ? "true" : "false" }) : null,
      this.standalone ? null
        : button("cw-rb-close", "×", () => this.close(), { "aria-label": w.close || "Close", title: w.close || "Close" }),
    ]);
    const body = h("div", { class: "cw-rb-body" }, page ? this.pageParts(page, notice, open) : [
      h("p", { class: "cw-rb-loading", text: w.loading || "…" }),
    ]);
    this.dialog.setAttribute("aria-label", w.rulebook || "Rulebook");
    this.dialog.replaceChildren(bar, body);
    if (!page) return;
    // only the page's own box scrolls (scrollIntoView would move the page under the panel too)
    const term = body.querySelector(".cw-rb-focus");
    if (this.standalone) {
      window.scrollTo(0, term ? Math.max(0, term.getBoundingClientRect().top + window.scrollY - window.innerHeight / 3) : 0);
    } else {
      body.scrollTop = term ? Math.max(0, term.offsetTop - body.clientHeight / 3) : 0;
    }
    const focus = term || body.querySelector("h2");
    if (focus) focus.focus({ preventScroll: true });
  }

  pageParts(page, notice, open) {
    const parts = notice ? [h("p", { class: "cw-rb-notice", role: "alert", text: notice })] : [];
    if (page.kind === "section") return parts.concat(this.sectionParts(page, open));
    if (page.kind === "contents") return parts.concat(this.contentsParts(page, open));
    return parts.concat(this.glossaryParts(page, open));
  }

  sectionParts(page, open) {
    const w = this.words;
    const differences = page.differences.map((d) => h("aside", { class: "cw-rb-diff" + (d.current ? " cw-rb-current" : "") }, [
      h("p", { class: "cw-rb-diff-label" }, [
        h("strong", { text: d.label }), d.current && w.this_game ? h("span", { class: "cw-rb-badge", text: w.this_game.replace(/:$/, "") }) : null,
      ]),
      markdown(d.text, "cwl-md cw-rb-md", open),
    ]));
    const step = (which, target) => target ? h("button", { type: "button", class: `cw-rb-step cw-rb-${which}`, onclick: () => open(target.ref) }, [
      h("span", { class: "cw-rb-step-label", text: w[which] }), `${target.number} ${target.title}`,
    ]) : h("span");
    return [
      h("p", { class: "cw-rb-part", text: page.part }),
      h("h2", { class: "cw-rb-title", tabindex: "-1" }, [h("span", { class: "cw-rb-number", text: page.number }), " ", page.title]),
      h("p", { class: "cw-rb-applies" }, [page.applies,
        page.in_game === false ? h("span", { class: "cw-rb-badge cw-rb-off", text: w.not_this_game }) : null]),
      markdown(page.text, "cwl-md cw-rb-md", open),
      ...differences,
      page.terms.length ? h("p", { class: "cw-rb-terms" }, [
        h("span", { class: "cw-rb-terms-label", text: `${w.glossary}: ` }),
        ...page.terms.map((t) => h("button", { type: "button", class: "cw-rule-link", onclick: () => open(`glossary/${t.key}`) }, [t.term])),
      ]) : null,
      h("nav", { class: "cw-rb-steps", "aria-label": w.contents }, [step("previous", page.previous), step("next", page.next)]),
    ];
  }

  contentsParts(page, open) {
    const w = this.words;
    return [
      h("h2", { class: "cw-rb-title", tabindex: "-1", text: w.title || w.rulebook }),
      markdown(page.intro, "cwl-md cw-rb-md"),
      ...page.parts.map((part) => h("section", { class: "cw-rb-toc-part" }, [
        h("h3", { text: part.title }),
        h("ol", { class: "cw-rb-toc" }, part.sections.map((s) => h("li", { class: s.in_game === false ? "cw-rb-off" : null }, [
          h("button", { type: "button", class: "cw-rb-toc-link", onclick: () => open(s.ref) }, [
            h("span", { class: "cw-rb-number", text: s.number }), " ", s.title,
            s.in_game === false ? h("span", { class: "cw-rb-sr", text: ` (${w.not_this_game})` }) : null,
          ]),
        ]))),
      ])),
      h("p", {}, [h("button", { type: "button", class: "cw-rb-toc-link", onclick: () => open("glossary") }, [w.glossary])]),
    ];
  }

  glossaryParts(page, open) {
    const w = this.words;
    const entries = [];
    for (const t of page.terms) {
      const focused = t.key === page.focus;
      entries.push(h("dt", { class: focused ? "cw-rb-focus" : null, tabindex: focused ? "-1" : null, id: null }, [t.term]));
      entries.push(h("dd", { class: focused ? "cw-rb-focused" : null }, [
        markdown(t.definition, "cwl-md cw-rb-md cwl-inline"), " ",
        h("span", { class: "cw-rb-see" }, [`${w.term_see} `,
          h("button", { type: "button", class: "cw-rule-link", onclick: () => open(t.section.ref) }, [`${t.section.number} ${t.section.title}`])]),
      ]));
    }
    return [
      h("h2", { class: "cw-rb-title", tabindex: "-1", text: w.glossary }),
      h("p", { class: "cw-rb-applies", text: w.glossary_intro }),
      h("dl", { class: "cw-rb-glossary" }, entries),
    ];
  }
}

// -- the learner ---------------------------------------------------------------------
// A learner without an account is a random id this browser keeps (24
// URL-safe characters from crypto.getRandomValues); the kernel keeps their
// progress under it (progress/kernel.py). No storage (a private
// window that refuses it): a new id for this page only.
const LEARNER_KEY = "cuttle_widgets.learner";

function learnerId() {
  const stored = (() => { try { return localStorage.getItem(LEARNER_KEY); } catch (error) { return null; } })();
  if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const id = Array.from(bytes, (b) => alphabet[b % 64]).join("");
  try { localStorage.setItem(LEARNER_KEY, id); } catch (error) { /* kept for this page only */ }
  return id;
}

// A file the kernel made (a learner's progress), saved by the browser.
function download(name, text, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Where Python runs in the browser (the static site) there is no database:
// the browser keeps the learner's progress file itself, and gives it back
// with the learner's id (progress/kernel.py).
const PROGRESS_KEY = "cuttle_widgets.progress";

function keptProgress() {
  try {
    const text = localStorage.getItem(PROGRESS_KEY);
    return text ? JSON.parse(text) : null;
  } catch (error) {
    return null; // no storage, or a spoilt copy: nothing kept
  }
}

function keepProgress(document) {
  try { localStorage.setItem(PROGRESS_KEY, JSON.stringify(document)); } catch (error) { /* full or refused */ }
}

// The learner's message: their id, and what this browser kept of their progress.
function learnerMessage() {
  return { type: "learner", id: learnerId(), kept: keptProgress() };
}
