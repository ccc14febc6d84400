"""The Vietnam 1965-1975 hex grid on the globe: reference 4.1's affine geo-fit (9 ports of V 17.1,
RMS 0.53 hex) between local equirectangular km and hex coordinates, both ways.

Hex ids "CCRR"; flat-topped hexes in columns, even columns half a hex south ("even-q"), as
game/rules/vietnam_1965_1975/hexes.py reads them. In hex units a centre is (X, Y) with
X = c * sqrt(3)/2 and Y = r + 1/2 for even c; the hex radius (centre to corner) is 1/sqrt(3).
Pure Python: no third-party imports."""
from __future__ import annotations

import math

LON0, LAT0 = 108.0, 13.5
KX, KY = 108.25, 110.57            # km per degree of longitude (at 13.5N) and latitude
# column c (continuous) and Y (= row + 1/2 for even columns) from x km east, y km south (4.1)
A = ((0.10408, 0.00127, 42.31),
     (-0.00091, 0.08863, 36.77))
S3 = math.sqrt(3.0)
RADIUS = 1.0 / S3                  # hex units, centre to corner


def hid(c: int, r: int) -> str:
    return f"{c:02d}{r:02d}"


def cr(h: str) -> tuple[int, int]:
    return int(h[:2]), int(h[2:])


def latlon_to_cY(lat: float, lon: float) -> tuple[float, float]:
    x = (lon - LON0) * KX
    y = (LAT0 - lat) * KY
    (a, b, c0), (d, e, f0) = A
    return a * x + b * y + c0, d * x + e * y + f0


def cY_to_latlon(c: float, Y: float) -> tuple[float, float]:
    (a, b, c0), (d, e, f0) = A
    det = a * e - b * d
    u, v = c - c0, Y - f0
    x = (e * u - b * v) / det
    y = (a * v - d * u) / det
    return LAT0 - y / KY, LON0 + x / KX


def centre_cY(h: str) -> tuple[float, float]:
    c, r = cr(h)
    return float(c), r + (0.5 if c % 2 == 0 else 0.0)


def hex_latlon(h: str) -> tuple[float, float]:
    """The real (lat, lon) of a hex centre."""
    return cY_to_latlon(*centre_cY(h))


def latlon_hex(lat: float, lon: float) -> str:
    """The hex whose centre is nearest (in hex units) to a real point."""
    c, Y = latlon_to_cY(lat, lon)
    best = None
    for col in (math.floor(c) - 1, math.floor(c), math.floor(c) + 1, math.floor(c) + 2):
        yoff = 0.5 if col % 2 == 0 else 0.0
        row = round(Y - yoff)
        for rr in (row - 1, row, row + 1):
            d = ((col - c) * S3 / 2) ** 2 + (rr + yoff - Y) ** 2
            if best is None or d < best[0]:
                best = (d, col, rr)
    return hid(best[1], best[2])


def sample_points(h: str, n: int = 7) -> list[tuple[float, float]]:
    """(lat, lon) points spread evenly over a hex (an n x n grid clipped to the hexagon: 37 points
    for n=7), used to vote land/sea, land cover and relief."""
    c, Y = centre_cY(h)
    X = c * S3 / 2
    inr = RADIUS * S3 / 2          # inradius: half a row
    pts = []
    for i in range(n):
        for j in range(n):
            dx = (i + 0.5) / n * 2 * RADIUS - RADIUS
            dy = (j + 0.5) / n * 2 * inr - inr
            if abs(dy) <= inr and abs(dx) + abs(dy) / S3 <= RADIUS:   # inside a flat-topped hexagon
                pts.append(cY_to_latlon((X + dx) / (S3 / 2), Y + dy))
    return pts


def corners_cY(h: str) -> list[tuple[float, float]]:
    """The six corners of a hex in (c, Y) coordinates."""
    c, Y = centre_cY(h)
    X = c * S3 / 2
    return [((X + RADIUS * math.cos(math.radians(a))) / (S3 / 2), Y + RADIUS * math.sin(math.radians(a)))
            for a in range(0, 360, 60)]


def hex_polygon_latlon(h: str) -> list[tuple[float, float]]:
    """The hex outline as (lon, lat) pairs (shapely order)."""
    return [tuple(reversed(cY_to_latlon(c, Y))) for c, Y in corners_cY(h)]
