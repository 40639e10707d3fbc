# The benchmark input of HDU 1848: 10,000 cases, each three piles drawn at random (seeded)
# from 1 .. 1000, then 0 0 0. With --describe: the size.
import random, sys

r = random.Random(1848)
cases = 10_000
if sys.argv[1:] == ["--describe"]:
    print(f"{cases:,} cases, piles up to 1000")
else:
    lines = [f"{r.randint(1, 1000)} {r.randint(1, 1000)} {r.randint(1, 1000)}" for _ in range(cases)]
    print("\n".join(lines + ["0 0 0"]))
