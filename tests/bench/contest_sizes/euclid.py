# POJ 2348 "Euclid's Game": the brute force a contestant writes, a memoised search over the
# pairs (a, b), a >= b, trying k = 1, 2, ... and stopping at the first move to a lost pair.
import sys

sys.setrecursionlimit(100000)
memo = {}

def wins(a, b):
    if a < b:
        a, b = b, a
    if b == 0:
        return False
    key = (a, b)
    known = memo.get(key)
    if known is not None:
        return known
    result = False
    for k in range(1, a // b + 1):
        if not wins(a - k * b, b):
            result = True
            break
    memo[key] = result
    return result

def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    out = []
    for i in range(0, len(data) - 1, 2):
        a, b = data[i], data[i + 1]
        if a == 0 and b == 0:
            break
        out.append("Stan wins" if wins(a, b) else "Ollie wins")
    print("\n".join(out))

main()
