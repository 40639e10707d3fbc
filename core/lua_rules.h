// A game's rules written in Lua 5.4 by its user: the rules file defines one table, `game`.
//
//   game = {
//     title = "Take 1, 3 or 4",                 -- shown in the app
//     params = { {"n", 20, 0, 100000} },        -- {name, default, min, max}, whole numbers
//     start = function(p) return p.n end,       -- the first position
//     moves = function(s, p) ... end,           -- array of the legal moves at s; empty: over
//     play = function(s, move, p) ... end,      -- the position after `move`
//     -- optional:
//     gain = function(s, move, p) ... end,      -- points the move earns its player
//     score = function(s, p) ... end,           -- at game over: extra margin for the first player
//     impartial = true,                         -- values are Sprague-Grundy numbers
//     parts = function(s, p) ... end,           -- impartial: s is the sum of these positions
//     mover = function(s, p) ... end,           -- 1 or 2: who moves at s (default: alternate)
//     show = function(s, p) ... end,            -- a string, or an array of rows
//     name = function(move, s, p) ... end,      -- a move's text
//   }
//
// A rules file from a link is a stranger's code: it may compute, and nothing else. The state
// opens only Lua's base functions that compute (no print, load, loadfile, dofile,
// collectgarbage), string (no dump), table, math (no random: values must not change between
// runs) and utf8; io, os, package, debug and coroutine are not even linked (CMakeLists.txt).
// Only text chunks load (a binary chunk could crash the interpreter). Every call runs under an
// instruction budget (a count hook that, once exceeded, fails every further instruction, so a
// pcall in the rules cannot swallow it), the Lua heap has a cap (the allocator refuses past it),
// and pattern matching refuses patterns whose backtracking could run for minutes. Positions are
// checked: a function, a float that is not whole, a cycle in a table or nesting deeper than 200
// is an error naming the call that produced it, and so is a call that changes a position it was
// given. Errors are one sentence: "line 12: attempt to index a nil value (local 's'), in
// moves({3, 4})".
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "rules.h"

struct lua_State;

namespace gs {

struct LuaLimits {
  std::uint64_t instructionsPerCall = 50'000'000;  // about a second of the interpreter's work
  std::uint64_t heapBytes = std::uint64_t{256} << 20;
  // All the calls of one loaded rules file together (the file's own run included); 0: no cap.
  // A host that runs strangers' rules unattended (the fuzz target) bounds its whole work so.
  std::uint64_t instructionsTotal = 0;
};

// The rules files' size limit: larger texts are refused before Lua sees them.
constexpr std::size_t kMaxRulesBytes = 256 * 1024;

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
  Expected<Term> show(const Term& position, const Params& params) override;
  Expected<std::string> name(const Term& move, const Term& position, const Params& params) override;
  bool expand(std::string_view position, const Params& params, Expansion& out,
              RulesError& error) override;
  std::uint64_t memoryUsed() const override;
  // Whether all calls so far (the file's own run included) reached
  // LuaLimits::instructionsTotal: every later call then fails at once.
  bool totalSpent() const;

  std::uint64_t paramsRead() const override { return paramReads_; }
  void forgetParamsRead() override { paramReads_ = 0; }

  struct State;

 private:
  LuaRules();
  std::unique_ptr<State> state_;
  lua_State* L_ = nullptr;
  RulesHeader header_;
  std::string text_;
  std::uint64_t paramReads_ = 0;
  friend struct State;
};

}  // namespace gs
