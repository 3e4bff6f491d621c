"""The drawn card table in a real browser, at 2 to 8 seats: no card covers a label.

Voila serves a throwaway notebook that draws one table for each number of seats, at normal
and at classroom size, each with a full trick (and once more with the trick finished), long
two-line seat labels and the turned card. The page is then measured: no card of the trick
overlaps a seat label, the turned card or another card of the trick; the "led" and "won" tags
are on top (what is drawn at their middle is the tag itself) and cover no label.
"""

from __future__ import annotations

import json

import pytest
from browser_harness import ConsoleLog, artifacts_dir, save_page_artifacts, start_voila

pytestmark = pytest.mark.browser

SEATS = range(2, 9)
SIZES = ("normal", "classroom")
LOAD_TIMEOUT = 90_000

BUILD = """
from IPython.display import display
import ipywidgets as widgets

from bourre_lessons.cards import Suit, parse_card, parse_cards
from bourre_lessons.widgets.table.card_table import CardTable
from bourre_lessons.widgets.table.table_model import (
    CardTableContent, hand_entries, seat_entry, trick_entries, trump_entry,
)

CARDS = parse_cards("HA HK HQ HJ HT H9 H8 H7")
tables = []
for size in {sizes!r}:
    for seats in {seats!r}:
        for finished in (False, True):
            names = ["A", *"BCDEFGH"[: seats - 1]]
            plays = [(name, CARDS[i]) for i, name in enumerate(names[1:] + names[:1])]
            table = CardTable(size=size)
            table.add_class(f"bourre-probe-{{size}}-{{seats}}-{{int(finished)}}")
            table.show(CardTableContent(
                seats=[
                    seat_entry(n, n if n == "A" else None, you=n == "A", chips=100 - i,
                               status="plays", tricks=1, turn=n == "A" and not finished,
                               dealer=i == seats - 1, cards=3)
                    for i, n in enumerate(names)
                ],
                hand=hand_entries(parse_cards("S2 S3 D4")),
                trick=trick_entries(plays, Suit.SPADES, finished=finished),
                trump=trump_entry(Suit.SPADES, parse_card("S9"), beside=names[-1]),
                pot=12,
            ))
            tables.append(table)
display(widgets.VBox(tables))
"""

CHECK = """() => {
  const problems = [];
  const boxOf = (n) => n.getBoundingClientRect();
  const cut = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
    Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const tables = [...document.querySelectorAll('[class*="bourre-probe-"]')];
  for (const table of tables) {
    const name = [...table.classList].find((c) => c.startsWith('bourre-probe-'));
    table.scrollIntoView({block: 'center'}); // what is drawn on top is found on screen only
    const labels = [...table.querySelectorAll('.bourre-seat')];
    const cards = [...table.querySelectorAll('.bourre-trick > .bourre-card')];
    const tags = [...table.querySelectorAll('.bourre-trick-tag')];
    const corner = [...table.querySelectorAll('.bourre-area > .bourre-turned, .bourre-area > .bourre-trump-note, .bourre-pot')];
    if (!cards.length || cards.some((c) => getComputedStyle(c).visibility === 'hidden')) {
      problems.push(`${name}: trick not drawn`);
      continue;
    }
    cards.forEach((card, i) => {
      for (const label of labels) {
        if (cut(boxOf(card), boxOf(label)) > 1) problems.push(`${name}: ${card.dataset.card} covers seat ${label.dataset.seat}`);
      }
      cards.slice(i + 1).forEach((other) => {
        if (cut(boxOf(card), boxOf(other)) > 1) problems.push(`${name}: ${card.dataset.card} and ${other.dataset.card} overlap`);
      });
      for (const box of corner) {
        if (cut(boxOf(card), boxOf(box)) > 1) problems.push(`${name}: ${card.dataset.card} covers ${box.className}`);
      }
    });
    for (const box of corner) {
      for (const label of labels) {
        if (cut(boxOf(box), boxOf(label)) > 1) problems.push(`${name}: ${box.className} covers seat ${label.dataset.seat}`);
      }
    }
    for (const tag of tags) {
      const r = boxOf(tag);
      tag.style.pointerEvents = 'auto'; // a tag lets clicks through; here it must be found
      const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      tag.style.pointerEvents = '';
      if (top !== tag) problems.push(`${name}: the ${tag.textContent} tag is covered`);
      for (const label of labels) {
        if (cut(r, boxOf(label)) > 1) problems.push(`${name}: the ${tag.textContent} tag covers seat ${label.dataset.seat}`);
      }
    }
    const want = table.className.includes('-1') ? ['led', 'won'] : ['led'];
    for (const word of want) {
      if (!tags.some((t) => t.textContent.includes(word))) problems.push(`${name}: no ${word} tag`);
    }
  }
  return {tables: tables.length, problems};
}"""


def _notebook(path) -> None:
    source = BUILD.format(sizes=SIZES, seats=tuple(SEATS))
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    notebook = {
        "cells": [{**cell, "source": source}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")


@pytest.mark.parametrize("width", [1280, 900])
def test_no_card_covers_a_label_at_two_to_eight_seats(tmp_path_factory, browser, width):
    folder = tmp_path_factory.mktemp("tables")
    _notebook(folder / "tables.ipynb")
    server = start_voila(
        folder / "tables.ipynb",
        home=tmp_path_factory.mktemp("voila-home"),
        log=artifacts_dir() / "voila-tables.log",
    )
    page = browser.new_page()
    console = ConsoleLog(page)
    try:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(server.url("/"))
        probes = page.locator('[class*="bourre-probe-"] .bourre-trick > .bourre-card')
        probes.first.wait_for(timeout=LOAD_TIMEOUT)
        page.wait_for_timeout(1500)  # every table laid out its trick
        found = page.evaluate(CHECK)
        assert found["tables"] == len(SIZES) * len(SEATS) * 2
        assert not found["problems"], "\n".join(found["problems"])
    except Exception:
        save_page_artifacts(page, console, f"card-table-seats-{width}")
        raise
    finally:
        page.close()
        server.stop()
