// The card table of bourre-lessons: draws what Python put in the traits, sends back clicks.
// No rules here: which cards are legal, who wins, what a click means is decided in Python.

const SVG = "http://www.w3.org/2000/svg";
const SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const TWO = { S: "#111111", C: "#111111", H: "#c8102e", D: "#c8102e" };
const FOUR = { S: "#111111", H: "#c8102e", D: "#1f5fbf", C: "#1d7a2e" };
const FONT = "DejaVu Sans, Arial, sans-serif";
const TRAITS = ["seats", "hand", "trick", "past", "trump", "pot", "status", "feedback", "compare", "review", "size", "four_colour", "interactive", "shake", "source_open"];

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// A card face: corner rank and suit (twice), a large suit in the middle. Code "HT" -> 10, H.
function face(code, fourColour) {
  const suit = code[0];
  const rank = code.slice(1) === "T" ? "10" : code.slice(1);
  const ink = (fourColour ? FOUR : TWO)[suit] || "#111111";
  const box = svg("svg", { viewBox: "0 0 60 84", class: "bourre-face", "aria-hidden": "true" });
  box.appendChild(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "bourre-paper" }));
  const corner = (turn) => {
    const g = svg("g", { transform: `rotate(${turn} 30 42)`, fill: ink, "font-family": FONT });
    const wide = rank.length > 1; // "10" fits the same corner as one letter
    g.appendChild(svg("text", { x: wide ? 11 : 10, y: 16, "font-size": wide ? 12 : 15, "font-weight": "bold", "text-anchor": "middle", "letter-spacing": wide ? -1 : 0 }, rank));
    g.appendChild(svg("text", { x: 10, y: 30, "font-size": 13, "text-anchor": "middle" }, SYMBOL[suit]));
    return g;
  };
  box.appendChild(corner(0));
  box.appendChild(corner(180));
  box.appendChild(svg("text", { x: 30, y: 54, "font-size": 30, "text-anchor": "middle", fill: ink, "font-family": FONT }, SYMBOL[suit]));
  return box;
}

// The back of a card: a blue lattice, for the cards the other seats hold (only their number).
function back() {
  const box = svg("svg", { viewBox: "0 0 60 84", class: "bourre-face", "aria-hidden": "true" });
  box.appendChild(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "bourre-cardback-paper" }));
  box.appendChild(svg("rect", { x: 7, y: 7, width: 46, height: 70, rx: 3, class: "bourre-cardback-inner" }));
  return box;
}

function cardNode(entry, fourColour, tag, extraClass) {
  const node = el(tag, `bourre-card bourre-card-${entry.card} ${extraClass || ""}`.trim());
  node.dataset.card = entry.card;
  node.setAttribute("aria-label", entry.label || entry.text || entry.card);
  if (tag !== "button") node.setAttribute("role", "img");
  node.appendChild(face(entry.card, fourColour));
  return node;
}

// Seats sit on the rim of the oval: you at the bottom, the others clockwise from your left.
function seatPlaces(seats) {
  const n = seats.length;
  const you = Math.max(0, seats.findIndex((s) => s.you));
  return seats.map((_, i) => {
    const k = (i - you + n) % n;
    const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    return { x: 50 + 45 * cos, y: 50 + 51 * sin, cos, sin };
  });
}

function given(value) {
  return value !== null && value !== undefined;
}

function seatFacts(seat) {
  const facts = [];
  if (seat.dealer) facts.push("dealer");
  if (given(seat.chips)) facts.push(`${seat.chips} chips`);
  if (seat.status && seat.status !== "empty") facts.push(seat.status);
  if (given(seat.tricks)) facts.push(`${seat.tricks} won`);
  if (seat.turn) facts.push("to play");
  return facts;
}

function drawSeat(seat, place, turned, fourColour) {
  const node = el("div", "bourre-seat");
  node.style.left = `${place.x}%`;
  node.style.top = `${place.y}%`;
  node.setAttribute("role", "group");
  node.setAttribute("aria-label", seat.label);
  node.dataset.seat = seat.seat;
  if (seat.turn) node.classList.add("bourre-turn");
  if (seat.you) node.classList.add("bourre-you");
  if (seat.status) node.classList.add(`bourre-status-${seat.status.replace(/[^a-z]/g, "")}`);
  const words = el("div", "bourre-seat-words");
  const plain = seat.you ? seat.name === "you" : seat.name === `player ${seat.seat}`;
  const title = seat.you ? "You" : seat.seat;
  words.appendChild(el("div", "bourre-seat-name", plain ? title : `${title} \u00b7 ${seat.name}`));
  const facts = seat.status === "empty" ? ["empty seat"] : seatFacts(seat);
  if (facts.length) words.appendChild(el("div", "bourre-seat-facts", facts.join(" \u00b7 ")));
  node.appendChild(words);
  if (!seat.you && given(seat.cards) && seat.cards > 0) {
    const backs = el("div", "bourre-cardbacks");
    backs.setAttribute("aria-hidden", "true");
    for (let i = 0; i < Math.min(seat.cards, 5); i++) {
      const one = el("div", "bourre-cardback");
      one.appendChild(back());
      backs.appendChild(one);
    }
    node.appendChild(backs);
  }
  if (turned) node.appendChild(turned);
  return node;
}

// A card of the trick lies in the middle, towards the seat that played it: on a small ellipse
// about two card widths across and one card height up or down, so the cards of a trick hide
// none of each other's corners.
// Under prefers-reduced-motion a card is drawn in its place at once: no slide, no fade.
function stillness() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

function trickPlace(place) {
  const dx = (place.cos || 0) * 1.9;
  const dy = (place.sin || 0) * 0.56;
  return {
    x: `calc(50% + ${dx.toFixed(3)} * var(--bourre-card-w))`,
    y: `calc(50% + ${dy.toFixed(3)} * var(--bourre-card-h))`,
  };
}

// The trick in the middle, each card in front of its seat. A card that just arrived starts at
// its seat and slides to its place (a CSS transition, off under prefers-reduced-motion).
function drawTrick(trick, bySeat, fourColour, seen) {
  const middle = el("div", "bourre-trick");
  middle.setAttribute("role", "group");
  middle.setAttribute("aria-label", trick.length ? "the trick being played" : "the trick: no cards yet");
  trick.forEach((entry, order) => {
    const seatPlace = bySeat[entry.seat] || { x: 50, y: 50 };
    const place = trickPlace(seatPlace);
    const cls = [entry.led ? "bourre-led" : "", entry.winning ? "bourre-winning" : ""].join(" ");
    const card = cardNode(entry, fourColour, "div", cls);
    card.style.zIndex = `${order + 1}`; // a later card lies on top
    const key = `${entry.seat}:${entry.card}`;
    const arriving = !seen.has(key) && !stillness();
    card.style.left = arriving ? `${seatPlace.x}%` : place.x;
    card.style.top = arriving ? `${seatPlace.y}%` : place.y;
    if (arriving) {
      card.classList.add("bourre-arrive");
      requestAnimationFrame(() => requestAnimationFrame(() => {
        card.style.left = place.x;
        card.style.top = place.y;
        card.classList.remove("bourre-arrive");
      }));
    }
    if (entry.led) card.appendChild(el("span", "bourre-led-mark", "led"));
    middle.appendChild(card);
  });
  seen.clear();
  for (const entry of trick) seen.add(`${entry.seat}:${entry.card}`);
  return middle;
}

function drawPot(pot) {
  const node = el("div", "bourre-pot");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", `pot: ${pot} chips`);
  node.appendChild(el("span", "bourre-pot-title", "Pot"));
  const chips = el("span", "bourre-chips");
  chips.setAttribute("aria-hidden", "true");
  const shown = pot <= 0 ? 0 : Math.min(6, Math.ceil(pot / 4));
  for (let i = 0; i < shown; i++) chips.appendChild(el("span", "bourre-chip"));
  node.appendChild(chips);
  node.appendChild(el("span", "bourre-pot-number", `${pot}`));
  return node;
}

function drawTrumpSuit(trump, withCard) {
  const node = el("div", withCard ? "bourre-trump-note" : "bourre-trump");
  node.setAttribute("aria-label", withCard ? `trump: ${trump.text}` : trump.label || "trump");
  node.appendChild(el("span", "bourre-trump-title", "Trump"));
  const symbol = el("span", `bourre-trump-suit bourre-suit-${trump.suit}`, SYMBOL[trump.suit] || "");
  symbol.setAttribute("aria-hidden", "true");
  node.appendChild(symbol);
  if (trump.plural) node.appendChild(el("span", "bourre-trump-word", trump.plural));
  return node;
}

function turnedCard(trump, fourColour) {
  const node = el("div", "bourre-trump bourre-turned");
  node.setAttribute("aria-label", trump.label || "turned card");
  node.appendChild(cardNode(trump, fourColour, "div", "bourre-small"));
  return node;
}

function drawPast(past, fourColour) {
  const row = el("div", "bourre-past");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", "earlier tricks, face up");
  row.appendChild(el("div", "bourre-past-heading", "Earlier tricks"));
  for (const trick of past) {
    const stack = el("div", "bourre-past-trick");
    stack.setAttribute("role", "group");
    stack.setAttribute("aria-label", trick.label);
    const cards = el("div", "bourre-past-cards");
    for (const c of trick.cards) cards.appendChild(cardNode(c, fourColour, "div", "bourre-tiny"));
    stack.appendChild(cards);
    const title = trick.winner ? `${trick.number} \u00b7 ${trick.winner} won` : `${trick.number}`;
    stack.appendChild(el("div", "bourre-past-title", title));
    row.appendChild(stack);
  }
  return row;
}

function drawHand(model, fourColour, focusCode, state) {
  const row = el("div", "bourre-hand");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", "your hand");
  const shake = model.get("shake") || {};
  for (const entry of model.get("hand")) {
    const button = cardNode(entry, fourColour, "button", entry.lifted ? "bourre-legal" : "");
    button.type = "button";
    button.disabled = !model.get("interactive") || entry.enabled === false;
    button.addEventListener("click", () => {
      state.clicked = entry.card;
      model.send({ type: "play", card: entry.card });
    });
    row.appendChild(button);
    if (entry.card === focusCode) setTimeout(() => button.focus(), 0);
    if (shake.card === entry.card && shake.n !== state.shaken) button.classList.add("bourre-shake");
  }
  state.shaken = shake.n;
  row.addEventListener("keydown", (event) => {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (!step) return;
    const buttons = [...row.querySelectorAll("button:not([disabled])")];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    buttons[(at + step + buttons.length) % buttons.length].focus();
    event.preventDefault();
  });
  if (!model.get("hand").length) row.appendChild(el("div", "bourre-empty-hand", "no cards"));
  return row;
}

// --- rule chip: click a citation, see the source (bourre_lessons/widgets/source_chip.py) ----
// The chip is a button; it opens a popover with the source's own words (feedback.source, sent
// from Python out of the register): the quotation in its language, our translation, the example
// status and the engine's readings. Whether it is open is the trait source_open, so Python's
// to_text() can show it too. Enter or Space toggles it, Escape closes it.
let chipFocus = false;

function ruleChip(feedback, model) {
  const source = feedback.source || {};
  const label = feedback.cite || feedback.rule;
  if (!source.id) return { button: el("span", "bourre-rule", label), popover: null };
  const open = Boolean(model.get("source_open"));
  const id = `bourre-source-${source.id}`;
  const button = el("button", "bourre-rule bourre-rule-chip", label);
  button.type = "button";
  button.dataset.rule = source.id;
  button.setAttribute("aria-expanded", String(open));
  button.setAttribute("aria-controls", id);
  button.title = "Show the source's own words";
  const toggle = (value) => {
    chipFocus = true;
    model.set("source_open", value);
    model.save_changes();
  };
  button.addEventListener("click", () => toggle(!open));
  const popover = sourcePopover(source, id, open);
  const escape = (event) => {
    if (event.key === "Escape" && open) {
      toggle(false);
      event.preventDefault();
    }
  };
  button.addEventListener("keydown", escape);
  popover.addEventListener("keydown", escape);
  return { button, popover };
}

function sourcePopover(source, id, open) {
  const box = el("div", "bourre-source-popover");
  box.id = id;
  box.hidden = !open;
  box.setAttribute("role", "note");
  box.setAttribute("aria-label", `${source.cite}: the source's own words`);
  if (source.quote) {
    box.appendChild(el("span", "bourre-source-cite", `${source.cite} (${source.language}, the source's own words):`));
    const quote = el("div", "bourre-source-quote", source.quote);
    quote.lang = source.lang;
    box.appendChild(quote);
    box.appendChild(el("div", "bourre-source-translation", `Our translation: ${source.translation}`));
  } else {
    box.appendChild(el("span", "bourre-source-cite", source.cite));
    box.appendChild(el("div", "bourre-source-translation", source.translation));
  }
  if (source.example) box.appendChild(el("div", "bourre-source-example", `Example: ${source.example}.`));
  for (const reading of source.readings || []) {
    box.appendChild(el("div", "bourre-source-reading", `Engine's reading: ${reading.text}.`));
  }
  return box;
}

function refocusChip(root) {
  if (!chipFocus) return;
  chipFocus = false;
  const chip = root.querySelector("button.bourre-rule-chip");
  if (chip) chip.focus();
}
// --- end of the rule chip ---------------------------------------------------------------------

function drawFeedback(feedback, model) {
  const node = el("div", "bourre-feedback");
  node.dataset.verdict = feedback.verdict || "";
  node.setAttribute("role", "status");
  node.setAttribute("aria-live", "polite");
  if (feedback.head) {
    // spaces between the parts, so the text (and a screen reader) reads "✘ 4♠ is ... glimne-5"
    const head = el("div", "bourre-feedback-head");
    if (feedback.mark) head.append(el("span", "bourre-mark", feedback.mark), " ");
    head.appendChild(el("span", "bourre-reason", given(feedback.reason) ? feedback.reason : feedback.head));
    const chip = feedback.rule ? ruleChip(feedback, model) : null;
    if (chip) head.append(" ", chip.button);
    node.appendChild(head);
    if (chip && chip.popover) node.appendChild(chip.popover);
  }
  if (feedback.summary) node.appendChild(el("div", "bourre-feedback-summary", feedback.summary));
  for (const line of feedback.lines || []) {
    const mark = line[0] === "\u2714" ? " bourre-line-legal" : line[0] === "\u2718" ? " bourre-line-illegal" : "";
    node.appendChild(el("div", `bourre-feedback-line${mark}`, line));
  }
  return node;
}

// The rulebooks side by side: each one's legal cards here, and its verdict on the card tried.
function drawCompare(rows, fourColour) {
  const node = el("div", "bourre-compare");
  node.setAttribute("role", "group");
  node.setAttribute("aria-label", "the rulebooks side by side");
  node.appendChild(el("div", "bourre-compare-title", "The rulebooks disagree on this position. Legal cards under each:"));
  const line = el("div", "bourre-compare-rows");
  for (const row of rows) {
    const cell = el("div", `bourre-compare-row${row.current ? " bourre-current" : ""}`);
    cell.dataset.rulebook = row.rulebook;
    cell.dataset.verdict = row.verdict || "";
    cell.setAttribute("aria-label", row.label);
    if (row.colour) cell.style.borderLeftColor = row.colour;
    cell.appendChild(el("div", "bourre-compare-name", row.current ? `${row.rulebook} (in force)` : row.rulebook));
    const cards = el("div", "bourre-compare-cards");
    for (const code of row.codes || []) {
      const mini = el("div", "bourre-mini-card bourre-tiny"); // not a bourre-card: no card to play
      mini.appendChild(face(code, fourColour));
      cards.appendChild(mini);
    }
    cards.appendChild(el("span", "bourre-compare-text", row.cards));
    cell.appendChild(cards);
    if (row.verdict) {
      const mark = row.verdict === "legal" ? "\u2714" : "\u2718";
      cell.appendChild(el("div", "bourre-compare-verdict", `${mark} ${row.tried} (${row.cite || row.rule})`));
    }
    line.appendChild(cell);
  }
  node.appendChild(line);
  return node;
}

// The coach's review of a finished hand: one row a decision, in order, mistakes marked.
function drawReview(review) {
  const node = el("div", "bourre-review");
  node.setAttribute("role", "region");
  node.setAttribute("aria-label", review.title);
  node.appendChild(el("div", "bourre-review-title", review.title));
  const list = el("ol", "bourre-review-rows");
  for (const row of review.rows || []) {
    const item = el("li", `bourre-review-row bourre-review-${row.verdict}`);
    item.dataset.verdict = row.verdict;
    item.setAttribute("aria-label", row.label);
    const head = el("div", "bourre-review-head");
    head.append(el("span", "bourre-review-mark", row.mark), " ", el("span", "bourre-review-when", row.when));
    item.appendChild(head);
    item.appendChild(el("div", "bourre-review-made", `you: ${row.made}`));
    if (row.best) item.appendChild(el("div", "bourre-review-best", `best: ${row.best}`));
    if (row.stake) item.appendChild(el("div", "bourre-review-stake", `at stake: ${row.stake}`));
    if (row.reason) item.appendChild(el("div", "bourre-review-reason", row.reason));
    if (row.deals) item.appendChild(el("div", "bourre-review-deals", `${row.deals.toLocaleString("en")} deals`));
    list.appendChild(item);
  }
  node.appendChild(list);
  node.appendChild(el("div", "bourre-review-summary", review.summary));
  return node;
}

// After a card you clicked has left your hand (it was played), the obvious next control is
// the scene's Next button, or in the classroom app Next scene at the end of a scene.
function moveFocusOn(root, model, state) {
  if (!state.clicked || model.get("hand").some((c) => c.card === state.clicked)) return;
  state.clicked = null;
  const scene = root.closest(".bourre-scene");
  const next = scene && scene.querySelector(".bourre-next button, button.bourre-next");
  const target = next && !next.disabled ? next : document.querySelector("button.bourre-next-scene");
  if (target && !target.disabled) setTimeout(() => target.focus(), 0);
}

// In the classroom app the arrow keys step: right is Next (or Next scene at the end), left Back.
function installArrowKeys() {
  if (window.__bourreArrowKeys) return;
  window.__bourreArrowKeys = true;
  document.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    if (!document.querySelector(".bourre-classroom-app")) return;
    const target = event.target;
    if (target.closest && (target.closest(".bourre-hand") || target.closest("input, select, textarea"))) return;
    const scene = document.querySelector(".bourre-classroom-app .bourre-scene");
    if (!scene) return;
    const pick = (css) => scene.querySelector(`${css} button, button${css}`);
    const forward = event.key === "ArrowRight";
    let button = pick(forward ? ".bourre-next" : ".bourre-back");
    if (!button || button.disabled) button = document.querySelector(forward ? "button.bourre-next-scene" : "button.bourre-previous-scene");
    if (button && !button.disabled) {
      button.click();
      event.preventDefault();
    }
  });
}

// The oval: seats on its rim, the trick in the middle, the trump and the pot in its corners.
function drawOval(model, four, seen) {
  const seats = model.get("seats");
  const places = seatPlaces(seats);
  const bySeat = Object.fromEntries(seats.map((s, i) => [s.seat, places[i]]));
  const trump = model.get("trump") || {};
  const besideDealer = trump.card && trump.beside && bySeat[trump.beside];
  const area = el("div", "bourre-area");
  const oval = el("div", "bourre-oval");
  seats.forEach((seat, i) => {
    const turned = besideDealer && seat.seat === trump.beside ? turnedCard(trump, four) : null;
    oval.appendChild(drawSeat(seat, places[i], turned, four));
  });
  oval.appendChild(drawTrick(model.get("trick"), bySeat, four, seen));
  area.appendChild(oval);
  if (trump.card && !besideDealer) area.appendChild(turnedCard(trump, four));
  if (trump.suit) area.appendChild(drawTrumpSuit(trump, Boolean(trump.card)));
  if (model.get("pot") >= 0) area.appendChild(drawPot(model.get("pot")));
  return area;
}

function render({ model, el: root }) {
  installArrowKeys();
  const seen = new Set();
  const state = { shaken: (model.get("shake") || {}).n, clicked: null };
  const draw = () => {
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    const four = model.get("four_colour");
    const felt = el("div", `bourre-felt bourre-size-${model.get("size")}`);
    felt.appendChild(drawOval(model, four, seen));
    if (model.get("past").length) felt.appendChild(drawPast(model.get("past"), four));
    if (model.get("status")) felt.appendChild(el("div", "bourre-status", model.get("status")));
    const play = el("div", "bourre-play-row");
    play.appendChild(drawHand(model, four, focused, state));
    play.appendChild(drawFeedback(model.get("feedback") || {}, model));
    felt.appendChild(play);
    if ((model.get("compare") || []).length) felt.appendChild(drawCompare(model.get("compare"), four));
    const review = model.get("review") || {};
    if (review.rows) felt.appendChild(drawReview(review));
    root.replaceChildren(felt);
    moveFocusOn(root, model, state);
    refocusChip(root);
  };
  // Python sets several traits at once (one message); draw once after all of them, so a card
  // that just arrived is drawn once, at its seat, and slides from there.
  let pending = false;
  const redraw = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      draw();
    });
  };
  for (const name of TRAITS) model.on(`change:${name}`, redraw);
  draw();
  return () => TRAITS.forEach((name) => model.off(`change:${name}`, redraw));
}

export default { render };
