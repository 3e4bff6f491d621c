// The card table of bourre-lessons: draws what Python put in the traits, sends back clicks.
// No rules here: which cards are legal, who wins, what a click means is decided in Python.

const SVG = "http://www.w3.org/2000/svg";
const SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const TWO = { S: "#111111", C: "#111111", H: "#c8102e", D: "#c8102e" };
const FOUR = { S: "#111111", H: "#c8102e", D: "#1f5fbf", C: "#1d7a2e" };

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

// A card face: corner rank and suit (twice), a large suit in the middle. Code "H10" -> 10, H.
function face(code, fourColour) {
  const suit = code[0];
  const rank = code.slice(1) === "T" ? "10" : code.slice(1);
  const ink = (fourColour ? FOUR : TWO)[suit] || "#111111";
  const box = svg("svg", { viewBox: "0 0 60 84", class: "bourre-face", "aria-hidden": "true" });
  box.appendChild(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "bourre-paper" }));
  const font = "DejaVu Sans, Arial, sans-serif";
  const corner = (x, y, turn) => {
    const g = svg("g", { transform: `rotate(${turn} 30 42)`, fill: ink, "font-family": font });
    const size = rank.length > 1 ? 12 : 15; // "10" in the same corner as one letter
    g.appendChild(svg("text", { x: x + (rank.length > 1 ? 1 : 0), y, "font-size": size, "font-weight": "bold", "text-anchor": "middle", "letter-spacing": rank.length > 1 ? -1 : 0 }, rank));
    g.appendChild(svg("text", { x, y: y + 14, "font-size": 13, "text-anchor": "middle" }, SYMBOL[suit]));
    return g;
  };
  box.appendChild(corner(10, 16, 0));
  box.appendChild(corner(10, 16, 180));
  box.appendChild(svg("text", {
    x: 30, y: 54, "font-size": 30, "text-anchor": "middle", fill: ink, "font-family": font,
  }, SYMBOL[suit]));
  return box;
}

function cardNode(entry, fourColour, tag, extraClass) {
  const node = el(tag, `bourre-card bourre-card-${entry.card} ${extraClass || ""}`);
  node.dataset.card = entry.card;
  node.setAttribute("aria-label", entry.label || entry.text || entry.card);
  node.appendChild(face(entry.card, fourColour));
  return node;
}

// Seats sit on an ellipse: you at the bottom, the others clockwise from your left.
function seatPlaces(seats) {
  const n = seats.length;
  const you = Math.max(0, seats.findIndex((s) => s.you));
  return seats.map((_, i) => {
    const k = (i - you + n) % n;
    const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
    return { x: 50 + 42 * Math.cos(angle), y: 50 + 46 * Math.sin(angle) };
  });
}

function drawSeat(seat, place) {
  const node = el("div", "bourre-seat");
  node.style.left = `${place.x}%`;
  node.style.top = `${place.y}%`;
  node.setAttribute("role", "group");
  node.setAttribute("aria-label", seat.label);
  node.dataset.seat = seat.seat;
  if (seat.turn) node.classList.add("bourre-turn");
  if (seat.you) node.classList.add("bourre-you");
  if (seat.status) node.classList.add(`bourre-status-${seat.status.replace(/[^a-z]/g, "")}`);
  const plain = seat.you ? seat.name === "you" : seat.name === `player ${seat.seat}`;
  const title = seat.you ? "You" : seat.seat;
  node.appendChild(el("div", "bourre-seat-name", plain ? title : `${title} \u00b7 ${seat.name}`));
  const facts = [];
  if (seat.dealer) facts.push("dealer");
  if (seat.chips !== null && seat.chips !== undefined) facts.push(`${seat.chips} chips`);
  if (seat.status) facts.push(seat.status);
  if (seat.tricks !== null && seat.tricks !== undefined) facts.push(`${seat.tricks} won`);
  if (facts.length) node.appendChild(el("div", "bourre-seat-facts", facts.join(" \u00b7 ")));
  return node;
}

function drawTrick(model, places, seats, fourColour, seen) {
  const middle = el("div", "bourre-trick");
  middle.setAttribute("role", "group");
  middle.setAttribute("aria-label", "the trick being played");
  const bySeat = Object.fromEntries(seats.map((s, i) => [s.seat, places[i]]));
  for (const entry of model.get("trick")) {
    const place = bySeat[entry.seat] || { x: 50, y: 50 };
    const cls = [entry.led ? "bourre-led" : "", entry.winning ? "bourre-winning" : ""].join(" ");
    const card = cardNode(entry, fourColour, "div", cls);
    card.setAttribute("role", "img");
    card.style.left = `${50 + (place.x - 50) * 0.6}%`;
    card.style.top = `${50 + (place.y - 50) * 0.3}%`;
    const key = `${entry.seat}:${entry.card}`;
    if (!seen.has(key)) card.classList.add("bourre-arrive");
    middle.appendChild(card);
  }
  seen.clear();
  for (const entry of model.get("trick")) seen.add(`${entry.seat}:${entry.card}`);
  return middle;
}

function drawPot(pot) {
  const node = el("div", "bourre-pot");
  node.setAttribute("aria-label", `pot: ${pot} chips`);
  const chips = el("span", "bourre-chips");
  for (let i = 0; i < Math.min(5, Math.max(1, Math.ceil(pot / 5))); i++) chips.appendChild(el("span", "bourre-chip"));
  node.appendChild(chips);
  node.appendChild(el("span", "bourre-pot-number", `${pot}`));
  return node;
}

function drawTrump(trump, fourColour) {
  const node = el("div", "bourre-trump");
  node.setAttribute("aria-label", trump.label || "trump");
  node.appendChild(el("span", "bourre-trump-title", "Trump: "));
  if (trump.card) node.appendChild(cardNode(trump, fourColour, "div", "bourre-small"));
  else node.appendChild(el("div", `bourre-trump-suit bourre-suit-${trump.suit}`, trump.text));
  return node;
}

function drawPast(past, fourColour) {
  const row = el("div", "bourre-past");
  row.setAttribute("aria-label", "earlier tricks, face up");
  for (const trick of past) {
    const stack = el("div", "bourre-past-trick");
    stack.setAttribute("aria-label", trick.label);
    stack.appendChild(el("div", "bourre-past-title", `${trick.number} \u00b7 ${trick.winner} won`));
    const cards = el("div", "bourre-past-cards");
    for (const c of trick.cards) cards.appendChild(cardNode(c, fourColour, "div", "bourre-tiny"));
    stack.appendChild(cards);
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
    const cls = [entry.lifted ? "bourre-legal" : ""].join(" ");
    const button = cardNode(entry, fourColour, "button", cls);
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
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const buttons = [...row.querySelectorAll("button:not([disabled])")];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    const next = buttons[(at + (event.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length];
    next.focus();
    event.preventDefault();
  });
  return row;
}

function drawFeedback(feedback) {
  const node = el("div", "bourre-feedback");
  node.dataset.verdict = feedback.verdict || "";
  node.setAttribute("role", "status");
  node.setAttribute("aria-live", "polite");
  if (feedback.head) node.appendChild(el("div", "bourre-feedback-head", feedback.head));
  for (const line of feedback.lines || []) node.appendChild(el("div", "bourre-feedback-line", line));
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

function render({ model, el: root }) {
  installArrowKeys();
  const seen = new Set();
  const state = { shaken: (model.get("shake") || {}).n, clicked: null };
  const draw = () => {
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    const four = model.get("four_colour");
    const seats = model.get("seats");
    const places = seatPlaces(seats);
    const felt = el("div", `bourre-felt bourre-size-${model.get("size")}`);
    const oval = el("div", "bourre-oval");
    if (seats.length) seats.forEach((seat, i) => oval.appendChild(drawSeat(seat, places[i])));
    oval.appendChild(drawTrick(model, places, seats, four, seen));
    const trump = model.get("trump");
    const pot = model.get("pot");
    const side = el("div", "bourre-info");
    if (trump && (trump.card || trump.suit)) side.appendChild(drawTrump(trump, four));
    if (pot >= 0) side.appendChild(drawPot(pot));
    if (side.children.length) felt.appendChild(side);
    felt.appendChild(oval);
    if (model.get("past").length) felt.appendChild(drawPast(model.get("past"), four));
    if (model.get("status")) felt.appendChild(el("div", "bourre-status", model.get("status")));
    const play = el("div", "bourre-play-row");
    play.appendChild(drawHand(model, four, focused, state));
    play.appendChild(drawFeedback(model.get("feedback") || {}));
    felt.appendChild(play);
    root.replaceChildren(felt);
    moveFocusOn(root, model, state);
  };
  const names = ["seats", "hand", "trick", "past", "trump", "pot", "status", "feedback", "size", "four_colour", "interactive", "shake"];
  for (const name of names) model.on(`change:${name}`, draw);
  draw();
  return () => names.forEach((name) => model.off(`change:${name}`, draw));
}

export default { render };
