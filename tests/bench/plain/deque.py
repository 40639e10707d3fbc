# EDPC L "Deque" in Python, faster than most contestants write it (deque_table.py): the bottom-up
# DP over intervals, keeping one row of the table (the values of one length) at a time.
import sys

def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    a = list(map(int, data[1:1 + n]))
    dp = [0] * (n + 1)  # dp[i]: the best on a[i .. i + length - 1], one length at a time
    for length in range(1, n + 1):
        nxt = [0] * (n + 1)
        for i in range(0, n - length + 1):
            j = i + length - 1
            front = a[i] - dp[i + 1]
            back = a[j] - dp[i]
            nxt[i] = front if front > back else back
        dp = nxt
    print(dp[0])

main()
