# ABC354 E "Remove Pairs": the brute force a contestant writes, a memoised search over the
# sets of cards left (bitmasks), stopping at the first move to a lost set.
import sys

def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    n = data[0]
    a, b = data[1:1 + 2 * n:2], data[2:2 + 2 * n:2]
    pairs = [(1 << i) | (1 << j) for i in range(n) for j in range(i + 1, n)
             if a[i] == a[j] or b[i] == b[j]]
    memo = {}

    def wins(s):
        known = memo.get(s)
        if known is not None:
            return known
        result = False
        for m in pairs:
            if s & m == m and not wins(s ^ m):
                result = True
                break
        memo[s] = result
        return result

    print("Takahashi" if wins((1 << n) - 1) else "Aoki")

main()
