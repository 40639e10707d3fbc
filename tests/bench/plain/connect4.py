# Connect Four, who wins, as a contestant writes it in Python: a memo over the board string with
# negamax values that stops at the first winning move. python3 connect4.py ROWS COLS.
import sys
sys.setrecursionlimit(10000)
R, C = int(sys.argv[1]), int(sys.argv[2])
lines = []
for row in range(R):
    for col in range(C):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            if row + 3 * dr < R and 0 <= col + 3 * dc < C:
                lines.append([(row + k * dr) * C + col + k * dc for k in range(4)])

def four(s):
    for a, b, c, d in lines:
        x = s[a]
        if x != '.' and s[b] == x and s[c] == x and s[d] == x:
            return True
    return False

memo = {}

def solve(s, stones):
    if s in memo:
        return memo[s]
    if four(s):
        value = -1
    elif stones == R * C:
        value = 0
    else:
        value = -1
        stone = 'x' if stones % 2 == 0 else 'o'
        for col in range(C):
            if s[col] == '.':
                row = R - 1
                while s[row * C + col] != '.':
                    row -= 1
                at = row * C + col
                v = -solve(s[:at] + stone + s[at + 1:], stones + 1)
                if v > value:
                    value = v
                    if value == 1:
                        break
    memo[s] = value
    return value

v = solve('.' * (R * C), 0)
print('win' if v == 1 else 'draw' if v == 0 else 'loss')
