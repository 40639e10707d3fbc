# The benchmark input of CSES 1729: n = 1,000,000 and k = 100 distinct move sizes, 1 among
# them, the others drawn at random (seeded) from 2 .. 1000. With --describe: the size.
import random, sys

r = random.Random(1729)
n, k = 1_000_000, 100
sizes = [1] + r.sample(range(2, 1001), k - 1)
if sys.argv[1:] == ["--describe"]:
    print(f"n = {n:,}, k = {k}")
else:
    print(f"{n} {k}\n{' '.join(map(str, sizes))}")
