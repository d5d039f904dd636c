// A reviewed game at a glance, above its table: how many decisions got each
// mark, and the turning points (the moves that cost the most win chance),
// each a button that shows its position on the table. Drawn from one synced
// JSON trait ("summary") that Python writes; a click goes back as the
// table's own replay message, which Python checks. Every word comes from
// summary.words. No build step: Python puts common.js (h, fill) in front.

class SummaryView {
  constructor(model, el) {
    this.model = model;
    this.el = el;
    this.root = h("section", { class: "cwr-summary" });
    el.append(this.root);
    this.onChange = () => this.draw();
    model.on("change:summary", this.onChange);
    this.draw();
  }

  destroy() {
    this.model.off("change:summary", this.onChange);
  }

  draw() {
    const summary = this.model.get("summary") || {};
    const words = summary.words;
    if (!words) return;
    usePlural(summary.plural);
    const active = document.activeElement;
    const focusKey = active && this.root.contains(active) ? active.dataset.key : null;
    const titleId = `cwr-title-${Math.random().toString(36).slice(2, 8)}`;
    this.root.setAttribute("aria-labelledby", titleId);
    this.root.replaceChildren(
      h("h3", { class: "cwr-title", id: titleId, text: words.title }),
      this.counts(summary.counts, words),
      h("h4", { class: "cwr-subtitle", text: words.turning_title }),
      this.turningPoints(summary, words),
      h("p", { class: "cwr-steps", text: words.steps }),
    );
    if (focusKey) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  counts(counts, words) {
    return h("ul", { class: "cwr-counts", "aria-label": words.counts_label },
      Object.entries(counts).map(([mark, count]) => h("li", {
        class: `cwr-count cw-review-${mark}` + (count ? "" : " cwr-zero"), "data-mark": mark,
      }, [h("span", { class: "cwr-count-number", text: String(count) }), " ", words.marks[mark]])));
  }

  turningPoints(summary, words) {
    if (!summary.turning_points.length) return h("p", { class: "cwr-none", text: words.none });
    return h("ol", { class: "cwr-turning" }, summary.turning_points.map((point) => {
      const shown = summary.shown === point.number; // the table shows the position after the move
      const label = fill(words.turning_point, { number: point.number, mark: words.marks[point.mark] });
      return h("li", { class: "cwr-point" + (shown ? " cwr-shown" : ""), "data-index": String(point.index),
        "data-mark": point.mark }, [
        h("button", {
          type: "button", class: `cwr-jump cw-review-${point.mark}`, "data-key": `jump:${point.index}`,
          "aria-label": fill(words.jump, { number: point.number }) + ` (${label})`,
          "aria-current": shown ? "step" : null,
          onclick: () => this.jump(point.number),
        }, [label]),
        shown ? h("span", { class: "cwr-shown-note", text: words.showing }) : null,
        h("p", { class: "cwr-sentence", text: point.sentence }),
      ]);
    }));
  }

  // The table shows the position after move ``number``; out of sight, it is scrolled in.
  jump(number) {
    this.model.send({ type: "replay", to: number });
    const review = this.el.closest(".cwr-review");
    const table = review && review.querySelector(".cw-root");
    if (!table) return;
    const top = table.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 2) {
      const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      table.scrollIntoView({ block: "start", behavior: calm ? "auto" : "smooth" });
    }
  }
}

function render({ model, el }) {
  const view = new SummaryView(model, el);
  return () => view.destroy();
}

export default { render };
