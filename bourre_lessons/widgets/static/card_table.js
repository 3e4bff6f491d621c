// The card table of bourre-lessons: draws what Python put in the traits, sends back clicks.
// No rules here: which cards are legal, who wins, what a click means is decided in Python.

const SVG = "http://www.w3.org/2000/svg";
const SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const TWO = { S: "#111111", C: "#111111", H: "#c8102e", D: "#c8102e" };
const FOUR = { S: "#111111", H: "#c8102e", D: "#1f5fbf", C: "#1d7a2e" };
const FONT = "DejaVu Sans, Arial, sans-serif";
const TRAITS = ["seats", "hand", "trick", "past", "trump", "pot", "status", "feedback", "compare", "review", "size", "four_colour", "interactive", "shake", "heading", "source_open"];

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A div with an ARIA role and the words a screen reader says for it.
function labelled(cls, role, label) {
  const node = el("div", cls);
  node.setAttribute("role", role);
  node.setAttribute("aria-label", label);
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

function drawSeat(seat, place) {
  const node = labelled("bourre-seat", "group", seat.label);
  node.style.left = `${place.x}%`;
  node.style.top = `${place.y}%`;
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
  return node;
}

// Under prefers-reduced-motion a card is drawn in its place at once: no slide, no fade.
function stillness() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

// The trick in the middle, each card in front of the seat that played it (placed by
// layoutTrick once the oval has its size). A card that just arrived starts at its seat and
// slides to its place. The "led" and "won" tags are drawn over the cards, never under one.
function drawTrick(trick, bySeat, fourColour, seen, you) {
  const finished = trick.length > 0 && trick.every((entry) => entry.done);
  const middle = labelled("bourre-trick", "group", finished ? "the trick just finished" : trick.length ? "the trick being played" : "the trick: no cards yet");
  if (finished) middle.classList.add("bourre-trick-done");
  trick.forEach((entry, order) => {
    const seatPlace = bySeat[entry.seat] || { x: 50, y: 50 };
    const cls = [entry.led ? "bourre-led" : "", entry.winning ? "bourre-winning" : "", entry.won ? "bourre-won" : ""].join(" ");
    const card = cardNode(entry, fourColour, "div", cls);
    card.style.zIndex = `${order + 1}`; // a later card lies on top
    card.dataset.seat = entry.seat;
    const key = `${entry.seat}:${entry.card}`;
    card.dataset.arriving = !seen.has(key) && !stillness() ? "1" : "";
    card.style.left = `${seatPlace.x}%`;
    card.style.top = `${seatPlace.y}%`;
    if (card.dataset.arriving) card.classList.add("bourre-arrive");
    else card.style.visibility = "hidden"; // shown once layoutTrick has put it in its place
    middle.appendChild(card);
    if (entry.led) middle.appendChild(trickTag(entry, "led", "bourre-led-mark"));
    if (entry.won) middle.appendChild(trickTag(entry, entry.seat === you ? "You won" : `${entry.seat} won`, "bourre-won-mark"));
  });
  seen.clear();
  for (const entry of trick) seen.add(`${entry.seat}:${entry.card}`);
  return middle;
}

function trickTag(entry, text, cls) {
  const tag = el("span", `bourre-trick-tag ${cls}`, text);
  tag.dataset.card = entry.card;
  tag.setAttribute("aria-hidden", "true"); // the card's own label says "led" / "won the trick"
  tag.style.visibility = "hidden";
  return tag;
}

function boxOf(node, origin) {
  const r = node.getBoundingClientRect();
  return { left: r.left - origin.left, top: r.top - origin.top, right: r.right - origin.left, bottom: r.bottom - origin.top };
}

function overlaps(a, b, gap) {
  return a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap;
}

// Where each card of the trick lies: on the line from the middle of the oval to its seat's
// label, the same fraction of the way for every card, as far out as the labels allow; drawn
// smaller when that is the only way (many seats, a small oval) for no card to cover a seat
// label or another card of the trick. Measured on the page, so it holds at any size.
function trickSpots(oval, cards) {
  const trick = oval.querySelector(":scope > .bourre-trick");
  const origin = trick.getBoundingClientRect(); // inside the rim
  if (origin.width < 10 || origin.height < 10 || !cards.length) return null;
  const middle = { x: origin.width / 2, y: origin.height / 2 };
  const labels = [...oval.querySelectorAll(":scope > .bourre-seat")].map((seat) => ({ seat: seat.dataset.seat, box: boxOf(seat, origin) }));
  const w = cards[0].offsetWidth;
  const h = cards[0].offsetHeight;
  const tagOf = (card, cls) => trick.querySelector(`:scope > .${cls}[data-card="${card.dataset.card}"]`);
  // room under a led card for its tag, above the winner's for "won"
  const room = cards.map((card) => {
    const led = tagOf(card, "bourre-led-mark");
    const won = tagOf(card, "bourre-won-mark");
    return {
      below: led ? led.offsetHeight + 2 : 0,
      above: won ? won.offsetHeight + 2 : 0,
      wide: Math.max(led ? led.offsetWidth : 0, won ? won.offsetWidth : 0),
    };
  });
  const aims = cards.map((card) => {
    const label = labels.find((l) => l.seat === card.dataset.seat);
    if (!label) return { x: 0, y: 0 };
    return { x: (label.box.left + label.box.right) / 2 - middle.x, y: (label.box.top + label.box.bottom) / 2 - middle.y };
  });
  const spots = (scale, fx, fy) => aims.map((aim, i) => {
    const x = middle.x + fx * aim.x;
    const y = middle.y + fy * aim.y;
    const card = { left: x - (w * scale) / 2, right: x + (w * scale) / 2, top: y - (h * scale) / 2, bottom: y + (h * scale) / 2 };
    const half = Math.max((w * scale) / 2, room[i].wide / 2);
    const box = { left: x - half, right: x + half, top: card.top - room[i].above, bottom: card.bottom + room[i].below };
    return { x, y, card, box };
  });
  const fits = (placed) => placed.every((p, i) =>
    p.box.left >= 0 && p.box.top >= 0 && p.box.right <= origin.width && p.box.bottom <= origin.height &&
    labels.every((l) => !overlaps(p.box, l.box, 3)) &&
    placed.every((q, j) => j <= i || !overlaps(p.box, q.box, 2)));
  const steps = [];
  for (let f = 0.1; f < 0.96; f += 0.05) steps.push(f);
  for (const scale of [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.42, 0.35]) {
    const good = [];
    for (const fx of steps) for (const fy of steps) if (fits(spots(scale, fx, fy))) good.push([fx, fy]);
    if (!good.length) continue;
    // the widest spread that still has a step of room on every side (cards towards their seats)
    const near = (a, b) => Math.abs(a - b) < 0.051;
    const roomy = good.filter(([fx, fy]) => [[-1, 0], [1, 0], [0, -1], [0, 1]].every(([dx, dy]) =>
      good.some(([gx, gy]) => near(gx, fx + dx * 0.05) && near(gy, fy + dy * 0.05))));
    const best = (roomy.length ? roomy : good).reduce((a, g) => (g[0] + g[1] > a[0] + a[1] ? g : a));
    return { scale, placed: spots(scale, best[0], best[1]) };
  }
  return { scale: 0.35, placed: spots(0.35, 0.45, 0.45) };
}

// Put the trick's cards and tags in their places (again whenever the oval changes size).
// A seat label on the rim is centred on its place; a wide one (a name, the dealer, five card
// backs) near the left or right end of the oval is pushed back inside the table's box, so
// the output area never cuts it off.
function keepSeatsInside(oval) {
  const felt = oval.closest(".bourre-felt");
  if (!felt) return;
  const bound = felt.getBoundingClientRect();
  if (!bound.width) return;
  for (const seat of oval.querySelectorAll(":scope > .bourre-seat")) {
    seat.style.marginLeft = "";
    const r = seat.getBoundingClientRect();
    if (r.left < bound.left) seat.style.marginLeft = `${Math.ceil(bound.left - r.left)}px`;
    else if (r.right > bound.right) seat.style.marginLeft = `${-Math.ceil(r.right - bound.right)}px`;
  }
}

function layoutTrick(oval) {
  keepSeatsInside(oval);
  const trick = oval.querySelector(":scope > .bourre-trick");
  const cards = trick ? [...trick.querySelectorAll(":scope > .bourre-card")] : [];
  const found = trickSpots(oval, cards);
  if (!found) return;
  cards.forEach((card, i) => {
    const spot = found.placed[i];
    const put = () => {
      card.style.left = `${spot.x}px`;
      card.style.top = `${spot.y}px`;
      card.style.transform = `translate(-50%, -50%) scale(${found.scale})`;
      card.classList.remove("bourre-arrive");
      card.style.visibility = "";
    };
    if (card.dataset.arriving) {
      card.dataset.arriving = "";
      card.style.transform = `translate(-50%, -50%) scale(${found.scale})`;
      requestAnimationFrame(() => requestAnimationFrame(put));
    } else {
      put();
    }
    for (const tag of trick.querySelectorAll(`:scope > .bourre-trick-tag[data-card="${card.dataset.card}"]`)) {
      const won = tag.classList.contains("bourre-won-mark");
      tag.style.left = `${spot.x}px`;
      tag.style.top = won ? `${spot.card.top - 2}px` : `${spot.card.bottom + 2}px`;
      tag.style.transform = won ? "translate(-50%, -100%)" : "translate(-50%, 0)";
      tag.style.visibility = "";
    }
  });
}

function drawPot(pot) {
  const node = labelled("bourre-pot", "img", `pot: ${pot} chips`);
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

// The turned card (drawn until it is played) in the trump's corner: the card, the trump suit
// and the dealer who turned it.
function turnedCard(trump, fourColour) {
  const node = el("div", "bourre-trump bourre-turned");
  const dealer = trump.beside ? `dealer ${trump.beside}` : "";
  node.setAttribute("aria-label", [trump.label || "turned card", dealer].filter(Boolean).join(", "));
  node.appendChild(cardNode(trump, fourColour, "div", "bourre-small"));
  const words = el("div", "bourre-turned-words");
  words.appendChild(drawTrumpSuit(trump, true));
  if (dealer) words.appendChild(el("div", "bourre-turned-by", `turned by ${dealer}`));
  node.appendChild(words);
  return node;
}

function drawPast(past, fourColour) {
  const row = labelled("bourre-past", "group", "earlier tricks, face up");
  row.appendChild(el("div", "bourre-past-heading", "Earlier tricks"));
  for (const trick of past) {
    const stack = labelled("bourre-past-trick", "group", trick.label);
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
  const row = labelled("bourre-hand", "group", "your hand");
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
  const label = feedback.cite || feedback.rule_id;
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

// Text with its citations ("[pagat 3]", "[laws 46B2, pagat 2]") drawn as rule chips: each a
// <details> that opens the source's own words (`sources`: what Python says each one opens).
// A bracket Python did not list stays text.
const CITED = /\[([^\[\]]+)\]/g;
let chipCount = 0;
function withChips(text, sources) {
  const nodes = [];
  const known = sources || {};
  let end = 0;
  for (const match of String(text).matchAll(CITED)) {
    const parts = match[1].split(",").map((p) => p.trim());
    if (!parts.some((p) => known[p] && known[p].id)) continue;
    if (match.index > end) nodes.push(document.createTextNode(text.slice(end, match.index)));
    parts.forEach((part, i) => {
      if (i) nodes.push(document.createTextNode(" "));
      const source = known[part];
      if (!source || !source.id) {
        nodes.push(document.createTextNode(part));
        return;
      }
      const chip = el("details", "bourre-source-chip");
      chip.dataset.rule = source.id;
      const summary = el("summary", "bourre-rule", part);
      summary.title = "Show the source's own words";
      chip.append(summary, sourcePopover(source, `bourre-source-${source.id}-${++chipCount}`, true));
      nodes.push(chip);
    });
    end = match.index + match[0].length;
  }
  if (end < String(text).length) nodes.push(document.createTextNode(String(text).slice(end)));
  return nodes;
}

function chipped(tag, cls, text, sources) {
  const node = el(tag, cls);
  node.append(...withChips(text, sources));
  return node;
}

function sourcePopover(source, id, open) {
  const box = labelled("bourre-source-popover", "note", `${source.cite}: the source's own words`);
  box.id = id;
  box.hidden = !open;
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
    head.appendChild(chipped("span", "bourre-reason", given(feedback.reason) ? feedback.reason : feedback.head, feedback.sources));
    const chip = feedback.rule_id ? ruleChip(feedback, model) : null;
    if (chip) head.append(" ", chip.button);
    node.appendChild(head);
    if (chip && chip.popover) node.appendChild(chip.popover);
  }
  if (feedback.summary) node.appendChild(el("div", "bourre-feedback-summary", feedback.summary));
  for (const line of feedback.lines || []) {
    const mark = line[0] === "\u2714" ? " bourre-line-legal" : line[0] === "\u2718" ? " bourre-line-illegal" : "";
    node.appendChild(chipped("div", `bourre-feedback-line${mark}`, line, feedback.sources));
  }
  return node;
}

// The rulebooks side by side: each one's legal cards here, and its verdict on the card tried.
function drawCompare(rows, fourColour) {
  const node = labelled("bourre-compare", "group", "the rulebooks side by side");
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
      cell.appendChild(chipped("div", "bourre-compare-verdict", `${mark} ${row.tried} [${row.cite || row.rule_id}]`, row.sources));
    }
    line.appendChild(cell);
  }
  node.appendChild(line);
  return node;
}

// The coach's review of a finished hand: one row a decision, in order, mistakes marked.
function drawReview(review) {
  const node = labelled("bourre-review", "region", review.title);
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
    if (row.reason) item.appendChild(chipped("div", "bourre-review-reason", row.reason, row.sources));
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
// At your turn the right arrow first says that the class has a card to choose (see holdAtTurn).
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
    const forward = event.key === "ArrowRight";
    if (forward && holdAtTurn(scene)) {
      event.preventDefault();
      return;
    }
    const pick = (css) => scene.querySelector(`${css} button, button${css}`);
    let button = pick(forward ? ".bourre-next" : ".bourre-back");
    if (!button || button.disabled) button = document.querySelector(forward ? "button.bourre-next-scene" : "button.bourre-previous-scene");
    if (button && !button.disabled) {
      button.click();
      event.preventDefault();
    }
  });
}

// At your turn (cards of the hand can be clicked) the first right arrow does not move on: it
// says so under the status, and only a second press at the same moment skips the decision.
function holdAtTurn(scene) {
  const felt = scene.querySelector(".bourre-felt");
  const open = felt && felt.querySelector(".bourre-hand button.bourre-card:not([disabled])");
  if (!open) return false;
  if (felt.querySelector(".bourre-arrow-note")) return false; // said once already: move on
  const note = el("div", "bourre-arrow-note", "The class decides first: click a card. Press → again to move on without one.");
  note.setAttribute("role", "status");
  const status = felt.querySelector(".bourre-status");
  if (status) status.after(note);
  else felt.querySelector(".bourre-words").prepend(note);
  return true;
}

// The oval: seats on its rim, the trick in the middle, the turned card, trump and pot in its
// corners.
function drawOval(model, four, seen) {
  const seats = model.get("seats");
  const places = seatPlaces(seats);
  const bySeat = Object.fromEntries(seats.map((s, i) => [s.seat, places[i]]));
  const trump = model.get("trump") || {};
  const area = el("div", "bourre-area");
  const oval = el("div", "bourre-oval");
  oval.classList.add(`bourre-seats-${seats.length}`);
  seats.forEach((seat, i) => oval.appendChild(drawSeat(seat, places[i])));
  const you = (seats.find((s) => s.you) || {}).seat;
  oval.appendChild(drawTrick(model.get("trick"), bySeat, four, seen, you));
  area.appendChild(oval);
  if (trump.card) {
    area.appendChild(turnedCard(trump, four));
    area.classList.add("bourre-with-turned"); // room above the oval for the turned card
  } else if (trump.suit) area.appendChild(drawTrumpSuit(trump, false));
  if (model.get("pot") >= 0) area.appendChild(drawPot(model.get("pot")));
  return area;
}

// --- exercise apps (an additive block): cards a learner chose are outlined in blue, and the
// cards of a trick marked `pickable` are buttons that send {type: "pick", card} to Python.
function decorateExercise(root, model) {
  const find = (where, code) => root.querySelector(`${where} .bourre-card[data-card="${code}"]`);
  for (const entry of model.get("hand") || []) {
    const node = entry.chosen && find(".bourre-hand", entry.card);
    if (node) node.classList.add("bourre-chosen");
  }
  for (const entry of model.get("trick") || []) {
    const node = find(".bourre-trick", entry.card);
    if (!node) continue;
    if (entry.chosen) node.classList.add("bourre-chosen");
    if (!entry.pickable || !model.get("interactive")) continue;
    node.classList.add("bourre-pickable");
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    node.setAttribute("aria-pressed", entry.chosen ? "true" : "false");
    const pick = () => model.send({ type: "pick", card: entry.card });
    node.addEventListener("click", pick);
    node.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      pick();
    });
  }
}

// The scene's title and rule, drawn in the table where the classroom app shows them (beside
// the table, above the verdict); a lesson shows its own header instead (see the CSS).
function drawHeading(heading) {
  const node = el("div", "bourre-heading");
  node.appendChild(el("div", "bourre-heading-title", heading.title));
  if (heading.rule) node.appendChild(el("div", "bourre-heading-rule", heading.rule));
  if (heading.fixed) node.appendChild(el("div", "bourre-heading-fixed", heading.fixed));
  if (heading.note) {
    const note = el("details", "bourre-heading-note");
    note.appendChild(el("summary", "", "Note"));
    note.appendChild(el("div", "", heading.note));
    node.appendChild(note);
  }
  return node;
}

// --- a lesson whose Python has stopped -------------------------------------------------------
// JupyterLab shuts down the Python of a lesson left without a click for a while (`make lab`
// culls idle kernels to keep memory free: bourre_lessons/cli.py). Its page stays, but no click
// is answered any more: the table says so, and the notebook's toolbar too, with how to go on.
const KERNEL_GONE_LAB = "This lesson's Python has stopped: JupyterLab shuts down a lesson left without a click for a while, to keep memory free. Nothing on this page answers a click now. To go on: menu Kernel \u25b8 Restart Kernel and Run All Cells (your exercise progress is kept).";
const KERNEL_GONE_PAGE = "This page's Python has stopped, so nothing on it answers a click now. Reload the page to start again.";
const KERNEL_GONE_SHORT = "Python stopped: Kernel \u25b8 Restart Kernel and Run All Cells";
const KERNEL_CHECK_MS = 2000;

// "alive", "gone" (no kernel, or a dead one) or "unknown" (a front end that does not say).
function kernelState(model) {
  const manager = model.widget_manager;
  if (!manager || !("kernel" in manager)) return "unknown";
  let kernel;
  try {
    kernel = manager.kernel;
  } catch (error) {
    return "unknown";
  }
  if (kernel === undefined) return "unknown";
  if (!kernel || kernel.isDisposed || kernel.status === "dead") return "gone";
  return "alive";
}

// The toolbar of the notebook holding `root` says it too (once), and stops saying it when
// the lesson has a Python again.
function markToolbar(root, gone) {
  const panel = root.closest && root.closest(".jp-NotebookPanel");
  const toolbar = panel && panel.querySelector(".jp-NotebookPanel-toolbar");
  if (!toolbar) return;
  const old = toolbar.querySelector(".bourre-kernel-gone-bar");
  if (!gone) {
    if (old) old.remove();
    return;
  }
  if (old) return;
  const bar = el("div", "bourre-kernel-gone-bar", KERNEL_GONE_SHORT);
  bar.setAttribute("role", "alert");
  bar.title = KERNEL_GONE_LAB;
  toolbar.insertBefore(bar, toolbar.querySelector(":scope > .jp-Toolbar-spacer"));
}

function watchKernel(root, model) {
  let shown = null;
  const check = () => {
    const gone = kernelState(model) === "gone";
    markToolbar(root, gone);
    if (gone && !shown) {
      const inLab = !!(root.closest && root.closest(".jp-NotebookPanel"));
      shown = el("div", "bourre-kernel-gone", inLab ? KERNEL_GONE_LAB : KERNEL_GONE_PAGE);
      shown.setAttribute("role", "alert");
      root.prepend(shown);
    } else if (!gone && shown) {
      shown.remove();
      shown = null;
    }
  };
  const timer = setInterval(check, KERNEL_CHECK_MS);
  return () => clearInterval(timer);
}

function render({ model, el: root }) {
  installArrowKeys();
  const seen = new Set();
  const state = { shaken: (model.get("shake") || {}).n, clicked: null };
  let watcher = null;
  const draw = () => {
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    const four = model.get("four_colour");
    const felt = el("div", `bourre-felt bourre-size-${model.get("size")}`);
    // Two groups: the board (table, hand, earlier tricks) and the words (title, status,
    // verdict, rulebooks, review). A lesson draws them as one column, in that reading order;
    // the classroom app draws them side by side (see the CSS).
    const board = el("div", "bourre-board");
    const words = el("div", "bourre-words");
    const heading = model.get("heading") || {};
    if (heading.title) words.appendChild(drawHeading(heading));
    board.appendChild(drawOval(model, four, seen));
    if (model.get("past").length) {
      board.appendChild(drawPast(model.get("past"), four));
      felt.classList.add("bourre-has-past");
    }
    if (model.get("status")) words.appendChild(el("div", "bourre-status", model.get("status")));
    board.appendChild(drawHand(model, four, focused, state));
    words.appendChild(drawFeedback(model.get("feedback") || {}, model));
    if ((model.get("compare") || []).length) words.appendChild(drawCompare(model.get("compare"), four));
    const review = model.get("review") || {};
    if (review.rows) words.appendChild(drawReview(review));
    felt.append(board, words);
    const gone = root.querySelector(":scope > .bourre-kernel-gone");
    root.replaceChildren(...(gone ? [gone] : []), felt);
    decorateExercise(root, model);
    moveFocusOn(root, model, state);
    const oval = felt.querySelector(".bourre-oval");
    if (watcher) watcher.disconnect();
    if (window.ResizeObserver) {
      watcher = new ResizeObserver(() => layoutTrick(oval)); // the oval or a label resized
      watcher.observe(oval);
      for (const seat of oval.querySelectorAll(":scope > .bourre-seat")) watcher.observe(seat);
    } else {
      requestAnimationFrame(() => layoutTrick(oval));
    }
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
  const stopWatching = watchKernel(root, model);
  return () => {
    TRAITS.forEach((name) => model.off(`change:${name}`, redraw));
    if (watcher) watcher.disconnect();
    stopWatching();
  };
}

export default { render };
