// The classic judge-era solution of Luogu P4363, kept as the speed baseline for
// `gamesolver solve staircase`: a bottom-up DP over all 2^(n+m) contour masks (most of which
// are not contours at all), reading with scanf. Not used by the product.
#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
  int n, m;
  if (std::scanf("%d %d", &n, &m) != 2) return 1;
  std::vector<std::vector<long long>> a(n, std::vector<long long>(m)), b = a;
  for (auto& row : a)
    for (auto& x : row) std::scanf("%lld", &x);
  for (auto& row : b)
    for (auto& x : row) std::scanf("%lld", &x);
  // Bit k of the mask is 1 for an Up step of the boundary walked from the bottom-left corner;
  // placing a stone moves a 1 from bit p to bit p + 1, i.e. adds 2^p to the mask.
  const int bits = n + m;
  std::vector<long long> dp(std::size_t{1} << bits, 0);
  const std::uint32_t full = ((1u << n) - 1) << m;
  for (std::int64_t mask = full - 1; mask >= 0; --mask) {
    if (__builtin_popcount(static_cast<unsigned>(mask)) != n) continue;
    int ones = 0, stones = 0;
    for (int p = 0; p < bits; ++p)
      if (mask >> p & 1) stones += p - ones++;
    const bool black = stones % 2 == 0;
    long long best = black ? -(1LL << 62) : (1LL << 62);
    ones = 0;
    for (int p = 0; p + 1 < bits; ++p) {
      if (!(mask >> p & 1)) continue;
      const int i = ones++;
      if (mask >> (p + 1) & 1) continue;
      const int row = n - 1 - i, col = p - i;
      const long long value =
          (black ? a[row][col] : -b[row][col]) + dp[static_cast<std::size_t>(mask + (1LL << p))];
      best = black ? (value > best ? value : best) : (value < best ? value : best);
    }
    dp[static_cast<std::size_t>(mask)] = best;
  }
  std::printf("%lld\n", dp[(1u << n) - 1]);
}
