# CSES 1729 "Stick Game": the brute force a contestant writes, a bottom-up loop over the heap
# sizes, each stopping at its first move to a losing heap (the sizes sorted, so that the loop
# also stops at the first size larger than the heap).
import sys

def main():
    data = sys.stdin.buffer.read().split()
    n, k = int(data[0]), int(data[1])
    sizes = sorted(map(int, data[2:2 + k]))
    win = bytearray(n + 1)
    for i in range(1, n + 1):
        for x in sizes:
            if x > i:
                break
            if not win[i - x]:
                win[i] = 1
                break
    sys.stdout.write("".join("W" if w else "L" for w in win[1:]) + "\n")

main()
