# Grundy's game as a contestant writes it in Python: lru_cache over the heap size.
import sys
from functools import lru_cache

@lru_cache(maxsize=None)
def grundy(m):
    seen = {grundy(a) ^ grundy(m - a) for a in range(1, (m - 1) // 2 + 1)}
    value = 0
    while value in seen:
        value += 1
    return value

n = int(sys.argv[1])
for m in range(1, n + 1):
    grundy(m)
print("sg", grundy(n))
