// The Lua sandbox of rules games: a Lua 5.4 state that can compute and nothing else, in which
// every moment of a stranger's code is watched (ARCHITECTURE lesson 17; Luau, Redis' scripting).
//
//   libraries     Lua's base functions that compute, string (no dump), table, math (no random)
//                 and utf8. io, os, package, debug and coroutine are not even linked
//                 (CMakeLists.txt); print, load, loadfile, dofile, require, collectgarbage and
//                 warn are removed. Only text chunks load.
//   instructions  a count hook, armed for every protected call (the file's body, the loader's
//                 reads, each call of a rules function); once the budget is spent it fires at
//                 every instruction, and a call that spent it fails whatever it returns and
//                 whatever caught the error (pcall, xpcall, a pcall in tail position).
//   C work        what the library does in C is charged to the same budget: each step of the
//                 pattern matcher and of %b, plain searches by their length, string.rep by its
//                 count, the table functions by the elements they move, long-string compares and
//                 string-to-number conversions by their length, and every byte the rules
//                 allocate (lua_sandbox.cmake patches the few places of Lua's C sources that
//                 loop without an instruction: core/rules/lua_sandbox_hooks.h).
//   memory        the allocator refuses past the heap cap (Lua raises "not enough memory").
//   finalizers    none: a metatable with __gc or __mode is refused, and the collector treats
//                 every table as strong (a __mode set later is ignored), so no Lua code runs
//                 inside the collector and no ephemeron chain can make it quadratic.
//   read-only     tables the host marks read-only refuse writes, rawset included: proxies, or
//                 tables read-only in place (a bit of their flags: lua_sandbox.cmake).
//   messages      an error's text is cut to kMaxMessageBytes ("… (a message of N bytes)").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/limits.h"

struct lua_State;

namespace gs {

// The instructions of one call of the rules on a page's main thread (the file's body and the
// loader's reads; where no worker runs, the solve's calls too): about 25 ms of the interpreter's
// work at its slowest (an empty loop, the budget counted at each turn), so that no task of the
// page is long, whatever a link's rules do. The solve itself runs in the worker, with the whole
// budget.
constexpr std::uint64_t kPageInstructionsPerCall = 2'000'000;
// The page's calls of show() and name() (and a batch of names together), made as the position
// on screen is drawn, again at each new position: a quarter of that, about 6 ms at the slowest,
// so that a looping show() costs a frame little even on a machine at half speed.
constexpr std::uint64_t kPageInstructionsPerTextCall = 500'000;

// The longest error message kept from the rules; longer ones are cut (the cut says how long).
constexpr std::size_t kMaxMessageBytes = 2000;

// A failure of a protected call: the rules' line (0 when unknown) and one sentence.
struct LuaFailure {
  int line = 0;
  std::string message;
};

class LuaSandbox {
 public:
  // A fresh state with the sandbox's libraries, or nullptr when there is no memory for one.
  // `host` is kept for the host (hostOf()).
  static std::unique_ptr<LuaSandbox> create(const LuaLimits& limits, void* host);
  ~LuaSandbox();
  LuaSandbox(const LuaSandbox&) = delete;
  LuaSandbox& operator=(const LuaSandbox&) = delete;

  lua_State* state() const { return L_; }
  const LuaLimits& limits() const;
  // The `host` given to create(): Lua's extra space before the state holds the sandbox's
  // budget, whose first member is the host (lua_sandbox.cpp asserts the layout).
  static void* hostOf(lua_State* L) {
    return **reinterpret_cast<void***>(reinterpret_cast<char*>(L) - sizeof(void*));
  }

  // Runs `function(L)` with `data` as its one argument (a light userdata) in protected mode,
  // the budget armed; false with `failure` set when it raised an error, ran out of memory or
  // spent its budget (even when the rules caught that error). `failure` is written only after
  // the call has returned (no longjmp crosses it). A run inside a run (a C function of the
  // call under way runs the rules again, as answer's r.at does) charges its instructions to the
  // total and gives the outer call back its flags and what it had left of its own budget.
  bool run(int (*function)(lua_State*), void* data, LuaFailure& failure);

  // Inside a protected call, around one call of the rules: re-arms the per-call budget (what
  // ran since the last arm is charged first), and afterwards raises the budget's error if the
  // call spent it, whatever it returned.
  static void arm(lua_State* L);
  static void checkSpent(lua_State* L);
  // Inside a protected call: lua_resume(thread, L, args, results), the armed budget carried
  // over to the thread while it runs and back to L when it yields, returns or fails (the counter
  // is the running thread's; the charges of allocations go to it). The memo search runs as
  // such a thread, so that a long search re-enters the interpreter's loop each time it yields
  // (LuaRules::memoSearch).
  static int resume(lua_State* L, lua_State* thread, int args, int* results);
  // The place in the text being loaded that the last syntax error was about (a pointer into
  // the buffer luaL_loadbufferx read, core/rules/lua_sandbox.cmake), or nullptr; clears it.
  static const char* takeLexErrorAt(lua_State* L);
  // While set, inside a protected call, an error that a pcall or xpcall of the rules catches is
  // raised again, as if there were no pcall (each run() starts with it unset). The memo search
  // hands over by raising errors, its own or the interpreter's (a cycle overflows the stack),
  // and a pcall of the rules around a visit must not catch them: the search would go on and
  // answer where the host decides otherwise (a draw by a cycle became a win).
  static void setErrorsEscape(lua_State* L, bool escape);
  // The counter of the call under way, and the same put back after work the host did for it
  // (answer's r.at: its record's tables), so that the call is not charged for that work (it
  // never raises it past what the call was armed with, nor revives a spent call).
  static int counter(lua_State* L);
  static void restoreCounter(lua_State* L, int counter);
  // The instructions charged by the calls armed so far (instructionsUsed(), from inside one).
  static std::uint64_t charged(lua_State* L);

  // Marks the table at `metatable` as the metatable of read-only proxies: rawset refuses tables
  // with it, raising `refusal`.
  static void markReadOnly(lua_State* L, int metatable, const char* refusal);
  // Makes the table at `index` read-only in place, its values its own (reads are a plain
  // table's): every write into it, into a key it has or not, goes to its metatable's __newindex,
  // which must refuse it (core/rules/lua_sandbox.cmake). The table keeps the flag for good.
  static void makeReadOnly(lua_State* L, int index);
  static bool readOnly(lua_State* L, int index);

  std::uint64_t heapUsed() const;
  // The heap cap (LuaLimits::heapBytes), changed for a while: the memo search keeps its memo
  // in the rules' heap, under this cap or the solve's memory budget if that is smaller.
  std::uint64_t heapCap() const;
  void setHeapCap(std::uint64_t bytes);
  // What a call past the changed cap is said to have used more than ("the rules used more than
  // " + what); empty: "their memory cap of N MiB".
  const std::string& heapCapWhat() const;
  void setHeapCapWhat(std::string what);
  // The per-call budget (LuaLimits::instructionsPerCall), changed for a while: show() and name()
  // run under LuaLimits::instructionsPerTextCall.
  void setInstructionsPerCall(std::uint64_t instructions);
  // Every instruction charged so far (the file's run included), and whether it reached
  // LuaLimits::instructionsTotal: every later call then fails at once.
  std::uint64_t instructionsUsed() const;
  bool totalSpent() const;

  struct Budget;

 private:
  LuaSandbox() = default;
  std::unique_ptr<Budget> budget_;
  lua_State* L_ = nullptr;
};

// "rules:12: message" -> {12, "message"}; messages without a line keep line 0.
LuaFailure failureFrom(std::string message);

// A text of the rules' made safe for a message of one line: newlines, returns and tabs become
// spaces, other control characters and bytes that are not UTF-8 are written \xHH (so nothing
// of theirs can drive a terminal), cut at about `limit` bytes at a character's start, saying
// how long it was ("… (a message of 100,000,000 bytes)").
std::string printableText(std::string_view text, std::size_t limit);

}  // namespace gs
