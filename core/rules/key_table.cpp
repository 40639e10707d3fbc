#include "rules/key_table.h"

namespace gs {

// FNV-1a over the key, then a final mix.
std::uint32_t KeyTable::hash(std::string_view key) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : key) {
    h ^= c;
    h *= 1099511628211ull;
  }
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 32;
  return static_cast<std::uint32_t>(h);
}

std::size_t KeyTable::slotOf(std::string_view key, std::uint32_t h) const {
  const std::size_t mask = slots.size() - 1;
  std::size_t slot = h & mask;
  for (;; slot = (slot + 1) & mask) {
    const std::uint64_t entry = slots[slot];
    if (entry == 0 || (hashOf(entry) == h && this->key(idOf(entry)) == key)) return slot;
  }
}

std::optional<KeyTable::Id> KeyTable::find(std::string_view key) const {
  const std::uint64_t entry = slots[slotOf(key, hash(key))];
  if (entry == 0) return std::nullopt;
  return idOf(entry);
}

KeyTable::Id KeyTable::intern(std::string_view key, bool& fresh) {
  const std::uint32_t h = hash(key);
  const std::size_t slot = slotOf(key, h);
  fresh = slots[slot] == 0;
  if (!fresh) return idOf(slots[slot]);
  const Id id = static_cast<Id>(ends.size());
  arena.append(key);
  ends.push_back(static_cast<std::uint32_t>(arena.size()));
  slots[slot] = (std::uint64_t{h} << 32) | (id + 1);
  if (ends.size() * 10 > slots.size() * 7) grow();
  return id;
}

std::uint64_t KeyTable::slotsFor(std::uint64_t more) const {
  std::uint64_t count = slots.size();
  while ((ends.size() + more) * 10 > count * 7) count *= 2;
  return count;
}

void KeyTable::grow() {
  std::vector<std::uint64_t> bigger(slots.size() * 2, 0);
  const std::size_t mask = bigger.size() - 1;
  for (const std::uint64_t entry : slots) {
    if (entry == 0) continue;
    std::size_t slot = hashOf(entry) & mask;
    while (bigger[slot] != 0) slot = (slot + 1) & mask;
    bigger[slot] = entry;
  }
  slots.swap(bigger);
}

}  // namespace gs
