# The brute force a contestant writes for many cases of Nim (the input of Luogu P2197: T, then
# each case's n and its n piles): each pile's Grundy number by a memo over smaller piles, once
# for all cases, xor-ed a case; "Yes" when the first player wins. For
# tests/bench/shared_cases_bench.sh.
import sys
from functools import lru_cache
sys.setrecursionlimit(10000)
@lru_cache(None)
def sg(n):
    seen = {sg(n - k) for k in range(1, n + 1)}
    g = 0
    while g in seen: g += 1
    return g
data = sys.stdin.read().split(); pos = 0
T = int(data[pos]); pos += 1
out = []
for _ in range(T):
    n = int(data[pos]); pos += 1
    x = 0
    for i in range(n): x ^= sg(int(data[pos + i]))
    pos += n
    out.append("Yes" if x else "No")
print("\n".join(out))
