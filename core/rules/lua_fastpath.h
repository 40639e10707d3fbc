/* Fast paths of the rules' host. The encoder's, for the commonest position and move: a flat
   array of scalars ({i, j}, {"front"}, {1, true}). The general encoder
   (core/rules/lua_encoding.cpp) walks a table through Lua's API, counting its keys with lua_next
   before it reads 1..n, about a thousand instructions for {i, j}; this reads the table's fields
   directly. C: built with Lua's own sources, whose internal headers it needs. */
#ifndef GS_LUA_FASTPATH_H
#define GS_LUA_FASTPATH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* `table` is lua_topointer() of a table. When the table has no metatable (or is a read-only view
   of p's, whose values are its own: LuaSandbox::makeReadOnly), no key in its hash
   part, values at 1..n of its array part and none after, and each of them is an integer, a
   string or a boolean, writes its canonical encoding (core/rules/term.h: '[' n, then 'i' zigzag
   varint, 's' length bytes, 't' or 'f') to out, adds n to *values and returns the bytes
   written; returns 0, writing nothing that counts, when the table is anything else or its
   encoding would pass `capacity` bytes (the general path then encodes it, or says why not). */
size_t gs_lua_encode_flat(const void* table, char* out, size_t capacity, size_t* values);

/* The length n of a list of moves that is a plain array, checked from the table's fields: no
   key in its hash part, values at 1..n of its array part and none after, each a number, a
   string, a boolean or a table. -1 when the table is anything else (the general check through
   Lua's API then says what is wrong with it). Metatables do not matter: the general check reads
   raw too. */
long long gs_lua_move_list(const void* table);

#ifdef __cplusplus
}
#endif

#endif
