# ABC201 D "Game in Momotetsu World": the brute force a contestant writes, a bottom-up loop
# over the cells from the bottom-right one, best[j] the mover's points minus the other's from
# the cell (i, j) of the row being filled.
import sys

def main():
    data = sys.stdin.read().split()
    h, w = int(data[0]), int(data[1])
    grid = data[2:2 + h]
    value = [[1 if c == "+" else -1 for c in row] for row in grid]
    below = None
    for i in range(h - 1, -1, -1):
        row, best = value[i], [0] * w
        nxt = value[i + 1] if i + 1 < h else None
        for j in range(w - 1, -1, -1):
            if i == h - 1 and j == w - 1:
                continue
            b = -10**9
            if j + 1 < w:
                b = row[j + 1] - best[j + 1]
            if nxt is not None:
                d = nxt[j] - below[j]
                if d > b:
                    b = d
            best[j] = b
        below = best
    m = below[0]
    print("Takahashi" if m > 0 else "Aoki" if m < 0 else "Draw")

main()
