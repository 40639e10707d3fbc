#include "rules/lua_rules.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <utility>

#include "base/forms.h"
#include "base/thousands.h"
#include "rules/lua_input.h"
#include "rules/lua_rules_internal.h"
#include "rules/memo_search.lua.h"  // made from core/rules/memo_search.lua

extern "C" {
#include "lauxlib.h"
#include "lua.h"
#include "lualib.h"
}
#include "rules/lua_fastpath.h"

namespace gs {
using namespace lua_detail;  // (core/rules/lua_rules_internal.h)
namespace {

// --- The memo search (core/rules/memo_search.lua).

// The memo search runs as a coroutine that yields at a call of list(), plist() or rearm() (where
// the search's own code calls them, so it can yield there) once it has run kSearchSlice
// instructions since its last yield, and the host resumes it at once. A search is one long run of
// the interpreter's loop (luaV_execute: Lua calls Lua within it), and a WebAssembly engine compiles
// a function first for a quick start and then, once it has run a while, again for speed, but a call
// under way keeps the code it started with: a search of a page's first answer ran start to end in
// the first code (Grundy's game n = 4000 in a fresh module: 1.9 s against 0.53 s once the module
// had run the rules before). Each resume enters the loop anew, with the engine's best code by then.
// Natively a yield and a resume cost about a microsecond, against the slice's few milliseconds.
constexpr std::uint64_t kSearchSlice = std::uint64_t{1} << 22;

// The end of list(), plist() and rearm(): their `results` on top, handed to the caller through
// a yield and a resume once a slice is over.
int searchPause(lua_State* L, int results) {
  State& state = stateOf(L);
  const std::uint64_t charged = LuaSandbox::charged(L);
  if (charged < state.searchYield || !lua_isyieldable(L)) return results;
  state.searchYield = charged + kSearchSlice;
  return lua_yield(L, results);
}

// list(t): a list of moves checked as the host checks moves' result (a view of p stands for its
// table); the call that made it is checked against its budget, and the budget re-armed for the
// position's next calls. Returns the table and its length.
int searchList(lua_State* L) {
  lua_settop(L, 1);
  LuaSandbox::checkSpent(L);
  resolveView(L, 1);
  const lua_Integer count = checkMoveList(L, 1);
  LuaSandbox::arm(L);
  lua_pushinteger(L, count);
  return searchPause(L, 2);
}

// plist(t, v): parts' result t for the position v, a table (read raw by the host: one with a
// metatable hands over); v, when a table, is checked as the host checks a part (a term, within
// the size of a position).
int searchParts(lua_State* L) {
  lua_settop(L, 2);
  LuaSandbox::checkSpent(L);
  if (lua_type(L, 2) == LUA_TTABLE) {
    std::string& scratch = stateOf(L).scratch;
    scratch.clear();
    Encoder(L, kParts, "a part").encode(2, scratch);
  }
  lua_settop(L, 1);
  resolveView(L, 1);  // a view of p's: read raw as the host reads it
  if (lua_type(L, 1) != LUA_TTABLE || (!LuaSandbox::readOnly(L, 1) && lua_getmetatable(L, 1)))
    return luaL_error(L, "hand over");
  LuaSandbox::arm(L);
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, 1)));
  return searchPause(L, 2);
}

// whole(v): v as the host reads a gain or a score, an integer or a float with a whole value,
// whose size is below 2^62 (so that the search's sums of two cannot wrap); anything else hands
// over (the host then names it, or solves it with its 64-bit checks). One C call, where
// math.type(v) == "integer" made a call, looked its string up and compared it.
int searchWhole(lua_State* L) {
  constexpr lua_Integer kHuge = lua_Integer{1} << 62;
  int whole = 0;
  const lua_Integer value = lua_type(L, 1) == LUA_TNUMBER ? lua_tointegerx(L, 1, &whole) : 0;
  if (!whole || value >= kHuge || value <= -kHuge) return luaL_error(L, "hand over");
  lua_pushinteger(L, value);
  return 1;
}

// scalar(c): a position as the host keys it, an integer (a float with a whole value is its
// integer) or a boolean; anything else hands over (strings and tables stay with the host).
int searchScalar(lua_State* L) {
  lua_settop(L, 1);
  if (lua_type(L, 1) == LUA_TBOOLEAN || lua_isinteger(L, 1)) return 1;
  int whole = 0;
  const lua_Integer value = lua_type(L, 1) == LUA_TNUMBER ? lua_tointegerx(L, 1, &whole) : 0;
  if (!whole) return luaL_error(L, "hand over");
  lua_pushinteger(L, value);
  return 1;
}

// rearm(): with children, where no list() is made, the budget checked and re-armed after each
// position's call of children (its caller then goes on with a whole budget).
int searchRearm(lua_State* L) {
  LuaSandbox::checkSpent(L);
  LuaSandbox::arm(L);
  return searchPause(L, 0);
}

struct SearchFrame {
  bool withoutChildren = false;  // children found to differ from moves and play: not used
  const Params* params = nullptr;
  const Term* start = nullptr;
  const char* mode = nullptr;
  std::uint64_t maxPositions = 0;
  const std::function<void()>* onSlice = nullptr;
  bool withMoves = false;  // the start's moves' outcomes too
  int memo = LUA_NOREF;    // a memo kept from an earlier search (a table in the registry), or none
  bool trackCase = false;  // p is a case's tracked view (pushTrackedCase)
  bool serve = false;      // r.at's search: the search returns its function of a position
  // A case's search (trackCase too): the search made once and kept, called with each case's
  // start and p (LuaRules::searchFrom keeps it in State::CaseMemo).
  bool caseSearch = false;
  int served = LUA_NOREF;  // the function of either, in the registry
  lua_Integer outcome = 0, number = 0, positions = 0;
  std::vector<EndResult> moveOutcomes;
  std::vector<std::int64_t> moveNumbers;  // with moves in a mode of values
  std::uint64_t slices = 0;
};

// Pushes the memo search's function and its 19 arguments, `withMoves` being the value at the
// stack top (popped).
void pushSearch(lua_State* L, const SearchFrame& frame) {
  State& state = stateOf(L);
  const int withMoves = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, state.searchRef);
  lua_pushstring(L, frame.mode);
  for (const Function function : {kMoves, kPlay, kGain, kScore, kResult, kMover, kParts}) {
    if (state.refs[function] == LUA_NOREF)
      lua_pushnil(L);
    else
      lua_rawgeti(L, LUA_REGISTRYINDEX, state.refs[function]);
  }
  if (frame.trackCase)
    pushTrackedCase(L, *frame.params);
  else
    pushParams(L, *frame.params);
  pushTerm(L, *frame.start);
  lua_pushinteger(L, static_cast<lua_Integer>(
                         std::min<std::uint64_t>(frame.maxPositions, std::uint64_t{1} << 62)));
  lua_pushcfunction(L, searchList);
  lua_pushcfunction(L, searchParts);
  lua_pushcfunction(L, searchWhole);
  lua_pushcfunction(L, searchScalar);
  if (state.refs[kChildren] == LUA_NOREF || frame.withoutChildren)
    lua_pushnil(L);
  else
    lua_rawgeti(L, LUA_REGISTRYINDEX, state.refs[kChildren]);
  lua_pushcfunction(L, searchRearm);
  lua_pushvalue(L, withMoves);
  if (frame.memo == LUA_NOREF)
    lua_pushnil(L);
  else
    lua_rawgeti(L, LUA_REGISTRYINDEX, frame.memo);
  lua_remove(L, withMoves);
}

int protectedSearch(lua_State* L) {
  SearchFrame& frame = *static_cast<SearchFrame*>(lua_touserdata(L, 1));
  State& state = stateOf(L);
  // r.at's search, or a case's search to be kept for the next cases: the function the search
  // returns at once, in the registry (frame.served).
  if (frame.serve || (frame.caseSearch && frame.served == LUA_NOREF)) {
    lua_pushstring(L, frame.serve ? "at" : "serve");
    pushSearch(L, frame);
    state.call = kMoves;
    LuaSandbox::arm(L);
    lua_call(L, 19, 1);
    if (lua_type(L, -1) != LUA_TFUNCTION)
      luaL_error(L, "the memo search returned no function of a position");
    frame.served = luaL_ref(L, LUA_REGISTRYINDEX);
    if (frame.serve) return 0;
  }
  lua_State* search = nullptr;  // kept on L's stack while it runs
  if (state.searchThreadRef != LUA_NOREF) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, state.searchThreadRef);
    search = lua_tothread(L, -1);
    luaL_unref(L, LUA_REGISTRYINDEX, state.searchThreadRef);  // (kept again once it is done)
    state.searchThreadRef = LUA_NOREF;
    if (!search || lua_status(search) != LUA_OK || lua_gettop(search) != 0) {
      lua_pop(L, 1);
      search = nullptr;
    }
  }
  if (!search) search = lua_newthread(L);
  int arguments = 19;
  if (frame.caseSearch) {  // the case's start and p, in the kept search's memo
    lua_rawgeti(L, LUA_REGISTRYINDEX, frame.served);
    pushTerm(L, *frame.start);
    pushTrackedCase(L, *frame.params);
    lua_pushboolean(L, frame.withMoves);
    arguments = 3;
  } else {
    lua_pushboolean(L, frame.withMoves);
    pushSearch(L, frame);
  }
  lua_xmove(L, search, arguments + 1);
  state.call = kMoves;
  LuaSandbox::arm(L);
  state.searchYield = LuaSandbox::charged(L) + kSearchSlice;
  LuaSandbox::setErrorsEscape(L, true);
  int status = LUA_YIELD, results = arguments;  // the arguments, at first
  while (status == LUA_YIELD) {
    status = LuaSandbox::resume(L, search, results, &results);
    ++frame.slices;
    if (status == LUA_YIELD && *frame.onSlice) (*frame.onSlice)();
  }
  if (status != LUA_OK) {
    lua_xmove(search, L, 1);  // the error, raised again here as the search raised it
    lua_error(L);
  }
  const bool outcomeMode = std::string_view(frame.mode) == "outcome";
  if (results != (frame.withMoves ? (outcomeMode ? 4 : 5) : 3))
    luaL_error(L, "the memo search returned %d values", results);
  lua_xmove(search, L, results);
  if (lua_gettop(search) == 0) {  // finished and empty: the next search's thread
    lua_pushthread(search);
    lua_xmove(search, L, 1);
    state.searchThreadRef = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  LuaSandbox::setErrorsEscape(L, false);
  LuaSandbox::checkSpent(L);
  const int first = lua_gettop(L) - results + 1;
  frame.outcome = lua_tointeger(L, first);
  frame.number = lua_tointeger(L, first + 1);
  frame.positions = lua_tointeger(L, first + 2);
  if (frame.withMoves) {
    const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, first + 3));
    for (lua_Integer k = 1; k <= count; ++k) {
      lua_rawgeti(L, first + 3, k);
      const lua_Integer code = lua_tointeger(L, -1);
      lua_pop(L, 1);
      frame.moveOutcomes.push_back(code == 1   ? EndResult::kWin
                                   : code == 2 ? EndResult::kDraw
                                               : EndResult::kLoss);
      if (!outcomeMode) {
        lua_rawgeti(L, first + 4, k);
        frame.moveNumbers.push_back(lua_tointeger(L, -1));
        lua_pop(L, 1);
      }
    }
  }
  return 0;
}

// r.at's search of one position: the function protectedSearch served, called with it.
struct AtFrame {
  int search = LUA_NOREF;
  const Term* position = nullptr;
  lua_Integer outcome = 0, number = 0, positions = 0;
};

int protectedAt(lua_State* L) {
  AtFrame& frame = *static_cast<AtFrame*>(lua_touserdata(L, 1));
  State& state = stateOf(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, frame.search);
  pushTerm(L, *frame.position);
  state.call = kMoves;
  LuaSandbox::arm(L);
  LuaSandbox::setErrorsEscape(L, true);
  lua_call(L, 1, 3);  // (on the host's thread, which never yields: no slices)
  LuaSandbox::setErrorsEscape(L, false);
  LuaSandbox::checkSpent(L);
  frame.outcome = lua_tointeger(L, -3);
  frame.number = lua_tointeger(L, -2);
  frame.positions = lua_tointeger(L, -1);
  return 0;
}

}  // namespace

const char* LuaRules::searchMode(SearchQuestion question) const {
  if (header_.partisan || state_->searchRef == LUA_NOREF) return nullptr;
  if (question != SearchQuestion::kValue) {
    // Who wins: the search with cut-offs, or for a sum of parts its Grundy number (whose moves
    // are its own moves, not its parts': moves_by_part stays with the host).
    if (header_.kind == RulesKind::kScored || (header_.hasParts && header_.movesByPart))
      return nullptr;
    return header_.hasParts ? "impartial" : "outcome";
  }
  return header_.kind == RulesKind::kScored      ? "scored"
         : header_.kind == RulesKind::kImpartial ? "impartial"
                                                 : "normal";
}

bool LuaRules::noteChildrenDiffer(const LuaFailure& failure) {
  constexpr std::string_view kDiffers = "game.children differs";
  if (!searchNote_.empty() ||
      std::string_view(failure.message).substr(0, kDiffers.size()) != kDiffers)
    return false;
  // Said once, at the line children starts on; the search goes on by moves and play.
  const int line = state_->lines[kChildren];
  searchNote_ =
      (line > 0 ? "line " + std::to_string(line) + ": " : std::string()) + failure.message;
  return true;
}

std::optional<Rules::Searched> LuaRules::memoSearchAt(const Term& position, const Params& params,
                                                      SearchQuestion question,
                                                      const SearchLimits& limits) {
  State& state = *state_;
  const char* const mode = searchMode(question);
  if (!mode) return std::nullopt;
  // Integer and boolean positions (a sum of parts as a table too): the search's own.
  const Term::Kind kind = position.kind();
  if (kind == Term::Kind::kString ||
      (kind == Term::Kind::kTable && (!header_.hasParts || std::string_view(mode) != "impartial")))
    return std::nullopt;
  if (!atKept_ || !(state.atParams_ == params)) {
    dropAtSearches();
    state.atParams_ = params;
    atKept_ = true;
    atOff_ = false;
  }
  // Once a search has handed over, every later position of these parameters is the host's:
  // a search started again for each would cost up to its cap each time.
  if (atOff_) return std::nullopt;
  auto it = std::find_if(state.atSearches.begin(), state.atSearches.end(),
                         [mode](const State::AtSearch& search) { return search.mode == mode; });
  const std::uint64_t cap = sandbox_->heapCap();
  sandbox_->setHeapCap(std::min<std::uint64_t>(cap, limits.memoryBudgetBytes));
  std::uint64_t* const reads = state.paramReads;
  state.paramReads = &paramReads_;
  LuaFailure failure;
  bool found = true;
  if (it == state.atSearches.end()) {
    SearchFrame frame;
    frame.withoutChildren = !searchNote_.empty();
    frame.params = &params;
    frame.start = &position;
    frame.mode = mode;
    frame.maxPositions = limits.maxPositions;
    frame.onSlice = &limits.onSlice;
    frame.serve = true;
    found = sandbox_->run(protectedSearch, &frame, failure) && frame.served != LUA_NOREF;
    if (found) {
      state.atSearches.push_back({mode, frame.served, 0});
      it = state.atSearches.end() - 1;
    } else if (frame.served != LUA_NOREF) {
      luaL_unref(L_, LUA_REGISTRYINDEX, frame.served);
    }
  }
  AtFrame at;
  if (found) {
    at.search = it->ref;
    at.position = &position;
    found = sandbox_->run(protectedAt, &at, failure);
  }
  state.paramReads = reads;
  sandbox_->setHeapCap(cap);
  if (!found || at.outcome < 0 || at.outcome > 2) {
    dropAtSearches();           // its memo may hold positions marked as on the line
    lua_gc(L_, LUA_GCCOLLECT);  // the heap back for the host's solves of the positions
    if (noteChildrenDiffer(failure)) return memoSearchAt(position, params, question, limits);
    atOff_ = true;
    return std::nullopt;
  }
  Searched searched;
  searched.outcome = at.outcome == 1   ? EndResult::kWin
                     : at.outcome == 2 ? EndResult::kDraw
                                       : EndResult::kLoss;
  searched.number = at.number;
  const std::uint64_t total = static_cast<std::uint64_t>(std::max<lua_Integer>(at.positions, 0));
  searched.positions = total - std::min(total, it->positions);
  it->positions = total;
  return searched;
}

void LuaRules::dropAtSearches() {
  for (State::AtSearch& search : state_->atSearches) luaL_unref(L_, LUA_REGISTRYINDEX, search.ref);
  state_->atSearches.clear();
}

std::optional<Rules::Searched> LuaRules::memoSearch(const Params& params, SearchQuestion question,
                                                    const SearchLimits& limits) {
  const char* const mode = searchMode(question);
  if (!mode) return std::nullopt;
  auto start = this->start(params);
  if (!start) return std::nullopt;
  return searchFrom(start.value(), params, mode, question == SearchQuestion::kMoveOutcomes, limits,
                    false);
}

std::optional<Rules::Searched> LuaRules::memoSearchFrom(const Term& position, const Params& params,
                                                        const SearchLimits& limits,
                                                        SearchQuestion question) {
  if (header_.partisan || state_->searchRef == LUA_NOREF || header_.kind == RulesKind::kScored ||
      header_.hasParts || question == SearchQuestion::kOutcome)
    return std::nullopt;
  const bool values = question == SearchQuestion::kValue;
  return searchFrom(position, params,
                    !values                                 ? "outcome"
                    : header_.kind == RulesKind::kImpartial ? "impartial"
                                                            : "normal",
                    true, limits, true);
}

void LuaRules::beginCaseReads() {
  state_->hostReads = {};
  state_->caseReads = &state_->hostReads;
  state_->trackHostCase = true;
}

Rules::CaseReads LuaRules::endCaseReads() {
  state_->trackHostCase = false;
  state_->caseReads = nullptr;
  luaL_unref(L_, LUA_REGISTRYINDEX, state_->trackedRef);
  state_->trackedRef = LUA_NOREF;
  return std::exchange(state_->hostReads, {});
}

void LuaRules::forgetSearchMemo() {
  bool dropped = false;
  for (int& ref : state_->keptMemoRefs) {
    if (ref != LUA_NOREF) luaL_unref(L_, LUA_REGISTRYINDEX, ref);
    dropped = dropped || ref != LUA_NOREF;
    ref = LUA_NOREF;
  }
  state_->keptMemoParams.clear();
  dropped = dropped || !state_->atSearches.empty();
  dropAtSearches();
  atKept_ = false;
  for (State::CaseMemo& memo : state_->caseMemos) {
    if (memo.ref != LUA_NOREF) luaL_unref(L_, LUA_REGISTRYINDEX, memo.ref);
    dropped = dropped || memo.ref != LUA_NOREF;
  }
  state_->caseMemos.clear();
  if (dropped) lua_gc(L_, LUA_GCCOLLECT);  // the heap back for what comes next
}

std::optional<Rules::Searched> LuaRules::searchFrom(const Term& start, const Params& params,
                                                    const char* mode, bool withMoves,
                                                    const SearchLimits& limits, bool keepMemo) {
  if (start.kind() == Term::Kind::kTable && !header_.hasParts) return std::nullopt;
  SearchFrame frame;
  frame.withoutChildren = !searchNote_.empty();
  frame.params = &params;
  frame.start = &start;
  frame.mode = mode;
  frame.maxPositions = limits.maxPositions;
  frame.onSlice = &limits.onSlice;
  frame.withMoves = withMoves;
  if (keepMemo) {
    // One memo a game of parameters and a kind of code: another's codes would be of other
    // positions, or mean other things (a cut-off search's code has no moves left).
    std::string key;
    for (const std::int64_t value : params) encoding::putInteger(key, value);
    if (params.input) key += *params.input;  // a case: its positions' values are its own
    if (state_->keptMemoParams != key) forgetSearchMemo();
    int& kept = state_->keptMemoRefs[std::string_view(mode) == "outcome" ? 0 : 1];
    if (kept == LUA_NOREF) {
      lua_newtable(L_);
      kept = luaL_ref(L_, LUA_REGISTRYINDEX);
      state_->keptMemoParams = key;
    }
    frame.memo = kept;
  }
  // The memo lives in the rules' heap and shares its cap (LuaLimits::heapBytes, or the solve's
  // budget if smaller): a call of the rules never has more room than in the host's solve, so a
  // call that passes the cap there passes it here too (the search hands over, the host names
  // it), and a memo that outgrows the cap hands over (Deque of N = 3500 with integer
  // positions, 6.1 million positions, fits in 256 MiB). The memo goes when the search ends,
  // unless it is kept (memoSearchFrom), when it stays in the heap, under the same cap.
  // A case's search: the memo of the earlier cases' searches in the same mode serves when this
  // case has the same values of every field of p they read (cases that read nothing of p, as a
  // sum of piles given by the case's start, share one memo), and is dropped otherwise.
  State::CaseMemo* shared = nullptr;
  State::CaseReads reads;
  CaseFields fields;
  const auto valueOf = [&fields](const std::string& key) {
    for (const auto& field : fields)
      if (field.first == key) return field.second;
    return std::string_view();
  };
  const auto drop = [this](State::CaseMemo& memo) {
    if (memo.ref != LUA_NOREF) luaL_unref(L_, LUA_REGISTRYINDEX, memo.ref);
    memo.ref = LUA_NOREF;
    memo.all = false;
    memo.whole.clear();
    memo.fields.clear();
  };
  if (!keepMemo && params.input && caseFields(*params.input, fields)) {
    auto& memos = state_->caseMemos;
    auto it = std::find_if(memos.begin(), memos.end(),
                           [mode](const State::CaseMemo& memo) { return memo.mode == mode; });
    if (it == memos.end()) {
      memos.emplace_back();
      memos.back().mode = mode;
      it = memos.end() - 1;
    }
    shared = &*it;
    bool same = shared->ref != LUA_NOREF;
    if (same && shared->all) same = shared->whole == *params.input;
    for (std::size_t k = 0; same && !shared->all && k < shared->fields.size(); ++k)
      same = valueOf(shared->fields[k].first) == shared->fields[k].second;
    if (!same) drop(*shared);
    frame.served = shared->ref;  // the search kept, with its memo, or none yet
    frame.caseSearch = true;
    frame.trackCase = true;
    state_->caseReads = &reads;
  }
  const std::uint64_t cap = sandbox_->heapCap();
  sandbox_->setHeapCap(std::min<std::uint64_t>(cap, limits.memoryBudgetBytes));
  state_->paramReads = &paramReads_;
  LuaFailure failure;
  const bool found = sandbox_->run(protectedSearch, &frame, failure);
  state_->paramReads = nullptr;
  state_->caseReads = nullptr;
  if (shared && shared->ref == LUA_NOREF && frame.served != LUA_NOREF) {
    if (found)
      shared->ref = frame.served;  // kept for the next case
    else
      luaL_unref(L_, LUA_REGISTRYINDEX, frame.served);
  }
  if (!found) {  // the memos may hold positions marked as on the line
    shared = nullptr;
    forgetSearchMemo();
  }
  if (shared) {  // what this case read, with its values, is what the memo now needs
    if (reads.all) {
      shared->all = true;
      shared->whole = *params.input;
      shared->fields.clear();
    }
    for (std::size_t k = 0; !shared->all && k < reads.keys.size(); ++k) {
      const std::string& key = reads.keys[k];
      bool known = false;
      for (const auto& field : shared->fields) known = known || field.first == key;
      if (!known) shared->fields.emplace_back(key, std::string(valueOf(key)));
    }
  } else {
    lua_gc(L_, LUA_GCCOLLECT);  // (a memo kept for the next case is collected as Lua likes)
  }
  sandbox_->setHeapCap(cap);
  if (!found && !frame.withoutChildren && noteChildrenDiffer(failure))
    return searchFrom(start, params, mode, withMoves, limits, keepMemo);
  if (!found || frame.outcome < 0 || frame.outcome > 2) return std::nullopt;
  Searched searched;
  searched.outcome = frame.outcome == 1   ? EndResult::kWin
                     : frame.outcome == 2 ? EndResult::kDraw
                                          : EndResult::kLoss;
  searched.number = frame.number;
  searched.positions = static_cast<std::uint64_t>(frame.positions);
  searched.slices = frame.slices;
  searched.moveOutcomes = std::move(frame.moveOutcomes);
  searched.moveNumbers = std::move(frame.moveNumbers);
  return searched;
}

namespace {

// --- Loading: the file's body, then `game` and its fields, read raw, in one protected call.

struct LoadFrame {
  std::string_view text;
  RulesHeader* header = nullptr;
  int stage = 0;        // 0 reading the text, 1 running the file, 2 reading game
  std::string refusal;  // the loader's own sentence, when it refuses the game
  RulesParam param;
  // A syntax error's place in the text, as Lua counts lines (0 when Lua gave none).
  int errorLine = 0;
  int errorColumn = 0;
};

// The line and column of text[offset], lines counted as Lua's lexer counts them (\n, \r, \r\n
// and \n\r each end one), columns in characters of UTF-8 (a byte that does not continue one).
void placeOf(std::string_view text, std::size_t offset, int& line, int& column) {
  line = 1;
  std::size_t start = 0;
  for (std::size_t k = 0; k < offset;) {
    const char c = text[k];
    if (c != '\n' && c != '\r') {
      ++k;
      continue;
    }
    ++k;
    if (k < offset && (text[k] == '\n' || text[k] == '\r') && text[k] != c) ++k;
    ++line;
    start = k;
  }
  column = 1;
  for (std::size_t k = start; k < offset; ++k)
    if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) ++column;
}

// Pushes table[name], read raw.
int rawField(lua_State* L, int table, const char* name) {
  table = lua_absindex(L, table);
  lua_pushstring(L, name);
  return lua_rawget(L, table);
}

// The loader's checks of `game` (at `game` on the stack), each leaving frame.refusal empty or
// saying why the game is refused; each returns whether the game may still be good. They run
// inside the protected load; an error raised there (out of memory) skips no C++ object.

// Every key of game is one of its fields' names.
bool checkFieldNames(lua_State* L, int game, std::string& refusal) {
  static const char* const kKnown[] = {
      "title", "params", "impartial", "partisan", "moves_by_part", "start",    "moves",
      "play",  "gain",   "score",     "result",   "mover",         "parts",    "show",
      "name",  "read",   "answer",    "random",   "sample",        "children", "write"};
  lua_pushnil(L);
  while (lua_next(L, game) != 0) {
    lua_pop(L, 1);
    const char* key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : nullptr;
    if (!key || std::none_of(std::begin(kKnown), std::end(kKnown),
                             [key](const char* known) { return std::strcmp(known, key) == 0; })) {
      refusal = (key ? "game." + printableText(key, 40) : "a key that is not a name") +
                " is not a field of a rules game (the fields: title, params, start, moves, play, "
                "gain, score, result, impartial, parts, moves_by_part, mover, partisan, show, "
                "name, read, answer, random, write, sample, children)";
      return false;
    }
  }
  return true;
}

bool readTitle(lua_State* L, int game, LoadFrame& frame) {
  const int titleType = rawField(L, game, "title");
  if (titleType == LUA_TSTRING) {
    std::size_t length = 0;
    const char* title = lua_tolstring(L, -1, &length);
    frame.header->title = cutText(title, length, kMaxTitleBytes);
  } else if (titleType == LUA_TNIL) {
    frame.header->title = "Untitled game";
  } else {
    frame.refusal = std::string("game.title must be a string, not ") + typeWord(L, -1);
    return false;
  }
  lua_pop(L, 1);
  return true;
}

bool readSample(lua_State* L, int game, LoadFrame& frame) {
  const int sampleType = rawField(L, game, "sample");
  if (sampleType == LUA_TSTRING) {
    std::size_t length = 0;
    const char* sample = lua_tolstring(L, -1, &length);
    if (length > kMaxRulesBytes) {  // a sample the file's body built, say
      frame.refusal = "game.sample is " + withThousands(length) + " bytes long; at most " +
                      withThousands(kMaxRulesBytes) + " (the size of a rules file)";
      return false;
    }
    frame.header->sample.assign(sample, length);
  } else if (sampleType != LUA_TNIL) {
    frame.refusal = std::string("game.sample must be a string (the problem's sample input), not ") +
                    typeWord(L, -1);
    return false;
  }
  lua_pop(L, 1);
  return true;
}

// game.params[k] (of the array at `list`), added to the header's parameters.
bool readParam(lua_State* L, int list, lua_Integer k, LoadFrame& frame) {
  const auto where = [](lua_Integer k) { return "game.params[" + std::to_string(k) + "]"; };
  const char* const shape = " must be {name, default, min, max}: a name and three integers";
  std::string& refusal = frame.refusal;
  RulesParam& param = frame.param;
  if (lua_rawgeti(L, list, k) != LUA_TTABLE || lua_rawgeti(L, -1, 1) != LUA_TSTRING) {
    refusal = where(k) + shape;
    return false;
  }
  std::size_t length = 0;
  const char* name = lua_tolstring(L, -1, &length);
  param.name = cutText(name, length, 40);
  lua_pop(L, 1);
  bool valid = !param.name.empty() && length <= 32;
  for (char c : param.name)
    valid &= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  if (!valid || (param.name[0] >= '0' && param.name[0] <= '9')) {
    refusal = where(k) + "'s name must be a word of letters, digits and _ (at most 32), not '" +
              param.name + "'";
    return false;
  }
  for (const RulesParam& other : frame.header->params)
    if (other.name == param.name) {
      refusal = where(k) + " repeats the name " + param.name;
      return false;
    }
  std::int64_t numbers[3];
  for (int field = 0; field < 3; ++field) {
    lua_rawgeti(L, -1, field + 2);
    if (!wholeNumber(L, -1, numbers[field])) {
      refusal = where(k) + shape;
      return false;
    }
    lua_pop(L, 1);
  }
  param.defaultValue = numbers[0];
  param.min = numbers[1];
  param.max = numbers[2];
  if (param.min > param.max || param.defaultValue < param.min || param.defaultValue > param.max) {
    refusal = where(k) + " (" + param.name + ") needs min <= default <= max; it has default " +
              std::to_string(param.defaultValue) + ", min " + std::to_string(param.min) + ", max " +
              std::to_string(param.max);
    return false;
  }
  frame.header->params.push_back(param);
  lua_pop(L, 1);
  return true;
}

bool readParams(lua_State* L, int game, LoadFrame& frame) {
  const int paramsType = rawField(L, game, "params");
  if (paramsType != LUA_TNIL) {
    if (paramsType != LUA_TTABLE) {
      frame.refusal =
          std::string("game.params must be an array of {name, default, min, max}, not ") +
          typeWord(L, -1);
      return false;
    }
    const int list = lua_gettop(L);
    const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, list));
    if (count > kMaxParams) {
      frame.refusal = "game.params has " + std::to_string(count) + " parameters; at most " +
                      std::to_string(kMaxParams);
      return false;
    }
    for (lua_Integer k = 1; k <= count; ++k)
      if (!readParam(L, list, k, frame)) return false;
  }
  lua_pop(L, 1);
  return true;
}

// game.impartial, game.partisan and game.moves_by_part: flags[0], [1] and [2].
bool readFlags(lua_State* L, int game, std::string& refusal, bool (&flags)[3]) {
  const char* const flagNames[3] = {"impartial", "partisan", "moves_by_part"};
  for (int k = 0; k < 3; ++k) {
    const int type = rawField(L, game, flagNames[k]);
    if (type != LUA_TNIL && type != LUA_TBOOLEAN) {
      refusal =
          std::string("game.") + flagNames[k] + " must be true or false, not " + typeWord(L, -1);
      return false;
    }
    flags[k] = lua_toboolean(L, -1) != 0;
    lua_pop(L, 1);
  }
  return true;
}

// The rules functions, each kept in the registry with the line it starts at.
bool readFunctions(lua_State* L, int game, std::string& refusal) {
  State& state = stateOf(L);
  for (int function = 0; function < kFunctions; ++function) {
    const char* name = kFunctionNames[function];
    const int type = rawField(L, game, name);
    if (type == LUA_TNIL) {
      lua_pop(L, 1);
      if (function == kStart || function == kMoves || function == kPlay) {
        refusal =
            std::string("game.") + name + " is missing: every game needs start, moves and play";
        return false;
      }
      continue;
    }
    if (type != LUA_TFUNCTION) {
      refusal = std::string("game.") + name + " must be a function, not " + typeWord(L, -1);
      return false;
    }
    lua_Debug info;
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">S", &info);
    state.lines[function] = info.linedefined > 0 ? info.linedefined : 0;
    state.refs[function] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  return true;
}

// The fields that do not go together; "" when none.
const char* combinationProblem(const State& state, const bool (&flags)[3]) {
  const bool impartial = flags[0], partisan = flags[1], movesByPart = flags[2];
  const auto has = [&state](Function function) { return state.refs[function] != LUA_NOREF; };
  const bool scored = has(kGain) || has(kScore);
  if (impartial && scored)
    return "an impartial game has no points: remove gain and score, or impartial";
  if (impartial && has(kMover))
    return "in an impartial game the players alternate: remove mover, or impartial";
  if (!impartial && !partisan && has(kParts))
    return "parts splits impartial games (their Grundy numbers xor) and partisan ones (their cgt "
           "values add) only: add impartial = true or partisan = true, or remove parts";
  if (partisan && has(kParts) && (scored || has(kResult)))
    return "the parts of a partisan game add up as cgt values, of normal play: remove parts, or "
           "gain, score and result";
  if (partisan && movesByPart)
    return "moves_by_part lists an impartial sum's moves part by part: remove it (a partisan "
           "game's parts are for cgt, which makes each part's moves itself)";
  if (has(kResult) && impartial)
    return "an impartial game is won by the last move (its values are Sprague-Grundy numbers): "
           "remove result, or impartial (a misere game is a game with result and no impartial)";
  if (has(kResult) && scored)
    return "a scored game ends with its margin, not a result: remove result, or gain and score";
  if (partisan && impartial)
    return "an impartial game has the same moves for both players: remove partisan, or "
           "impartial";
  if (partisan && has(kMover))
    return "mover already says who moves at a position: remove partisan, or mover";
  if (movesByPart && !has(kParts))
    return "moves_by_part says how the moves of a sum of parts are listed: add parts, or remove "
           "moves_by_part";
  return "";
}

// The game's kind and the functions it has.
void fillHeader(const State& state, const bool (&flags)[3], RulesHeader& header) {
  const bool impartial = flags[0], partisan = flags[1];
  const auto has = [&state](Function function) { return state.refs[function] != LUA_NOREF; };
  const bool scored = has(kGain) || has(kScore);
  header.kind = impartial ? RulesKind::kImpartial
                : scored  ? RulesKind::kScored
                          : RulesKind::kNormalPlay;
  header.hasMover = has(kMover);
  header.hasParts = impartial && has(kParts);
  header.partisanParts = partisan && has(kParts);
  header.movesByPart = flags[2];
  header.hasResult = has(kResult);
  header.partisan = partisan;
  header.hasRead = has(kRead);
  header.hasAnswer = has(kAnswer);
  header.hasRandom = has(kRandom);
  header.hasWrite = has(kWrite);
}

// The loader's checks of `game`, in order; the first refusal ends them.
void readGame(lua_State* L, int game, LoadFrame& frame) {
  std::string& refusal = frame.refusal;
  bool flags[3] = {false, false, false};  // impartial, partisan, moves_by_part
  if (!checkFieldNames(L, game, refusal) || !readTitle(L, game, frame) ||
      !readSample(L, game, frame) || !readParams(L, game, frame) ||
      !readFlags(L, game, refusal, flags) || !readFunctions(L, game, refusal))
    return;
  const State& state = stateOf(L);
  refusal = combinationProblem(state, flags);
  if (!refusal.empty()) return;
  fillHeader(state, flags, *frame.header);
}

int protectedLoad(lua_State* L) {
  LoadFrame& frame = *static_cast<LoadFrame*>(lua_touserdata(L, 1));
  // The memo search, made before the file runs, keeps the sandbox's own library functions.
  if (luaL_loadbufferx(L, kLuaMemoSearch, sizeof(kLuaMemoSearch) - 1, "=memo_search.lua", "t") !=
      LUA_OK)
    return lua_error(L);
  lua_call(L, 0, 1);
  stateOf(L).searchRef = luaL_ref(L, LUA_REGISTRYINDEX);
  // The raw reads of tables, through proxies of p too (rawOnViews).
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  for (const char* name : {"next", "rawget", "rawlen"}) {
    lua_pushstring(L, name);
    if (lua_rawget(L, -2) == LUA_TFUNCTION) {
      lua_pushcclosure(L, rawOnViews, 1);
      lua_pushstring(L, name);
      lua_insert(L, -2);
      lua_rawset(L, -3);
    } else {
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  // Run the file: text chunks only. A syntax error's place is a pointer into the text.
  LuaSandbox::takeLexErrorAt(L);
  if (luaL_loadbufferx(L, frame.text.data(), frame.text.size(), kChunkName, "t") != LUA_OK) {
    const char* at = LuaSandbox::takeLexErrorAt(L);
    if (at != nullptr && at >= frame.text.data() && at <= frame.text.data() + frame.text.size())
      placeOf(frame.text, static_cast<std::size_t>(at - frame.text.data()), frame.errorLine,
              frame.errorColumn);
    return lua_error(L);
  }
  frame.stage = 1;
  LuaSandbox::arm(L);
  lua_call(L, 0, 0);
  LuaSandbox::checkSpent(L);
  frame.stage = 2;
  // Read the game table, raw: no metamethod of the globals or of game runs.
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  if (rawField(L, -1, "game") != LUA_TTABLE) {
    frame.refusal = std::string(
                        "the rules must define a table named game (game = { title = ..., start = "
                        "..., moves = ..., play = ... }); game is ") +
                    typeWord(L, -1);
    return 0;
  }
  readGame(L, lua_gettop(L), frame);
  return 0;
}

}  // namespace

LuaRules::LuaRules() : state_(std::make_unique<State>()) {}

LuaRules::~LuaRules() = default;

std::uint64_t LuaRules::memoryUsed() const {
  return sandbox_ ? sandbox_->heapUsed() : 0;
}

Rules::HeapCap LuaRules::heapCap() const {
  if (!sandbox_) return {};
  return {sandbox_->heapCap(), sandbox_->heapCapWhat()};
}

void LuaRules::setHeapCap(HeapCap cap) {
  if (!sandbox_) return;
  sandbox_->setHeapCap(cap.bytes);
  sandbox_->setHeapCapWhat(std::move(cap.what));
}

bool LuaRules::totalSpent() const {
  return sandbox_ && sandbox_->totalSpent();
}

std::uint64_t LuaRules::instructionsUsed() const {
  return sandbox_ ? sandbox_->instructionsUsed() : 0;
}

const LuaLimits& LuaRules::sandboxLimits() const {
  return sandbox_->limits();
}

Expected<std::shared_ptr<LuaRules>> LuaRules::load(std::string_view text, const LuaLimits& limits) {
  if (text.size() > kMaxRulesBytes)
    return RulesError{0, 0,
                      Message(forms::kRulesFileTooLong,
                              {{"SIZE", Message::verbatim(withThousands(text.size()))},
                               {"LIMIT", Message::verbatim(withThousands(kMaxRulesBytes))}})};
  std::shared_ptr<LuaRules> rules(new LuaRules());
  rules->text_ = std::string(text);
  State& state = *rules->state_;
  state.header = &rules->header_;
  for (int& ref : state.refs) ref = LUA_NOREF;
  for (int& line : state.lines) line = 0;
  rules->sandbox_ = LuaSandbox::create(limits, &state);
  if (!rules->sandbox_)
    return RulesError{0, 0, "the rules' interpreter could not start (out of memory)"};
  rules->L_ = rules->sandbox_->state();
  LoadFrame frame;
  frame.text = rules->text_;
  frame.header = &rules->header_;
  LuaFailure failure;
  if (!rules->sandbox_->run(protectedLoad, &frame, failure)) {
    // Errors of the body say so; syntax errors are plain.
    if (frame.stage == 1) failure.message += ", while the file ran";
    RulesError error = rulesError(std::move(failure));
    // A syntax error names its column when the lexer's place is on the line Lua names (an
    // unfinished long string names the last line, and its place is where reading stopped).
    if (frame.errorLine != 0 && frame.errorLine == error.line) error.column = frame.errorColumn;
    return error;
  }
  if (!frame.refusal.empty()) return RulesError{0, 0, Message(std::move(frame.refusal))};
  lua_gc(rules->L_, LUA_GCGEN, 0, 0);  // most tables a solve makes die young
  return rules;
}

namespace {

std::string callText(Function function, const Term* a, const Term* b, bool partisan) {
  // A partisan position {who, s} shows as s.
  const auto shown = [partisan](const Term& term) {
    if (partisan && term.kind() == Term::Kind::kTable && term.entries().size() == 2)
      return shortText(term.entries()[1].second);
    return shortText(term);
  };
  switch (function) {
    case kRead:
      return "read(the judge's input)";
    case kAnswer:
      return "answer(r, p)";
    case kWrite:
      return "write(cases)";
    default:
      break;
  }
  std::string text = std::string(kFunctionNames[function]) + "(";
  if (function == kName) std::swap(a, b);
  if (a) text += function == kName ? shortText(*a) : shown(*a);
  if (b) text += ", " + (function == kName ? shown(*b) : shortText(*b));
  return text + ")";
}

}  // namespace

bool LuaRules::expand(std::string_view position, const Params& params, Expansion& out,
                      RulesError& error) {
  out.clear();
  Frame frame;
  frame.rules = this;
  frame.params = &params;
  frame.position = position;
  frame.expansion = &out;
  state_->paramReads = &paramReads_;
  LuaFailure failure;
  const bool ok = sandbox_->run(protectedExpand, &frame, failure);
  state_->paramReads = nullptr;
  if (ok) return true;
  error = rulesError(std::move(failure));
  error.message = Message(
      forms::kRulesInCall,
      {{"MESSAGE", error.message}, {"RAW", Message::verbatim(failedCall(position, params))}});
  return false;
}

std::string LuaRules::failedCall(std::string_view position, const Params& params) {
  // The function, the position and, for play and gain, the move.
  Term where;
  const bool decoded = Term::decode(position, where);
  const Function function = state_->call;
  const std::int64_t moveIndex = state_->moveIndex;
  if (!decoded) return std::string(kFunctionNames[function]) + "(?)";
  std::string text = callText(function, &where, nullptr, header_.partisan);
  if (function == kPlay || function == kGain) {
    auto list = moves(where, params);
    const auto index = static_cast<std::size_t>(moveIndex);
    if (list && index >= 1 && index <= list.value().size())
      text = callText(function, &where, &list.value()[index - 1], header_.partisan);
  }
  return text;
}

bool LuaRules::openMoves(std::string_view position, const Params& params, MoveCursor& cursor,
                         RulesError& error) {
  closeMoves(cursor);
  cursor.mover = -1;
  cursor.end = EndResult::kLoss;
  CursorFrame frame;
  frame.position = position;
  frame.params = &params;
  frame.cursor = &cursor;
  state_->paramReads = &paramReads_;
  LuaFailure failure;
  const bool ok = sandbox_->run(protectedOpenMoves, &frame, failure);
  state_->paramReads = nullptr;
  if (ok) return true;
  error = rulesError(std::move(failure));
  error.message = Message(
      forms::kRulesInCall,
      {{"MESSAGE", error.message}, {"RAW", Message::verbatim(failedCall(position, params))}});
  return false;
}

bool LuaRules::playMove(MoveCursor& cursor, std::size_t index, const Params& params,
                        std::string& child, RulesError& error) {
  if (cursor.handle < 0 || index >= cursor.count) {
    error = RulesError{0, 0, "no such move (an internal error)"};
    return false;
  }
  CursorFrame frame;
  frame.params = &params;
  frame.cursor = &cursor;
  frame.index = index;
  frame.child = &child;
  state_->paramReads = &paramReads_;
  LuaFailure failure;
  const bool ok = sandbox_->run(protectedPlayMove, &frame, failure);
  state_->paramReads = nullptr;
  if (ok) return true;
  error = rulesError(std::move(failure));
  // The position: the hold's key, read back.
  lua_rawgeti(L_, LUA_REGISTRYINDEX, cursor.handle);
  lua_rawgeti(L_, -1, 4);
  std::size_t length = 0;
  const char* bytes = lua_tolstring(L_, -1, &length);
  std::string key = bytes ? std::string(bytes, length) : std::string();
  lua_pop(L_, 2);
  if (header_.partisan) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, cursor.handle);
    lua_rawgeti(L_, -1, 3);
    const int who = static_cast<int>(lua_tointeger(L_, -1));
    lua_pop(L_, 2);
    std::string wrapped;
    putPartisan(wrapped, who, key);
    key = std::move(wrapped);
  }
  error.message =
      Message(forms::kRulesInCall,
              {{"MESSAGE", error.message}, {"RAW", Message::verbatim(failedCall(key, params))}});
  return false;
}

void LuaRules::closeMoves(MoveCursor& cursor) {
  if (cursor.handle >= 0) luaL_unref(L_, LUA_REGISTRYINDEX, cursor.handle);  // never raises
  cursor.handle = -1;
  cursor.count = 0;
}

// A failed call of the rules: the sentence names the call ("…, in play({1, 2}, 3)").
RulesError callFailed(Function which, LuaFailure failure, const Term* a, const Term* b,
                      bool partisan) {
  RulesError error = rulesError(std::move(failure));
  error.message = Message(
      forms::kRulesInCall,
      {{"MESSAGE", error.message}, {"RAW", Message::verbatim(callText(which, a, b, partisan))}});
  return error;
}

// The same for a call given encodings (a move's may be empty: none).
RulesError callFailed(Function which, LuaFailure failure, std::string_view position,
                      std::string_view move, bool partisan) {
  Term positionTerm, moveTerm;  // the host's own encodings: they decode
  Term::decode(position, positionTerm);
  if (!move.empty()) Term::decode(move, moveTerm);
  return callFailed(which, std::move(failure), &positionTerm, move.empty() ? nullptr : &moveTerm,
                    partisan);
}

bool LuaRules::runCall(int (*call)(lua_State*), void* frame, int function, LuaFailure& failure) {
  // Reads by start() do not count: rows of a table that differ there share positions. (A call
  // inside a call, as r.at makes inside answer, gives the outer one back its counting.)
  std::uint64_t* const outer = state_->paramReads;
  state_->paramReads = function == kStart ? nullptr : &paramReads_;
  // show() and name() only give a text (the position's or move's own stands in when they fail):
  // they run under their own budget where the host gives one.
  const std::uint64_t perCall = sandbox_->limits().instructionsPerCall;
  const std::uint64_t perText = sandbox_->limits().instructionsPerTextCall;
  const bool text = (function == kShow || function == kName) && perText > 0 && perText < perCall;
  if (text) sandbox_->setInstructionsPerCall(perText);
  const bool ok = sandbox_->run(call, frame, failure);
  if (text) sandbox_->setInstructionsPerCall(perCall);
  state_->paramReads = outer;
  return ok;
}

#define GS_LUA_CALL(which, a, b, field)                                   \
  Frame frame;                                                            \
  frame.rules = this;                                                     \
  frame.params = &params;                                                 \
  frame.function = which;                                                 \
  frame.termA = a;                                                        \
  frame.termB = b;                                                        \
  LuaFailure failure;                                                     \
  if (!runCall(protectedCall, &frame, which, failure))                    \
    return callFailed(which, std::move(failure), a, b, header_.partisan); \
  return std::move(frame.field)

Expected<Term> LuaRules::start(const Params& params) {
  GS_LUA_CALL(kStart, nullptr, nullptr, result);
}

Expected<std::vector<Term>> LuaRules::moves(const Term& position, const Params& params) {
  GS_LUA_CALL(kMoves, &position, nullptr, results);
}

Expected<Term> LuaRules::play(const Term& position, const Term& move, const Params& params) {
  GS_LUA_CALL(kPlay, &position, &move, result);
}

Expected<std::int64_t> LuaRules::gain(const Term& position, const Term& move,
                                      const Params& params) {
  if (state_->refs[kGain] == LUA_NOREF) return std::int64_t{0};
  GS_LUA_CALL(kGain, &position, &move, number);
}

Expected<std::int64_t> LuaRules::score(const Term& position, const Params& params) {
  if (state_->refs[kScore] == LUA_NOREF) return std::int64_t{0};
  GS_LUA_CALL(kScore, &position, nullptr, number);
}

Expected<int> LuaRules::mover(const Term& position, const Params& params) {
  if (state_->refs[kMover] == LUA_NOREF) return -1;
  auto number = [&]() -> Expected<std::int64_t> {
    GS_LUA_CALL(kMover, &position, nullptr, number);
  }();
  if (!number) return number.error();
  return static_cast<int>(number.value() - 1);
}

Expected<std::vector<Term>> LuaRules::parts(const Term& position, const Params& params) {
  if (state_->refs[kParts] == LUA_NOREF) return std::vector<Term>{position};
  GS_LUA_CALL(kParts, &position, nullptr, results);
}

Expected<EndResult> LuaRules::result(const Term& position, const Params& params) {
  if (state_->refs[kResult] == LUA_NOREF) return EndResult::kLoss;
  auto number = [&]() -> Expected<std::int64_t> {
    GS_LUA_CALL(kResult, &position, nullptr, number);
  }();
  if (!number) return number.error();
  return static_cast<EndResult>(number.value());
}

Expected<Term> LuaRules::show(const Term& position, const Params& params) {
  if (state_->refs[kShow] == LUA_NOREF) {
    if (header_.partisan && position.kind() == Term::Kind::kTable && position.entries().size() == 2)
      return Rules::show(position.entries()[1].second, params);
    return Rules::show(position, params);
  }
  GS_LUA_CALL(kShow, &position, nullptr, result);
}

Expected<std::string> LuaRules::name(const Term& move, const Term& position, const Params& params) {
  if (state_->refs[kName] == LUA_NOREF) return Rules::name(move, position, params);
  GS_LUA_CALL(kName, &position, &move, output);
}

bool LuaRules::callWithKeys(int function, std::string_view position, std::string_view move,
                            const Params& params, std::vector<std::string>& encodings,
                            std::string& output, RulesError& error) {
  Frame frame;
  frame.rules = this;
  frame.params = &params;
  frame.function = static_cast<Function>(function);
  frame.position = position;
  frame.moveKey = move;
  frame.keysOnly = true;
  LuaFailure failure;
  if (!runCall(protectedCall, &frame, function, failure)) {
    error = callFailed(frame.function, std::move(failure), position, move, header_.partisan);
    return false;
  }
  encodings = std::move(frame.encodings);
  output = std::move(frame.output);
  return true;
}

bool LuaRules::names(const std::vector<std::string>& moves, std::size_t from, std::size_t to,
                     std::string_view position, const Params& params, std::vector<std::string>& out,
                     RulesError& error) {
  if (state_->refs[kName] == LUA_NOREF)
    return Rules::names(moves, from, to, position, params, out, error);
  Frame frame;
  frame.rules = this;
  frame.params = &params;
  frame.function = kName;
  frame.position = position;
  frame.moveKeys = &moves;
  frame.nameFrom = from;
  frame.nameTo = std::min(to, moves.size());
  LuaFailure failure;
  const bool ok = runCall(protectedNames, &frame, kName, failure);
  for (std::string& name : frame.encodings) out.push_back(std::move(name));
  if (ok) return true;
  const std::size_t failed = from + frame.encodings.size();
  error = callFailed(kName, std::move(failure), position,
                     failed < moves.size() ? moves[failed] : "", header_.partisan);
  return false;
}

Expected<std::vector<std::string>> LuaRules::moveKeys(std::string_view position,
                                                      const Params& params) {
  std::vector<std::string> keys;
  std::string unused;
  RulesError error;
  if (!callWithKeys(kMoves, position, {}, params, keys, unused, error)) return error;
  return keys;
}

Expected<std::string> LuaRules::playKey(std::string_view position, std::string_view move,
                                        const Params& params) {
  std::vector<std::string> unused;
  std::string child;
  RulesError error;
  if (!callWithKeys(kPlay, position, move, params, unused, child, error)) return error;
  return child;
}

Expected<std::vector<std::string>> LuaRules::partKeys(std::string_view position,
                                                      const Params& params) {
  if (state_->refs[kParts] == LUA_NOREF) return std::vector<std::string>{std::string(position)};
  std::vector<std::string> keys;
  std::string unused;
  RulesError error;
  if (!callWithKeys(kParts, position, {}, params, keys, unused, error)) return error;
  return keys;
}

Expected<std::vector<std::string>> LuaRules::read(std::string_view input) {
  if (state_->refs[kRead] == LUA_NOREF) return Rules::read(input);
  if (input.size() > kMaxJudgeTextBytes)
    return RulesError{0, 0,
                      Message(forms::kJudgeInputTooLong,
                              {{"SIZE", Message::verbatim(withThousands(input.size()))},
                               {"LIMIT", Message::verbatim(withThousands(kMaxJudgeTextBytes))}})};
  // read() may leave globals the rules' other functions use: no memo outlives the input it was
  // made for.
  forgetSearchMemo();
  const Params params;
  Frame frame;
  frame.text = input;
  frame.params = &params;
  frame.function = kRead;
  LuaFailure failure;
  const std::uint64_t perCall = sandbox_->limits().instructionsPerCall;
  sandbox_->setInstructionsPerCall(readInstructions(perCall, input.size()));
  InputReaderState& reader = state_->input;
  reader.open = true;
  reader.raised.clear();
  const bool ok = sandbox_->run(protectedCall, &frame, failure);
  reader.open = false;
  sandbox_->setInstructionsPerCall(perCall);
  if (!ok) {
    // The reader's error is the input's fault: its sentence names the input's line and column,
    // not the rules' (unless the rules raised it again with a line of theirs).
    if (failure.line == 0 && !reader.raised.empty() && failure.message == reader.raised)
      return RulesError{0, 0, reader.error};
    RulesError error = rulesError(std::move(failure));
    error.message = Message(forms::kRulesInRead, {{"MESSAGE", error.message}});
    return error;
  }
  return std::move(frame.encodings);
}

Expected<std::string> LuaRules::answer(const Term& r, const Params& params, std::uint32_t lazy,
                                       std::uint32_t* needed, PositionRecords* at) {
  if (state_->refs[kAnswer] == LUA_NOREF) return Rules::answer(r, params, lazy, needed, at);
  state_->answerLazy = needed ? lazy : 0;
  state_->answerNeeded = 0;
  state_->atHost = at;
  state_->atRules = this;
  state_->atParams = &params;
  state_->atError.reset();
  auto text = [&]() -> Expected<std::string> { GS_LUA_CALL(kAnswer, &r, nullptr, output); }();
  state_->atHost = nullptr;
  if (needed) *needed = state_->answerNeeded;
  state_->answerLazy = state_->answerNeeded = 0;
  // A position r.at could not work out fails the answer, whatever caught its error: its error,
  // which names the rules' call or the limit.
  if (state_->atError) {
    RulesError error = std::move(*state_->atError);
    state_->atError.reset();
    return error;
  }
  return text;
}

namespace {

// A call that gives a judge's text (random, write): run in the sandbox, its error naming `call`.
Expected<std::string> judgeTextCall(LuaSandbox& sandbox, Frame& frame, const std::string& call) {
  LuaFailure failure;
  if (!sandbox.run(protectedCall, &frame, failure)) {
    RulesError error = rulesError(std::move(failure));
    error.message = Message(forms::kRulesInCall,
                            {{"MESSAGE", error.message}, {"RAW", Message::verbatim(call)}});
    return error;
  }
  return std::move(frame.output);
}

}  // namespace

Expected<std::string> LuaRules::random(std::int64_t seed, std::int64_t size) {
  if (state_->refs[kRandom] == LUA_NOREF) return Rules::random(seed, size);
  const Params params;
  Frame frame;
  frame.params = &params;
  frame.function = kRandom;
  frame.numbers[0] = seed;
  frame.numbers[1] = size;
  return judgeTextCall(*sandbox_, frame,
                       "random(" + std::to_string(seed) + ", " + std::to_string(size) + ")");
}

Expected<std::string> LuaRules::write(const std::vector<std::string>& cases) {
  if (state_->refs[kWrite] == LUA_NOREF) return Rules::write(cases);
  const Params params;
  Frame frame;
  frame.params = &params;
  frame.function = kWrite;
  frame.encodings = cases;
  return judgeTextCall(
      *sandbox_, frame,
      "write(" + std::to_string(cases.size()) + (cases.size() == 1 ? " case)" : " cases)"));
}

#undef GS_LUA_CALL

}  // namespace gs
