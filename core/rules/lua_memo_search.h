// The memo search that runs inside the rules' own interpreter (Rules::memoSearch): the brute
// force a contestant writes, a recursive function with a Lua table as its memo, calling the
// rules' functions Lua to Lua. For games whose positions are integers (or booleans), the host's
// explore-then-solve (core/rules/rules_solver.h) pays, per position, a protected call, an encoding
// and a hash of every child and a graph in C++ tables; this pays what the plain memo pays, a table
// lookup per child, and is run first where the question allows it:
//
//   "outcome"    who wins, stopping at the first winning move (normal play, impartial games
//                without parts), as OutcomeSearch does (core/rules/rules_judge.cpp)
//   "normal"     win K / loss K / draw K with the moves left, as the retrograde solve counts
//                them (the winner hurries, the loser delays, both hurry to a drawn end)
//   "scored"     the first player's final margin (the first maximises, the second minimises)
//   "impartial"  the Sprague-Grundy number, a sum by its parts' xor
//
// It decides nothing the host would not: it hands over (raises, and the host solves the usual
// way, which then names any error) at anything it does not reproduce exactly, namely a
// position that is not an integer or a boolean, a line of play deeper than 10,000 moves (a
// deep Lua stack is walked at every step of the collector: take 1, 3 or 4 from 50,000 took
// 0.07 s here against 0.04 s in the host), a position met again on its own line (a cycle: the
// retrograde solve decides draws; scored and impartial games refuse it), a value of the rules
// that is not what the host accepts, a margin past ±2^62 (the host checks 64-bit overflow),
// parts that split into more than 16,384 pieces (the host refuses 65,536), a positions count
// past the cap, the rules' heap cap (which the memo shares), a call past its budget. The chunk
// runs once, before the rules' file does, so the library functions it keeps are the sandbox's
// own, whatever the file does to the globals afterwards.
//
// Strings and tables stay with the host. A string position kept alive in the memo stays in
// Lua's table of strings, which every new string (each play of a board written as a string) is
// looked up in: Connect Four 4 x 5 took 22.4 s here against 18.0 s in the host, whose keys
// leave the strings to the collector. Tables kept by their canonical encodings (a Lua string
// each, or an id in the host's KeyTable with a fresh table decoded for every position's calls)
// were slower too (Deque N = 3000 with {i, j} positions: 8.0 s against 5.0 s; Grundy's game
// n = 4000 with {h} heaps: 4.5 s against 2.6 s): the hash lookup of each child's encoding, the
// host's cost too, dominates both.
//
// `list(t)` (C, core/rules/lua_rules.cpp) checks a list of moves as the host does, resolves a view
// of p to its table, re-arms the budget (once a position: a call that loops for ever is stopped
// there) and returns the table and its length; `plist(t, v)` does the same for parts' result
// t, with the host's rules for them, and checks v, a table split by parts, as a term;
// `whole(v)` reads a gain or a score as the host does, below 2^62 in size; `scalar(c)` reads a
// position as the host keys it (a whole float is its integer; a boolean is itself), called
// only for a child not found in the memo, once per position.
#pragma once

namespace gs {

constexpr const char kLuaMemoSearch[] = R"lua(
local type, error = type, error
local HUGE = 1 << 62
local DEEPEST = 10000

local function handover() error("hand over", 0) end

return function(mode, moves, play, gain, score, result, mover, parts, p, start, cap, list, plist,
                whole, scalar)
  local count, depth = 0, 0
  local memo = {}

  -- 0 or 1: who moves at s (mover returns 1 or 2).
  local function whoMoves(s)
    local w = mover(s, p)
    if w == 1 then return 0 elseif w == 2 then return 1 end
    handover()
  end
  -- At an end of play: 0 loss, 1 win, 2 draw for the player to move.
  local function ending(s)
    if not result then return 0 end
    local r = result(s, p)
    if r == "loss" then return 0 elseif r == "win" then return 1 elseif r == "draw" then return 2 end
    handover()
  end

  -- Normal play: memo[s] is -1 while s is on the line; then (number << 3) | (outcome << 1) |
  -- mover, outcome 0 loss, 1 win, 2 draw for the player to move, number the moves left, mover 0
  -- when the players alternate. With `cutoff` (the outcome alone), a position stops at its
  -- first winning move (its number is then not the moves left, and nobody reads it).
  local cutoff = mode == "outcome"
  local function normal(s)
    count, depth = count + 1, depth + 1
    if count > cap or depth > DEEPEST then handover() end
    memo[s] = -1
    local w = mover and whoMoves(s) or 0
    local ms, n = list(moves(s, p))
    local o, number = 0, 0
    if n == 0 then
      o = ending(s)
    else
      local win, draw, loss = nil, nil, -1
      for k = 1, n do
        local c = play(s, ms[k], p)
        local e = memo[c]
        if e == nil then
          c = scalar(c)
          e = memo[c] or normal(c)
        end
        if e < 0 then handover() end
        local co, cn = (e >> 1) & 3, e >> 3
        if co == 2 then
          if not draw or cn < draw then draw = cn end
        elseif (co == 0) == (not mover or (e & 1) ~= w) then
          if not win or cn < win then win = cn end
          if cutoff then break end
        elseif cn > loss then
          loss = cn
        end
      end
      if win then
        o, number = 1, win + 1
      elseif draw then
        o, number = 2, draw + 1
      else
        number = loss + 1
      end
    end
    local code = (number << 3) | (o << 1) | w
    memo[s] = code
    depth = depth - 1
    return code
  end

  -- Scored: the first player's margin. `whole` (C) reads a gain or a score as the host does and
  -- hands over at 2^62 or more either way, so a sum of a gain and a kept margin cannot wrap; a
  -- position's margin is checked once, when it is kept (the host checks only the 64-bit sums,
  -- all of which are exact here). A position on the line is kept as false: reaching it again
  -- (a cycle) makes an arithmetic error, which hands over.
  --
  -- Without mover the players alternate, and each side has its memo (the host's node is the
  -- position and the side): best(s) is the margin of the player to move, the greatest gain
  -- minus the opponent's best of the position it leads to.
  local memos = {memo, mover and memo or {}}
  local function best(s, side)
    count, depth = count + 1, depth + 1
    if count > cap or depth > DEEPEST then handover() end
    local here = memos[side + 1]
    here[s] = false
    local ms, n = list(moves(s, p))
    local top
    if n == 0 then
      top = score and whole(score(s, p)) or 0
      if side == 1 then top = -top end
    else
      local next = 1 - side
      local there = memos[next + 1]
      for k = 1, n do
        local mv = ms[k]
        local g = gain and whole(gain(s, mv, p)) or 0
        local c = play(s, mv, p)
        local v = there[c]
        if v == nil then
          c = scalar(c)
          v = there[c]
          if v == nil then v = best(c, next) end
        end
        local total = g - v
        if not top or total > top then top = total end
      end
      if top >= HUGE or top <= -HUGE then handover() end
    end
    here[s] = top
    depth = depth - 1
    return top
  end
  -- With mover, the side is the position's and one memo serves: margin(s) is the first
  -- player's margin, which the first player maximises and the second minimises.
  local function margin(s)
    count, depth = count + 1, depth + 1
    if count > cap or depth > DEEPEST then handover() end
    local side = whoMoves(s)
    memo[s] = false
    local ms, n = list(moves(s, p))
    local top
    if n == 0 then
      top = score and whole(score(s, p)) or 0
    else
      for k = 1, n do
        local mv = ms[k]
        local g = gain and whole(gain(s, mv, p)) or 0
        local c = play(s, mv, p)
        local v = memo[c]
        if v == nil then
          c = scalar(c)
          v = memo[c]
          if v == nil then v = margin(c) end
        end
        local total = side == 0 and v + g or v - g
        if not top or (side == 0 and total > top) or (side == 1 and total < top) then
          top = total
        end
      end
      if top >= HUGE or top <= -HUGE then handover() end
    end
    memo[s] = top
    depth = depth - 1
    return top
  end

  -- Impartial: the Grundy number of s, a sum of its parts (a position whose parts are itself
  -- alone is atomic). A sum that is a table (play returning {a, b}) is split at once and never
  -- kept, as the host keeps only atomic positions; an atomic table hands over.
  local numbers, top, seen, stamp = {}, 0, {}, 0
  local pieces = {}  -- a sum's parts in all, counted as the host counts them
  local grundy, sumOf
  local function sum(ps, n)  -- the parts' xor, and their count in all
    local x, size = 0, 1
    for k = 1, n do
      local q = ps[k]
      local e = memo[q]
      if e == nil and type(q) == "table" then
        local qsize
        e, qsize = sumOf(q)
        size = size + qsize
      else
        if e == nil then
          q = scalar(q)
          e = memo[q] or grundy(q)
        end
        if e < 0 then handover() end
        size = size + (pieces[q] or 1)
      end
      x = x ~ e
    end
    if size > 16384 then handover() end
    return x, size
  end
  function sumOf(v)  -- a table: split, never kept (an atomic table hands over)
    local vp, vn = plist(parts(v, p), v)
    if vn == 1 and type(vp[1]) == "table" then handover() end
    return sum(vp, vn)
  end
  function grundy(s)
    memo[s] = -1
    if parts then
      local ps, n = plist(parts(s, p))
      local atomic = false
      if n == 1 then
        local first = ps[1]
        if type(first) ~= "table" then atomic = scalar(first) == s end
      end
      if not atomic then
        local x, size = sum(ps, n)
        pieces[s] = size
        memo[s] = x
        return x
      end
    end
    local ms, n = list(moves(s, p))
    count = count + 1 + (parts and n or 0)  -- with parts, the sums the moves lead to count too
    depth = depth + 1
    if count > cap or depth > DEEPEST then handover() end
    -- The children's numbers on one stack shared by the whole search (a node's are above its
    -- base while it runs: its children's own are pushed and popped above them).
    local base = top
    for k = 1, n do
      local c = play(s, ms[k], p)
      local e = memo[c]
      if e == nil and parts and type(c) == "table" then
        e = sumOf(c)
      else
        if e == nil then
          c = scalar(c)
          e = memo[c] or grundy(c)
        end
        if e < 0 then handover() end
      end
      top = top + 1
      numbers[top] = e
    end
    top = base
    stamp = stamp + 1
    for k = base + 1, base + n do
      local g = numbers[k]
      if g <= n then seen[g] = stamp end
    end
    local mex = 0
    while seen[mex] == stamp do mex = mex + 1 end
    memo[s] = mex
    depth = depth - 1
    return mex
  end

  -- The start's outcome (0 loss, 1 win, 2 draw), its number, and the positions searched.
  if type(start) == "table" then  -- a sum
    if not parts then handover() end
    local g = sumOf(start)
    return g ~= 0 and 1 or 0, g, count
  end
  local s = scalar(start)
  if mode == "outcome" then
    local e = normal(s)
    return (e >> 1) & 3, 0, count
  elseif mode == "normal" then
    local e = normal(s)
    return (e >> 1) & 3, e >> 3, count
  elseif mode == "scored" then
    local m = mover and margin(s) or best(s, 0)
    return m > 0 and 1 or m < 0 and 0 or 2, m, count
  end
  local g = grundy(s)
  return g ~= 0 and 1 or 0, g, count
end
)lua";

}  // namespace gs
