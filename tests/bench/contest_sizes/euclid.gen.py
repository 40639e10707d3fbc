# The benchmark input of POJ 2348: 10,000 games, a and b drawn at random (seeded) from
# 1 .. 2^31 - 1, then 0 0. A pair whose Euclid quotients add up to more than 150 is drawn
# again: the brute force (k = 1 first) spends about q^2 / 2 steps on a quotient q, and one
# quotient in the millions (a pair such as (2^31 - 1, 3)) would take it, and the tool, past
# any time limit. With --describe: the size.
import random, sys

def quotients(a, b):
    total = 0
    while b:
        total += a // b
        a, b = b, a % b
    return total

r = random.Random(2348)
games = 10_000
pairs = []
while len(pairs) < games:
    a, b = r.randint(1, 2**31 - 1), r.randint(1, 2**31 - 1)
    if quotients(max(a, b), min(a, b)) <= 150:
        pairs.append((a, b))
if sys.argv[1:] == ["--describe"]:
    print(f"{games:,} games, a, b < 2^31 (quotients summing to at most 150)")
else:
    print("\n".join(f"{a} {b}" for a, b in pairs) + "\n0 0")
