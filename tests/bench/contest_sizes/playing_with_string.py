# Codeforces 305E "Playing with String": the brute force a contestant writes. The runs of
# positions i with s[i-1] == s[i+1]; the Grundy numbers of a run of L by a bottom-up loop
# (cutting its j-th position leaves runs of j - 2 and L - j - 1); the xor of the runs; then
# the first position whose cut leaves a xor of 0.
import sys

def main():
    s = sys.stdin.readline().strip()
    n = len(s)
    runs = []  # (first position, 1-based; length)
    i = 1
    while i < n - 1:
        if s[i - 1] == s[i + 1]:
            first = i
            while i < n - 1 and s[i - 1] == s[i + 1]:
                i += 1
            runs.append((first + 1, i - first))
        else:
            i += 1
    longest = max((L for _, L in runs), default=0)
    sg = [0] * (longest + 1)
    for L in range(1, longest + 1):
        seen = set()
        for j in range(1, L + 1):
            seen.add(sg[max(0, j - 2)] ^ sg[max(0, L - j - 1)])
        g = 0
        while g in seen:
            g += 1
        sg[L] = g
    total = 0
    for _, L in runs:
        total ^= sg[L]
    if total == 0:
        print("Second")
        return
    for first, L in runs:
        for j in range(1, L + 1):
            if total ^ sg[L] ^ sg[max(0, j - 2)] ^ sg[max(0, L - j - 1)] == 0:
                print("First")
                print(first + j - 1)
                return

main()
