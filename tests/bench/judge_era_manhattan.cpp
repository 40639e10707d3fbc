// A judge-era solution of UESTC Lutece 2772, kept as the speed baseline for
// `gamesolver solve manhattan`: scanf input, std::sort of (value, row, col) records, the
// four-extremes sweep, printf output. Not used by the product.
#include <algorithm>
#include <cstdio>
#include <vector>

struct Cell {
  long long value;
  int row, col;
};

int main() {
  int n;
  long long m;
  if (std::scanf("%d %lld", &n, &m) != 2) return 1;
  std::vector<Cell> cells(static_cast<std::size_t>(n) * n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      Cell& cell = cells[static_cast<std::size_t>(r) * n + c];
      std::scanf("%lld", &cell.value);
      cell.row = r;
      cell.col = c;
    }
  std::sort(cells.begin(), cells.end(),
            [](const Cell& x, const Cell& y) { return x.value > y.value; });
  std::vector<std::vector<char>> win(n, std::vector<char>(n, 0));
  long long maxS = -(1LL << 40), minS = 1LL << 40, maxD = maxS, minD = minS;
  bool any = false;
  int count = 0;
  for (const Cell& cell : cells) {
    const long long s = cell.row + cell.col, d = cell.row - cell.col;
    const long long far = std::max(std::max(maxS - s, s - minS), std::max(maxD - d, d - minD));
    if (any && far > m) continue;
    any = true;
    win[cell.row][cell.col] = 1;
    ++count;
    maxS = std::max(maxS, s), minS = std::min(minS, s), maxD = std::max(maxD, d),
    minD = std::min(minD, d);
  }
  std::printf("%d\n", count);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (win[r][c]) std::printf("%d %d\n", r + 1, c + 1);
}
