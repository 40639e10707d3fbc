# The benchmark input of Codeforces 1194D: one game, n about 3,000,000, k drawn at random
# (seeded). With --describe: the size, for the benchmark's table.
import random, sys

r = random.Random(1194)
n = 3_000_000 - r.randint(0, 1000)
k = r.randint(3, 1000)
if sys.argv[1:] == ["--describe"]:
    print(f"T = 1, n = {n:,}, k = {k}")
else:
    print(f"1\n{n} {k}")
