# EDPC L "Deque": the brute force a contestant writes, the bottom-up DP over the intervals,
# dp[i][j] the best X - Y for the player to move on a[i .. j - 1], one length at a time.
import sys

def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    a = list(map(int, data[1:1 + n]))
    dp = [[0] * (n + 1) for _ in range(n + 1)]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length
            dp[i][j] = max(a[i] - dp[i + 1][j], a[j - 1] - dp[i][j - 1])
    print(dp[0][n])

main()
