// What a solve may spend, declared once for every front end and every kind of game: the memory
// budget, the positions cap of rules games and the sandbox's limits of their rules files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace gs {

// The memory budgets. Boards whose tables need more are refused before anything is allocated,
// with a message giving both figures.
constexpr std::uint64_t kNativeMemoryBudget = std::uint64_t{1} << 30;     // the CLI: 1 GiB
constexpr std::uint64_t kBrowserMemoryBudget = std::uint64_t{768} << 20;  // the module and app

// The rules files' size limit: larger texts are refused before Lua sees them.
constexpr std::size_t kMaxRulesBytes = 256 * 1024;

// The sandbox's limits of one loaded rules file (core/rules/lua_sandbox.h).
struct LuaLimits {
  std::uint64_t instructionsPerCall = 50'000'000;  // about a second of the interpreter's work
  // The calls that only give a text to show (show, name; a batch of names together), which fall
  // back to the position's or move's own text when they fail; 0: instructionsPerCall.
  std::uint64_t instructionsPerTextCall = 0;
  std::uint64_t heapBytes = std::uint64_t{256} << 20;
  // All the calls of one loaded rules file together (the file's own run included); 0: no cap.
  // A host that runs strangers' rules unattended (the fuzz target) bounds its whole work so.
  std::uint64_t instructionsTotal = 0;
};

struct SolveLimits {
  std::uint64_t memoryBudgetBytes = kNativeMemoryBudget;
  // Rules games (core/rules/rules_game.h): a game with more positions is refused as its
  // exploration passes the cap.
  std::uint64_t maxPositions = 20'000'000;
  // What the caller holds beside a rules game's solve while it runs (a table's values and rows),
  // counted in memoryBudgetBytes with the solve's own tables.
  std::uint64_t heldBeside = 0;
  // How the front-end's user raises maxPositions (the CLI: "--max-positions N"), named in the
  // message of a game past the cap; empty: none is named (the module has no such option).
  std::string maxPositionsOption = "";
  // The sandbox's limits for the rules files loaded with these limits (a link's, a load
  // source's): the page's main thread gives each call of a stranger's rules less
  // (kPageInstructionsPerCall) than the worker and the command line do.
  LuaLimits lua = {};
};

}  // namespace gs
