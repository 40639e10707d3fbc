// The internals that the source files of LuaRules (core/rules/lua_rules.h) share: the limits,
// the rules' functions, flags and values by number (from core/rules/contract.h),
// LuaRules::State (the host's side of one Lua state), and the helpers that raise errors and read
// numbers. Internal: only LuaRules' own source files include it, and everything but
// LuaRules::State is in gs::lua_detail, which the rest of the code does not see or use.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/contract.h"
#include "rules/lua_input.h"
#include "rules/lua_rules.h"

extern "C" {
#include "lauxlib.h"
#include "lua.h"
}

namespace gs {
namespace lua_detail {

constexpr int kMaxDepth = 200;                      // nesting of a position's tables
constexpr std::size_t kMaxPositionBytes = 1 << 20;  // a position's (or a move's) encoding
constexpr std::size_t kMaxCaseBytes = 4 << 20;      // a case's encoding (read())
constexpr std::size_t kMaxCases = 1'000'000;
constexpr std::size_t kMaxListBytes = 16 << 20;  // all the moves (or parts) one call returns
// The values of what one call returns that the host holds as terms (a term is about 70 times
// its encoding: 400,000 values are about 64 MiB).
constexpr std::size_t kMaxTermValues = 400'000;
constexpr std::size_t kMaxNameBytes = 256;  // a move's name
constexpr std::size_t kMaxTitleBytes = 200;
constexpr int kMaxParams = 16;
const char* const kChunkName = "=rules";  // messages read "rules:12: ..."

// The rules' functions, flags and values by number, and their names in Lua: made from the
// contract's table (core/rules/contract.h), where each row says its enumerator and number.
enum Function {
  GS_RULES_CONTRACT(GS_CONTRACT_ENUMERATOR, GS_CONTRACT_SKIP, GS_CONTRACT_SKIP)  //
  kFunctions = contract::countOf(contract::Kind::kFunction)
};
enum Flag {
  GS_RULES_CONTRACT(GS_CONTRACT_SKIP, GS_CONTRACT_ENUMERATOR, GS_CONTRACT_SKIP)  //
  kFlags = contract::countOf(contract::Kind::kFlag)
};
enum Value {
  GS_RULES_CONTRACT(GS_CONTRACT_SKIP, GS_CONTRACT_SKIP, GS_CONTRACT_ENUMERATOR)  //
  kValues = contract::countOf(contract::Kind::kValue)
};
inline constexpr auto kFunctionNames = contract::namesByNumber<contract::Kind::kFunction>();
inline constexpr auto kFlagNames = contract::namesByNumber<contract::Kind::kFlag>();
inline constexpr auto kValueNames = contract::namesByNumber<contract::Kind::kValue>();

// The first `limit` bytes of a text, cut at a character's start, with "…" when cut.
inline std::string cutText(const char* text, std::size_t length, std::size_t limit) {
  if (length <= limit) return std::string(text, length);
  std::size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text, end) + "\xE2\x80\xA6";
}

inline RulesError rulesError(LuaFailure failure) {
  return RulesError{failure.line, 0, Message(std::move(failure.message))};
}

// A record's key being encoded (its text, a string Lua holds).
struct KeyRef {
  int rank = 0;  // integers, strings, booleans
  std::int64_t number = 0;
  std::string_view text;
};

}  // namespace lua_detail

struct LuaRules::State {
  int refs[lua_detail::kFunctions];
  int lines[lua_detail::kFunctions];
  int paramsRef = LUA_NOREF;
  int searchRef = LUA_NOREF;  // the memo search's function (core/rules/memo_search.lua)
  // The thread the memo search last ran in, finished and empty, for the next search (10,000
  // cases of Euclid's game made and freed a thread each, its stack grown again each time).
  int searchThreadRef = LUA_NOREF;
  // The memos kept between searches from positions (Rules::memoSearchFrom), [0] the cut-off
  // search's codes and [1] the values', and the encoded parameters they are for.
  int keptMemoRefs[2] = {LUA_NOREF, LUA_NOREF};
  std::string keptMemoParams;
  Params paramsShown;  // the values paramsRef holds
  // name()'s position, kept while the moves of one position are named one after another (a
  // front-end or `analyze` names every move of a sum of a thousand rows: building s for each
  // name cost more than the names).
  int namedRef = LUA_NOREF;
  int namedWho = 0;
  std::string namedKey;  // its encoding
  std::uint64_t* paramReads = nullptr;
  // The fields of a case's p that a memo search read (the tracked view, pushTrackedCase): each
  // field's key, encoded, or `all` once the search read p whole (#p, pairs(p), p itself).
  using CaseReads = Rules::CaseReads;
  CaseReads* caseReads = nullptr;
  // Between beginCaseReads() and endCaseReads(): every call is given a case's p as the tracked
  // view (pushParams), recording into hostReads; the view is kept in trackedRef for the case it
  // shows, and made anew for another.
  bool trackHostCase = false;
  CaseReads hostReads;
  int trackedRef = LUA_NOREF;
  Params trackedShown;
  // A memo search kept from one case to the next, with its memo (LuaRules::searchFrom):
  // positions whose values read nothing of p but these fields, with these values, are the same
  // in every case that has them. One a mode ("outcome", "normal", ...).
  struct CaseMemo {
    std::string mode;
    int ref = LUA_NOREF;  // the search's function of a case (memo_search.lua, "serve")
    bool all = false;     // p was read whole: only a case equal to `whole` may use the memo
    std::string whole;    // that case's encoding
    std::vector<std::pair<std::string, std::string>> fields;  // key, value ("" when absent)
  };
  std::vector<CaseMemo> caseMemos;
  const RulesHeader* header = nullptr;
  std::uint64_t searchYield = 0;  // the memo search yields once the rules' instructions reach it
  // The call under way, for messages.
  lua_detail::Function call = lua_detail::kStart;
  std::int64_t moveIndex = 0;  // 1-based, for play and gain
  // answer(): the fields of r not worked out yet, and those the call read.
  std::uint32_t answerLazy = 0, answerNeeded = 0;
  // answer's r.at (Rules::PositionRecords): the host while answer runs, whether it is working
  // out a record (the rules' own calls it makes may not ask another), the error it gave (the
  // answer then fails, whatever caught it), and the position and record it was given and gave
  // (buffers: an error leaves r.at by longjmp).
  Rules::PositionRecords* atHost = nullptr;
  LuaRules* atRules = nullptr;
  const Params* atParams = nullptr;
  bool atBusy = false;
  std::optional<RulesError> atError;
  Term atPosition;
  std::optional<Expected<Term>> atRecord;
  // r.at's searches (memoSearchAt): a function of a position a mode, in the registry, with its
  // memo and the positions it has searched, all for the parameters `atParams_`.
  struct AtSearch {
    std::string mode;
    int ref = LUA_NOREF;
    std::uint64_t positions = 0;
  };
  std::vector<AtSearch> atSearches;
  Params atParams_;  // (LuaRules::atKept_ says whether these are set)
  // Buffers of the protected calls. An error leaves a protected call by longjmp, which runs no
  // destructor: what a call keeps on the heap lives here (reused by the next call), never in a
  // local of a frame that an error can skip.
  std::string scratch, child, first, bytes, message;
  std::vector<const void*> path;         // the tables being encoded (cycles)
  std::vector<lua_detail::KeyRef> keys;  // the keys of the records being encoded
  InputReaderState input;                // read's reader of the judge's input (lua_input.h)
};

namespace lua_detail {

using State = LuaRules::State;

inline State& stateOf(lua_State* L) {
  return *static_cast<State*>(LuaSandbox::hostOf(L));
}

// Raises "rules:LINE: message" for a problem with what a rules function returned, LINE being
// where the function is defined (0 for the loader's own checks: "message" alone).
// The message is copied into Lua and freed before the longjmp (which runs no destructor); call
// it through raiseAt, which builds the message in a statement of its own, so that no temporary
// of the expression is still alive when the longjmp skips its destructor.
[[noreturn]] inline void raiseWith(lua_State* L, Function function, std::string message) {
  State& state = stateOf(L);
  const int line = function < kFunctions ? state.lines[function] : 0;
  if (line > 0)
    lua_pushfstring(L, "rules:%d: ", line);
  else
    lua_pushliteral(L, "");
  lua_pushlstring(L, message.data(), message.size());
  std::string().swap(message);
  lua_concat(L, 2);
  lua_error(L);
  std::abort();  // not reached: lua_error does not return
}
#define raiseAt(L, function, ...)                              \
  do {                                                         \
    std::string gs_raised_message_ = (__VA_ARGS__);            \
    raiseWith((L), (function), std::move(gs_raised_message_)); \
  } while (0)

inline const char* typeWord(lua_State* L, int index) {
  switch (lua_type(L, index)) {
    case LUA_TNIL:
      return "nil";
    case LUA_TFUNCTION:
      return "a function";
    case LUA_TTABLE:
      return "a table";
    case LUA_TSTRING:
      return "a string";
    case LUA_TBOOLEAN:
      return "a boolean";
    case LUA_TNUMBER:
      return lua_isinteger(L, index) ? "an integer" : "a number";
    default:
      return "a value of another type";
  }
}

// The number at `index` as a 64-bit integer: a Lua integer, or a float with a whole value that
// fits (2.0 is 2; 2.5, inf, nan and 1e300 are not whole numbers here).
inline bool wholeNumber(lua_State* L, int index, std::int64_t& out) {
  if (lua_type(L, index) != LUA_TNUMBER) return false;
  if (lua_isinteger(L, index)) {
    out = lua_tointeger(L, index);
    return true;
  }
  const double value = lua_tonumber(L, index);
  if (std::isfinite(value) && value == std::floor(value) && value >= -9223372036854775808.0 &&
      value < 9223372036854775808.0) {
    out = static_cast<std::int64_t>(value);
    return true;
  }
  return false;
}

// --- Lua values to canonical encodings and back (lua_encoding.cpp).

// A result that is a view of p's stands for the table it shows.
void resolveView(lua_State* L, int index);

// Encodes a Lua value, refusing what is not a term and anything past `maxBytes` before it is
// written (a long string is measured before it is copied).
class Encoder {
 public:
  Encoder(lua_State* L, Function function, const char* what,
          std::size_t maxBytes = kMaxPositionBytes, int depth = 0)
      : L_(L),
        function_(function),
        what_(what),
        maxBytes_(maxBytes),
        depth_(depth),
        path_(stateOf(L).path),
        keys_(stateOf(L).keys) {}

  void encode(int index, std::string& out) {
    path_.clear();
    keys_.clear();
    base_ = out.size();
    encodeValue(lua_absindex(L_, index), out, depth_);
  }
  // How many values (scalars and tables) the encodings so far held.
  std::size_t values() const { return values_; }

 private:
  [[noreturn]] void fail(std::string problem);
  [[noreturn]] void tooLarge();
  void encodeValue(int index, std::string& out, int depth);
  void encodeTable(int index, std::string& out, int depth);

  lua_State* L_;
  Function function_;
  const char* what_;
  std::size_t maxBytes_;
  int depth_;
  std::size_t base_ = 0;
  std::size_t values_ = 0;
  std::vector<const void*>& path_;
  std::vector<KeyRef>& keys_;
};

// Pushes the value of the encoding `key`, as plain tables.
void pushKey(lua_State* L, std::string_view key);
// Pushes a term as plain tables.
void pushTerm(lua_State* L, const Term& term);
// Pushes p: the parameters by name, or the case read() made (a read-only view).
void pushParams(lua_State* L, const Params& params);
// Pushes p of `params` (a case) as the tracked view, which records the fields read.
void pushTrackedCase(lua_State* L, const Params& params);
// next, rawget and rawlen as the rules see them (the loader puts them in the globals).
int rawOnViews(lua_State* L);

// A case's fields (its encoding: a record, or an array or empty): each key's encoding and its
// value's.
using CaseFields = std::vector<std::pair<std::string, std::string_view>>;
bool caseFields(std::string_view encoded, CaseFields& fields);

// --- The calls of the rules' functions (lua_calls.cpp).

// Checks that the array of moves at `index` is an array (keys 1..n); returns n.
lua_Integer checkMoveList(lua_State* L, int index);

// --- The protected calls. Each runs inside one LuaSandbox::run; a Frame carries the C++ side.

struct Frame {
  LuaRules* rules = nullptr;
  const Params* params = nullptr;
  std::string_view position;  // an encoding
  std::string_view moveKey;   // play() with keysOnly: the move's encoding
  // moves() and parts(): each kept as its encoding in `encodings`; play(): its position's
  // encoding in `output`. The position given is `position` (an encoding), not termA.
  bool keysOnly = false;
  // names(): the moves' encodings to name at `position`, from nameFrom on; the names go to
  // `encodings` (a name that fails ends the call: the names before it are kept).
  const std::vector<std::string>* moveKeys = nullptr;
  std::size_t nameFrom = 0, nameTo = 0;
  const Term* termA = nullptr;
  const Term* termB = nullptr;
  Function function = kStart;
  Expansion* expansion = nullptr;
  std::string_view text;             // read's input
  std::int64_t numbers[2] = {0, 0};  // random's seed and size
  Term result;
  std::vector<Term> results;
  std::vector<std::string> encodings;  // read(): the cases
  std::int64_t number = 0;
  std::string output;
};

// --- A position's moves one at a time (Rules::openMoves): the position, its moves, who moves
// and its key are held in a registry table, {s, moves, who, key}, until closeMoves().
struct CursorFrame {
  std::string_view position;  // the host's encoding ({who, s} for partisan rules)
  const Params* params = nullptr;
  MoveCursor* cursor = nullptr;
  std::size_t index = 0;  // playMove: which move (0-based)
  std::string* child = nullptr;
};

// The protected calls (LuaSandbox::run): a position's expansion (Frame::expansion), a position's
// moves opened and one of them played (CursorFrame), names of moves (Frame::moveKeys), and one
// call of a rules function (Frame::function).
int protectedExpand(lua_State* L);
int protectedOpenMoves(lua_State* L);
int protectedPlayMove(lua_State* L);
int protectedNames(lua_State* L);
int protectedCall(lua_State* L);

}  // namespace lua_detail
}  // namespace gs
