#include "game.h"

#include <cctype>
#include <cstdio>
#include <limits>

namespace gs {

std::string formatBytes(std::uint64_t bytes) {
  static const char* const kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (bytes < 1024) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  double value = static_cast<double>(bytes) / 1024;
  int unit = 0;
  while (value >= 1024 && unit < 5) {
    value /= 1024;
    ++unit;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, value < 10 ? "%.1f %s" : "%.0f %s", value, kUnits[unit]);
  return buffer;
}

std::optional<std::uint64_t> parseByteSize(std::string_view text) {
  std::size_t i = 0;
  std::uint64_t number = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    const auto digit = static_cast<std::uint64_t>(text[i] - '0');
    if (number > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
    number = number * 10 + digit;
    ++i;
  }
  if (i == 0) return std::nullopt;
  std::string_view unit = text.substr(i);
  int shift = 0;
  if (unit.empty() || unit == "B") {
    shift = 0;
  } else if (unit == "K" || unit == "KB" || unit == "KiB") {
    shift = 10;
  } else if (unit == "M" || unit == "MB" || unit == "MiB") {
    shift = 20;
  } else if (unit == "G" || unit == "GB" || unit == "GiB") {
    shift = 30;
  } else if (unit == "T" || unit == "TB" || unit == "TiB") {
    shift = 40;
  } else {
    return std::nullopt;
  }
  if (number > (std::numeric_limits<std::uint64_t>::max() >> shift)) return std::nullopt;
  return number << shift;
}

const char* gameIdName(GameId id) {
  switch (id) {
    case GameId::kStaircase: return "staircase";
    case GameId::kExchange: return "exchange";
    case GameId::kManhattan: return "manhattan";
  }
  return "staircase";
}

std::optional<GameId> gameIdFromName(std::string_view name) {
  for (GameId id : {GameId::kStaircase, GameId::kExchange, GameId::kManhattan})
    if (name == gameIdName(id)) return id;
  return std::nullopt;
}

}  // namespace gs
