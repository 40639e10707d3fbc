# The benchmark input of EDPC L: N = 3000 values drawn at random (seeded) from 1 .. 10^9.
# With --describe: the size.
import random, sys

r = random.Random(33)
n = 3000
if sys.argv[1:] == ["--describe"]:
    print(f"N = {n:,}")
else:
    print(n)
    print(" ".join(str(r.randint(1, 10**9)) for _ in range(n)))
