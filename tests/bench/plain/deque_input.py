"""A seeded EDPC L "Deque" input of N numbers (python3 deque_input.py N), the one
tests/bench/plain_bench.sh and tests/bench/memory_bench.sh both measure."""
import random
import sys

r = random.Random(33)
n = int(sys.argv[1])
print(n)
print(" ".join(str(r.randint(1, 10**9)) for _ in range(n)))
