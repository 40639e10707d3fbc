# The benchmark input of ABC354 E: N = 18 cards (the problem's largest), fronts and backs
# drawn at random (seeded) from 1 .. 3, a lost start: of 360 seeds and value ranges tried, the
# one whose search visits the most sets (49,924 of the 2^18). With --describe: the size.
import random, sys

r = random.Random(203)
n, top = 18, 3
if sys.argv[1:] == ["--describe"]:
    print(f"N = {n}, values up to {top}")
else:
    a = [r.randint(1, top) for _ in range(n)]
    b = [r.randint(1, top) for _ in range(n)]
    print(n)
    print("\n".join(f"{x} {y}" for x, y in zip(a, b)))
