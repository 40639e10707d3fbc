# The benchmark input of ABC195 E: N = 200,000, S's digits and X's letters drawn at random
# (seeded). With --describe: the size.
import random, sys

r = random.Random(195)
n = 200_000
if sys.argv[1:] == ["--describe"]:
    print(f"N = {n:,}")
else:
    print(n)
    print("".join(r.choice("0123456789") for _ in range(n)))
    print("".join(r.choice("AT") for _ in range(n)))
