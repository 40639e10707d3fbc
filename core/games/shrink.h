// Helpers for the games' shrink candidates (Game::shrinkCandidates, core/tools/check.h): smaller
// boards built from a failing one. Shared by the games; no game's rules here.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gs {

// Replaces every value by its rank among the distinct values, counted from `first` (so equal
// values stay equal and the order is kept); true when anything changed. A rank is never larger
// than the value when every value is at least `first`.
template <class T>
bool compressToRanks(std::vector<T>& values, T first) {
  std::vector<T> distinct = values;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  bool changed = false;
  for (T& value : values) {
    const T rank = static_cast<T>(std::lower_bound(distinct.begin(), distinct.end(), value) -
                                  distinct.begin()) +
                   first;
    changed |= rank != value;
    value = rank;
  }
  return changed;
}

// The smaller values to try for one number, smallest first, each at least `lowest` and below
// `value`: lowest, value / 2, value - 1 (without repeats).
inline std::vector<std::int64_t> smallerValues(std::int64_t value, std::int64_t lowest) {
  std::vector<std::int64_t> out;
  for (std::int64_t candidate : {lowest, value / 2, value - 1})
    if (candidate >= lowest && candidate < value &&
        std::find(out.begin(), out.end(), candidate) == out.end())
      out.push_back(candidate);
  return out;
}

// Index sets for dropping parts of a sequence of `count` items (rows, columns, cards): the
// first and the second half (when count >= 4), then every item alone. Each set lists the
// items to REMOVE.
inline std::vector<std::vector<int>> removals(int count) {
  std::vector<std::vector<int>> out;
  if (count >= 4) {
    std::vector<int> firstHalf, secondHalf;
    for (int k = 0; k < count; ++k) (k < count / 2 ? firstHalf : secondHalf).push_back(k);
    out.push_back(secondHalf);
    out.push_back(firstHalf);
  }
  if (count > 1)
    for (int k = 0; k < count; ++k) out.push_back({k});
  return out;
}

inline bool contains(const std::vector<int>& items, int item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

// Adds a candidate text unless it equals the board itself or one already listed.
inline void addCandidate(std::vector<std::string>& out, const std::string& board,
                         std::string candidate) {
  if (candidate == board) return;
  if (std::find(out.begin(), out.end(), candidate) != out.end()) return;
  out.push_back(std::move(candidate));
}

}  // namespace gs
