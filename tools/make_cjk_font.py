"""Make the small CJK font the widgets ship: bourre_lessons/widgets/static/bourre-cjk.woff2.

The course shows Japanese (pagat's quotations in the rule chips and docs/sources.md, lesson 07's
words such as 小さい). A machine with no CJK font (this one has only DejaVu) would draw boxes,
so the package ships a subset of Noto Sans CJK JP holding exactly the CJK characters the course
uses, and the widget CSS embeds it (`widgets/fonts.py`).

    python tools/make_cjk_font.py          # rebuild the subset
    python tools/make_cjk_font.py --check  # exit 1 if a character the course uses is missing

Where the font comes from: Debian's fonts-noto-cjk. If it is installed
(/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc) that file is used; otherwise the tool
fetches the package with `apt-get download` and unpacks it with `dpkg-deb -x` into .cache/,
without installing it, so the machine still has no CJK font and the screenshots still show
what a learner without one sees. The subsetting needs fonttools and brotli: with them missing,
the tool makes a throwaway venv in .cache/ and runs itself there.

The subset is renamed "Bourre CJK" (a modified version under the SIL Open Font License may not
keep the original's name), and its licence is written beside it (bourre-cjk-OFL.txt).
"""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "bourre_lessons" / "widgets" / "static"
FONT = STATIC / "bourre-cjk.woff2"
LICENCE = STATIC / "bourre-cjk-OFL.txt"
CACHE = ROOT / ".cache" / "cjk-font"
SYSTEM_TTC = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FAMILY = "Bourre CJK"
FIRST_CJK = 0x2E80
"""Characters from here up (CJK radicals, kana, ideographs, fullwidth forms) need the font."""
SCANNED = (
    ("bourre_lessons", "**/*.py"),
    ("notebooks", "*.md"),
    ("exercises", "*.md"),
    ("docs", "*.md"),
    ("present", "*.ipynb"),
)


def needs_cjk_font(char: str) -> bool:
    """True for a visible East Asian character (at or above U+2E80) that DejaVu lacks."""
    return ord(char) >= FIRST_CJK and unicodedata.category(char)[0] in "LNPS"


def course_characters(root: Path = ROOT) -> set[str]:
    """Every character of the course's text (package, lessons, exercises, docs) that needs the
    CJK font."""
    chars: set[str] = set()
    for folder, pattern in SCANNED:
        for path in (root / folder).glob(pattern):
            if "__pycache__" not in path.parts and ".ipynb_checkpoints" not in path.parts:
                chars |= {c for c in path.read_text(encoding="utf-8") if needs_cjk_font(c)}
    return chars


def _source_font() -> Path:
    """Noto Sans CJK Regular: the installed one, else Debian's package unpacked into .cache/."""
    if SYSTEM_TTC.is_file():
        return SYSTEM_TTC
    unpacked = CACHE / "deb" / SYSTEM_TTC.relative_to("/")
    if unpacked.is_file():
        return unpacked
    CACHE.mkdir(parents=True, exist_ok=True)
    if not list(CACHE.glob("fonts-noto-cjk_*.deb")):
        print("fetching Debian's fonts-noto-cjk with apt-get download (not installing it)")
        subprocess.run(["apt-get", "download", "fonts-noto-cjk"], cwd=CACHE, check=True)
    deb = sorted(CACHE.glob("fonts-noto-cjk_*.deb"))[-1]
    subprocess.run(["dpkg-deb", "-x", str(deb), str(CACHE / "deb")], check=True)
    return unpacked


def _licence_text(source: Path, copyright_line: str) -> str:
    """The OFL as Debian ships it for fonts-noto-cjk, with where the subset comes from."""
    doc = source.parents[3] / "doc" / "fonts-noto-cjk" / "copyright"
    text = doc.read_text(encoding="utf-8") if doc.is_file() else ""
    start = text.find("License: SIL-1.1\n -----")
    ofl = text[start:].split("\nLicense: ", 1)[0] if start >= 0 else ""
    body = "\n".join(line[1:] if line.startswith(" ") else line for line in ofl.splitlines()[1:])
    body = body.replace("\n.\n", "\n\n")
    if not body.strip():
        raise SystemExit(f"the SIL Open Font License was not found in {doc}")
    return (
        f"{FAMILY} (bourre-cjk.woff2) is a subset of Noto Sans CJK JP Regular, from Debian's\n"
        "package fonts-noto-cjk, holding only the characters the course bourre-lessons uses.\n"
        "It is a Modified Version under the SIL Open Font License 1.1, renamed accordingly,\n"
        "and is distributed under that licence. Made by tools/make_cjk_font.py.\n\n"
        f"Copyright of the original font: {copyright_line}\n\n{body.strip()}\n"
    )


def make_subset(chars: set[str]) -> None:
    """Write the WOFF2 subset of exactly `chars` and its licence into widgets/static/."""
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    source = _source_font()
    collection = TTCollection(str(source))
    index = next(
        i
        for i, font in enumerate(collection.fonts)
        if font["name"].getDebugName(1) == "Noto Sans CJK JP"
    )
    options = subset.Options()
    options.flavor = "woff2"
    options.font_number = index
    options.layout_features = ["kern", "palt", "vert"]
    options.hinting = False
    options.desubroutinize = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    names = font["name"]
    copyright_line = names.getDebugName(0) or "Google LLC and Adobe"
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6):
            text = FAMILY if record.nameID in (1, 4) else "BourreCJK-Regular"
            if record.nameID == 3:
                text = "bourre-lessons: BourreCJK-Regular subset"
            names.setName(text, record.nameID, record.platformID, record.platEncID, record.langID)
    STATIC.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(FONT), options)
    LICENCE.write_text(_licence_text(source, copyright_line), encoding="utf-8")
    print(f"wrote {FONT} ({FONT.stat().st_size} bytes, {len(chars)} characters) and {LICENCE}")


def missing(chars: set[str]) -> set[str]:
    """The characters the shipped subset lacks."""
    from fontTools.ttLib import TTFont

    if not FONT.is_file():
        return set(chars)
    cmap = TTFont(str(FONT)).getBestCmap()
    return {c for c in chars if ord(c) not in cmap}


def _in_throwaway_venv() -> int:
    """Run this script again in a venv under .cache/ that has fonttools and brotli."""
    venv = CACHE / "venv"
    python = venv / "bin" / "python"
    if not python.is_file():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "fonttools", "brotli"], check=True
        )
    env = dict(os.environ, BOURRE_CJK_VENV="1")
    return subprocess.run([str(python), __file__, *sys.argv[1:]], env=env).returncode


def main(argv: list[str]) -> int:
    """Rebuild the subset, or (`--check`) report the characters it lacks."""
    try:
        import brotli  # noqa: F401
        import fontTools  # noqa: F401
    except ImportError:
        if os.environ.get("BOURRE_CJK_VENV"):
            raise
        return _in_throwaway_venv()
    chars = course_characters()
    if argv == ["--check"]:
        lacking = missing(chars)
        print(
            f"{len(chars)} CJK characters in the course; missing from the font: "
            f"{''.join(sorted(lacking)) or 'none'}"
        )
        return 1 if lacking else 0
    if argv:
        print("usage: python tools/make_cjk_font.py [--check]", file=sys.stderr)
        return 2
    make_subset(chars)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
