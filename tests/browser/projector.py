"""The projector's screen: the sizes the classroom app must fit, and how a scene is measured.

Used by test_browser_classroom.py (every scene, every step, every card clicked) and by the
robot learner (every scene as it opens, before any click, at each size).
"""

from __future__ import annotations

PROJECTOR_SIZES = ((1280, 720), (1024, 768))
"""The usual projector sizes (width, height) the classroom must fit without scrolling."""
PARTS = {
    "header": ".bourre-header > div",
    "seats": ".bourre-seat",
    "trump": ".bourre-area > .bourre-trump, .bourre-area > .bourre-trump-note",
    "pot": ".bourre-pot",
    "trick": ".bourre-trick .bourre-card, .bourre-led-mark",
    "past": ".bourre-past-trick",
    "status": ".bourre-status",
    "hand": ".bourre-hand .bourre-card",
    "verdict": ".bourre-feedback:not([data-verdict=''])",
    "compare": ".bourre-compare",
    "story": ".bourre-story-now",
    "detail": ".bourre-story-detail",
    "chart": ".bourre-chart img, img.bourre-chart",
}
"""What the class must see at each step, by DOM selector inside the scene."""

MEASURE = """([parts]) => {
  const scene = document.querySelector('.bourre-classroom-app .bourre-scene');
  let scrolled = window.scrollY;  // how far the page was scrolled: then measured from the top
  for (let node = scene; node; node = node.parentElement) {
    scrolled += node.scrollTop;
    node.scrollTop = 0;
  }
  window.scrollTo(0, 0);
  // The bars: the app's toolbar above, the scene's buttons (or the row holding them) below.
  const bar = document.querySelector('.bourre-classroom-app .bourre-toolbar');
  const foot = scene.querySelector('.bourre-foot') || scene.querySelector('.bourre-nav');
  const top = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  const bottom = foot ? Math.min(window.innerHeight, foot.getBoundingClientRect().top) : window.innerHeight;
  const right = document.documentElement.clientWidth;
  const found = {};
  for (const [part, css] of Object.entries(parts)) {
    let worst = null;
    for (const node of scene.querySelectorAll(css)) {
      const r = node.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || getComputedStyle(node).visibility === 'hidden') continue;
      if (!node.checkVisibility()) continue;  // folded in a closed <details>: not on screen
      const over = Math.max(0, top - r.top, r.bottom - bottom, -r.left, r.right - right);
      worst = Math.max(worst ?? 0, over);
    }
    if (worst !== null) found[part] = Math.round(worst);
  }
  return {band: [Math.round(top), Math.round(bottom)], parts: found, scrolled};
}"""
