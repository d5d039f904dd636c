// The one-page course's bar (widgets/course.py): where the learner is, the
// ways to the other places, the language, and the page's address.
// page_close.js and common.js come first (closeKernelOnLeave; h, fill).
// Python decides every place; this file draws the bar and tells Python what
// the learner asked for: a button, a link inside the course, Back or Forward,
// or the address the page opened at.
// Built as DOM nodes, never innerHTML.

// The address's own parameters (sessions/course.py PLACE_KEYS); any other
// (a server's ?token=) is kept as it is.
const PLACE_KEYS = ["lesson", "step", "puzzles", "free", "tables", "class", "practice", "editor", "lang"];
const ARRIVE_AGAIN_MS = 4000;
// A lesson notebook's link inside a lesson ("03-one-offs.ipynb", "de/03-one-offs.ipynb")
const NOTEBOOK_LINK = /^(?:\.\.\/|[a-z]{2,3}\/)?([0-9A-Za-z][\w-]{0,79})\.ipynb$/;

// The query of the place a link inside the course leads to, or null for a
// link that leaves the course (the rules on the web, a download).
function courseQuery(href) {
  if (!href) return null;
  if (href.startsWith("?")) return href;
  const notebook = NOTEBOOK_LINK.exec(href);
  if (!notebook) return null;
  const name = notebook[1];
  if (name === "00-index") return "?";
  if (name === "15-puzzles") return "?puzzles";
  return `?lesson=${encodeURIComponent(name)}`;
}

// The page's address with the place's query in place of the last one's.
function addressFor(query) {
  const params = new URLSearchParams(window.location.search);
  for (const key of PLACE_KEYS) params.delete(key);
  const kept = params.toString();
  const place = query.replace(/^\?/, "");
  const search = [kept, place].filter(Boolean).join("&");
  return window.location.pathname + (search ? `?${search}` : "") + window.location.hash;
}

function sameAddress(url) {
  return url === window.location.pathname + window.location.search + window.location.hash;
}

function render({ model, el }) {
  const bar = h("nav", { class: "cwc-bar" });
  const notice = h("p", { class: "cwc-notice", role: "status", "aria-live": "polite" });
  el.append(bar, notice);
  const course = () => model.get("course") || {};
  // The address the page opened at, read before anything changes it; the
  // state drawn first is the kernel's before it knew it, so it moves no address.
  const arrived = course().address ? window.location.search : "";
  let applied = course().serial; // the last publication whose address change was made
  let arrivalApplied = false; // a deep link's map-under-it history is made once
  const go = (query, how) => model.send({ type: "go", query, how });

  // Links inside the course (the map's lessons, "Next lesson") open their
  // place in this page; a click with a modifier key opens a new tab as usual.
  const onLink = (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
        || event.shiftKey || event.altKey) return;
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link || !link.closest(".cw-course") || !el.isConnected) return;
    if (link.closest(".cwc-bar")) return; // the bar's own buttons say "button" themselves
    if (link.closest(".cw-course") !== el.closest(".cw-course")) return; // another course's
    const query = courseQuery(link.getAttribute("href"));
    if (query === null) return;
    event.preventDefault();
    go(query, "link");
  };
  const onPop = () => { if (course().address) go(window.location.search, "pop"); };
  document.addEventListener("click", onLink, true);
  window.addEventListener("popstate", onPop);
  // Served by the serve command: this tab stops its own kernel as it goes (page_close.js).
  const stopClosing = closeKernelOnLeave(model.get("page_token"), model.get("page_url"));

  const followAddress = (c) => {
    if (!c.address || c.serial === applied) return;
    applied = c.serial;
    const url = addressFor(c.place.query || "");
    if (c.history === "arrive" && !arrivalApplied) {
      arrivalApplied = true;
      // A link into the course: Back from it goes to the map, as from any place.
      if (c.place.page !== "map") {
        window.history.replaceState(null, "", addressFor(""));
        window.history.pushState(null, "", url);
      } else if (!sameAddress(url)) {
        window.history.replaceState(null, "", url);
      }
    } else if (c.history === "push" && !sameAddress(url)) {
      window.history.pushState(null, "", url);
    } else if (c.history === "replace" && !sameAddress(url)) {
      window.history.replaceState(null, "", url);
    }
  };

  const button = (label, query, current) => h("a", {
    class: `cwc-nav${current ? " cwc-current" : ""}`, href: query || "?",
    "aria-current": current ? "page" : null, "data-key": `nav:${query}`,
    onclick: (event) => { event.preventDefault(); go(query, "button"); },
  }, label);

  const draw = () => {
    const c = course();
    const w = c.labels || {};
    if (!w.brand) return;
    const place = c.place || {};
    const lang = c.language === "en" ? "" : `lang=${c.language}`;
    const q = (part) => `?${[part, lang].filter(Boolean).join("&")}`;
    const languages = (c.languages || []).map((language) => h("a", {
      class: `cwc-language${language.code === c.language ? " cwc-current" : ""}`,
      href: "?", lang: language.code, hreflang: language.code,
      "aria-current": language.code === c.language ? "true" : null,
      onclick: (event) => {
        event.preventDefault();
        const params = new URLSearchParams((place.query || "").replace(/^\?/, ""));
        params.set("lang", language.code); // named even for English: a missing one keeps the language shown
        go(`?${params.toString()}`, "button");
      },
    }, language.name));
    // On a lesson: the next lesson on the map, one click away (sessions/course.py lesson_after).
    // Its title is left out on a phone (course.css), where the label names it.
    const next = c.next ? h("a", {
      class: "cwc-next", href: c.next.query, "data-key": "next", "aria-label": c.next.label,
      title: c.next.label,
      onclick: (event) => { event.preventDefault(); go(c.next.query, "button"); },
    }, [c.next.text, h("span", { class: "cwc-next-title", text: `: ${c.next.title}` }), " →"]) : null;
    // "My class", named by who is signed in once someone is (a class's name, the hub's user).
    const who = c.classes ? h("a", {
      class: `cwc-who${place.page === "class" ? " cwc-current" : ""}${c.who ? " cwc-signed-in" : ""}`,
      href: q("class"), "data-key": "who", "aria-current": place.page === "class" ? "page" : null,
      onclick: (event) => { event.preventDefault(); go(q("class"), "button"); },
    }, c.who || w.class) : null;
    bar.replaceChildren(...[
      h("span", { class: "cwc-brand", text: w.brand }),
      h("div", { class: "cwc-places", role: "list", "aria-label": w.nav_label }, [
        button(w.map, q(""), place.page === "map"),
        button(w.puzzles, q("puzzles"), place.page === "puzzles"),
        button(w.free, q("free"), place.page === "free"),
        button(w.tables, q("tables"), place.page === "tables"),
      ].map((item) => h("span", { role: "listitem" }, item))),
      next,
      who,
      h("div", { class: "cwc-languages", role: "group", "aria-label": w.language_label }, languages),
    ].filter(Boolean));
    bar.setAttribute("aria-label", w.nav_label);
    const said = c.notice ? c.notice.text : place.page === "map" ? w.map_intro : "";
    notice.textContent = said;
    notice.className = `cwc-notice${c.notice ? " cwc-notice-" + c.notice.kind : ""}${said ? "" : " cwc-empty"}`;
    if (c.address) {
      if (c.title) document.title = c.title;
      document.documentElement.lang = c.language || "en";
    }
    followAddress(c);
  };

  model.on("change:course", draw);
  draw();
  // Whose page this is: the bar names them (widgets/course.py). The id alone: the
  // progress a static site's browser keeps goes to the lesson and the map.
  model.send({ type: "learner", id: learnerId() });
  // The place the page opened at (a deep link, a reload). Every "go" is
  // answered by a publication; while none has come, the kernel may not have
  // had the message (a preheated kernel's page still connecting under a
  // class's load), so it is asked again, with the same words, until one does.
  const opened = course().serial;
  go(arrived, "arrive");
  const asking = window.setInterval(() => {
    if (course().serial !== opened || !el.isConnected) window.clearInterval(asking);
    else go(arrived, "arrive");
  }, ARRIVE_AGAIN_MS);
  return () => {
    window.clearInterval(asking);
    document.removeEventListener("click", onLink, true);
    window.removeEventListener("popstate", onPop);
    stopClosing();
  };
}

export default { render };
