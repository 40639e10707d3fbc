# The benchmark input of Luogu P2197: T = 10 cases of n = 10,000 piles, each drawn at random
# (seeded) from 0 .. 9999, the problem's largest. With --describe: the size.
import random, sys

r = random.Random(2197)
t, n, top = 10, 10_000, 9999
if sys.argv[1:] == ["--describe"]:
    print(f"T = {t}, n = {n:,}, piles up to {top}")
else:
    lines = [str(t)]
    for _ in range(t):
        lines.append(str(n))
        lines.append(" ".join(str(r.randint(0, top)) for _ in range(n)))
    print("\n".join(lines))
