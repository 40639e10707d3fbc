// The memo search of LuaRules (core/rules/lua_rules.h): core/rules/memo_search.lua run inside the
// rules' own interpreter, as a coroutine the host resumes slice by slice, with the C functions it
// calls (list, plist, whole, scalar, rearm); the searches of r.at's positions; and the memos kept
// from one search to the next and from one case to the next.
#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/lua_rules_internal.h"

extern "C" {
#include "lauxlib.h"
#include "lua.h"
}

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

// A search of `mode` from `start`, within `limits`: what every search of the rules begins with
// (`withoutChildren` once children was found to differ from moves and play).
SearchFrame searchFrame(const Params& params, const Term& start, const char* mode,
                        const Rules::SearchLimits& limits, bool withoutChildren) {
  SearchFrame frame;
  frame.withoutChildren = withoutChildren;
  frame.params = &params;
  frame.start = &start;
  frame.mode = mode;
  frame.maxPositions = limits.maxPositions;
  frame.onSlice = &limits.onSlice;
  return frame;
}

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
    SearchFrame frame = searchFrame(params, position, mode, limits, !searchNote_.empty());
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
  SearchFrame frame = searchFrame(params, start, mode, limits, !searchNote_.empty());
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

}  // namespace gs
