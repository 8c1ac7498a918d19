"""Draw the app's icons (a white spade on the table's green) as PNG files, with the standard library.

    python scripts/icons.py        # writes static/icons/icon-192.png and icon-512.png

The spade sits inside the safe zone of a maskable icon (the middle circle, 80% of the width) on a
full-bleed square, so the same file serves launchers that crop it to a circle or a rounded square.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

GREEN = (0x1D, 0x6B, 0x45)
WHITE = (0xFF, 0xFF, 0xFF)
SAMPLES = 4  # per axis: 16 samples a pixel smooth the edges
SAFE_RADIUS = 0.36  # of the icon's width, from its centre (maskable safe zone: 0.40)
OUT = Path(__file__).resolve().parents[1] / "static" / "icons"


def spade() -> list[tuple[float, float]]:
    """The outline, y pointing down: the classic parametric heart turned over, on a flared stem."""
    body = []
    for i in range(360):
        t = 2 * math.pi * i / 360
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        body.append((x, y))  # y as is: with y down, the point is at the top
    return body


def stem_half_width(y: float) -> float | None:
    if 2.0 <= y <= 17.0:
        t = (y - 2.0) / 15.0
        return 1.4 + 7.6 * t**3
    return None


def crossings(polygon: list[tuple[float, float]], y: float) -> list[float]:
    xs = []
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 <= y < y2) or (y2 <= y < y1):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return sorted(xs)


def union(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for left, right in sorted(intervals):
        if merged and left <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(right, merged[-1][1]))
        else:
            merged.append((left, right))
    return merged


def draw(size: int) -> bytes:
    outline = spade()
    top = min(y for _, y in outline)
    middle_y = (top + 17.0) / 2
    reach = max(math.hypot(x, y - middle_y) for x, y in [*outline, (9.0, 17.0)])
    scale = SAFE_RADIUS * size / reach  # shape units per pixel, inverted below
    coverage = [[0] * size for _ in range(size)]
    for row in range(size * SAMPLES):
        py = (row + 0.5) / SAMPLES
        y = (py - size / 2) / scale + middle_y
        spans = crossings(outline, y)
        intervals = list(zip(spans[::2], spans[1::2]))
        stem = stem_half_width(y)
        if stem is not None:
            intervals.append((-stem, stem))
        for left, right in union(intervals):
            first = math.ceil((left * scale + size / 2) * SAMPLES - 0.5)
            last = math.floor((right * scale + size / 2) * SAMPLES - 0.5)
            for column in range(max(first, 0), min(last, size * SAMPLES - 1) + 1):
                coverage[int(py)][column // SAMPLES] += 1
    raw = bytearray()
    for line in coverage:
        raw.append(0)  # PNG filter type 0 for the row
        for hits in line:
            a = hits / SAMPLES**2
            raw += bytes(round(g + (w - g) * a) for g, w in zip(GREEN, WHITE))
    return png(size, size, bytes(raw))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(draw(size))
        print(f"static/icons/icon-{size}.png")
