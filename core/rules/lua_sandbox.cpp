#ifndef _GNU_SOURCE
#define _GNU_SOURCE  // memmem
#endif
#include "rules/lua_sandbox.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>

#include "base/thousands.h"

extern "C" {
#include "lauxlib.h"
#include "lua.h"
#include "lualib.h"
// The budget's counter is L->hookcount, which the sandbox's copy of the virtual machine lowers
// by the instructions it runs (lua_sandbox.cmake) and C work lowers too; no hook is set. And a
// read-only table is a bit of Table::flags (makeReadOnly): the two uses of the interpreter's
// internals.
#include "lobject.h"
#include "lstate.h"
#include "ltm.h"
}

#include "rules/lua_sandbox_hooks.h"

namespace gs {

namespace {

// Lua's small objects (a table, its array of a few values, a short string, a closure) come and
// go by the million in a solve, several per position: malloc and free were a seventh of the
// instructions of a Deque solve. Blocks of up to 128 bytes come from a free list per size class
// of 16 bytes, carved from chunks of 64 KiB that live as long as the state (their memory is
// counted as the rules' heap by the sizes asked for, as before). Under AddressSanitizer every
// block is malloc's, so that a use after free inside Lua stays visible.
class SmallBlocks {
 public:
#if defined(__SANITIZE_ADDRESS__)
  static constexpr std::size_t kLargest = 0;
#else
  static constexpr std::size_t kLargest = 128;
#endif
  SmallBlocks() = default;
  SmallBlocks(const SmallBlocks&) = delete;
  SmallBlocks& operator=(const SmallBlocks&) = delete;
  ~SmallBlocks() {
    while (chunks_) {
      Link* next = chunks_->next;
      std::free(chunks_);
      chunks_ = next;
    }
  }

  static bool small(std::size_t size) {
    return size > 0 && size <= kLargest;
  }
  static std::size_t sizeClass(std::size_t size) {
    return (size - 1) / kGrain;
  }

  void* take(std::size_t size) {
    const std::size_t c = sizeClass(size);
    if (Link* block = free_[c]) {
      free_[c] = block->next;
      return block;
    }
    const std::size_t bytes = (c + 1) * kGrain;
    if (left_ < bytes) {
      auto* chunk = static_cast<Link*>(std::malloc(kChunk));
      if (!chunk) return nullptr;
      chunk->next = chunks_;
      chunks_ = chunk;
      cursor_ = reinterpret_cast<char*>(chunk) + kGrain;  // the chunk's link, then its blocks
      left_ = kChunk - kGrain;
    }
    void* block = cursor_;
    cursor_ += bytes;
    left_ -= bytes;
    return block;
  }

  void give(void* block, std::size_t size) {
    auto* link = static_cast<Link*>(block);
    const std::size_t c = sizeClass(size);
    link->next = free_[c];
    free_[c] = link;
  }

 private:
  struct Link {
    Link* next;
  };
  static constexpr std::size_t kGrain = 16;  // malloc's alignment, and the classes' step
  static constexpr std::size_t kChunk = 64 * 1024;
  Link* free_[kLargest / kGrain + 1] = {};
  Link* chunks_ = nullptr;
  char* cursor_ = nullptr;
  std::size_t left_ = 0;
};

}  // namespace

struct LuaSandbox::Budget {
  void* host = nullptr;  // first: hostOf() reads it through Lua's extra space
  SmallBlocks blocks;
  LuaLimits limits;
  lua_State* L = nullptr;
  std::uint64_t heapUsed = 0;
  bool outOfMemory = false;
  // What the heap cap is, when a host changed it for a while (setHeapCap's `what`).
  std::string capWhat;
  bool errorsEscape = false;  // setErrorsEscape(): no pcall of the rules catches an error
  // The counter: armed with `armed` instructions (hooked), cut to what is left of the total
  // (totalBound); `instructionsUsed` counts every armed stretch once it ends (disarm()).
  bool hooked = false;
  bool exhausted = false;  // the call under way spent its budget
  bool totalBound = false;
  int armed = 0;
  int spentLine = 0;  // where it was spent
  // The place the last syntax error was about (takeLexErrorAt).
  const char* lexErrorAt = nullptr;
  std::uint64_t instructionsUsed = 0;
};

namespace {

using Budget = LuaSandbox::Budget;

// The budget of the protected call under way on this thread, for the charges made where no
// lua_State is at hand (gs_lua_charge_later).
thread_local Budget* running = nullptr;

// The key under which a read-only proxy's metatable keeps its refusal (the address is unique).
const char kReadOnlyKey = 0;

// The state's budget, from Lua's extra space (one load: the rules' every call looks it up).
static_assert(LUA_EXTRASPACE == sizeof(void*), "LuaSandbox::hostOf reads one pointer there");
static_assert(offsetof(Budget, host) == 0, "LuaSandbox::hostOf reads the host first");
Budget& budgetOf(lua_State* L) {
  return **static_cast<Budget**>(lua_getextraspace(L));
}

// The counter's value while no call is armed: nothing runs then, and nothing may end it.
constexpr int kDisarmed = std::numeric_limits<int>::max();

// Lowers the counter by `units`, never below 0: the virtual machine's next count (a jump back, a
// call, a return) finds it spent and raises the budget's error.
void chargeLater(Budget& budget, std::size_t units) {
  if (!budget.hooked || budget.exhausted || units == 0) return;
  lua_State* L = budget.L;
  if (L->hookcount > 0 && static_cast<std::size_t>(L->hookcount) > units)
    L->hookcount -= static_cast<int>(units);
  else
    L->hookcount = 0;
}

// The allocator: the heap has a cap, past which an allocation fails and Lua raises "not enough
// memory"; every byte the rules allocate is charged to the call (one instruction per 16 bytes:
// copying and clearing them is the work of an instruction or so).
void* allocate(void* ud, void* ptr, size_t osize, size_t nsize) {
  Budget& budget = *static_cast<Budget*>(ud);
  SmallBlocks& blocks = budget.blocks;
  const std::size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    if (SmallBlocks::small(old))
      blocks.give(ptr, old);
    else
      std::free(ptr);
    budget.heapUsed -= old;
    return nullptr;
  }
  if (nsize > old && budget.heapUsed - old + nsize > budget.limits.heapBytes) {
    budget.outOfMemory = true;
    return nullptr;
  }
  void* block = nullptr;
  if (!SmallBlocks::small(old) && !SmallBlocks::small(nsize)) {
    block = std::realloc(ptr, nsize);  // from nothing or a large block to a large block
  } else if (SmallBlocks::small(old) && SmallBlocks::small(nsize) &&
             SmallBlocks::sizeClass(old) == SmallBlocks::sizeClass(nsize)) {
    block = ptr;  // the same class: the block holds it
  } else {
    block = SmallBlocks::small(nsize) ? blocks.take(nsize) : std::malloc(nsize);
    if (block && ptr) {  // a failure leaves the old block as it was, as realloc does
      std::memcpy(block, ptr, std::min(old, nsize));
      if (SmallBlocks::small(old))
        blocks.give(ptr, old);
      else
        std::free(ptr);
    }
  }
  if (!block) {
    budget.outOfMemory = true;
    return nullptr;
  }
  budget.heapUsed = budget.heapUsed - old + nsize;
  if (nsize > old) chargeLater(budget, (nsize - old) / 16);
  return block;
}

// The line of the innermost Lua function running (C functions have none), or 0.
int currentLine(lua_State* L) {
  lua_Debug frame;
  for (int level = 0; level < 8 && lua_getstack(L, level, &frame); ++level)
    if (lua_getinfo(L, "l", &frame) && frame.currentline > 0) return frame.currentline;
  return 0;
}

void pushSpentMessage(lua_State* L, const Budget& budget) {
  if (budget.totalBound) {
    lua_pushfstring(L, "rules:%d: the rules ran past their total budget of %s instructions",
                    budget.spentLine, withThousands(budget.limits.instructionsTotal).c_str());
  } else {
    lua_pushfstring(
        L, "rules:%d: the call ran past its budget of %s instructions (does it loop for ever?)",
        budget.spentLine, withThousands(budget.limits.instructionsPerCall).c_str());
  }
}

// The call spent its budget: the counter stays at 0, so the virtual machine's next count (a
// jump back, a call, a return) raises the error again, whatever caught it.
[[noreturn]] void raiseSpent(lua_State* L, Budget& budget) {
  if (!budget.exhausted) {
    budget.exhausted = true;
    budget.spentLine = currentLine(L);
  }
  L->hookcount = 0;
  pushSpentMessage(L, budget);
  lua_error(L);
  std::abort();  // not reached: lua_error does not return
}

// Whether the call under way has spent its budget (the error raised or not yet).
bool spent(lua_State* L, const Budget& budget) {
  return budget.hooked && (budget.exhausted || L->hookcount <= 0);
}

// Adds the instructions run since the counter was armed to the total, and disarms it.
void disarm(lua_State* L) {
  Budget& budget = budgetOf(L);
  if (!budget.hooked) return;
  const int left = budget.exhausted ? 0 : std::clamp(L->hookcount, 0, budget.armed);
  budget.instructionsUsed += static_cast<std::uint64_t>(budget.armed - left);
  budget.hooked = false;
  L->hookcount = kDisarmed;
}

// --- The libraries' guards.

// pcall: a call that spent the budget fails even when the error was caught inside it.
int sandboxPcall(lua_State* L) {
  luaL_checkany(L, 1);
  const int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  LuaSandbox::checkSpent(L);
  if (status != LUA_OK && budgetOf(L).errorsEscape) lua_error(L);  // the error, on top
  lua_pushboolean(L, status == LUA_OK);
  lua_insert(L, 1);
  return lua_gettop(L);
}

// xpcall as pcall, then the message handler on the error: Lua's own runs the handler where the
// error is raised, which for the budget's error is inside the count hook, with every hook off.
// (Without the debug library a handler cannot see the stack, so nothing else differs.)
int sandboxXpcall(lua_State* L) {
  const int arguments = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_insert(L, 1);  // handler, f, handler, args...
  lua_remove(L, 3);  // handler, f, args...
  const int status = lua_pcall(L, arguments - 2, LUA_MULTRET, 0);
  LuaSandbox::checkSpent(L);
  if (status != LUA_OK && budgetOf(L).errorsEscape) lua_error(L);  // the error, on top
  if (status == LUA_OK) {
    lua_pushboolean(L, 1);
    lua_replace(L, 1);
    return lua_gettop(L);
  }
  if (status != LUA_ERRMEM) {  // as Lua's: no handler for a memory error
    lua_pushvalue(L, 1);
    lua_insert(L, -2);  // handler, handler, error
    lua_pcall(L, 1, 1, 0);
    LuaSandbox::checkSpent(L);
  }
  lua_pushboolean(L, 0);
  lua_insert(L, -2);
  return 2;
}

// setmetatable without finalizers or weak tables: a __gc metamethod would run Lua code whenever
// the collector likes, outside the calls the budget watches, and weak tables (__mode) let a
// chain of ephemerons make one collection quadratic. (The collector also ignores a __mode added
// to a metatable later: lua_sandbox.cmake.)
int sandboxSetMetatable(lua_State* L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL)
      return luaL_error(L, "the sandbox runs no finalizers: a metatable cannot have __gc");
    lua_pushliteral(L, "__mode");
    if (lua_rawget(L, 2) != LUA_TNIL)
      return luaL_error(L, "the sandbox has no weak tables: a metatable cannot have __mode");
  }
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 2, 1);
  return 1;
}

// rawset, except into read-only proxies.
int sandboxRawset(lua_State* L) {
  if (lua_type(L, 1) == LUA_TTABLE && lua_getmetatable(L, 1)) {
    if (lua_rawgetp(L, -1, &kReadOnlyKey) == LUA_TSTRING) {
      luaL_where(L, 1);  // "rules:LINE: ", the line of the rawset
      lua_insert(L, -2);
      lua_concat(L, 2);
      return lua_error(L);
    }
    lua_pop(L, 2);
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

void removeField(lua_State* L, int table, const char* name) {
  lua_pushnil(L);
  lua_setfield(L, table, name);
}

void wrapField(lua_State* L, int table, const char* name, lua_CFunction guard) {
  lua_getfield(L, table, name);
  lua_pushcclosure(L, guard, 1);
  lua_setfield(L, table, name);
}

int openSandbox(lua_State* L) {
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  const int base = lua_gettop(L);
  for (const char* name :
       {"print", "dofile", "loadfile", "load", "collectgarbage", "warn", "require"})
    removeField(L, base, name);
  wrapField(L, base, "setmetatable", sandboxSetMetatable);
  wrapField(L, base, "rawset", sandboxRawset);
  lua_pushcfunction(L, sandboxPcall);
  lua_setfield(L, base, "pcall");
  lua_pushcfunction(L, sandboxXpcall);
  lua_setfield(L, base, "xpcall");
  lua_pop(L, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  removeField(L, lua_gettop(L), "dump");
  lua_pop(L, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  removeField(L, lua_gettop(L), "random");
  removeField(L, lua_gettop(L), "randomseed");
  lua_pop(L, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  lua_pop(L, 1);
  return 0;
}

// The length of the valid UTF-8 character at text[k] (1 to 4), or 0 when the bytes there are
// not one.
std::size_t characterLength(std::string_view text, std::size_t k) {
  const auto byte = [&](std::size_t at) {
    return at < text.size() ? static_cast<unsigned char>(text[at]) : 0u;
  };
  const unsigned lead = byte(k);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned low = 0x80, high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (byte(k + 1) < low || byte(k + 1) > high) return 0;
  for (std::size_t j = 2; j < length; ++j)
    if ((byte(k + j) & 0xC0) != 0x80) return 0;
  return length;
}

}  // namespace

std::string printableText(std::string_view text, std::size_t limit) {
  std::string out;
  std::size_t k = 0;
  for (; k < text.size() && out.size() < limit;) {
    const auto c = static_cast<unsigned char>(text[k]);
    const std::size_t length = characterLength(text, k);
    if (c == '\n' || c == '\r' || c == '\t') {
      out += ' ';  // one line
    } else if (length == 0 || c < 0x20 || c == 0x7F) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    } else {
      out.append(text, k, length);
      k += length;
      continue;
    }
    ++k;
  }
  if (k < text.size())
    out += "\xE2\x80\xA6 (a message of " + withThousands(text.size()) + " bytes)";
  return out;
}

namespace {}  // namespace

std::unique_ptr<LuaSandbox> LuaSandbox::create(const LuaLimits& limits, void* host) {
  std::unique_ptr<LuaSandbox> sandbox(new LuaSandbox());
  sandbox->budget_ = std::make_unique<Budget>();
  Budget& budget = *sandbox->budget_;
  budget.limits = limits;
  budget.host = host;
  lua_State* L = lua_newstate(allocate, &budget);
  if (!L) return nullptr;
  budget.L = L;
  *static_cast<Budget**>(lua_getextraspace(L)) = &budget;
  L->hookcount = kDisarmed;
  sandbox->L_ = L;
  lua_pushcfunction(L, openSandbox);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) return nullptr;
  return sandbox;
}

LuaSandbox::~LuaSandbox() {
  if (L_) lua_close(L_);  // no finalizers: no Lua code runs here
}

const LuaLimits& LuaSandbox::limits() const {
  return budget_->limits;
}

std::uint64_t LuaSandbox::heapUsed() const {
  return budget_->heapUsed;
}

std::uint64_t LuaSandbox::heapCap() const {
  return budget_->limits.heapBytes;
}

void LuaSandbox::setHeapCap(std::uint64_t bytes) {
  budget_->limits.heapBytes = bytes;
}

const std::string& LuaSandbox::heapCapWhat() const {
  return budget_->capWhat;
}

void LuaSandbox::setHeapCapWhat(std::string what) {
  budget_->capWhat = std::move(what);
}

void LuaSandbox::setInstructionsPerCall(std::uint64_t instructions) {
  budget_->limits.instructionsPerCall = instructions;
}

std::uint64_t LuaSandbox::instructionsUsed() const {
  return budget_->instructionsUsed;
}

bool LuaSandbox::totalSpent() const {
  return budget_->limits.instructionsTotal > 0 &&
         budget_->instructionsUsed >= budget_->limits.instructionsTotal;
}

void LuaSandbox::arm(lua_State* L) {
  disarm(L);
  Budget& budget = budgetOf(L);
  budget.exhausted = false;
  std::uint64_t allowed = budget.limits.instructionsPerCall;
  budget.totalBound = false;
  if (budget.limits.instructionsTotal > 0) {
    const std::uint64_t used = budget.instructionsUsed, total = budget.limits.instructionsTotal;
    const std::uint64_t left = used < total ? total - used : 0;
    if (left <= allowed) {
      allowed = std::max<std::uint64_t>(left, 1);
      budget.totalBound = true;
    }
  }
  allowed = std::min<std::uint64_t>(allowed, std::numeric_limits<int>::max() - 1);
  budget.armed = static_cast<int>(allowed);
  budget.hooked = true;
  L->hookcount = budget.armed;
}

void LuaSandbox::checkSpent(lua_State* L) {
  Budget& budget = budgetOf(L);
  if (spent(L, budget)) raiseSpent(L, budget);
}

int LuaSandbox::resume(lua_State* L, lua_State* thread, int args, int* results) {
  Budget& budget = budgetOf(L);
  thread->hookcount = L->hookcount;
  budget.L = thread;
  const int status = lua_resume(thread, L, args, results);
  budget.L = L;
  L->hookcount = thread->hookcount;
  return status;
}

const char* LuaSandbox::takeLexErrorAt(lua_State* L) {
  return std::exchange(budgetOf(L).lexErrorAt, nullptr);
}

void LuaSandbox::setErrorsEscape(lua_State* L, bool escape) {
  budgetOf(L).errorsEscape = escape;
}

int LuaSandbox::counter(lua_State* L) {
  return L->hookcount;
}

void LuaSandbox::restoreCounter(lua_State* L, int counter) {
  const Budget& budget = budgetOf(L);
  if (!budget.hooked || budget.exhausted || L->hookcount <= 0) return;
  if (counter > L->hookcount && counter <= budget.armed) L->hookcount = counter;
}

std::uint64_t LuaSandbox::charged(lua_State* L) {
  return budgetOf(L).instructionsUsed;
}

void LuaSandbox::markReadOnly(lua_State* L, int metatable, const char* refusal) {
  metatable = lua_absindex(L, metatable);
  lua_pushstring(L, refusal);
  lua_rawsetp(L, metatable, &kReadOnlyKey);
}

void LuaSandbox::makeReadOnly(lua_State* L, int index) {
  static_assert(GS_LUA_READONLY == 0x40 && BITRAS == 0x80 && TM_EQ == 5,
                "Table::flags: bits 0 to TM_EQ cache absent metamethods, BITRAS is bit 7");
  Table* table = static_cast<Table*>(const_cast<void*>(lua_topointer(L, index)));
  table->flags |= GS_LUA_READONLY;
}

bool LuaSandbox::readOnly(lua_State* L, int index) {
  return lua_type(L, index) == LUA_TTABLE &&
         (static_cast<const Table*>(lua_topointer(L, index))->flags & GS_LUA_READONLY) != 0;
}

namespace {

// A run inside a run (a C function of the call under way runs the rules again: answer's r.at
// searches a position): the outer call's counter and flags, put back when the inner run ends.
// The inner run's instructions count in the total, not in the outer call's own budget, which
// goes on with what it had left.
struct OuterCall {
  bool nested = false;
  int left = 0;
  bool exhausted = false, totalBound = false, errorsEscape = false, outOfMemory = false;
  int spentLine = 0;
};

OuterCall outerCall(lua_State* L, const Budget& budget) {
  OuterCall outer;
  outer.nested = budget.hooked;
  if (!outer.nested) return outer;
  outer.left = budget.exhausted ? 0 : std::clamp(L->hookcount, 0, budget.armed);
  outer.exhausted = budget.exhausted;
  outer.totalBound = budget.totalBound;
  outer.errorsEscape = budget.errorsEscape;
  outer.outOfMemory = budget.outOfMemory;
  outer.spentLine = budget.spentLine;
  return outer;
}

void resumeOuter(lua_State* L, Budget& budget, const OuterCall& outer) {
  if (!outer.nested) return;
  budget.exhausted = outer.exhausted;
  budget.spentLine = outer.spentLine;
  budget.errorsEscape = outer.errorsEscape;
  budget.outOfMemory = outer.outOfMemory;
  budget.totalBound = outer.totalBound;
  int allowed = outer.left;
  if (budget.limits.instructionsTotal > 0) {
    const std::uint64_t used = budget.instructionsUsed, total = budget.limits.instructionsTotal;
    const std::uint64_t left = used < total ? total - used : 0;
    if (left < static_cast<std::uint64_t>(allowed)) {
      allowed = static_cast<int>(std::max<std::uint64_t>(left, 1));
      budget.totalBound = true;
    }
  }
  budget.armed = allowed;
  budget.hooked = true;
  L->hookcount = budget.exhausted ? 0 : allowed;
}

}  // namespace

bool LuaSandbox::run(int (*function)(lua_State*), void* data, LuaFailure& failure) {
  Budget& budget = *budget_;
  lua_State* L = L_;
  const OuterCall outerRun = outerCall(L, budget);
  budget.outOfMemory = false;
  budget.errorsEscape = false;
  const int top = lua_gettop(L);
  if (!lua_checkstack(L, 4)) {
    resumeOuter(L, budget, outerRun);
    failure = LuaFailure{0, "the rules' interpreter has no room left on its stack"};
    return false;
  }
  lua_pushcfunction(L, function);
  lua_pushlightuserdata(L, data);
  Budget* const outer = running;
  running = &budget;
  arm(L);  // each call of the rules re-arms it; this covers the host's work between them
  const int status = lua_pcall(L, 1, 0, 0);
  const bool spentIt = spent(L, budget);
  disarm(L);
  running = outer;
  if (status == LUA_OK && !spentIt) {
    lua_settop(L, top);
    resumeOuter(L, budget, outerRun);
    return true;
  }
  std::string message;
  if (spentIt) {
    // Whatever the rules did after (caught it, returned a value): the call failed.
    if (!budget.exhausted) {
      budget.exhausted = true;  // C work charged at the very end, with no count since
      budget.spentLine = 0;
    }
    pushSpentMessage(L, budget);
    message = lua_tostring(L, -1);
  } else if (status == LUA_ERRMEM || budget.outOfMemory) {
    message = "the rules used more than " +
              (budget.capWhat.empty()
                   ? "their memory cap of " + std::to_string(budget.limits.heapBytes >> 20) + " MiB"
                   : budget.capWhat);
  } else if (lua_type(L, -1) == LUA_TSTRING) {
    // "rules:LINE: " stays whole; the rest is cut (never copied whole: it may be 100 MB).
    std::size_t length = 0;
    const char* text = lua_tolstring(L, -1, &length);
    std::size_t prefix = 0;
    if (length > 6 && std::memcmp(text, "rules:", 6) == 0) {
      std::size_t k = 6;
      while (k < length && k < 20 && text[k] >= '0' && text[k] <= '9') ++k;
      if (k > 6 && k + 1 < length && text[k] == ':' && text[k + 1] == ' ') prefix = k + 2;
    }
    message = std::string(text, prefix) +
              printableText(std::string_view(text + prefix, length - prefix), kMaxMessageBytes);
  } else {
    const int type = lua_type(L, -1);
    message = std::string("the rules raised an error that is ") +
              (type == LUA_TTABLE ? "a table" : std::string("a ") + lua_typename(L, type)) +
              ", not a message";
  }
  lua_settop(L, top);
  resumeOuter(L, budget, outerRun);
  failure = failureFrom(std::move(message));
  return false;
}

LuaFailure failureFrom(std::string message) {
  LuaFailure failure;
  const std::string prefix = "rules:";
  if (message.compare(0, prefix.size(), prefix) == 0) {
    std::size_t k = prefix.size();
    int line = 0;
    while (k < message.size() && message[k] >= '0' && message[k] <= '9' && line < 100000000)
      line = line * 10 + (message[k++] - '0');
    if (k + 1 < message.size() && message[k] == ':' && message[k + 1] == ' ' && k > prefix.size()) {
      failure.line = line;
      message = message.substr(k + 2);
    }
  }
  failure.message = std::move(message);
  return failure;
}

}  // namespace gs

// --- The charges from Lua's C sources (core/rules/lua_sandbox_hooks.h).

extern "C" void gs_lua_spent(lua_State* L) {
  gs::LuaSandbox::Budget& budget = gs::budgetOf(L);
  if (!budget.hooked) {
    L->hookcount = gs::kDisarmed;
    return;
  }
  gs::raiseSpent(L, budget);
}

extern "C" void gs_lua_charge(lua_State* L, size_t units) {
  gs::LuaSandbox::Budget& budget = gs::budgetOf(L);
  if (!budget.hooked) return;
  if (budget.exhausted || units >= static_cast<std::size_t>(std::max(L->hookcount, 0)))
    gs::raiseSpent(L, budget);
  L->hookcount -= static_cast<int>(units);
}

extern "C" void gs_lua_lex_error(lua_State* L, const char* at) {
  gs::budgetOf(L).lexErrorAt = at;
}

extern "C" void gs_lua_charge_later(size_t units) {
  if (gs::running) gs::chargeLater(*gs::running, units);
}

extern "C" const char* gs_lua_memfind(lua_State* L, const char* s, size_t ls, const char* p,
                                      size_t lp) {
  gs_lua_charge(L, (ls + lp) / 2 + 1);
  if (lp == 0) return s;
  if (lp > ls) return nullptr;
  return static_cast<const char*>(memmem(s, ls, p, lp));
}
