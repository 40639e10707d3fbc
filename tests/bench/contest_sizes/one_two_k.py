# Codeforces 1194D "1-2-K Game": the brute force a contestant writes, a bottom-up loop over the
# cells 0..n of each game (win[i]: the player to move from cell i wins).
import sys

def main():
    data = sys.stdin.buffer.read().split()
    t = int(data[0])
    out = []
    for c in range(t):
        n, k = int(data[1 + 2 * c]), int(data[2 + 2 * c])
        win = bytearray(n + 1)
        for i in range(1, n + 1):
            if not win[i - 1] or (i >= 2 and not win[i - 2]) or (i >= k and not win[i - k]):
                win[i] = 1
        out.append("Alice" if win[n] else "Bob")
    print("\n".join(out))

main()
