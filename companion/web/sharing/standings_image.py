"""The standings as a 1200×630 PNG (the Open Graph size), for a group chat or a link preview.

Drawn with Pillow and the DejaVu Sans font shipped in ``companion/fonts`` (with its licence),
which covers Latin, Greek and Cyrillic, and emoji with Debian's colour emoji font
(``fonts-noto-color-emoji``, installed by scripts/start and scripts/test) when it is there: a
bitmap font drawn at its one size, 109 px, and scaled to the text's. Without it, or for
characters neither font has, they are left out cleanly instead of drawn as boxes; a name left
with nothing to show falls back to the player's seat ("Player 3"), and two players whose names
would be drawn alike get their seat beside them ("Tom (2)"). Each text is drawn clipped to its
own box, and a letter keeps at most two combining marks, so nothing draws over another row.
Everything written here arrives already translated.

Drawing takes 100–250 ms of CPU: ``render_aside`` runs it on a thread of its own (gevent's
thread pool when gevent has patched threading), so that the worker's other requests go on.
"""

from __future__ import annotations

import io
import math
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from threading import Lock

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

from companion.rules.memo import memoized

FONTS = Path(__file__).resolve().parents[2] / "fonts"
REGULAR = FONTS / "DejaVuSans.ttf"
BOLD = FONTS / "DejaVuSans-Bold.ttf"
#: Where Debian puts the colour emoji font; the first one found is used.
EMOJI_FONTS: tuple[Path, ...] = (Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),)
#: The one size the colour emoji font's bitmaps are drawn at.
EMOJI_SIZE = 109
SIZE = (1200, 630)
MARGIN = 60
#: Combining marks kept on one letter ("a" + 23 × U+0301 would climb over the rows above).
MARKS_PER_LETTER = 2

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
    seat: str = ""  # "2", "1 & 3": shown beside a name drawn like another's


@dataclass(frozen=True)
class Picture:
    game: str  # "Oh Hell"
    status: str  # "Final standings", "After round 6 of 19"
    date: str
    headline: str | None  # "Ana wins with 142 points"
    rows: tuple[Row, ...]
    footer: str  # the app's name


#: Computed once (no arguments).
@memoized(1)
def _covered() -> frozenset[int]:
    """The code points both shipped fonts draw (their character maps)."""
    maps = [set(TTFont(path, lazy=True).getBestCmap()) for path in (REGULAR, BOLD)]
    return frozenset(maps[0] & maps[1])


#: Looked for once (no arguments).
@memoized(1)
def _emoji_font() -> tuple[ImageFont.FreeTypeFont, frozenset[int]] | None:
    """The colour emoji font at its size and the code points it draws, or None without it."""
    for path in EMOJI_FONTS:
        if path.is_file():
            try:
                font = ImageFont.truetype(str(path), EMOJI_SIZE)
                return font, frozenset(TTFont(path, lazy=True).getBestCmap())
            except OSError:
                continue
    return None


#: What continues an emoji: variation selectors, skin tones, keycap, tags; a joiner takes the
#: next emoji into the same one (👨‍👩‍👧).
_ZWJ = "\u200d"


def _continues_emoji(ch: str) -> bool:
    code = ord(ch)
    return (code in (0xFE0E, 0xFE0F, 0x20E3) or 0x1F3FB <= code <= 0x1F3FF
            or 0xE0020 <= code <= 0xE007F)


#: A run of text: (emoji, characters).
Run = tuple[bool, str]


def runs(text: str) -> tuple[Run, ...]:
    """``text`` as the image draws it: runs of text the shipped font draws and of emoji (when
    the emoji font is there), without what neither draws (other scripts, controls), spaces
    collapsed, at most ``MARKS_PER_LETTER`` combining marks a letter."""
    covered = _covered()
    emoji = _emoji_font()
    emoji_covered = emoji[1] if emoji else frozenset()
    text = unicodedata.normalize("NFC", text)
    clusters: list[Run] = []
    i, marks = 0, 0
    while i < len(text):
        ch = text[i]
        after = text[i + 1] if i + 1 < len(text) else ""
        code = ord(ch)
        if code in emoji_covered and (code not in covered or after in ("\ufe0f", "\u20e3")
                                      or (after and ord(after) in range(0x1F3FB, 0x1F400))):
            j = i + 1
            while j < len(text) and (_continues_emoji(text[j]) or text[j] == _ZWJ):
                if text[j] == _ZWJ and j + 1 < len(text) and ord(text[j + 1]) in emoji_covered:
                    j += 2
                else:
                    j += 1
            # Two regional indicators are one flag.
            if 0x1F1E6 <= code <= 0x1F1FF and j < len(text) and 0x1F1E6 <= ord(text[j]) <= 0x1F1FF:
                j += 1
            clusters.append((True, text[i:j]))
            i, marks = j, 0
            continue
        category = unicodedata.category(ch)
        if category == "Cf" or _continues_emoji(ch):
            pass  # invisible (direction controls, joiners): no trace
        elif ch != " " and (code not in covered or category == "Cc"):
            clusters.append((False, " "))  # a letter not drawn: the words around it stay apart
        elif category.startswith("M"):
            marks += 1
            if marks <= MARKS_PER_LETTER and clusters and not clusters[-1][0]:
                clusters[-1] = (False, clusters[-1][1] + ch)
        else:
            clusters.append((False, ch))
            marks = 0
        i += 1
    # Spaces collapsed and trimmed, as the text is shown.
    shown: list[Run] = []
    for cluster in clusters:
        if cluster == (False, " ") and (not shown or shown[-1] == (False, " ")):
            continue
        shown.append(cluster)
    while shown and shown[-1] == (False, " "):
        shown.pop()
    return tuple(shown)


def shown(clusters: tuple[Run, ...]) -> str:
    return "".join(text for _, text in clusters)


def drawable(text: str) -> str:
    """``text`` as drawn: what neither font can draw left out (see ``runs``)."""
    return shown(runs(text))


#: By weight and size: the few the image draws with.
@memoized(32)
def _font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def _merged(clusters: tuple[Run, ...]) -> list[Run]:
    """Neighbouring clusters of one kind as one run (text is measured and kerned whole)."""
    merged: list[Run] = []
    for emoji, text in clusters:
        if merged and merged[-1][0] == emoji:
            merged[-1] = (emoji, merged[-1][1] + text)
        else:
            merged.append((emoji, text))
    return merged


def _emoji_scale(font: ImageFont.FreeTypeFont) -> float:
    return font.size / 128  # the bitmaps are 128 px high: an emoji as high as the text's size


def _width(clusters: tuple[Run, ...], font: ImageFont.FreeTypeFont) -> float:
    emoji = _emoji_font()
    total = 0.0
    for is_emoji, text in _merged(clusters):
        if is_emoji and emoji:
            total += emoji[0].getlength(text) * _emoji_scale(font)
        else:
            total += font.getlength(text)
    return total


_ELLIPSIS: tuple[Run, ...] = ((False, "…"),)


def _fit(clusters: tuple[Run, ...], font: ImageFont.FreeTypeFont, width: float) -> tuple[Run, ...]:
    """``clusters`` cut with an ellipsis to fit ``width`` pixels, in O(n log n): no cluster
    drawn is narrower than a pixel, so what lies past the first ``width`` of them is never
    measured, and the longest start that fits is found by halving (a start's width grows with
    its length)."""
    clusters = clusters[:max(0, int(width)) + 1]
    if _width(clusters, font) <= width:
        return clusters
    fits, too_long = 0, len(clusters)  # clusters[:fits] + "…" fits; clusters[:too_long] doesn't
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if _width(clusters[:middle] + _ELLIPSIS, font) <= width:
            fits = middle
        else:
            too_long = middle
    shown = list(clusters[:fits])
    while shown and shown[-1] == (False, " "):
        shown.pop()
    return tuple(shown) + _ELLIPSIS


def _shrink(clusters: tuple[Run, ...], bold: bool, size: int, least: int,
            width: float) -> tuple[tuple[Run, ...], ImageFont.FreeTypeFont]:
    """``clusters`` in the largest size from ``size`` down to ``least`` that fits ``width``;
    cut with an ellipsis only if even the smallest does not (what lies past ``width`` clusters
    never fits: not measured)."""
    clusters = clusters[:max(0, int(width)) + 2]
    for step in range(size, least - 1, -2):
        font = _font(bold, step)
        if _width(clusters, font) <= width:
            return clusters, font
    font = _font(bold, least)
    return _fit(clusters, font, width), font


#: By the run of emoji and its height: the last 256 drawn.
@memoized(256)
def _emoji_image(text: str, height: int) -> Image.Image:
    """A run of emoji drawn in colour at the font's size, scaled to ``height`` pixels."""
    emoji = _emoji_font()
    assert emoji is not None
    font = emoji[0]
    left, top, right, bottom = font.getbbox(text)
    big = Image.new("RGBA", (max(1, math.ceil(right - left)), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(big).text((-left, -top), text, font=font, embedded_color=True)
    scale = height / 128
    size = (max(1, round(big.width * scale)), max(1, round(big.height * scale)))
    return big.resize(size, Image.Resampling.LANCZOS)


def _draw(image: Image.Image, clusters: tuple[Run, ...], xy: tuple[float, float],
          font: ImageFont.FreeTypeFont, fill: str, anchor: str,
          clip: tuple[int, int, int, int]) -> None:
    """Draw ``clusters`` at ``xy`` (a Pillow anchor: l/m/r then m or s), clipped to ``clip``
    (left, top, right, bottom): drawn on a layer of that box, then laid on the image."""
    left, top, right, bottom = clip
    layer = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    total = _width(clusters, font)
    x = xy[0] - left - {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
    y = xy[1] - top
    ascent, descent = font.getmetrics()
    middle = y if anchor[1] == "m" else y - (ascent - descent) / 2
    emoji = _emoji_font()
    for is_emoji, text in _merged(clusters):
        if is_emoji and emoji:
            picture = _emoji_image(text, font.size)
            layer.alpha_composite(picture, (round(x), round(middle - picture.height / 2)))
            x += emoji[0].getlength(text) * _emoji_scale(font)
        else:
            draw.text((x, y), text, font=font, fill=fill, anchor="l" + anchor[1])
            x += font.getlength(text)
    image.paste(layer, (left, top), layer)


def _names(rows: tuple[Row, ...], fonts: list[ImageFont.FreeTypeFont],
           widths: list[float]) -> list[tuple[Run, ...]]:
    """Each row's name as drawn, fitted to its width: a name with nothing drawable falls back
    to the seat, and names that would be drawn alike get their seat beside them."""
    names = [runs(row.name) or runs(row.fallback) for row in rows]
    fitted = [_fit(name, font, width) for name, font, width in zip(names, fonts, widths)]
    for _ in range(2):
        seen: dict[str, int] = {}
        for drawn in fitted:
            key = shown(drawn).casefold()
            seen[key] = seen.get(key, 0) + 1
        alike = [i for i, drawn in enumerate(fitted)
                 if seen[shown(drawn).casefold()] > 1 and rows[i].seat]
        if not alike:
            break
        for i in alike:
            seat = ((False, " "), *runs(f"({rows[i].seat})"))
            room = widths[i] - _width(seat, fonts[i])
            fitted[i] = _fit(names[i], fonts[i], room) + seat
    return fitted


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
    date = runs(picture.date)
    date_width = _width(date, date_font)
    _draw(image, date, (right, 68), date_font, ON_BAND_SOFT, "rs", (0, 0, width, 90))
    game, game_font = _shrink(runs(picture.game), True, 50, 36, right - MARGIN - date_width - 30)
    _draw(image, game, (MARGIN, 70), game_font, ON_BAND, "ls", (0, 0, round(right - date_width - 20), 90))
    status_font = _font(False, 32)
    status = _fit(runs(picture.status), status_font, right - MARGIN)
    _draw(image, status, (MARGIN, 122), status_font, ON_BAND_SOFT, "ls", (0, 90, width, 145))
    if picture.headline:
        headline, headline_font = _shrink(runs("★ " + picture.headline), True, 38, 26,
                                          right - MARGIN)
        _draw(image, headline, (MARGIN, 186), headline_font, ON_BAND, "ls", (0, 145, width, band))

    # The places, shared ranks shown as such, the winners highlighted.
    top, bottom = band + 14, height - 40
    rows = picture.rows
    step = min(66, (bottom - top) // max(len(rows), 1))
    size = max(22, int(step * 0.55))
    name_font, bold_font = _font(False, size), _font(True, size)
    fonts = [bold_font if row.winner else name_font for row in rows]
    score_widths = [draw.textlength(row.score, font=font) for row, font in zip(rows, fonts)]
    names = _names(rows, fonts, [right - w - 40 - (MARGIN + 80) for w in score_widths])
    for index, row in enumerate(rows):
        y0 = top + index * step
        middle = y0 + step / 2
        if row.winner:
            draw.rounded_rectangle((MARGIN - 16, y0 + 3, right + 16, y0 + step - 3), radius=12,
                                   fill=WINNER_ROW)
        elif index:
            draw.line((MARGIN, y0, right, y0), fill=RULE, width=2)
        font = fonts[index]
        draw.text((MARGIN + 24, middle), str(row.rank), font=bold_font, fill=TEXT, anchor="mm")
        draw.text((right, middle), row.score, font=font, fill=TEXT, anchor="rm")
        name_right = round(right - score_widths[index] - 30)
        _draw(image, names[index], (MARGIN + 80, middle), font, TEXT, "lm",
              (MARGIN + 70, y0 + 2, name_right, y0 + step - 2))

    footer_font = _font(True, 20)
    _draw(image, runs(picture.footer), (right, height - 14), footer_font, MUTED, "rs",
          (0, height - 40, width, height))
    out = io.BytesIO()
    # Not ``optimize``: it holds the interpreter for the whole encoding (a second on a busy
    # machine), so no other thread of the worker could answer meanwhile.
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


# --- drawing aside -------------------------------------------------------------------------

_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = Lock()


def _gevent_patched() -> bool:
    try:
        from gevent import monkey
    except ImportError:
        return False
    return bool(monkey.is_module_patched("threading"))


def render_aside(picture: Picture) -> bytes:
    """``render(picture)`` on a thread of its own, the calling request waiting for it while the
    worker's other requests go on: under gevent, on gevent's pool of real threads (a greenlet
    drawing for 200 ms would hold up every other greenlet of the worker); under any other
    server, on one thread kept for drawing, so that at most one drawing at a time competes with
    the requests for the interpreter. Pillow lets go of the interpreter while it encodes and
    scales."""
    if _gevent_patched():
        from gevent import get_hub

        return get_hub().threadpool.apply(render, (picture,))  # type: ignore[no-any-return]
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="standings-image")
    return _POOL.submit(render, picture).result()
