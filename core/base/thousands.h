// A count written with thousands separators ("1,234,567"), as every message of the project
// writes one. Header-only: the Lua sandbox (its own library, below the core) uses it too.
#pragma once

#include <cstdint>
#include <string>

namespace gs {

inline std::string withThousands(std::uint64_t number) {
  const std::string digits = std::to_string(number);
  std::string out;
  for (std::size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) out += ',';
    out += digits[k];
  }
  return out;
}

}  // namespace gs
