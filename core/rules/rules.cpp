#include "rules/rules.h"

#include <algorithm>

#include "base/forms.h"

namespace gs {
namespace {

// A list of terms as their encodings.
Expected<std::vector<std::string>> encodedAll(Expected<std::vector<Term>> list) {
  if (!list) return list.error();
  std::vector<std::string> keys;
  keys.reserve(list->size());
  for (const Term& term : list.value()) keys.push_back(term.encode());
  return keys;
}

Term decoded(std::string_view key) {
  Term term;  // the host's own encoding: it decodes
  Term::decode(key, term);
  return term;
}

// A position splits into at most this many atomic parts (a rules file whose parts() returns
// the position itself among others would otherwise split it for ever).
constexpr std::size_t kMaxParts = 1 << 16;
// Without a memory budget to go by: the bytes a position's parts may hold in all.
constexpr std::uint64_t kMaxPartsBytes = 64 << 20;

}  // namespace

std::string shortText(const Term& term) {
  constexpr std::size_t kMaxShown = 60;
  std::string text = term.text();
  if (text.size() > kMaxShown) {
    std::size_t cut = kMaxShown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text = text.substr(0, cut) + "...";
  }
  return text;
}

Expected<std::int64_t> Rules::gain(const Term&, const Term&, const Params&) {
  return std::int64_t{0};
}

Expected<std::int64_t> Rules::score(const Term&, const Params&) {
  return std::int64_t{0};
}

Expected<int> Rules::mover(const Term&, const Params&) {
  return -1;
}

Expected<std::vector<Term>> Rules::parts(const Term& position, const Params&) {
  return std::vector<Term>{position};
}

Expected<EndResult> Rules::result(const Term&, const Params&) {
  return EndResult::kLoss;
}

Expected<std::vector<std::string>> Rules::read(std::string_view) {
  return RulesError{0, 0, "these rules have no read(): they take no judge input"};
}

Expected<std::string> Rules::answer(const Term&, const Params&, std::uint32_t, std::uint32_t*,
                                    PositionRecords*) {
  return RulesError{0, 0, "these rules have no answer()"};
}

Expected<std::string> Rules::random(std::int64_t, std::int64_t) {
  return RulesError{0, 0, "these rules have no random(): check needs random(seed, size)"};
}

Expected<std::string> Rules::write(const std::vector<std::string>&) {
  return RulesError{0, 0, "these rules have no write(): check drops cases with write(cases)"};
}

Expected<Term> Rules::show(const Term& position, const Params&) {
  return Term::string(position.text(true));
}

Expected<std::string> Rules::name(const Term& move, const Term&, const Params&) {
  return move.text(true);
}

Expected<std::vector<std::string>> Rules::moveKeys(std::string_view position,
                                                   const Params& params) {
  return encodedAll(moves(decoded(position), params));
}

bool Rules::names(const std::vector<std::string>& moves, std::size_t from, std::size_t to,
                  std::string_view position, const Params& params, std::vector<std::string>& out,
                  RulesError& error) {
  const Term where = decoded(position);
  for (std::size_t k = from; k < to && k < moves.size(); ++k) {
    auto name = this->name(decoded(moves[k]), where, params);
    if (!name) {
      error = name.error();
      return false;
    }
    out.push_back(std::move(name.value()));
  }
  return true;
}

Expected<std::string> Rules::playKey(std::string_view position, std::string_view move,
                                     const Params& params) {
  auto child = play(decoded(position), decoded(move), params);
  if (!child) return child.error();
  return child->encode();
}

Expected<std::vector<std::string>> Rules::partKeys(std::string_view position,
                                                   const Params& params) {
  return encodedAll(parts(decoded(position), params));
}

bool Rules::atomicParts(const Term& position, const Params& params, Expansion& out,
                        RulesError& error) {
  return atomicParts(position.encode(), params, out, error);
}

bool Rules::atomicParts(std::string_view position, const Params& params, Expansion& out,
                        RulesError& error) {
  if (!header().hasParts) {
    out.addKey(position);
    return true;
  }
  std::vector<std::string> pending = {std::string(position)};
  std::size_t found = 0;
  // The parts waiting and the keys kept, counted before they are kept.
  std::uint64_t pendingBytes = 0;
  const std::uint64_t limit = out.byteLimit > 0 ? out.byteLimit : kMaxPartsBytes;
  const auto shown = [position]() { return Message::verbatim(shortText(decoded(position))); };
  const auto tooLarge = [&]() {
    error = RulesError{0, 0, Message(forms::kPartsTooLarge, {{"RAW", shown()}, {"N", limit}})};
    return false;
  };
  while (!pending.empty()) {
    const std::string key = std::move(pending.back());
    pending.pop_back();
    pendingBytes -= std::min<std::uint64_t>(pendingBytes, key.size());
    if (const auto node = out.knownAtomic ? out.knownAtomic(key) : std::nullopt) {
      if (out.keys.size() + key.size() > limit) return tooLarge();
      out.addPart(key, node);
      if (++found > kMaxParts) break;
      continue;
    }
    auto split = partKeys(key, params);
    if (!split) {
      error = split.error();
      return false;
    }
    std::vector<std::string>& pieces = split.value();
    if (pieces.size() == 1 && pieces[0] == key) {
      if (out.keys.size() + key.size() > limit) return tooLarge();
      out.addPart(key, std::nullopt);
      if (++found > kMaxParts) break;
      continue;
    }
    if (pending.size() + pieces.size() > kMaxParts) {
      found = kMaxParts + 1;
      break;
    }
    for (auto piece = pieces.rbegin(); piece != pieces.rend(); ++piece) {
      pendingBytes += piece->size();
      if (out.keys.size() + pendingBytes > limit) return tooLarge();
      pending.push_back(std::move(*piece));
    }
  }
  if (found > kMaxParts) {
    error =
        RulesError{0, 0, Message(forms::kPartsKeepSplitting, {{"RAW", shown()}, {"N", kMaxParts}})};
    return false;
  }
  return true;
}

bool Rules::openMoves(std::string_view position, const Params& params, MoveCursor& cursor,
                      RulesError& error) {
  if (!expand(position, params, cursor.children, error)) return false;
  cursor.count = cursor.children.children();
  cursor.mover = cursor.children.mover;
  cursor.end = cursor.children.endResult;
  cursor.handle = -1;
  return true;
}

bool Rules::playMove(MoveCursor& cursor, std::size_t index, const Params&, std::string& child,
                     RulesError&) {
  child.assign(cursor.children.key(index));
  return true;
}

void Rules::closeMoves(MoveCursor& cursor) {
  cursor.children.clear();
  cursor.count = 0;
}

bool Rules::expand(std::string_view encoded, const Params& params, Expansion& out,
                   RulesError& error) {
  out.clear();
  Term position;
  if (!Term::decode(encoded, position)) {
    error = RulesError{0, 0, "a position could not be read back (an internal error)"};
    return false;
  }
  const RulesHeader& rules = header();
  if (rules.hasMover) {
    auto who = mover(position, params);
    if (!who) {
      error = who.error();
      return false;
    }
    out.mover = who.value();
  }
  auto list = moves(position, params);
  if (!list) {
    error = list.error();
    return false;
  }
  if (list.value().empty() && rules.kind == RulesKind::kScored) {
    auto end = score(position, params);
    if (!end) {
      error = end.error();
      return false;
    }
    out.endScore = end.value();
  }
  if (list.value().empty() && rules.hasResult) {
    auto end = result(position, params);
    if (!end) {
      error = end.error();
      return false;
    }
    out.endResult = end.value();
  }
  for (const Term& move : list.value()) {
    auto child = play(position, move, params);
    if (!child) {
      error = child.error();
      return false;
    }
    if (rules.kind == RulesKind::kScored) {
      auto points = gain(position, move, params);
      if (!points) {
        error = points.error();
        return false;
      }
      out.gains.push_back(points.value());
    }
    if (rules.hasParts) {
      if (!atomicParts(child.value(), params, out, error)) return false;
      out.childEnds.push_back(static_cast<std::uint32_t>(out.keyEnds.size()));
    } else {
      out.addKey(child.value().encode());
    }
  }
  return true;
}

bool splitPartisan(std::string_view key, int& who, std::string_view& inner) {
  encoding::Reader reader(key);
  char tag = 0;
  std::uint64_t count = 0;
  std::int64_t player = 0;
  if (!reader.readTag(tag) || tag != '[' || !reader.readVarint(count) || count != 2 ||
      !reader.readTag(tag) || tag != 'i' || !reader.readInteger(player) ||
      (player != 1 && player != 2))
    return false;
  who = static_cast<int>(player);
  inner = key.substr(reader.position());
  return true;
}

void putPartisan(std::string& out, int who, std::string_view inner) {
  encoding::putArrayHeader(out, 2);
  encoding::putInteger(out, who);
  out.append(inner);
}

}  // namespace gs
