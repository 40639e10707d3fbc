# AtCoder ABC229 H (Advance or Eat) by a plain minimax over the whole board, with no values and no
# sums: the independent reference for web/examples/cgt/advance_or_eat.lua (tests/cli_test.sh).
# Prints COUNT random boards of up to 3 x 3 from SEED, each as "N ROW ROW...<tab>winner".
import random, sys
from functools import lru_cache
def moves(board, n, who):
    mine, theirs = ('W', 'B') if who == 0 else ('B', 'W')
    out = []
    for i in range(n):
        for j in range(n):
            c = board[i * n + j]
            if c == theirs:
                b = list(board); b[i * n + j] = '.'; out.append(''.join(b))
            elif c == mine and i > 0 and board[(i - 1) * n + j] == '.':
                b = list(board); b[(i - 1) * n + j] = mine; b[i * n + j] = '.'; out.append(''.join(b))
    return out
@lru_cache(maxsize=None)
def wins(board, n, who):
    return any(not wins(b, n, 1 - who) for b in moves(board, n, who))
rng = random.Random(int(sys.argv[1]))
for k in range(int(sys.argv[2])):
    n = rng.randint(1, 3)
    board = ''.join(rng.choice('WB..') for _ in range(n * n))
    rows = '\n'.join(board[i * n:(i + 1) * n] for i in range(n))
    print(f"{n}\n{rows}\t{'Takahashi' if wins(board, n, 0) else 'Snuke'}".replace('\n', ' '))
