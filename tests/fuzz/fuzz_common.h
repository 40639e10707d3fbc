// Shared by the libFuzzer targets: the budget they run under and a check that aborts (so the
// fuzzer keeps the input) with a message.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "game.h"

namespace gs::fuzz {

// Small enough that every board a target builds solves in milliseconds.
inline SolveLimits smallLimits() {
  return SolveLimits{std::uint64_t{4} << 20};
}

inline void check(bool condition, const char* what, const std::string& detail = "") {
  if (condition) return;
  std::fprintf(stderr, "invariant failed: %s\n%s\n", what, detail.c_str());
  std::abort();
}

}  // namespace gs::fuzz
