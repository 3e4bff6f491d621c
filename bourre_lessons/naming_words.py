"""Word tables for naming a card: suits, ranks and phrases in five languages.

Each table maps a word (or a phrase of several words) to one meaning: a suit, a rank, the
trump suit, one of the phrases of laws 46B ("high", "low", "win it", "doesn't matter"), or a
filler word that carries no meaning ("the", "a", "please"). A word may mean only one thing in
its language; building the tables raises `ValueError` if a word is given two meanings, or if a
word could also be read as a card code (card codes such as `QH` or `hj7` work in every language
and are read by `parse_card`). Digits 2-10 and the suit signs are understood in every language.

Accents may be left out: each word is also stored without them (`klor` for `klør`, `tres` for
`três`) unless that spelling means something else in the same language or reads as a card code.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from .cards import CardError, Rank, Suit, parse_card

__all__ = [
    "ANY",
    "AUTO",
    "CLASHES",
    "FILLER",
    "HIGH",
    "KINDS",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOW",
    "RANK",
    "SUIT",
    "TRUMP",
    "WIN",
    "Meaning",
    "base_words",
    "normalize",
    "table",
]

SUIT = "suit"
RANK = "rank"
TRUMP = "trump"
HIGH = "high"
LOW = "low"
WIN = "win"
ANY = "any"
FILLER = "filler"
KINDS = (SUIT, RANK, TRUMP, HIGH, LOW, WIN, ANY, FILLER)

Meaning = tuple[str, Suit | Rank | None]
"""What a word means: (kind, value); value is a Suit or Rank for suits and ranks, else None."""

AUTO = "auto"
LANGUAGES = ("en", "sv", "da", "pt", "ja")
LANGUAGE_NAMES = {
    "en": "English",
    "sv": "Swedish",
    "da": "Danish",
    "pt": "Portuguese",
    "ja": "Japanese",
}

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
R = Rank

# --- the words, language by language ------------------------------------------------------------
# One entry per meaning; each string is one word or a phrase of words separated by spaces.
# Japanese is written without spaces, so Japanese entries are matched inside longer text.

_EN: dict[Meaning, tuple[str, ...]] = {
    (SUIT, S): ("spade", "spades"),
    (SUIT, H): ("heart", "hearts"),
    (SUIT, D): ("diamond", "diamonds"),
    (SUIT, C): ("club", "clubs"),
    (TRUMP, None): ("trump", "trumps"),
    (RANK, R.ACE): ("ace", "aces"),
    (RANK, R.KING): ("king", "kings", "k"),
    (RANK, R.QUEEN): ("queen", "queens", "q"),
    (RANK, R.JACK): ("jack", "jacks", "knave", "j"),
    (RANK, R.TEN): ("ten", "tens"),
    (RANK, R.NINE): ("nine", "nines"),
    (RANK, R.EIGHT): ("eight", "eights"),
    (RANK, R.SEVEN): ("seven", "sevens"),
    (RANK, R.SIX): ("six", "sixes"),
    (RANK, R.FIVE): ("five", "fives"),
    (RANK, R.FOUR): ("four", "fours"),
    (RANK, R.THREE): ("three", "threes", "trey"),
    (RANK, R.TWO): ("two", "twos", "deuce"),
    (HIGH, None): ("high", "big", "highest", "biggest", "top", "high one", "big one"),
    (LOW, None): ("low", "small", "lowest", "smallest", "little", "low one", "small one"),
    (WIN, None): ("win", "win it", "win the trick", "take it", "take the trick"),
    (ANY, None): (
        "any",
        "anything",
        "any card",
        "any one",
        "whatever",
        "doesn't matter",
        "doesnt matter",
        "does not matter",
        "it doesn't matter",
        "it does not matter",
        "you choose",
        "your choice",
        "don't care",
        "i don't care",
    ),
    (FILLER, None): ("the", "a", "an", "of", "one", "card", "please", "play", "i", "i'll", "my"),
}

_SV: dict[Meaning, tuple[str, ...]] = {
    (SUIT, S): ("spader", "spadern"),
    (SUIT, H): ("hjärter", "hjärtern"),
    (SUIT, D): ("ruter", "rutern"),
    (SUIT, C): ("klöver", "klövern"),
    (TRUMP, None): ("trumf", "trumfen", "trumfar"),
    (RANK, R.ACE): ("ess", "esset"),
    (RANK, R.KING): ("kung", "kungen"),
    (RANK, R.QUEEN): ("dam", "damen"),
    (RANK, R.JACK): ("knekt", "knekten"),
    (RANK, R.TEN): ("tio", "tia", "tian"),
    (RANK, R.NINE): ("nio", "nia", "nian"),
    (RANK, R.EIGHT): ("åtta", "åttan"),
    (RANK, R.SEVEN): ("sju", "sjua", "sjuan"),
    (RANK, R.SIX): ("sex", "sexa", "sexan"),
    (RANK, R.FIVE): ("fem", "femma", "femman"),
    (RANK, R.FOUR): ("fyra", "fyran"),
    (RANK, R.THREE): ("tre", "trea", "trean"),
    (RANK, R.TWO): ("två", "tvåa", "tvåan"),
    (HIGH, None): ("hög", "höga", "högt", "högsta", "stor", "stora", "stort", "största"),
    (LOW, None): ("låg", "låga", "lågt", "lägsta", "liten", "lilla", "litet", "små", "minsta"),
    (WIN, None): ("stick", "ta sticket", "ta stick", "vinn", "vinna", "vinn sticket"),
    (ANY, None): (
        "spelar ingen roll",
        "det spelar ingen roll",
        "vilken som helst",
        "vilket som helst",
        "valfri",
        "valfritt",
        "du väljer",
        "välj du",
    ),
    (FILLER, None): ("en", "ett", "den", "det", "jag", "spela", "spelar", "kort", "kortet", "tack"),
}

_DA: dict[Meaning, tuple[str, ...]] = {
    (SUIT, S): ("spar",),
    (SUIT, H): ("hjerter",),
    (SUIT, D): ("ruder",),
    (SUIT, C): ("klør",),
    (TRUMP, None): ("trumf", "trumfen"),
    (RANK, R.ACE): ("es", "esset", "e"),
    (RANK, R.KING): ("konge", "kongen", "k"),
    (RANK, R.QUEEN): ("dame", "damen", "d"),
    (RANK, R.JACK): ("knægt", "knægten", "bonde", "bonden", "b"),
    (RANK, R.TEN): ("ti", "tier", "tieren"),
    (RANK, R.NINE): ("ni", "nier", "nieren"),
    (RANK, R.EIGHT): ("otte", "otter", "otteren"),
    (RANK, R.SEVEN): ("syv", "syver", "syveren"),
    (RANK, R.SIX): ("seks", "sekser", "sekseren"),
    (RANK, R.FIVE): ("fem", "femmer", "femmeren"),
    (RANK, R.FOUR): ("fire", "firer", "fireren"),
    (RANK, R.THREE): ("tre", "treer", "treeren"),
    (RANK, R.TWO): ("to", "toer", "toeren"),
    (HIGH, None): ("stor", "store", "stort", "største", "høj", "høje", "højt", "højeste"),
    (LOW, None): ("lille", "små", "lav", "lave", "lavt", "laveste", "mindste"),
    (WIN, None): ("stik", "stikke", "stikker", "vi stikker", "tag stikket", "vind", "vinde"),
    (ANY, None): (
        "det er ligegyldigt",
        "ligegyldigt",
        "det er lige meget",
        "lige meget",
        "du må vælge",
        "vælg selv",
        "hvilken som helst",
        "hvad som helst",
    ),
    (FILLER, None): ("en", "et", "den", "det", "de", "jeg", "spil", "spiller", "kort", "kortet"),
}

_PT: dict[Meaning, tuple[str, ...]] = {
    (SUIT, S): ("espadas", "espada"),
    (SUIT, H): ("copas", "copa"),
    (SUIT, D): ("ouros", "ouro"),
    (SUIT, C): ("paus", "pau"),
    (TRUMP, None): ("trunfo", "trunfos"),
    (RANK, R.ACE): ("ás",),
    (RANK, R.KING): ("rei", "k"),
    (RANK, R.QUEEN): ("dama", "rainha", "q"),
    (RANK, R.JACK): ("valete", "j"),
    (RANK, R.TEN): ("dez",),
    (RANK, R.NINE): ("nove",),
    (RANK, R.EIGHT): ("oito",),
    (RANK, R.SEVEN): ("sete",),
    (RANK, R.SIX): ("seis",),
    (RANK, R.FIVE): ("cinco",),
    (RANK, R.FOUR): ("quatro",),
    (RANK, R.THREE): ("três",),
    (RANK, R.TWO): ("dois",),
    (HIGH, None): ("alta", "alto", "grande", "maior", "mais alta", "mais alto"),
    (LOW, None): ("baixa", "baixo", "pequena", "pequeno", "menor", "mais baixa", "mais baixo"),
    (WIN, None): ("vencer", "ganhar", "vencer a vaza", "ganhar a vaza", "levar a vaza"),
    (ANY, None): (
        "tanto faz",
        "não importa",
        "qualquer",
        "qualquer uma",
        "qualquer carta",
        "você escolhe",
    ),
    (FILLER, None): ("a", "o", "um", "uma", "de", "do", "carta", "jogo", "jogar", "eu"),
}

_JA: dict[Meaning, tuple[str, ...]] = {
    (SUIT, S): ("スペード",),
    (SUIT, H): ("ハート",),
    (SUIT, D): ("ダイヤ", "ダイヤモンド"),
    (SUIT, C): ("クラブ",),
    (TRUMP, None): ("切り札", "切札"),
    (RANK, R.ACE): ("エース",),
    (RANK, R.KING): ("キング", "k"),
    (RANK, R.QUEEN): ("クイーン", "q"),
    (RANK, R.JACK): ("ジャック", "j"),
    (RANK, R.TEN): ("十",),
    (RANK, R.NINE): ("九",),
    (RANK, R.EIGHT): ("八",),
    (RANK, R.SEVEN): ("七",),
    (RANK, R.SIX): ("六",),
    (RANK, R.FIVE): ("五",),
    (RANK, R.FOUR): ("四",),
    (RANK, R.THREE): ("三",),
    (RANK, R.TWO): ("二",),
    (HIGH, None): ("大きい", "高い", "一番大きい", "一番高い", "最大", "最高"),
    (LOW, None): ("小さい", "低い", "一番小さい", "一番低い", "最小", "最低"),
    (WIN, None): ("勝つ", "勝って", "勝ちます", "取る", "取って", "トリックを取る"),
    (ANY, None): ("どれでも", "どれでもいい", "何でもいい", "なんでもいい", "お任せ", "任せる"),
    (FILLER, None): (
        "の",
        "を",
        "で",
        "は",
        "が",
        "カード",
        "枚",
        "一枚",
        "ください",
        "下さい",
        "出す",
        "出して",
        "出します",
        "です",
        "お願いします",
    ),
}

# Understood in every language: the digits 2-10 and the suit signs.
_EVERYWHERE: dict[Meaning, tuple[str, ...]] = {
    **{(RANK, r): (str(int(r)),) for r in Rank if r <= Rank.TEN},
    (SUIT, S): ("♠", "♤"),
    (SUIT, H): ("♥", "♡"),
    (SUIT, D): ("♦", "♢"),
    (SUIT, C): ("♣", "♧"),
}

_SOURCES: dict[str, dict[Meaning, tuple[str, ...]]] = {
    "en": _EN,
    "sv": _SV,
    "da": _DA,
    "pt": _PT,
    "ja": _JA,
}


# --- building the tables ------------------------------------------------------------------------


def normalize(text: str) -> str:
    """The form in which text is compared: NFKC, case-folded, curly apostrophes made straight."""
    return unicodedata.normalize("NFKC", text).casefold().replace("’", "'").replace("‘", "'")


def _unaccented(word: str) -> str:
    """`word` without accents: ø and æ become o and ae, marks such as ¨ ˆ ˜ ´ are dropped."""
    word = word.replace("ø", "o").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFKD", word)
    return unicodedata.normalize(
        "NFC", "".join(c for c in decomposed if not unicodedata.combining(c))
    )


def _reads_as_card(word: str) -> bool:
    """True when `word` is also a card code that `parse_card` accepts."""
    try:
        parse_card(word)
    except CardError:
        return False
    return True


def _build(language: str, entries: Mapping[Meaning, tuple[str, ...]]) -> dict[str, Meaning]:
    """Word -> meaning for one language; raises ValueError on a word with two meanings."""
    words: dict[str, Meaning] = {}
    for source in (entries, _EVERYWHERE):
        for meaning, spellings in source.items():
            for spelling in spellings:
                word = " ".join(normalize(spelling).split())
                if words.get(word, meaning) != meaning:
                    raise ValueError(
                        f"{language}: {word!r} would mean both {words[word]} and {meaning}"
                    )
                if _reads_as_card(word):
                    raise ValueError(f"{language}: {word!r} is also a card code")
                words[word] = meaning
    plain = {}
    for word, meaning in words.items():
        bare = _unaccented(word)
        if bare != word and bare not in words and not _reads_as_card(bare):
            plain.setdefault(bare, set()).add(meaning)
    words.update({bare: meanings.pop() for bare, meanings in plain.items() if len(meanings) == 1})
    return words


def _merge(tables: Mapping[str, Mapping[str, Meaning]]) -> tuple[dict[str, Meaning], frozenset]:
    """All languages together, leaving out words whose meaning differs between languages."""
    meanings: dict[str, set[Meaning]] = {}
    for words in tables.values():
        for word, meaning in words.items():
            meanings.setdefault(word, set()).add(meaning)
    merged = {w: next(iter(m)) for w, m in meanings.items() if len(m) == 1}
    clashes = frozenset(w for w, m in meanings.items() if len(m) > 1)
    return merged, clashes


_TABLES: dict[str, dict[str, Meaning]] = {
    language: _build(language, entries) for language, entries in _SOURCES.items()
}
_TABLES[AUTO], CLASHES = _merge(_TABLES)
"""CLASHES: words that mean different things in different languages (left out of "auto")."""


def table(language: str) -> Mapping[str, Meaning]:
    """The word table of one language ("en", "sv", "da", "pt", "ja", or "auto" for all)."""
    return _TABLES[language]


def base_words(language: str) -> dict[Meaning, tuple[str, ...]]:
    """The words of a language as written in the tables (with accents), by meaning."""
    languages = LANGUAGES if language == AUTO else (language,)
    grouped: dict[Meaning, list[str]] = {}
    for lang in languages:
        for meaning, spellings in _SOURCES[lang].items():
            for spelling in spellings:
                if normalize(spelling) not in CLASHES or language != AUTO:
                    grouped.setdefault(meaning, [])
                    if spelling not in grouped[meaning]:
                        grouped[meaning].append(spelling)
    return {meaning: tuple(words) for meaning, words in grouped.items()}
