"""Draw the app icons (PNG, 192 and 512 px) with the standard library only.

    python3 tools/icons/make_icons.py      # writes static/icons/icon-192.png, icon-512.png

A gold five-pointed star on a jungle-green field with a thin khaki ring; the artwork stays
inside the central 80% so the same file works as a "maskable" icon. 4x4 supersampling.
"""
from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "static" / "icons"
BG = (38, 64, 38)
RING = (189, 174, 120)
STAR = (236, 190, 48)


def star_polygon(cx, cy, r_out, r_in):
    pts = []
    for i in range(10):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def inside(poly, x, y):
    c = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            c = not c
        j = i
    return c


def color_at(x, y, size, poly):
    c = size / 2
    d = math.hypot(x - c, y - c)
    if size * 0.36 <= d <= size * 0.39:
        return RING
    if inside(poly, x, y):
        return STAR
    return BG


def draw(size: int, ss: int = 4) -> bytes:
    poly = star_polygon(size / 2, size / 2 + size * 0.015, size * 0.31, size * 0.125)
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(ss):
                for sx in range(ss):
                    col = color_at(px + (sx + 0.5) / ss, py + (sy + 0.5) / ss, size, poly)
                    for k in range(3):
                        acc[k] += col[k]
            row += bytes(round(v / (ss * ss)) for v in acc)
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        path = OUT / f"icon-{size}.png"
        path.write_bytes(draw(size))
        print(path, path.stat().st_size)


if __name__ == "__main__":
    main()
