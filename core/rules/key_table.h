// An interning table of byte strings (encoded positions): each new key gets the next id, keys
// live end to end in one arena, and an open-addressing table with linear probing maps a key to
// its id. Each entry of the table holds the key's 32-bit hash (high half) beside id + 1 (low
// half; 0 is an empty entry), so a probe reads one entry and touches a key only when the hashes
// agree, and doubling the table rehashes without reading a key. The explorer of rules games
// (core/rules/rules_solver.h) and the outcome search (core/rules/rules_judge.cpp) intern their
// positions here. The fields are public for the solver's handover (core/handover.h), which ships
// them as they are; they change only through intern().
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gs {

struct KeyTable {
  using Id = std::uint32_t;

  std::string arena;
  std::vector<std::uint32_t> ends;   // per id: where its key ends in the arena
  std::vector<std::uint64_t> slots;  // a power of two of entries, at most 70% in use

  KeyTable() : slots(1024, 0) {}

  std::size_t size() const { return ends.size(); }
  std::string_view key(Id id) const {
    const std::uint32_t begin = id == 0 ? 0 : ends[id - 1];
    return std::string_view(arena).substr(begin, ends[id] - begin);
  }
  std::optional<Id> find(std::string_view key) const;
  // The id of `key`; a new key is appended (fresh = true), and the table doubles once more
  // than 70% of it is in use.
  Id intern(std::string_view key, bool& fresh);
  // How many entries the table will have once it holds `more` keys more.
  std::uint64_t slotsFor(std::uint64_t more) const;
  // The bytes its three arrays have reserved.
  std::uint64_t bytes() const {
    return arena.capacity() + ends.capacity() * sizeof(ends[0]) +
           slots.capacity() * sizeof(slots[0]);
  }

 private:
  static std::uint32_t hash(std::string_view key);
  // The slot that holds `key` (whose hash is h), or the empty slot where it would go.
  std::size_t slotOf(std::string_view key, std::uint32_t h) const;
  static Id idOf(std::uint64_t entry) { return static_cast<Id>(entry) - 1; }
  static std::uint32_t hashOf(std::uint64_t entry) {
    return static_cast<std::uint32_t>(entry >> 32);
  }
  void grow();
};

}  // namespace gs
