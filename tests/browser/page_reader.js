// The robot learner's eyes (tests/browser/robot.py): read a page as a newcomer sees it, before
// any click. Returns facts only; what counts as an answer is decided in answers_in_view.py,
// which also gives the CSS selectors this reader reports (args.selectors).
//
// args: {mode: "lab" | "voila", path, selectors: {name: css}, form: {scope, skip, pressed}, cut: css}
// In "lab" mode every cell of the notebook on screen is read (the robot's Lab attaches every
// cell: windowingMode "none"); in "voila" mode every output of the app is one block.
(args) => {
  const marks = (window.__robotMarks = window.__robotMarks || { next: 0 });
  const mark = (el) => {
    if (!el.dataset.robot) el.dataset.robot = String(++marks.next);
    return el.dataset.robot;
  };
  const shown = (el) => {
    if (!el || !el.isConnected) return false;
    if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  // The cell an element sits in (its index in the notebook), or null outside a notebook.
  const labPanel = () => {
    const app = window.jupyterapp;
    return [...app.shell.widgets("main")].find((w) => w.context && w.context.path === args.path) || app.shell.currentWidget;
  };
  const cellNodes = args.mode === "lab" ? labPanel().content.widgets.map((w) => w.node) : [];
  const cellOf = (el) => {
    const at = cellNodes.findIndex((n) => n.contains(el));
    return at < 0 ? null : at;
  };
  const clip = (text, n = 160) => {
    const one = (text || "").replace(/\s+/g, " ").trim();
    return one.length > n ? one.slice(0, n - 1) + "…" : one;
  };
  // Only text a reader can see: hidden parts (closed <details>, collapsed outputs) are skipped.
  const visibleText = (root) => (shown(root) ? root.innerText || "" : "");

  // --- what the selectors of answers_in_view find, in one block --------------------------------
  function domFacts(root) {
    const facts = [];
    for (const [name, css] of Object.entries(args.selectors)) {
      for (const el of root.querySelectorAll(css)) {
        if (!shown(el)) continue;
        facts.push({ name, text: clip(el.innerText || el.getAttribute("aria-label") || ""), mark: mark(el) });
      }
    }
    return facts;
  }

  // Fields of an exercise form that hold something a fresh form does not.
  function filledFields(root) {
    const found = [];
    for (const scope of root.querySelectorAll(args.form.scope)) {
      for (const el of scope.querySelectorAll("input, textarea, select")) {
        if (!shown(el) || el.closest(args.form.skip)) continue;
        const label = clip(
          (el.closest(".widget-inline-hbox, .widget-box, label") || el).innerText || el.name || el.type,
          40
        );
        let value = null;
        if (el.type === "checkbox" || el.type === "radio") value = el.checked ? "ticked" : null;
        else if (el.tagName === "SELECT") value = el.selectedIndex > 0 ? el.options[el.selectedIndex].text : null;
        else if (el.type === "number") value = el.value !== "" && Number(el.value) !== 0 ? el.value : null;
        else value = el.value.trim() ? el.value : null;
        if (value !== null) found.push({ field: label, value: clip(value, 60), mark: mark(el) });
      }
      for (const el of scope.querySelectorAll(args.form.pressed)) {
        if (shown(el)) found.push({ field: "card", value: clip(el.innerText || el.dataset.card || "", 20), mark: mark(el) });
      }
    }
    return found;
  }

  // Every card face drawn, and where: a seat's place, the trick, the learner's hand.
  function drawnCards(root) {
    const cards = [];
    for (const el of root.querySelectorAll("[data-card]")) {
      if (!shown(el)) continue;
      const seat = el.closest("[data-seat]");
      const place = el.closest(".bourre-hand") ? "hand" : el.closest(".bourre-trick") ? "trick" : "";
      cards.push({ card: el.dataset.card, seat: seat ? seat.dataset.seat : "", place });
    }
    return cards;
  }

  // Every scene drawn, by its id, with the words of its header (the lesson's header above the
  // table, or the heading the projector's table draws beside it).
  function sceneHeaders(root) {
    const found = [];
    for (const el of root.querySelectorAll(".bourre-scene")) {
      if (!shown(el)) continue;
      const classes = [...el.classList];
      const id = (classes.find((c) => c.startsWith("bourre-scene-")) || "").slice("bourre-scene-".length);
      const kind = (classes.find((c) => c.startsWith("bourre-kind-")) || "").slice("bourre-kind-".length);
      const parts = [...el.querySelectorAll(":scope > .bourre-header, .bourre-heading")];
      found.push({ id, kind, header: parts.map((p) => visibleText(p)).join("\n"), mark: mark(el) });
    }
    return found;
  }

  function block(el, kind, extra) {
    return {
      kind,
      mark: mark(el),
      text: visibleText(el),
      facts: kind === "widget" ? domFacts(el) : [],
      filled: kind === "widget" ? filledFields(el) : [],
      cards: kind === "widget" ? drawnCards(el) : [],
      scenes: kind === "widget" ? sceneHeaders(el) : [],
      ...extra,
    };
  }

  function outputBlocks(area) {
    const blocks = [];
    for (const out of area.querySelectorAll(".jp-OutputArea-output")) {
      if (out.parentElement.closest(".jp-OutputArea-output")) continue; // inside a widget's Output
      const widget = out.querySelector(".jupyter-widgets, .widget-box, .widget-output, .bourre-table");
      blocks.push(block(out, widget ? "widget" : "output", { mime: out.dataset.mimeType || "" }));
    }
    return blocks;
  }

  // --- layout: a widget wider than the panel, text cut off -------------------------------------
  function overflows(container, right) {
    const found = [];
    const seen = new Set();
    const widgets = container.querySelectorAll(
      ".jp-OutputArea-output .jupyter-widgets, .jp-OutputArea-output .widget-box, .jp-OutputArea-output [class*='bourre-']"
    );
    for (const el of widgets) {
      if (!shown(el) || [...seen].some((s) => s.contains(el))) continue;
      const box = el.getBoundingClientRect();
      const scroller = el.scrollWidth - el.clientWidth;
      const style = getComputedStyle(el);
      const clipped = scroller > 1 && style.overflowX !== "visible";
      if (box.right > right + 1 || clipped) {
        seen.add(el);
        found.push({
          what: clip(el.className.baseVal !== undefined ? el.className.baseVal : el.className, 80),
          by: Math.round(Math.max(box.right - right, clipped ? scroller : 0)),
          inside: clipped && box.right <= right + 1,
          text: clip(el.innerText || "", 60),
          mark: mark(el),
          cell: cellOf(el),
        });
      }
    }
    return found;
  }

  function cutTexts(container) {
    const found = [];
    for (const el of container.querySelectorAll(args.cut)) {
      if (!shown(el) || el.closest(".bourre-card")) continue;
      const text = (el.innerText || "").trim();
      if (!text) continue;
      const wide = el.scrollWidth - el.clientWidth;
      const tall = el.scrollHeight - el.clientHeight;
      if (wide > 1 || tall > 2) {
        found.push({ text: clip(text, 60), wide, tall, tag: el.tagName.toLowerCase(), mark: mark(el), cell: cellOf(el) });
      }
    }
    return found;
  }

  // --- glyphs drawn as boxes ---------------------------------------------------------------------
  // A character no installed font has is drawn as the font's missing-glyph box. Each distinct
  // character beyond Latin is drawn on a canvas in the font its element uses and compared,
  // pixel for pixel, with a private-use codepoint drawn the same way (no font has a glyph there).
  const glyphCache = (window.__robotGlyphs = window.__robotGlyphs || new Map());
  const canvas = document.createElement("canvas");
  canvas.width = 96;
  canvas.height = 96;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  function ink(text, font) {
    ctx.clearRect(0, 0, 96, 96);
    ctx.font = font;
    ctx.textBaseline = "middle";
    ctx.fillStyle = "#000";
    ctx.fillText(text, 8, 48);
    return { pixels: ctx.getImageData(0, 0, 96, 96).data, width: ctx.measureText(text).width };
  }
  function same(a, b) {
    if (Math.abs(a.width - b.width) > 0.01) return false;
    for (let i = 3; i < a.pixels.length; i += 4) if (a.pixels[i] !== b.pixels[i]) return false;
    return true;
  }
  const MISSING = ["\uE000", "\u{10FFFD}"];
  function isBox(ch, font) {
    const key = ch + "\u0000" + font;
    if (!glyphCache.has(key)) {
      const drawn = ink(ch, font);
      glyphCache.set(key, MISSING.some((m) => same(drawn, ink(m, font))));
    }
    return glyphCache.get(key);
  }
  const LATIN = /^[\u0000-\u024F\s\u00A0\u200B-\u200F\u2028\u2029\uFEFF]$/u;
  function glyphs(container) {
    const chars = new Map(); // char -> {fonts:Set, samples, mark}
    const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue;
      if (!text || !text.trim()) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, .CodeMirror-measure, .cm-widgetBuffer")) continue;
      let foreign = false;
      for (const ch of text) if (!LATIN.test(ch)) { foreign = true; break; }
      if (!foreign || !shown(parent)) continue;
      const style = getComputedStyle(parent);
      const family = parent.closest("svg") ? parent.getAttribute("font-family") || parent.closest("[font-family]")?.getAttribute("font-family") || style.fontFamily : style.fontFamily;
      const font = `${style.fontStyle} ${style.fontWeight} 48px ${family}`;
      for (const ch of text) {
        if (LATIN.test(ch)) continue;
        const entry = chars.get(ch) || { fonts: new Set(), sample: "", mark: "" };
        if (!entry.sample) {
          const at = text.indexOf(ch);
          entry.sample = clip(text.slice(Math.max(0, at - 20), at + 20), 50);
          entry.mark = mark(parent);
          entry.cell = cellOf(parent);
        }
        entry.fonts.add(font);
        chars.set(ch, entry);
      }
    }
    const result = { checked: chars.size, boxes: [] };
    for (const [ch, entry] of chars) {
      const boxed = [...entry.fonts].filter((f) => isBox(ch, f));
      if (boxed.length) {
        result.boxes.push({
          char: ch,
          code: "U+" + ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0"),
          font: boxed[0].replace(/^.*?48px /, ""),
          sample: entry.sample,
          mark: entry.mark,
          cell: entry.cell,
        });
      }
    }
    return result;
  }

  // --- the page -------------------------------------------------------------------------------
  if (args.mode === "lab") {
    const panel = labPanel();
    const scroller = panel.node.querySelector(".jp-WindowedPanel-outer") || panel.content.node;
    const right = scroller.getBoundingClientRect().left + scroller.clientWidth;
    const cells = panel.content.widgets.map((cell, index) => {
      const type = cell.model.type;
      const record = {
        index,
        type,
        tags: cell.model.getMetadata("tags") || [],
        question: cell.model.getMetadata("question") ?? null,
        source: cell.model.sharedModel.getSource(),
        inputHidden: !!cell.inputHidden,
        outputsHidden: type === "code" ? !!cell.outputHidden : false,
        count: type === "code" ? cell.model.executionCount : null,
        outputs: type === "code" ? cell.model.outputs.toJSON() : [],
        headings: [...cell.node.querySelectorAll(".jp-RenderedMarkdown h1, .jp-RenderedMarkdown h2, .jp-RenderedMarkdown h3, .jp-RenderedMarkdown h4")]
          .map((h) => ({ level: Number(h.tagName[1]), text: (h.textContent || "").replace(/¶$/, "").trim() })),
        blocks: [],
      };
      if (type === "markdown") {
        const md = cell.node.querySelector(".jp-RenderedMarkdown");
        if (md) record.blocks.push(block(md, "markdown"));
      } else if (type === "code") {
        const input = cell.node.querySelector(".jp-InputArea-editor");
        if (input && shown(input)) record.blocks.push(block(input, "code"));
        const area = cell.node.querySelector(".jp-OutputArea");
        if (area && shown(area)) record.blocks.push(...outputBlocks(area));
      }
      return record;
    });
    const closed = [...scroller.querySelectorAll("details:not([open])")].filter((d) => shown(d)).length;
    return {
      cells,
      folded: closed + cells.filter((c) => c.outputsHidden).length,
      widgets: document.querySelectorAll(".jp-OutputArea-output .jupyter-widgets").length,
      overflow: overflows(scroller, right),
      cut: cutTexts(scroller),
      glyphs: glyphs(scroller),
      panelWidth: Math.round(scroller.clientWidth),
    };
  }
  const body = document.body;
  const outs = [...document.querySelectorAll(".jp-OutputArea-output")].filter(
    (o) => !o.parentElement.closest(".jp-OutputArea-output")
  );
  const blocks = outs.length ? outs.map((o) => block(o, o.querySelector(".jupyter-widgets, .widget-box") ? "widget" : "output", {})) : [block(body, "widget", {})];
  return {
    folded: [...body.querySelectorAll("details:not([open])")].filter((d) => shown(d)).length,
    cells: [{ index: 0, type: "app", tags: [], source: "", inputHidden: true, outputsHidden: false, count: null, outputs: [], headings: [], blocks }],
    widgets: document.querySelectorAll(".jupyter-widgets").length,
    overflow: overflows(body, document.documentElement.clientWidth),
    cut: cutTexts(body),
    glyphs: glyphs(body),
    panelWidth: document.documentElement.clientWidth,
  };
}
