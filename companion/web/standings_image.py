"""The standings as a 1200×630 PNG (the Open Graph size), for a group chat or a link preview.

Drawn with Pillow and the DejaVu Sans font shipped in ``companion/fonts`` (with its licence),
which covers Latin, Greek and Cyrillic. Characters it has no glyph for (emoji, mostly) are left
out cleanly instead of drawn as boxes; a name left with nothing to show falls back to the
player's seat ("Player 3"). Everything written here arrives already translated.
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

FONTS = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = FONTS / "DejaVuSans.ttf"
BOLD = FONTS / "DejaVuSans-Bold.ttf"
SIZE = (1200, 630)
MARGIN = 60

# The app's light colours (static/css/app.css).
BACKGROUND = "#f6f5f1"
BAND = "#1d6b45"
ON_BAND = "#ffffff"
ON_BAND_SOFT = "#d9f5e5"
TEXT = "#1b1d1c"
MUTED = "#50564f"
WINNER_ROW = "#dcefe3"
RULE = "#d5d8d3"


@dataclass(frozen=True)
class Row:
    rank: int
    name: str
    fallback: str  # what to show when nothing of the name can be drawn
    score: str
    winner: bool


@dataclass(frozen=True)
class Picture:
    game: str  # "Oh Hell"
    status: str  # "Final standings", "After round 6 of 19"
    date: str
    headline: str | None  # "Ana wins with 142 points"
    rows: tuple[Row, ...]
    footer: str  # the app's name


@lru_cache(maxsize=1)
def _covered() -> frozenset[int]:
    """The code points both shipped fonts draw (their character maps)."""
    maps = [set(TTFont(path, lazy=True).getBestCmap()) for path in (REGULAR, BOLD)]
    return frozenset(maps[0] & maps[1])


def drawable(text: str) -> str:
    """``text`` without what the font cannot draw (emoji, their joiners and variation
    selectors, other scripts' letters), with the spaces that leaves behind collapsed."""
    covered = _covered()
    kept = "".join(
        ch if ch == " " or ord(ch) in covered and unicodedata.category(ch) not in ("Cc", "Cf")
        else " "
        for ch in unicodedata.normalize("NFC", text)
    )
    return " ".join(kept.split())


@lru_cache(maxsize=32)
def _font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def _fit(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _shrink(draw: ImageDraw.ImageDraw, text: str, bold: bool, size: int, least: int,
            width: float) -> tuple[str, ImageFont.FreeTypeFont]:
    """``text`` in the largest size from ``size`` down to ``least`` that fits ``width``; cut
    with an ellipsis only if even the smallest does not."""
    for step in range(size, least - 1, -2):
        font = _font(bold, step)
        if draw.textlength(text, font=font) <= width:
            return text, font
    font = _font(bold, least)
    return _fit(draw, text, font, width), font


def render(picture: Picture) -> bytes:
    """The PNG's bytes."""
    image = Image.new("RGB", SIZE, BACKGROUND)
    draw = ImageDraw.Draw(image)
    width, height = SIZE
    right = width - MARGIN

    # The band: the game and the date, where it stands, the winner (or the leader).
    band = 214 if picture.headline else 150
    draw.rectangle((0, 0, width, band), fill=BAND)
    date_font = _font(False, 30)
    date = drawable(picture.date)
    date_width = draw.textlength(date, font=date_font)
    draw.text((right, 68), date, font=date_font, fill=ON_BAND_SOFT, anchor="rs")
    game, game_font = _shrink(draw, drawable(picture.game), True, 50, 36,
                              right - MARGIN - date_width - 30)
    draw.text((MARGIN, 70), game, font=game_font, fill=ON_BAND, anchor="ls")
    status_font = _font(False, 32)
    status = _fit(draw, drawable(picture.status), status_font, right - MARGIN)
    draw.text((MARGIN, 122), status, font=status_font, fill=ON_BAND_SOFT, anchor="ls")
    if picture.headline:
        headline, headline_font = _shrink(draw, "★ " + drawable(picture.headline), True, 38, 26,
                                          right - MARGIN)
        draw.text((MARGIN, 186), headline, font=headline_font, fill=ON_BAND, anchor="ls")

    # The places, shared ranks shown as such, the winners highlighted.
    top, bottom = band + 14, height - 40
    rows = picture.rows
    step = min(66, (bottom - top) // max(len(rows), 1))
    size = max(22, int(step * 0.55))
    name_font, bold_font = _font(False, size), _font(True, size)
    for index, row in enumerate(rows):
        y0 = top + index * step
        middle = y0 + step / 2
        if row.winner:
            draw.rounded_rectangle((MARGIN - 16, y0 + 3, right + 16, y0 + step - 3), radius=12,
                                   fill=WINNER_ROW)
        elif index:
            draw.line((MARGIN, y0, right, y0), fill=RULE, width=2)
        font = bold_font if row.winner else name_font
        draw.text((MARGIN + 24, middle), str(row.rank), font=bold_font, fill=TEXT, anchor="mm")
        score_width = draw.textlength(row.score, font=font)
        draw.text((right, middle), row.score, font=font, fill=TEXT, anchor="rm")
        name = drawable(row.name) or row.fallback
        name = _fit(draw, name, font, right - score_width - 40 - (MARGIN + 80))
        draw.text((MARGIN + 80, middle), name, font=font, fill=TEXT, anchor="lm")

    draw.text((right, height - 14), drawable(picture.footer), font=_font(True, 20), fill=MUTED,
              anchor="rs")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
