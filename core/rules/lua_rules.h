// A game's rules written in Lua 5.4 by its user: the rules file defines one table, `game`.
//
//   game = {
//     title = "Take 1, 3 or 4",
//     params = { {"n", 20, 0, 100000} },        -- {name, default, min, max}, whole numbers
//     start = function(p) return p.n end,       -- the first position
//     moves = function(s, p) ... end,           -- array of the legal moves at s; empty: over
//     play = function(s, move, p) ... end,      -- the position after `move`
//   }
//
// Its fields (the functions, the flags and the values, which are required, each one's form and
// meaning) are the contract, written once in core/rules/contract.h, from which the loader's
// enums, lists and messages are made; web/guides/contract.md is its reference.
//
// A rules file from a link is a stranger's code: it runs in the sandbox (core/rules/lua_sandbox.h),
// where it may compute and nothing else. The loader runs the file's body and reads `game` and
// its fields inside one protected call under the budget, reading raw (no metamethod of `game`
// or of the globals runs). Positions are checked: a function, a float that is not whole, a
// cycle in a table or nesting deeper than 200 is an error naming the call that produced it, and
// so is a call that changes a position it was given. `p` and every table in it are read-only
// views (rawset included). What the host keeps has caps, checked before a byte is kept: a
// position's encoding (1 MiB), a case (4 MiB), all the children of one position (the solver's
// memory budget left), a name (256 bytes), a title (200), an error message (2,000), a judge
// input or answer (16 MiB). Errors are one sentence: "line 12: attempt to index a nil value
// (local 's'), in moves({3, 4})".
//
// Partisan games (partisan = true): the host's position is the pair {who, s} (who: 1 or 2, the
// player to move), so the solver tells the same s with another player to move apart; the rules
// see s and get who as the last argument of every call.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/limits.h"
#include "rules/lua_sandbox.h"
#include "rules/rules.h"

struct lua_State;

namespace gs {

// A judge's input for read(), and an answer or a random input the rules make.
constexpr std::size_t kMaxJudgeTextBytes = 16 << 20;

// read()'s budget grows with its input: one call's (LuaLimits::instructionsPerCall), and this
// many more for each byte of the judge's input, so a reader's loop over a problem's largest
// input runs to its end (2000 x 2000 numbers of one digit, 8 MB, read into a table of rows end
// well within it: tests/contest_test.cpp). A read that loops for ever still stops, in time
// proportional to its input.
constexpr std::uint64_t kReadInstructionsPerByte = 100;
constexpr std::uint64_t readInstructions(std::uint64_t perCall, std::size_t inputBytes) {
  return perCall + kReadInstructionsPerByte * inputBytes;
}

class LuaRules final : public Rules {
 public:
  // Loads a rules file: runs it in the sandbox and reads its `game` table. Errors name the line
  // ("line 3: '=' expected near 'x'") or the field ("game.params[2] must be ...").
  static Expected<std::shared_ptr<LuaRules>> load(std::string_view text,
                                                  const LuaLimits& limits = {});
  ~LuaRules() override;
  LuaRules(const LuaRules&) = delete;
  LuaRules& operator=(const LuaRules&) = delete;

  const RulesHeader& header() const override { return header_; }
  const std::string& text() const { return text_; }

  Expected<Term> start(const Params& params) override;
  Expected<std::vector<Term>> moves(const Term& position, const Params& params) override;
  Expected<Term> play(const Term& position, const Term& move, const Params& params) override;
  Expected<std::int64_t> gain(const Term& position, const Term& move,
                              const Params& params) override;
  Expected<std::int64_t> score(const Term& position, const Params& params) override;
  Expected<int> mover(const Term& position, const Params& params) override;
  Expected<std::vector<Term>> parts(const Term& position, const Params& params) override;
  Expected<EndResult> result(const Term& position, const Params& params) override;
  Expected<Term> show(const Term& position, const Params& params) override;
  Expected<std::string> name(const Term& move, const Term& position, const Params& params) override;
  bool names(const std::vector<std::string>& moves, std::size_t from, std::size_t to,
             std::string_view position, const Params& params, std::vector<std::string>& out,
             RulesError& error) override;
  Expected<std::vector<std::string>> moveKeys(std::string_view position,
                                              const Params& params) override;
  Expected<std::string> playKey(std::string_view position, std::string_view move,
                                const Params& params) override;
  Expected<std::vector<std::string>> partKeys(std::string_view position,
                                              const Params& params) override;
  Expected<std::vector<std::string>> read(std::string_view input) override;
  Expected<std::string> answer(const Term& r, const Params& params, std::uint32_t lazy = 0,
                               std::uint32_t* needed = nullptr,
                               PositionRecords* at = nullptr) override;
  Expected<std::string> random(std::int64_t seed, std::int64_t size) override;
  Expected<std::string> write(const std::vector<std::string>& cases) override;
  bool expand(std::string_view position, const Params& params, Expansion& out,
              RulesError& error) override;
  bool openMoves(std::string_view position, const Params& params, MoveCursor& cursor,
                 RulesError& error) override;
  bool playMove(MoveCursor& cursor, std::size_t index, const Params& params, std::string& child,
                RulesError& error) override;
  void closeMoves(MoveCursor& cursor) override;
  std::optional<Searched> memoSearch(const Params& params, SearchQuestion question,
                                     const SearchLimits& limits) override;
  std::optional<Searched> memoSearchFrom(const Term& position, const Params& params,
                                         const SearchLimits& limits,
                                         SearchQuestion question) override;
  std::optional<Searched> memoSearchAt(const Term& position, const Params& params,
                                       SearchQuestion question,
                                       const SearchLimits& limits) override;
  void forgetSearchMemo() override;
  std::string searchNote() const override { return searchNote_; }
  std::uint64_t memoryUsed() const override;
  HeapCap heapCap() const override;
  void setHeapCap(HeapCap cap) override;
  // Whether all calls so far (the file's own run included) reached
  // LuaLimits::instructionsTotal: every later call then fails at once.
  bool totalSpent() const;

  std::uint64_t paramsRead() const override { return paramReads_; }
  void beginCaseReads() override;
  CaseReads endCaseReads() override;
  void forgetParamsRead() override { paramReads_ = 0; }

  // Every instruction the rules have run so far (their file's body included).
  std::uint64_t instructionsUsed() const;
  // The sandbox's limits as they stand (during show() and name(), their own per-call budget).
  const LuaLimits& sandboxLimits() const;

  struct State;

 private:
  LuaRules();
  // The memo search's mode for `question` ("outcome", "normal", "scored", "impartial"), or
  // nullptr where the search does not answer it.
  const char* searchMode(SearchQuestion question) const;
  // Whether a search that failed found children to differ from moves and play: the note is then
  // kept (searchNote) and the search is to run again without children.
  bool noteChildrenDiffer(const LuaFailure& failure);
  // r.at's searches (memoSearchAt) let go.
  void dropAtSearches();
  bool atKept_ = false;  // r.at's searches are for State::atParams_
  bool atOff_ = false;   // an r.at search handed over: every later position is the host's
  // The memo search from `start` in `mode` (memo_search.lua), in the kept memo if keepMemo.
  std::optional<Searched> searchFrom(const Term& start, const Params& params, const char* mode,
                                     bool withMoves, const SearchLimits& limits, bool keepMemo);
  // "play({1, 2}, 3)": the call that failed while exploring `position` (an encoding).
  std::string failedCall(std::string_view position, const Params& params);
  // Runs `call` (a protected call of the rules with `frame`) in the sandbox, counting the
  // parameters it reads unless `function` is start().
  bool runCall(int (*call)(lua_State*), void* frame, int function, LuaFailure& failure);
  // A call of moves, play or parts (`function`) given encodings, keeping encodings: moves' and
  // parts' in `encodings`, play's position in `output`.
  bool callWithKeys(int function, std::string_view position, std::string_view move,
                    const Params& params, std::vector<std::string>& encodings, std::string& output,
                    RulesError& error);
  std::unique_ptr<State> state_;
  std::unique_ptr<LuaSandbox> sandbox_;
  lua_State* L_ = nullptr;
  RulesHeader header_;
  std::string text_;
  std::uint64_t paramReads_ = 0;
  std::string searchNote_;  // game.children found to differ: the search runs without it
  friend struct State;
};

}  // namespace gs
