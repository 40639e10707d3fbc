# The benchmark input of Codeforces 305E: |s| = 5000, letters a and b where each letter
# repeats the one two places before it except at a few random breaks (seeded), so that the
# cuttable positions form a few long runs (the Python brute force's loop is quadratic in the
# longest). With --describe: the size.
import random, sys

r = random.Random(1)
n = 5000
s = ["a", "b"]
for i in range(2, n):
    c = s[i - 2]
    if r.random() < 0.0005:
        c = "b" if c == "a" else "a"
    s.append(c)
s = "".join(s)
if sys.argv[1:] == ["--describe"]:
    runs, i = [], 1
    while i < n - 1:
        if s[i - 1] == s[i + 1]:
            first = i
            while i < n - 1 and s[i - 1] == s[i + 1]:
                i += 1
            runs.append(i - first)
        else:
            i += 1
    print(f"a string of {n:,} letters, {len(runs)} runs, the longest {max(runs):,}")
else:
    print(s)
