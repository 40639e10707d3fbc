# Luogu P2197 (Nim): the brute force a contestant writes, the Grundy number of a pile by a
# bottom-up loop (mex over every smaller pile), up to the largest pile of the input, once for
# all cases, then each case's numbers xor-ed.
import sys

def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    t, at = data[0], 1
    cases = []
    for _ in range(t):
        n = data[at]
        cases.append(data[at + 1:at + 1 + n])
        at += 1 + n
    largest = max((max(piles, default=0) for piles in cases), default=0)
    sg = [0] * (largest + 1)
    for x in range(1, largest + 1):
        seen = set()
        for k in range(1, x + 1):
            seen.add(sg[x - k])
        g = 0
        while g in seen:
            g += 1
        sg[x] = g
    out = []
    for piles in cases:
        total = 0
        for x in piles:
            total ^= sg[x]
        out.append("Yes" if total else "No")
    print("\n".join(out))

main()
