"""Answers folded until the learner opens them."""

from __future__ import annotations

from bourre_lessons.widgets.reveal import Folded, check_your_answer


def test_what_the_block_prints_is_shown_folded(capsys, monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    with check_your_answer():
        print("Legal under glimne: 4♥ J♥.")
    assert capsys.readouterr().out == "", "nothing is printed in the open"
    (folded,) = shown
    assert repr(folded) == "Legal under glimne: 4♥ J♥."
    html = folded._repr_html_()
    assert html.startswith("<details") and "<details open" not in html
    assert "Check your answer" in html and "4♥ J♥" in html


def test_the_folded_text_is_escaped():
    assert "&lt;b&gt;" in Folded("<b>not bold</b>")._repr_html_()


def test_a_result_drawn_as_html_is_folded_whole_and_reads_as_its_text():
    from bourre_lessons.scenes.compare import rulebook_table
    from bourre_lessons.widgets.reveal import fold

    table = rulebook_table(["glimne-9"])
    folded = fold(table, "Check your answers")
    drawn = folded._repr_html_()
    assert drawn.startswith("<details class='bourre-reveal'>") and "<details open" not in drawn
    assert table._repr_html_() in drawn and drawn.endswith("</details>")
    assert repr(folded) == table.to_text()
    assert repr(fold(3)) == "3" and "<pre" in fold(3)._repr_html_()
