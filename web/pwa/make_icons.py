#!/usr/bin/env python3
"""Draws the app's icons (PNG) for the web app manifest, the page and the home screen.

    make_icons.py OUTPUT_DIR

The motif is the staircase board as the app draws it (imgui_app/staircase_view.cpp and the
palette of imgui_app/game_view.h): a 4 x 4 grid of cells, a staircase of Black and White
stones filling it from the top left corner, the cells where the next stone may go, and the best
of them outlined in sky blue with a star:

    +---+---+---+---+
    | B | W | B | . |      B, W  stones (Black, White)
    +---+---+---+---+      .     a legal cell (the staircase may grow there)
    | W | B | * |   |      *     the best move: sky-blue outline and star
    +---+---+---+---+
    | W | . |   |   |
    +---+---+---+---+
    | . |   |   |   |
    +---+---+---+---+

Files written (all RGBA PNGs, drawn at 4x and scaled down for smooth edges):
    icon-192.png, icon-512.png   purpose "any": a rounded dark tile, transparent corners
    maskable-512.png             purpose "maskable": full-bleed background, the board inside
                                 the central circle of radius 40% (the safe zone)
    apple-touch-icon.png         180 px, opaque (iOS rounds the corners itself)
    favicon-32.png               the browser tab: a 3 x 3 board, fewer details
Needs Debian's python3-pil. The output depends only on this script (and Pillow's encoder).
"""
import math
import os
import sys

from PIL import Image, ImageDraw

BACKGROUND = (28, 31, 36, 255)  # #1c1f24, the page behind the canvas (shell.html)
CELL = (58, 63, 74, 255)  # kCell
LEGAL = (74, 88, 110, 255)  # kLegal
BEST = (86, 180, 233, 255)  # palette::kBest, sky blue
BLACK_STONE = (24, 24, 28, 255)  # palette::kFirstPlayer
WHITE_STONE = (238, 238, 232, 255)  # palette::kSecondPlayer
STONE_RIM = (120, 120, 120, 255)

SUPERSAMPLE = 4

# The boards: per cell 'B' or 'W' (a stone), '.' (legal), '*' (the best legal cell), ' ' (empty).
BOARD_4 = ["BWB.", "WB* ", "W.  ", ".   "]
BOARD_3 = ["BW.", "B* ", ".  "]


def star_points(cx, cy, outer, inner, points=5):
    result = []
    for k in range(2 * points):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / points
        result.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return result


def draw_board(draw, board, left, top, side, detail=True):
    """Draws board (rows of cell codes) into the square (left, top, side)."""
    n = len(board)
    pitch = side / n
    gap = pitch * 0.08
    radius = pitch * 0.12
    for row, codes in enumerate(board):
        for col, code in enumerate(codes):
            x0 = left + col * pitch + gap / 2
            y0 = top + row * pitch + gap / 2
            x1 = x0 + pitch - gap
            y1 = y0 + pitch - gap
            fill = LEGAL if code in ".*" else CELL
            draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            if code in "BW":
                r = (x1 - x0) * 0.36
                rim = max(1.0, (x1 - x0) * 0.025) if detail else 0
                draw.ellipse((cx - r, cy - r, cx + r, cy + r),
                             fill=BLACK_STONE if code == "B" else WHITE_STONE,
                             outline=STONE_RIM if rim else None, width=int(round(rim)))
            elif code == "*":
                width = max(2, int(round((x1 - x0) * 0.07)))
                draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, outline=BEST, width=width)
                outer = (x1 - x0) * 0.3
                draw.polygon(star_points(cx, cy, outer, outer * 0.45), fill=BEST)


def icon(size, board, board_fraction, rounded, detail=True):
    """An icon of size px: the background (a rounded tile when rounded, else full bleed) and the
    board, board_fraction of the size, centred."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if rounded:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 0.18, fill=BACKGROUND)
    else:
        draw.rectangle((0, 0, big, big), fill=BACKGROUND)
    side = big * board_fraction
    draw_board(draw, board, (big - side) / 2, (big - side) / 2, side, detail)
    return image.resize((size, size), Image.LANCZOS)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    # The maskable board's corners lie at 0.54 / 2 * sqrt(2) = 38% of the size from the centre,
    # inside the 40% safe zone that every mask shape keeps.
    icons = {
        "icon-192.png": icon(192, BOARD_4, 0.74, rounded=True),
        "icon-512.png": icon(512, BOARD_4, 0.74, rounded=True),
        "maskable-512.png": icon(512, BOARD_4, 0.54, rounded=False),
        "apple-touch-icon.png": icon(180, BOARD_4, 0.66, rounded=False),
        "favicon-32.png": icon(32, BOARD_3, 0.84, rounded=True, detail=False),
    }
    for name, image in icons.items():
        image.save(os.path.join(out, name), format="PNG")


if __name__ == "__main__":
    main()
