# The benchmark input of ABC201 D: H = W = 2000, each cell + or - at random (seeded).
# With --describe: the size.
import random, sys

r = random.Random(201)
h = w = 2000
if sys.argv[1:] == ["--describe"]:
    print(f"H = W = {h:,}")
else:
    print(h, w)
    print("\n".join("".join(r.choice("+-") for _ in range(w)) for _ in range(h)))
