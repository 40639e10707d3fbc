/* The sandbox's charges from inside Lua's C sources (core/rules/lua_sandbox.h). lua_sandbox.cmake
   patches a copy of Lua's sources to call these where the library or the virtual machine works
   in a loop that runs no instruction of the rules: each step of the pattern matcher, each
   character %b scans, a plain search, a compare of two long strings, a string read as a number.
   C, included by the patched C files. */
#ifndef GS_LUA_SANDBOX_HOOKS_H
#define GS_LUA_SANDBOX_HOOKS_H

#include <stddef.h>

/* A read-only table (LuaSandbox::makeReadOnly): a bit of Table::flags that Lua does not use (its
   bits 0 to 5 cache absent metamethods, bit 7 is BITRAS). The patched writes test it on a value
   known to be a table; a write into such a table goes to luaV_finishset, and so to the table's
   __newindex, which refuses it. */
#define GS_LUA_READONLY 0x40
#define gs_lua_readonly(o) ((hvalue(o)->flags & GS_LUA_READONLY) != 0)

#ifdef __cplusplus
extern "C" {
#endif

struct lua_State;

/* The virtual machine's counter (L->hookcount) reached zero: raises the budget's error when a
   call is armed, and otherwise starts the counter again (the host runs no Lua code then). */
void gs_lua_spent(struct lua_State* L);

/* Charges `units` instructions to the call running on L; raises the budget's error when that
   spends it. Only where a Lua error may be raised (the string library's functions). */
void gs_lua_charge(struct lua_State* L, size_t units);

/* Charges `units` instructions to the call running now, if any, without raising: the budget's
   error comes at the next instruction. For places that must not raise (table lookups). */
void gs_lua_charge_later(size_t units);

/* A syntax error of the text being loaded is about the place `at` of that text (the lexer's
   buffer): kept for the host (LuaSandbox::takeLexErrorAt), which makes it a line and a column. */
void gs_lua_lex_error(struct lua_State* L, const char* at);

/* string.find's plain search (a linear-time memmem), charged by the lengths it scans. */
const char* gs_lua_memfind(struct lua_State* L, const char* s, size_t ls, const char* p, size_t lp);

#ifdef __cplusplus
}
#endif

/* An integer's decimal text, as Lua's lua_integer2str writes it (snprintf's "%lld"): a minus
   sign for a negative value, then the digits, then a NUL; returns the length. Lua makes this
   text for every `..` and tostring of an integer (a rules' name "12 -> 5 + 7" makes three), and
   snprintf spent most of its time reading the format: a twelfth of `analyze`'s work beyond the
   solve for Grundy's game. */
static inline int gs_lua_integer2str(char* buff, long long value) {
  char digits[24];
  int count = 0, length = 0;
  unsigned long long rest =
      value < 0 ? 0ULL - (unsigned long long)value : (unsigned long long)value;
  do {
    digits[count++] = (char)('0' + rest % 10);
    rest /= 10;
  } while (rest != 0);
  if (value < 0) buff[length++] = '-';
  while (count > 0) buff[length++] = digits[--count];
  buff[length] = '\0';
  return length;
}

#endif
