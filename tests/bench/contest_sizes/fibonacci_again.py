# HDU 1848 "Fibonacci again and again": the brute force a contestant writes, the Grundy
# numbers of one pile by a bottom-up loop (mex over the Fibonacci moves), once for all cases,
# then each case's three numbers xor-ed.
import sys

def main():
    data = list(map(int, sys.stdin.buffer.read().split()))
    fib = [1, 2]
    while fib[-1] + fib[-2] <= 1000:
        fib.append(fib[-1] + fib[-2])
    sg = [0] * 1001
    for x in range(1, 1001):
        seen = set()
        for f in fib:
            if f > x:
                break
            seen.add(sg[x - f])
        g = 0
        while g in seen:
            g += 1
        sg[x] = g
    out = []
    for i in range(0, len(data) - 2, 3):
        m, n, p = data[i], data[i + 1], data[i + 2]
        if m == 0 and n == 0 and p == 0:
            break
        out.append("Fibo" if sg[m] ^ sg[n] ^ sg[p] else "Nacci")
    print("\n".join(out))

main()
