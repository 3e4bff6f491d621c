"""Set 4, "Name the card": what the learner would say is read by the laws (45C4a, 46B).

Positions are written out by hand; the expected card of each phrase follows from the clause
named in the test's docstring, not from the code under test.
"""

from __future__ import annotations

import pytest

from bourre_lessons import Rules, Situation, legal_plays, parse_card
from bourre_lessons.exercises import (
    NAMING_LEVELS,
    NamingExercise,
    NamingSeries,
    check_naming,
    naming_exercise,
)
from bourre_lessons.play import cite
from bourre_lessons.progress import Progress


def following_hearts() -> Situation:
    """Lesson 07's position: spades trump, HK led, one player to come; no heart beats the
    king, so any heart may be played (pagat 3) and the club may not (pagat 1)."""
    return Situation(hand="H4 H9 HJ C2", trump="S", trick="HK", players_after=1)


def card(text: str):
    return parse_card(text)


# --- the check ---------------------------------------------------------------------------------


def test_a_suit_alone_plays_the_target():
    """laws 46B2: a suit without a rank is the lowest legal card of that suit."""
    fb = check_naming(following_hearts(), "a heart", "H4")
    assert fb.correct, fb.to_text()
    assert fb.summary == "“a heart” plays 4♥, the card you wanted [laws 46B2]."
    text = fb.to_text()
    assert "The law [laws 46B2]" in text
    assert "Is 4♥ legal? Yes" in text and "[pagat 3]" in text


def test_a_phrase_naming_another_card_is_wrong_and_says_which():
    """laws 46B1a: "high" is the highest legal card of the suit led, here J♥, not 4♥."""
    fb = check_naming(following_hearts(), "high", "H4")
    assert not fb.correct
    assert fb.summary == "“high” plays J♥, not 4♥ [laws 46B1a]."
    assert "Look for words that pick out 4♥" in fb.to_text()


@pytest.mark.parametrize("words", ["the tall one", "hearts please maybe", "xyzzy"])
def test_unknown_words_get_a_friendly_message(words):
    fb = check_naming(following_hearts(), words, "H4")
    assert not fb.correct
    assert fb.summary.startswith("I did not understand")
    assert "In English you can say a suit" in fb.to_text()
    assert "Traceback" not in fb.to_text() and "NamingError" not in fb.to_text()


@pytest.mark.parametrize(
    ("preset", "engine_rule", "renege_rule", "outcome"),
    [
        ("pagat", "pagat-1", "pagat-renege", "correct it before the next player plays"),
        ("glimne", "glimne-whist", "renege penalty", "the card stands"),
        ("wikipedia", "wikipedia-1", "renege penalty", "the card stands"),
    ],
)
def test_naming_an_illegal_card_is_a_renege_under_the_rulebook(
    preset, engine_rule, renege_rule, outcome
):
    """laws 45C4a: "Et kort er spillet, hvis en spiller nævner eller på anden måde angiver det
    som det kort, spilleren har i sinde at spille" (A card is played if a player names or
    otherwise designates it as the card the player intends to play). Holding hearts, the
    named 2♣ breaks the follow rule, and it is played all the same: a renege, settled by the
    rulebook (pagat: correct it in time; glimne, wikipedia: the penalty), not "say it again"."""
    fb = check_naming(following_hearts(), "C2", "H4", Rules.preset(preset))
    assert not fb.correct
    assert (
        fb.summary
        == f"“C2” plays 2♣, which you may not play: a renege [laws 45C4a, {cite(renege_rule)}]."
    )
    text = fb.to_text()
    assert f"Is 2♣ legal? No [{cite(engine_rule)}]" in text
    assert outcome in text
    assert "say it again" not in text.lower()


def test_a_renege_counts_as_a_wrong_attempt(tmp_path):
    """laws 45C4a: a renege is a card played, so it is recorded as an attempt (a wrong one)."""
    progress = Progress.load(tmp_path / "p.json")
    ex = NamingExercise("name-the-card/test/renege", "suit", following_hearts(), card("H4"))
    assert not ex.check("C2", progress=progress).correct
    entry = Progress.load(tmp_path / "p.json").get(ex.id)
    assert entry is not None and entry.attempts == 1 and not entry.solved


def test_a_card_not_held_names_nothing():
    """laws 46B4: "Hvis spilfører anmoder om et kort, som ikke findes på bordet, er anmodningen
    ugyldig" (a request for a card that is not there is invalid): nothing is played, say again."""
    fb = check_naming(following_hearts(), "the king of spades", "H4")
    assert not fb.correct
    assert fb.summary == "“the king of spades” plays no card [laws 46B4]."
    assert "Is K♠ legal?" not in fb.to_text()
    assert "Nothing is played: say it again." in fb.to_text()


def test_a_rank_two_legal_cards_share_asks_which():
    """laws 46B3: a rank without a suit, with two legal cards of it: say which."""
    on_lead = Situation(hand="SJ H2 HJ", trump="H", players_after=1)
    fb = check_naming(on_lead, "the jack", "H2")
    assert not fb.correct
    assert "does not pick one card yet" in fb.summary and "[laws 46B3]" in fb.summary
    assert "J♠ or J♥" in fb.summary


def test_the_only_card_that_fits_is_the_one_meant():
    """The preamble of laws 46B: following H7, only the jack beats it (pagat 3), so "a heart"
    means J♥ even though 4♥ is the lowest heart."""
    s = Situation(hand="H4 HJ C9", trump="S", trick="H7", players_after=1)
    fb = check_naming(s, "a heart", "HJ")
    assert fb.correct
    assert "[laws intent]" in fb.summary
    assert "The law [laws 46B, preamble]" in fb.to_text()


@pytest.mark.parametrize(("after", "expected"), [(0, "H7"), (2, "H9")])
def test_win_it_depends_on_the_seat(after, expected):
    """laws 46B1b: last to play, the cheapest card that wins; with players to come and the
    10♥ to A♥ unseen, neither trump is known to win, so the highest."""
    s = Situation(hand="S9 H7 H9 C2", trump="H", trick="DK", players_after=after)
    fb = check_naming(s, "win it", expected)
    assert fb.correct, fb.to_text()
    assert "[laws 46B1b]" in fb.summary


def test_win_it_is_the_king_when_the_king_is_known_to_win():
    """laws 46B1b: "...det laveste kort i den udspillede farve, som man ved vil vinde stikket"
    (the lowest card of the suit led that is known to win the trick). Exercise 4's position:
    hearts are trump, the J♥ led, four players to come; you hold A♥ K♥ 4♥, so no unseen card
    beats the K♥ and "win it" plays the K♥, not the A♥."""
    s = Situation(hand="H4 HK HA D8 C9", trump="H", trick="HJ", players_after=4)
    assert check_naming(s, "win it", "HK").correct
    fb = check_naming(s, "win it", "HA")
    assert not fb.correct and fb.summary == "“win it” plays K♥, not A♥ [laws 46B1b]."


def test_the_seeded_win_exercise_targets_the_king():
    """laws 46B1b: set 4's "win it" exercise (seed 2) wants the K♥, known to win, and "win it"
    is one of its ways; the A♥ ("high") is not its target."""
    ex = naming_exercise(seed=2, level="win")
    assert ex.target == card("HK")
    assert ("win it", "laws-46B1b") in ex.ways()


def test_46B3a_exercise_shows_the_previous_trick_and_is_solved_by_the_rank():
    """laws 46B3a: "Hvis bordet skal spille ud, og spilfører angiver kortets rang, men ikke
    farven, anses spilfører for at have fortsat i den farve, hvori bordet vandt det foregående
    stik, forudsat at der er et kort af den angivne rang i farven." (On lead, a rank without a
    suit continues the suit in which the previous trick was won, if a card of that rank is
    held in it.) You won with the K♣ and hold 3♣ and 3♦: "the three" is the 3♣."""
    s = Situation(
        hand="D3 DA C3 CA", trump="C", seen="S5 CK C7", players_after=2, won_last_trick_with="CK"
    )
    ex = NamingExercise("name-the-card/test/rank-lead", "rank-lead", s, card("C3"))
    assert "You won the previous trick with K♣." in ex.prompt()
    fb = ex.check("the three", progress=False)
    assert fb.correct and "[laws 46B3a]" in fb.summary
    assert "laws 46B3a" in ex.hint()
    assert "“the three”: laws 46B3a" in ex.solution()
    assert not ex.check("the ace", progress=False).correct  # the A♣, not the 3♣


def test_46B3a_seeded_exercises_hold_two_cards_of_the_rank():
    """laws 46B3a: the generated exercises are leads after a won trick where the suit matters:
    another card you may lead has the target's rank (46B3b alone would ask which)."""
    for seed in range(5):
        ex = naming_exercise(seed, "rank-lead")
        s = ex.situation
        assert s.is_lead and s.won_last_trick_with is not None
        assert ex.target.suit == s.won_last_trick_with.suit
        same_rank = [c for c in legal_plays(s, ex.rules) if c.rank == ex.target.rank]
        assert len(same_rank) >= 2


@pytest.mark.parametrize("words", ["hjärter fyra", "liten", "lille", "baixa", "4♥", "hj4"])
def test_other_languages_and_notations(words):
    """Swedish, Danish, Portuguese words and card codes name the same card (laws 46B2, 46B1c,
    45C4a); the full name is fine when the short way is not asked for."""
    fb = check_naming(following_hearts(), words, "H4")
    assert fb.correct, fb.to_text()


def test_the_full_name_is_right_card_but_not_the_short_way():
    """laws 45C4a: naming suit and rank plays the card; a short-way exercise asks for more."""
    fb = check_naming(following_hearts(), "H4", "H4", short=True)
    assert not fb.correct
    assert "right card, but say it the short way" in fb.summary
    assert check_naming(following_hearts(), "H4", "H4", short=False).correct


def test_free_practice_says_what_the_words_play():
    fb = check_naming(following_hearts(), "low")
    assert fb.correct
    assert fb.summary == "“low” plays 4♥ [laws 46B1c]."


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        ("", "There is no answer yet"),
        ("   ", "There is no answer yet"),
        (None, "There is no answer yet"),
        (42, "Your answer is of type int, not words"),
        (["a heart"], "Your answer is of type list, not words"),
    ],
)
def test_no_words_get_a_friendly_message(answer, says):
    fb = check_naming(following_hearts(), answer, "H4")
    assert not fb.correct
    assert says in fb.summary


def test_a_card_object_is_read_as_its_name():
    assert check_naming(following_hearts(), card("H9"), "H9").correct


def test_a_target_outside_the_hand_is_refused():
    with pytest.raises(ValueError, match="not in the hand"):
        check_naming(following_hearts(), "a heart", "SA")


# --- exercises -----------------------------------------------------------------------------------


def test_exercise_refuses_an_illegal_target():
    """pagat 1: holding hearts, the club may not be played, so it cannot be a target."""
    with pytest.raises(ValueError, match="may not be played"):
        NamingExercise("name-the-card/test/club", "suit", following_hearts(), card("C2"))


def test_exercise_check_records_understood_answers_only(tmp_path):
    progress = Progress.load(tmp_path / "p.json")
    ex = NamingExercise("name-the-card/test/suit", "suit", following_hearts(), card("H4"))
    ex.check("", progress=progress)  # no words: not an attempt
    ex.check("the tall one", progress=progress)  # unknown words: not an attempt
    ex.check("high", progress=progress)
    fb = ex.check("a heart", progress=progress)
    assert fb.correct and fb.exercise_id == ex.id
    entry = Progress.load(tmp_path / "p.json").get(ex.id)
    assert entry is not None and entry.attempts == 2 and entry.solved


def test_exercise_prompt_hint_and_solution():
    ex = NamingExercise("name-the-card/test/suit", "suit", following_hearts(), card("H4"))
    assert "You want to play 4♥" in ex.prompt()
    assert "laws 46B2" in ex.hint() and "4♥ 9♥ J♥" in ex.hint()
    solution = ex.solution()
    assert "“a heart”: laws 46B2" in solution
    assert "“low”: laws 46B1c" in solution
    assert "“the four of hearts” or “4♥”: laws 45C4a" in solution
    for full in ("4♥", "H4"):  # the symbol and the letter code name the card alike, in full
        assert "names 4♥ in full" in ex.check(full, progress=False).summary
    assert "“the jack”" not in solution


@pytest.mark.parametrize("level", NAMING_LEVELS)
def test_seeded_exercises_are_repeatable_and_solvable(level):
    first = [naming_exercise(seed, level) for seed in range(4)]
    assert first == [naming_exercise(seed, level) for seed in range(4)]
    for ex in first:
        assert ex.level == level and ex.id.startswith(f"name-the-card/pagat/{level}/")
        assert ex.target in legal_plays(ex.situation, ex.rules)
        ways = ex.ways()
        assert ways, ex.prompt()
        for phrase, _clause in ways:
            assert ex.check(phrase, progress=False).correct, (phrase, ex.prompt())


def test_series_gives_new_positions_and_refuses_unknown_levels():
    series = NamingSeries(5, "win", Rules.preset("glimne"))
    exercises = [series.next() for _ in range(3)]
    assert len({ex.id for ex in exercises}) == 3
    assert all(ex.rules.source == "glimne" for ex in exercises)
    with pytest.raises(ValueError, match="rank, suit"):
        NamingSeries(0, "loud")
    with pytest.raises(ValueError, match="unknown level"):
        naming_exercise(0, "loud")


def test_the_prompt_says_once_which_card_won_the_previous_trick():
    """On lead after winning a trick (laws 46B3a positions), the card is named once, not twice."""
    for seed in range(8):
        prompt = naming_exercise(seed=seed, level="rank-lead").prompt()
        assert prompt.count("You won the previous trick with") == 1, prompt
