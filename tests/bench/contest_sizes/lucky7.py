# ABC195 E "Lucky 7 Battle": the brute force a contestant writes, a bottom-up loop over the
# rounds from the last, win[r]: Takahashi wins from T = r (mod 7) with the rounds left.
import sys

def main():
    data = sys.stdin.read().split()
    n, s, x = int(data[0]), data[1], data[2]
    win = [r == 0 for r in range(7)]
    for i in range(n - 1, -1, -1):
        d = ord(s[i]) - 48
        if x[i] == "T":
            win = [win[10 * r % 7] or win[(10 * r + d) % 7] for r in range(7)]
        else:
            win = [win[10 * r % 7] and win[(10 * r + d) % 7] for r in range(7)]
    print("Takahashi" if win[0] else "Aoki")

main()
