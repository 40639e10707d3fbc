# Wythoff's game, who wins, as a contestant writes it in Python: a memo that stops at the first
# winning move, the moves in wythoff.lua's order.
import sys
sys.setrecursionlimit(100000)
A, B = int(sys.argv[1]), int(sys.argv[2])
memo = {}

def wins(a, b):
    key = (a, b)
    if key in memo:
        return memo[key]
    result = (any(not wins(a - k, b) for k in range(1, a + 1))
              or any(not wins(a, b - k) for k in range(1, b + 1))
              or any(not wins(a - k, b - k) for k in range(1, min(a, b) + 1)))
    memo[key] = result
    return result

print("win" if wins(A, B) else "loss")
