/* The encoder's fast path (core/rules/lua_fastpath.h): a table that is a plain array of scalars,
   read from the table's own fields. C, with Lua's internal headers: built into the sandbox's Lua
   library (CMakeLists.txt), against the same 5.4 sources. */
#include "rules/lua_fastpath.h"

#include <string.h>

#include "lobject.h"
#include "lstate.h"
#include "ltable.h"
#include "rules/lua_sandbox_hooks.h"

static size_t put_varint(char* out, unsigned long long value) {
  size_t n = 0;
  while (value >= 0x80) {
    out[n++] = (char)(unsigned char)(value | 0x80);
    value >>= 7;
  }
  out[n++] = (char)(unsigned char)value;
  return n;
}

/* Whether the table has no key in its hash part and values at 1..n of its array part and none
   after; n in *length. */
static int plain_array(const Table* t, unsigned int* length) {
  if (!isdummy(t)) {
    const unsigned int nodes = sizenode(t);
    for (unsigned int k = 0; k < nodes; k++)
      if (!isempty(gval(gnode(t, k)))) return 0;
  }
  const unsigned int size = luaH_realasize(t);
  unsigned int n = 0;
  while (n < size && !isempty(&t->array[n])) n++;
  for (unsigned int k = n; k < size; k++)
    if (!isempty(&t->array[k])) return 0;
  *length = n;
  return 1;
}

long long gs_lua_move_list(const void* table) {
  const Table* t = (const Table*)table;
  unsigned int n = 0;
  if (!plain_array(t, &n)) return -1;
  for (unsigned int k = 0; k < n; k++) {
    const TValue* v = &t->array[k];
    if (!ttisnumber(v) && !ttisstring(v) && !ttisboolean(v) && !ttistable(v)) return -1;
  }
  return (long long)n;
}

size_t gs_lua_encode_flat(const void* table, char* out, size_t capacity, size_t* values) {
  const Table* t = (const Table*)table;
  /* A read-only view of p's holds its values itself; another metatable the general path reads. */
  if (t->metatable != NULL && !(t->flags & GS_LUA_READONLY)) return 0;
  /* The array part holds it all (so that n is the table's only border). */
  unsigned int n = 0;
  if (!plain_array(t, &n)) return 0;
  if (capacity < 11) return 0;
  size_t used = 0;
  out[used++] = '[';
  used += put_varint(out + used, n);
  for (unsigned int k = 0; k < n; k++) {
    const TValue* v = &t->array[k];
    if (ttisinteger(v)) {
      if (capacity - used < 11) return 0;
      const long long value = (long long)ivalue(v);
      const unsigned long long bits = (unsigned long long)value;
      out[used++] = 'i';
      used += put_varint(out + used, (bits << 1) ^ (value < 0 ? ~0ull : 0ull));
    } else if (ttisstring(v)) {
      const TString* s = tsvalue(v);
      const size_t length = tsslen(s);
      if (length > capacity || capacity - used < length + 11) return 0;
      out[used++] = 's';
      used += put_varint(out + used, length);
      memcpy(out + used, getstr(s), length);
      used += length;
    } else if (ttistrue(v) || ttisfalse(v)) {
      if (capacity - used < 1) return 0;
      out[used++] = ttistrue(v) ? 't' : 'f';
    } else {
      return 0; /* a float, a table, anything else: the general path says what it is */
    }
  }
  *values += n;
  return used;
}
