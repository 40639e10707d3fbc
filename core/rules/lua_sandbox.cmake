# The sandbox's copy of Lua's C sources (core/rules/lua_sandbox.h). Lua counts the instructions of the
# rules, but a few places of its C code loop without running one: the pattern matcher, %b, plain
# searches, string.rep, the table functions that move elements, utf8 scans, compares of long
# strings, strings read as numbers. gs_lua_sandbox_sources() copies Debian's files into the build
# tree with a call into the sandbox's budget (core/rules/lua_sandbox_hooks.h) at each such loop, and
# makes the collector treat every table as strong (no weak tables: no Lua code, and no
# ephemeron chain, inside the collector). Each change names the exact text it replaces; a source
# that lacks it stops the configure (another Lua release needs this file read again). Nothing of
# Lua's is committed: the sources are fetched by .ci/deps.sh and patched here, at configure time.

# gs_lua_patch(FILE FROM TO): in the text of FILE (a variable named gs_text_FILE), replace the
# one occurrence of FROM by TO.
function(gs_lua_patch file from to)
  set(text "${gs_text_${file}}")
  string(FIND "${text}" "${from}" at)
  string(FIND "${text}" "${from}" last REVERSE)
  if(at EQUAL -1 OR NOT at EQUAL last)
    message(FATAL_ERROR "lua_sandbox.cmake: ${file}.c does not have '${from}' exactly once: "
                        "these sources are not the Lua 5.4.4 the sandbox's patches were written for")
  endif()
  string(REPLACE "${from}" "${to}" text "${text}")
  set(gs_text_${file} "${text}" PARENT_SCOPE)
endfunction()

# gs_lua_patch_all(FILE FROM TO COUNT): the same for a text that occurs exactly COUNT times.
function(gs_lua_patch_all file from to count)
  set(text "${gs_text_${file}}")
  string(LENGTH "${text}" before)
  string(REPLACE "${from}" "" without "${text}")
  string(LENGTH "${without}" after)
  string(LENGTH "${from}" each)
  math(EXPR found "(${before} - ${after}) / ${each}")
  if(NOT found EQUAL count)
    message(FATAL_ERROR "lua_sandbox.cmake: ${file}.c has '${from}' ${found} times, not ${count}: "
                        "these sources are not the Lua 5.4.4 the sandbox's patches were written for")
  endif()
  string(REPLACE "${from}" "${to}" text "${text}")
  set(gs_text_${file} "${text}" PARENT_SCOPE)
endfunction()

# Writes the patched files into OUT_DIR; sets OUT_VAR to the list of their paths.
function(gs_lua_sandbox_sources lua_dir out_dir out_var)
  set(files lstrlib ltablib lutf8lib lbaselib lstring lvm lobject lgc ltable lauxlib lapi llex)
  foreach(file ${files})
    file(READ ${lua_dir}/${file}.c gs_text_${file})
    # The hooks' declarations, after the file's own includes (lprefix.h must stay first).
    gs_lua_patch(${file} "#include \"lua.h\"\n"
                 "#include \"lua.h\"\n#include \"lua_sandbox_hooks.h\"\n")
  endforeach()

  # --- The string library. Each step of the matcher (its loop label), each repetition tried by
  # max_expand, each character %b scans and each character of a [set] is charged.
  gs_lua_patch(lstrlib "  init: /* using goto's to optimize tail recursion */\n"
               "  init: /* using goto's to optimize tail recursion */\n  gs_lua_charge(ms->L, 1);\n")
  gs_lua_patch(lstrlib "  while (singlematch(ms, s + i, p, ep))\n    i++;\n"
               "  while (singlematch(ms, s + i, p, ep)) {\n    i++;\n    gs_lua_charge(ms->L, 1);\n  }\n")
  gs_lua_patch(lstrlib "    while (++s < ms->src_end) {\n"
               "    while (++s < ms->src_end) {\n      gs_lua_charge(ms->L, 1);\n")
  gs_lua_patch(lstrlib "      case '[': return matchbracketclass(c, p, ep-1);\n"
               "      case '[': gs_lua_charge(ms->L, (size_t)(ep - p) / 8);\n                return matchbracketclass(c, p, ep-1);\n")
  gs_lua_patch(lstrlib "        if (*(p++) == L_ESC && p < ms->p_end)\n"
               "        gs_lua_charge(ms->L, 1);\n        if (*(p++) == L_ESC && p < ms->p_end)\n")
  gs_lua_patch(lstrlib "    const char *s2 = lmemfind(s + init, ls - init, p, lp);\n"
               "    const char *s2 = gs_lua_memfind(L, s + init, ls - init, p, lp);\n")
  # string.format's %s with a width or precision checks the string's length with strlen; %q
  # writes each byte; pack, packsize and unpack read their format an option at a time.
  gs_lua_patch(lstrlib "            luaL_argcheck(L, l == strlen(s), arg, \"string contains zeros\");\n"
               "            gs_lua_charge(L, l / 16 + 1);\n            luaL_argcheck(L, l == strlen(s), arg, \"string contains zeros\");\n")
  gs_lua_patch(lstrlib "  luaL_addchar(b, '\"');\n  while (len--) {\n"
               "  luaL_addchar(b, '\"');\n  gs_lua_charge(b->L, 4 * len);\n  while (len--) {\n")
  gs_lua_patch_all(lstrlib "  while (*fmt != '\\0') {\n"
                   "  while (*fmt != '\\0') {\n    gs_lua_charge(L, 1);\n" 3)
  # A pointer's address is not the rules' business (and differs from run to run): %p writes
  # (null), and tostring of a table or a function (luaL_tolstring) is its type alone.
  gs_lua_patch(lstrlib "          const void *p = lua_topointer(L, arg);\n"
               "          const void *p = NULL;  /* the sandbox: no addresses */\n")
  # string.rep loops n times even for an empty string; string.byte returns a value per byte.
  gs_lua_patch(lstrlib "    size_t totallen = (size_t)n * l + (size_t)(n - 1) * lsep;\n"
               "    size_t totallen = (size_t)n * l + (size_t)(n - 1) * lsep;\n    gs_lua_charge(L, (size_t)n / 8 + totallen / 16);\n")
  gs_lua_patch(lstrlib "  n = (int)(pose -  posi) + 1;\n"
               "  n = (int)(pose -  posi) + 1;\n  gs_lua_charge(L, (size_t)n);\n")

  # --- The table library: each element moved, shifted, joined, unpacked or sorted.
  gs_lua_patch(ltablib "      for (i = e; i > pos; i--) {  /* move up elements */\n"
               "      gs_lua_charge(L, (size_t)(e - pos));\n      for (i = e; i > pos; i--) {  /* move up elements */\n")
  gs_lua_patch(ltablib "  for ( ; pos < size; pos++) {\n"
               "  if (pos < size) gs_lua_charge(L, (size_t)(size - pos));\n  for ( ; pos < size; pos++) {\n")
  gs_lua_patch(ltablib "    n = e - f + 1;  /* number of elements to move */\n"
               "    n = e - f + 1;  /* number of elements to move */\n    gs_lua_charge(L, (size_t)n);\n")
  gs_lua_patch(ltablib "  for (; i < last; i++) {\n"
               "  if (i < last) gs_lua_charge(L, (size_t)(last - i));\n  for (; i < last; i++) {\n")
  gs_lua_patch(ltablib "  n = (lua_Unsigned)e - i;  /* number of elements minus 1 (avoid overflows) */\n"
               "  n = (lua_Unsigned)e - i;  /* number of elements minus 1 (avoid overflows) */\n  gs_lua_charge(L, (size_t)n);\n")
  gs_lua_patch(ltablib "  if (n > 1) {  /* non-trivial interval? */\n"
               "  if (n > 1) {  /* non-trivial interval? */\n    { lua_Integer bits = 1; while (bits < 62 && ((lua_Integer)1 << bits) < n) bits++;\n      gs_lua_charge(L, (size_t)n * (size_t)bits); }\n")

  # --- utf8: scans and a value per character.
  gs_lua_patch(lutf8lib "  while (posi <= posj) {\n"
               "  if (posi <= posj) gs_lua_charge(L, (size_t)(posj - posi) / 16 + 1);\n  while (posi <= posj) {\n")
  gs_lua_patch(lutf8lib "  n = (int)(pose -  posi) + 1;  /* upper bound for number of returns */\n"
               "  n = (int)(pose -  posi) + 1;  /* upper bound for number of returns */\n  gs_lua_charge(L, (size_t)n);\n")
  gs_lua_patch(lutf8lib "  lua_Integer n  = luaL_checkinteger(L, 2);\n"
               "  lua_Integer n  = luaL_checkinteger(L, 2);\n  gs_lua_charge(L, len / 16 + 1);\n")

  # --- tonumber(s, base) reads the whole string.
  gs_lua_patch(lbaselib "    if (b_str2int(s, (int)base, &n) == s + l) {\n"
               "    gs_lua_charge(L, l / 2 + 1);\n    if (b_str2int(s, (int)base, &n) == s + l) {\n")
  gs_lua_patch(lauxlib "        lua_pushfstring(L, \"%s: %p\", kind, lua_topointer(L, idx));\n"
               "        lua_pushstring(L, kind);  /* the sandbox: no addresses */\n")

  # --- Tables: a key's chain of colliding nodes is walked in C, one step an instruction's work
  # (integer keys that are multiples of 2^k - 1 share one chain). Charged without raising; and
  # integer keys are mixed before they are hashed (murmur3's finalizer), so that keys in step do
  # not collide (a table's rehash walks its chains in one C call that nothing can stop). The
  # mixing is by runs of 4096: the integers 4096q .. 4096q + 4095 keep their order in 4096
  # neighbouring slots, and the runs are mixed. A memo over positions numbered i * W + j (the
  # rules' own tables, and the memo search's, core/rules/memo_search.lua) so finds a position's
  # neighbours in the cache lines and pages it has just used, as stock Lua does: a seeded Deque
  # of N = 3000 with integer positions took 5.4 s in the memo search with every key mixed and
  # 3.2 s with runs of 64; later, 4.7 s with runs of 64 against 3.3 s with runs of 4096 (the rest
  # of the build the same, three runs each). Keys in one run collide only in a table of fewer
  # than 4096 slots, and then only keys in step with its size: a few dozen at most.
  gs_lua_patch(ltable "  lua_Unsigned ui = l_castS2U(i);\n  if (ui <= (unsigned int)INT_MAX)\n    return hashmod(t, cast_int(ui));\n  else\n    return hashmod(t, ui);\n"
               "  lua_Unsigned ui = l_castS2U(i), g = ui >> 12;  /* the sandbox */\n  g ^= g >> 33; g *= 0xff51afd7ed558ccdULL; g ^= g >> 33;\n  return hashmod(t, (g << 12) | (ui & 4095));\n")
  gs_lua_patch(ltable "        n += nx;\n" "        { n += nx; gs_lua_charge_later(1); }\n")
  gs_lua_patch_all(ltable "      n += nx;\n" "      { n += nx; gs_lua_charge_later(1); }\n" 2)
  # A rehash puts every key back, a few instructions' work each (the new part's allocation is
  # charged too).
  gs_lua_patch(ltable "  reinsert(L, &newt, t);  /* 'newt' now has the old hash */\n"
               "  gs_lua_charge_later(4 * (size_t)allocsizenode(&newt));\n  reinsert(L, &newt, t);  /* 'newt' now has the old hash */\n")
  gs_lua_patch(ltable "        othern += gnext(othern);\n"
               "        { othern += gnext(othern); gs_lua_charge_later(1); }\n")

  # --- The virtual machine: one instruction that compares two long strings, orders two strings
  # or reads a string as a number works through their whole length. Charged without raising
  # (these run inside table lookups): the budget's error comes at the next instruction.
  gs_lua_patch(lstring "     (memcmp(getstr(a), getstr(b), len) == 0));  /* equal contents */\n"
               "     (gs_lua_charge_later(len / 64 + 1), memcmp(getstr(a), getstr(b), len) == 0));\n")
  gs_lua_patch(lvm "  size_t lr = tsslen(rs);\n"
               "  size_t lr = tsslen(rs);\n  gs_lua_charge_later((ll < lr ? ll : lr) / 64 + 1);\n")
  # An integer's text without snprintf (lua_sandbox_hooks.h: the same characters, faster).
  gs_lua_patch(lobject "    len = lua_integer2str(buff, MAXNUMBER2STR, ivalue(obj));\n"
               "    len = gs_lua_integer2str(buff, (long long)ivalue(obj));\n")
  gs_lua_patch(lobject "size_t luaO_str2num (const char *s, TValue *o) {\n  lua_Integer i; lua_Number n;\n  const char *e;\n"
               "size_t luaO_str2num (const char *s, TValue *o) {\n  lua_Integer i; lua_Number n;\n  const char *e;\n  gs_lua_charge_later(strlen(s) / 2 + 1);\n")

  # --- Equality of two integers, and with nil, in the virtual machine: stock Lua calls
  # luaV_equalobj for every ==, ~= and == nil of two registers or a register and a constant
  # (OP_EQ, OP_EQK), among the memo search's commonest tests (core/rules/memo_search.lua: a
  # memo's miss, a visit's extra argument) and the rules' own. The same results: two integers are equal when their values are; with the
  # constant nil, a value on the stack is equal when it is nil itself (LUA_VNIL; an empty slot
  # of a table never reaches a register). Everything else goes to luaV_equalobj as before.
  gs_lua_patch(lvm "        Protect(cond = luaV_equalobj(L, s2v(ra), rb));\n"
               "        if (ttisinteger(s2v(ra)) && ttisinteger(rb))  /* the sandbox */\n          cond = (ivalue(s2v(ra)) == ivalue(rb));\n        else\n          Protect(cond = luaV_equalobj(L, s2v(ra), rb));\n")
  gs_lua_patch(lvm "        int cond = luaV_rawequalobj(s2v(ra), rb);\n"
               "        int cond = ttisnil(rb) ? ttypetag(s2v(ra)) == LUA_VNIL  /* the sandbox */\n                 : (ttisinteger(s2v(ra)) && ttisinteger(rb)) ? ivalue(s2v(ra)) == ivalue(rb)\n                 : luaV_rawequalobj(s2v(ra), rb);\n")

  # --- The instruction count, in the virtual machine itself. Lua's count hook sets 'trap', which
  # sends every instruction through luaG_traceexec (the rules' loops ran 1.7 times slower than
  # the stock interpreter's). Instead each function's instructions are counted by the stretch
  # run since the last count: at a jump back (a loop), before a call and before a return, the
  # distance from where the stretch began (the function's start, the instruction after a call,
  # or a jump's target) is taken off L->hookcount, the sandbox's counter, and when that reaches
  # zero gs_lua_spent() raises the budget's error (core/rules/lua_sandbox_hooks.h). Every instruction
  # run is counted once (a forward jump's skipped ones too: never fewer), and no hook is set,
  # so 'trap' stays off and the interpreter runs at its own speed between counts.
  gs_lua_patch(lvm "#include \"lua_sandbox_hooks.h\"\n"
               "#include \"lua_sandbox_hooks.h\"\n#define GS_COUNT(from) { if (l_unlikely((L->hookcount -= (int)(pc - (from))) <= 0)) { savepc(L); gs_lua_spent(L); } }\n")
  gs_lua_patch(lvm "  const Instruction *pc;\n  int trap;\n"
               "  const Instruction *pc;\n  const Instruction *gs_stretch;  /* where the stretch counted next began */\n  int trap;\n")
  gs_lua_patch(lvm "  k = cl->p->k;\n  pc = ci->u.l.savedpc;\n"
               "  k = cl->p->k;\n  pc = ci->u.l.savedpc;\n  gs_stretch = pc;\n")
  gs_lua_patch(lvm "#define dojump(ci,i,e)\t{ pc += GETARG_sJ(i) + e; updatetrap(ci); }"
               "#define dojump(ci,i,e)\t{ const Instruction *gs_from = pc; pc += GETARG_sJ(i) + e; \\\n  if (pc < gs_from) { pc = gs_from; GS_COUNT(gs_stretch); pc += GETARG_sJ(i) + e; gs_stretch = pc; } \\\n  updatetrap(ci); }")
  gs_lua_patch_all(lvm "pc -= GETARG_Bx(i);  /* jump back */"
                   "{ GS_COUNT(gs_stretch); pc -= GETARG_Bx(i); gs_stretch = pc; }  /* jump back */" 3)
  foreach(opcode OP_CALL OP_TAILCALL OP_RETURN OP_RETURN0 OP_RETURN1)
    gs_lua_patch(lvm "      vmcase(${opcode}) {\n"
                 "      vmcase(${opcode}) {\n        GS_COUNT(gs_stretch); gs_stretch = pc;\n")
  endforeach()

  # --- Read-only tables (gs_lua_readonly in core/rules/lua_sandbox_hooks.h: a bit of the table's
  # flags that Lua leaves unused). A view of p's holds its values itself, so that the rules read
  # it as fast as any table (a proxy's every read was a failed lookup, a metamethod's lookup and
  # the real one); every write into an existing key, which Lua makes without a look at the
  # metatable, goes instead to luaV_finishset, which calls the view's __newindex (its refusal).
  # Writes into new keys reach __newindex as before; rawset refuses by the metatable
  # (core/rules/lua_sandbox.cpp).
  gs_lua_patch(lvm "        if (luaV_fastget(L, upval, key, slot, luaH_getshortstr)) {\n          luaV_finishfastset(L, upval, slot, rc);\n"
               "        if (luaV_fastget(L, upval, key, slot, luaH_getshortstr) && !gs_lua_readonly(upval)) {\n          luaV_finishfastset(L, upval, slot, rc);\n")
  gs_lua_patch(lvm "            : luaV_fastget(L, s2v(ra), rb, slot, luaH_get)) {\n"
               "            : luaV_fastget(L, s2v(ra), rb, slot, luaH_get)) && !gs_lua_readonly(s2v(ra))) {\n")
  gs_lua_patch(lvm "        if (ttisinteger(rb)  /* fast track for integers? */\n            ? (cast_void(n = ivalue(rb)), luaV_fastgeti(L, s2v(ra), n, slot))\n"
               "        if ((ttisinteger(rb)  /* fast track for integers? */\n            ? (cast_void(n = ivalue(rb)), luaV_fastgeti(L, s2v(ra), n, slot))\n")
  gs_lua_patch(lvm "        if (luaV_fastgeti(L, s2v(ra), c, slot)) {\n"
               "        if (luaV_fastgeti(L, s2v(ra), c, slot) && !gs_lua_readonly(s2v(ra))) {\n")
  gs_lua_patch(lvm "        if (luaV_fastget(L, s2v(ra), key, slot, luaH_getshortstr)) {\n          luaV_finishfastset"
               "        if (luaV_fastget(L, s2v(ra), key, slot, luaH_getshortstr) && !gs_lua_readonly(s2v(ra))) {\n          luaV_finishfastset")
  gs_lua_patch(lvm "    if (luaV_fastget(L, t, key, slot, luaH_get)) {\n      luaV_finishfastset(L, t, slot, val);\n"
               "    if (luaV_fastget(L, t, key, slot, luaH_get) && !gs_lua_readonly(t)) {\n      luaV_finishfastset(L, t, slot, val);\n")
  gs_lua_patch(lvm "      if (tm == NULL) {  /* no metamethod? */\n        luaH_finishset("
               "      if (tm == NULL) {  /* no metamethod? */\n        if (l_unlikely(gs_lua_readonly(t)))  /* the sandbox: never without its refusal */\n          luaG_runerror(L, \"a read-only table\");\n        luaH_finishset(")
  gs_lua_patch(lapi "  if (luaV_fastget(L, t, str, slot, luaH_getstr)) {\n    luaV_finishfastset"
               "  if (luaV_fastget(L, t, str, slot, luaH_getstr) && !gs_lua_readonly(t)) {\n    luaV_finishfastset")
  gs_lua_patch(lapi "  if (luaV_fastget(L, t, s2v(L->top - 2), slot, luaH_get)) {\n"
               "  if (luaV_fastget(L, t, s2v(L->top - 2), slot, luaH_get) && !gs_lua_readonly(t)) {\n")
  gs_lua_patch(lapi "  if (luaV_fastgeti(L, t, n, slot)) {\n    luaV_finishfastset"
               "  if (luaV_fastgeti(L, t, n, slot) && !gs_lua_readonly(t)) {\n    luaV_finishfastset")

  # --- A numeric for whose limit is an integer (the commonest, and the memo search's test that a
  # value is a number, core/rules/memo_search.lua) takes it as it is: stock Lua calls
  # luaV_tointeger for it, which first tries it as a string.
  gs_lua_patch(lvm "  if (!luaV_tointeger(lim, p, (step < 0 ? F2Iceil : F2Ifloor))) {\n"
               "  if (ttisinteger(lim))  /* the sandbox */\n    *p = ivalue(lim);\n  else if (!luaV_tointeger(lim, p, (step < 0 ? F2Iceil : F2Ifloor))) {\n")

  # --- A syntax error's column. The lexer knows the line alone; the rules' text is one buffer
  # (luaL_loadbufferx), so where a token begins is a pointer into it. Each token read records
  # where it began (gs_at_scan; the current token's is gs_at_t, a look-ahead's gs_at_ahead), and
  # every syntax error hands the host the place it is about (gs_lua_lex_error): the token it
  # names ("near 'x'"), the token being read (an unfinished string, a malformed number), or the
  # place reading stopped (near <eof>). The host turns it into a line and a column
  # (core/rules/lua_load.cpp). Thread-local: states on other threads load their own texts.
  gs_lua_patch(llex "static l_noret lexerror (LexState *ls, const char *msg, int token);\n"
               "static _Thread_local const char *gs_at_t, *gs_at_ahead, *gs_at_scan;  /* the sandbox */\n#define gs_here(ls) ((ls)->current == EOZ ? (ls)->z->p : (ls)->z->p - 1)\nstatic l_noret lexerror_at (LexState *ls, const char *msg, int token, const char *at);\n#define lexerror(ls, msg, token) lexerror_at(ls, msg, token, (token) == TK_EOS ? gs_here(ls) : gs_at_scan)\n")
  gs_lua_patch(llex "static l_noret lexerror (LexState *ls, const char *msg, int token) {\n"
               "static l_noret lexerror_at (LexState *ls, const char *msg, int token, const char *at) {\n  gs_lua_lex_error(ls->L, at);\n")
  gs_lua_patch(llex "  lexerror(ls, msg, ls->t.token);\n"
               "  lexerror_at(ls, msg, ls->t.token, gs_at_t);\n")
  gs_lua_patch(llex "  luaZ_resetbuffer(ls->buff);\n  for (;;) {\n    switch (ls->current) {\n"
               "  luaZ_resetbuffer(ls->buff);\n  for (;;) {\n    gs_at_scan = gs_here(ls);\n    switch (ls->current) {\n")
  gs_lua_patch(llex "    ls->t = ls->lookahead;  /* use this one */\n"
               "    ls->t = ls->lookahead;  /* use this one */\n    gs_at_t = gs_at_ahead;\n")
  gs_lua_patch(llex "  else\n    ls->t.token = llex(ls, &ls->t.seminfo);  /* read next token */\n"
               "  else {\n    ls->t.token = llex(ls, &ls->t.seminfo);  /* read next token */\n    gs_at_t = gs_at_scan;\n  }\n")
  gs_lua_patch(llex "  ls->lookahead.token = llex(ls, &ls->lookahead.seminfo);\n"
               "  ls->lookahead.token = llex(ls, &ls->lookahead.seminfo);\n  gs_at_ahead = gs_at_scan;\n")

  # --- The collector: no weak tables.
  gs_lua_patch(lgc "  const TValue *mode = gfasttm(g, h->metatable, TM_MODE);\n"
               "  const TValue *mode = NULL;  /* the sandbox: every table is strong */\n")

  set(paths "")
  foreach(file ${files})
    set(path ${out_dir}/${file}.c)
    # Written only when changed, so a configure does not rebuild Lua.
    if(EXISTS ${path})
      file(READ ${path} old)
    else()
      set(old "")
    endif()
    if(NOT "${old}" STREQUAL "${gs_text_${file}}")
      file(WRITE ${path} "${gs_text_${file}}")
    endif()
    list(APPEND paths ${path})
  endforeach()
  set(${out_var} ${paths} PARENT_SCOPE)
endfunction()
