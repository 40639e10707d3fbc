-- The memo search, Lua run by the rules' own interpreter. The build makes this file a string
-- constant of the host (kLuaMemoSearch, by core/rules/embed_lua.cmake), loaded as the chunk
-- "memo_search.lua", so an error's line number is a line of this file.
--
-- The memo search that runs inside the rules' own interpreter (Rules::memoSearch): the brute
-- force a contestant writes, a recursive function with a Lua table as its memo, calling the
-- rules' functions Lua to Lua. For games whose positions are integers (or booleans), the host's
-- explore-then-solve (core/rules/rules_solver.h) pays, per position, a protected call, an encoding
-- and a hash of every child and a graph in C++ tables; this pays what the plain memo pays, a table
-- lookup per child, and is run first where the question allows it:
--
--   "outcome"    who wins, stopping at the first winning move (normal play, impartial games
--                without parts), as OutcomeSearch does (core/rules/rules_judge.cpp); with
--                `withMoves`, then each of the start's moves' outcomes for its maker, each
--                child searched in the same memo (the app's answer ahead of its whole solve,
--                and its lazy board, which searches from the position on screen)
--   "normal"     win K / loss K / draw K with the moves left, as the retrograde solve counts
--                them (the winner hurries, the loser delays, both hurry to a drawn end); with
--                `withMoves`, then each of the start's moves' outcome and moves left
--   "scored"     the first player's final margin (the first maximises, the second minimises)
--   "impartial"  the Sprague-Grundy number, a sum by its parts' xor; with `withMoves`, then
--                each of the start's moves' number (the lazy board's values)
--
-- A line of play deeper than DEEPEST (10,000 moves: a deep Lua stack is walked at every step of
-- the collector) is searched in pieces of that depth, deepest first (solve, at the end), so a
-- line of millions of moves costs each position about twice, in a memo of values alone (1-2-K
-- Game, n = 3,000,000: 1.3 s and 73 MiB, where the host took 9.6 s and 1 GiB).
--
-- It decides nothing the host would not: it hands over (raises, and the host solves the usual
-- way, which then names any error) at anything it does not reproduce exactly, namely a
-- position that is not an integer or a boolean, a position met again on its own line (a cycle: the
-- retrograde solve decides draws; scored and impartial games refuse it), a value of the rules
-- that is not what the host accepts, a margin past ±2^62 (the host checks 64-bit overflow),
-- parts that split into more than 16,384 pieces (the host refuses 65,536), a positions count
-- past the cap, the rules' heap cap (which the memo shares), a call past its budget. The chunk
-- runs once, before the rules' file does, so the library functions it keeps are the sandbox's
-- own, whatever the file does to the globals afterwards.
--
-- Strings and tables stay with the host. A string position kept alive in the memo stays in
-- Lua's table of strings, which every new string (each play of a board written as a string) is
-- looked up in: Connect Four 4 x 5 took 22.4 s here against 18.0 s in the host, whose keys
-- leave the strings to the collector. Tables kept by their canonical encodings (a Lua string
-- each, or an id in the host's KeyTable with a fresh table decoded for every position's calls)
-- were slower too (Deque N = 3000 with {i, j} positions: 8.0 s against 5.0 s; Grundy's game
-- n = 4000 with {h} heaps: 4.5 s against 2.6 s): the hash lookup of each child's encoding, the
-- host's cost too, dominates both.
--
-- `list(t)` (C, core/rules/lua_search.cpp) checks a list of moves as the host does, resolves a view
-- of p to its table, re-arms the budget (once a position: a call that loops for ever is stopped
-- there) and returns the table and its length; `plist(t, v)` does the same for parts' result
-- t, with the host's rules for them, and checks v, a table split by parts, as a term;
-- `whole(v)` reads a gain or a score as the host does, below 2^62 in size; `scalar(c)` reads a
-- position as the host keys it (a whole float is its integer; a boolean is itself), called
-- only for a child not found in the memo, once per position.
--
-- With game.children (the rules' own loop over a position's children, `children(s, p, visit)`)
-- each mode has a second path: a position's search calls children once, and each child comes
-- to a visit function (visitOutcome, with mover visitTurn, visitNormal, visitBest, visitMargin,
-- visitGrundy; visitOutcome, visitTurn and, for a game of gains alone, gainVisit search a new
-- child inline) that looks it up or searches it and keeps the best so far; a visit that returns
-- true tells children to stop (a winning move, when only the outcome is asked). No list of
-- moves is built and no play, gain or list() is called a move: the plain memo's own work, a
-- call and a table lookup a child (Wythoff's game from (150, 150), `--outcome`: 4.3 billion
-- instructions with moves and play, 1.7 with children, against 1.2 for the plain memo in stock
-- Lua). `rearm()` re-arms the budget, as list() did, every REARM positions. Those paths keep
-- no mark of a position on its line (a cycle recurses until DEEPEST and then meets the root
-- solve marks, or for gainVisit until Lua's stack overflows, and hands over) and test with the
-- interpreter's cheapest instructions (`not e` rather than `e == nil`, `g | 0` for a whole
-- gain), since they run once a child.

local type, error, pack, tostring = type, error, table.pack, tostring
local HUGE <const> = 1 << 62
local LOW <const> = -0x7fffffffffffffff - 1  -- math.mininteger, as a constant of the code
local DEEPEST <const> = 10000
-- children is checked against moves, play and gain at every position expanded until this many
-- of their moves have been (each search's start, at least).
local CHECKED <const> = 2000
local REARM <const> = 16
-- The moves compared so far by every search of these rules (a search compares its start's, at
-- least, and then goes on up to CHECKED in all: the many cases of an input are not each checked
-- anew).
local checkedSoFar = 0

local function handover() error("hand over", 0) end
-- The key under which a memo keeps its sums' counts of pieces (a table: no position's key).
local PIECES = {}

return function(mode, moves, play, gain, score, result, mover, parts, p, start, cap, list, plist,
                whole, scalar, children, rearm, withMoves, given)
  local count, depth = 0, 0
  -- A line deeper than DEEPEST: the search stops at the position it reached (`pending`), and
  -- every search under way returns at once, keeping nothing (`stop`: each returns 0 and takes
  -- its mark off), down to solve (below), which searches the pending position first, as a root
  -- of its own, and then the search that reached it again. tooFar returns the 0 its caller
  -- returns.
  local stop, pending, pendingSide = false, nil, 0
  local function tooFar(s, side)
    if count > cap then handover() end
    if not stop then stop, pending, pendingSide = true, s, side or 0 end
    return 0
  end
  -- `given`: a memo of an earlier search of the same game and mode, whose every code is final
  -- (the app's lazy board searches position after position in one memo; the host drops it
  -- when a search hands over, since it may then hold positions marked as on the line).
  local memo = given or {}
  -- With children, the state of the position whose children are visited (the best so far, a
  -- win found, the Grundy numbers' stack) is set just before its call of children and read
  -- just after, and whatever a position's search changed of its caller's state is put back
  -- before it returns. So a visit the rules make at any other time (a visit function kept and
  -- called from mover or result, say) reaches positions whose values it works out rightly and
  -- changes nothing that is read: only the values of the positions visited by children, during
  -- the call of children of the position under way, make a position's value.

  -- children(s, p, visit) checked against moves, play and gain at every position expanded
  -- until CHECKED moves have been compared: the same children (and gains, in a scored game) in
  -- the same order, or the search stops with a sentence that says where they differ
  -- (Rules::searchNote; the search then runs again by moves and play).
  local checks = checkedSoFar < CHECKED and checkedSoFar or CHECKED - 1
  -- With children there is no list() a position to re-arm the budget: it is re-armed after
  -- every REARM positions' calls of children (a position's caller goes on with what is left).
  -- A search whose REARM positions in a row run past one call's budget hands over, and the
  -- host, which arms it a call at a time, solves the game.
  local ticks = REARM
  local calls
  local function collect(...)  -- (kept by the rules and called later: nothing)
    if calls then calls[#calls + 1] = pack(...) end
  end
  local function differs(s, what) error("game.children differs from moves and play at position " ..
                                        tostring(s) .. ": " .. what, 0) end
  local function same(x, y)
    if type(x) == "table" or type(y) == "table" then handover() end
    return scalar(x) == scalar(y)
  end
  local function checkChildren(s)
    calls = {}
    rearm()  -- (each of the rules' calls below has a whole budget: a position may have 10^6 moves)
    children(s, p, collect)
    local got = calls
    calls = nil
    rearm()
    local ms, n = list(moves(s, p))
    checks = checks + n + 1
    checkedSoFar = checkedSoFar + n + 1
    if #got ~= n then
      differs(s, "it visited " .. #got .. " children where moves lists " .. n .. " moves")
    end
    for k = 1, n do
      if k & 4095 == 0 then rearm() end
      local args, c = got[k], play(s, ms[k], p)
      local expected = (parts and type(c) == "table") and c or {c, n = 1}
      local width = expected.n or #expected
      local given = 0  -- the arguments up to the first nil
      while given < args.n and args[given + 1] ~= nil do given = given + 1 end
      if given == 1 and parts and type(args[1]) == "table" then args = args[1]; given = #args end
      if mode == "scored" then
        given = args.n
        local g = gain and whole(gain(s, ms[k], p)) or 0
        local h = args[2] == nil and 0 or whole(args[2])
        if given > 2 or h ~= g then
          differs(s, "move " .. k .. " has the gain " .. g .. ", where children gave " ..
                  (given > 2 and given - 1 .. " values after the child" or tostring(h)))
        end
        given = 1
      end
      local ok = given == width
      for i = 1, width do ok = ok and same(args[i], expected[i]) end
      if not ok then
        differs(s, "its visit " .. k .. " is not the child play gives for move " .. k)
      end
    end
  end

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
  local normal
  -- With children: each depth's best win, best draw and longest loss (in moves left), its
  -- mover, and whether it had a child.
  local wins, draws, losses, movers, any = {}, {}, {}, {}, {}
  local function visitNormal(c)
    local d = depth
    any[d] = true
    local e = memo[c]
    if not e then
      e = normal(scalar(c))
    end
    if e < 0 then handover() end
    local co, cn = (e >> 1) & 3, e >> 3
    if co == 2 then
      local known = draws[d]
      if not known or cn < known then draws[d] = cn end
    elseif (co == 0) == (not mover or (e & 1) ~= movers[d]) then
      local known = wins[d]
      if not known or cn < known then wins[d] = cn end
      if cutoff then return true end
    elseif cn > losses[d] then
      losses[d] = cn
    end
  end
  -- Who wins alone, with the players alternating (the most common question, and the one a
  -- contestant's memo answers with the fewest operations a child): `visits` counts every
  -- visit (a position had children if it grew during its call), `won` says the visit under
  -- way found a child lost for its mover, `drawn[d]` a drawn child at depth d. The memo holds
  -- codes, -1 while on the line: e & 6 is 0 lost, 2 won, 4 drawn, 6 on the line.
  local visits, won, drawn = 0, false, {}
  -- A child not yet known is searched inline, in the visit itself, as normal() searches it (the
  -- same steps, with scalar() and whoMoves() inline too: three calls fewer a position; CPU,
  -- medians of 5: 1-2-K Game, n = 3,000,000, 1.19 s with the visit calling normal() and 1.11 s
  -- inline; Lucky 7 Battle, N = 200,000, by mover, 1.23 s and 0.91 s). A child past the cap or
  -- DEEPEST stops the search (the visit says stop, and its caller sees `stop`).
  local turn = 0
  local visitOutcome
  function visitOutcome(c)
    visits = visits + 1
    local e = memo[c]
    if not e then
      if c ~= true and c ~= false then  -- scalar(c), inline (see gainVisit)
        for _ = c, LOW do end
        c = c | 0
      end
      local d = depth + 1
      count, depth = count + 1, d
      if stop or count > cap or d > DEEPEST then
        depth = d - 1
        tooFar(c)
        return true
      end
      local outer = won
      if checks < CHECKED then checkChildren(c) end
      local before = visits
      drawn[d], won = false, false
      children(c, p, visitOutcome)
      ticks = ticks - 1
      if ticks == 0 then ticks = REARM; rearm() end
      if stop then
        won, depth = outer, d - 1
        return true
      end
      if won then
        e = 1 << 1  -- won (the moves left: not asked for)
      elseif visits == before then
        e = ending(c) << 1
      else
        e = drawn[d] and 2 << 1 or 0
      end
      won = outer
      memo[c] = e
      depth = d - 1
    end
    local co = e & 6
    if co == 0 then
      won = true
      return true
    elseif co == 4 then
      drawn[depth] = true
    elseif co == 6 then
      handover()
    end
  end
  -- The same with mover: `turn` is the mover (0 or 1) of the position whose children are
  -- visited, and a code keeps its position's mover in bit 0, as the codes of the full path do.
  -- A child wins for the mover here when it is lost for the other player or won for the same.
  local visitTurn
  function visitTurn(c)
    visits = visits + 1
    local e = memo[c]
    if not e then
      if c ~= true and c ~= false then  -- scalar(c), inline (see gainVisit)
        for _ = c, LOW do end
        c = c | 0
      end
      local d = depth + 1
      count, depth = count + 1, d
      if stop or count > cap or d > DEEPEST then
        depth = d - 1
        tooFar(c)
        return true
      end
      local outer, outerTurn = won, turn
      if checks < CHECKED then checkChildren(c) end
      local w = mover(c, p)  -- whoMoves(c), inline
      if w == 1 then w = 0 elseif w == 2 then w = 1 else handover() end
      local before = visits
      drawn[d], won, turn = false, false, w
      children(c, p, visitTurn)
      ticks = ticks - 1
      if ticks == 0 then ticks = REARM; rearm() end
      if stop then
        won, turn, depth = outer, outerTurn, d - 1
        return true
      end
      if won then
        e = (1 << 1) | w
      elseif visits == before then
        e = (ending(c) << 1) | w
      else
        e = (drawn[d] and 2 << 1 or 0) | w
      end
      won, turn = outer, outerTurn
      memo[c] = e
      depth = d - 1
    end
    local co = e & 6
    if co == 6 then
      handover()
    elseif co == 4 then
      drawn[depth] = true
    elseif (co == 0) == ((e & 1) ~= turn) then
      won = true
      return true
    end
  end
  local quick = cutoff and not mover
  local quickTurn = cutoff and mover
  function normal(s)
    count, depth = count + 1, depth + 1
    if stop or count > cap or depth > DEEPEST then
      depth = depth - 1
      return tooFar(s)
    end
    if children and quick then  -- s unmarked: a cycle recurses until DEEPEST (see solve)
      local d, outer = depth, won
      if checks < CHECKED then checkChildren(s) end
      local before = visits
      drawn[d], won = false, false
      children(s, p, visitOutcome)
      ticks = ticks - 1
      if ticks == 0 then ticks = REARM; rearm() end
      if stop then
        won, depth = outer, d - 1
        return 0
      end
      local code
      if won then
        code = 1 << 1  -- won (the moves left: not asked for)
      elseif visits == before then
        code = ending(s) << 1
      else
        code = drawn[d] and 2 << 1 or 0
      end
      won = outer
      memo[s] = code
      depth = d - 1
      return code
    end
    if children and quickTurn then  -- as above, with the mover kept around each child's search
      local d, outer, outerTurn = depth, won, turn
      if checks < CHECKED then checkChildren(s) end
      local w = whoMoves(s)
      local before = visits
      drawn[d], won, turn = false, false, w
      children(s, p, visitTurn)
      ticks = ticks - 1
      if ticks == 0 then ticks = REARM; rearm() end
      if stop then
        won, turn, depth = outer, outerTurn, d - 1
        return 0
      end
      local code
      if won then
        code = (1 << 1) | w
      elseif visits == before then
        code = (ending(s) << 1) | w
      else
        code = (drawn[d] and 2 << 1 or 0) | w
      end
      won, turn = outer, outerTurn
      memo[s] = code
      depth = d - 1
      return code
    end
    memo[s] = -1
    local w = mover and whoMoves(s) or 0
    local o, number = 0, 0
    if children then
      if checks < CHECKED then checkChildren(s) end
      local d = depth
      wins[d], draws[d], losses[d], movers[d], any[d] = nil, nil, -1, w, false
      children(s, p, visitNormal)
      ticks = ticks - 1
      if ticks == 0 then ticks = REARM; rearm() end
      if stop then
        memo[s], depth = nil, d - 1
        return 0
      end
      local win, draw = wins[d], draws[d]
      if not any[d] then
        o = ending(s)
      elseif win then
        o, number = 1, win + 1
      elseif draw then
        o, number = 2, draw + 1
      else
        number = losses[d] + 1
      end
      local code = (number << 3) | (o << 1) | w
      memo[s] = code
      depth = d - 1
      return code
    end
    local ms, n = list(moves(s, p))
    if n == 0 then
      o = ending(s)
    else
      local win, draw, loss = nil, nil, -1
      for k = 1, n do
        local c = play(s, ms[k], p)
        local e = memo[c]
        if e == nil then e = normal(scalar(c)) end
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
    if stop then
      memo[s], depth = nil, depth - 1
      return 0
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
  -- With children: a gain as `whole` reads it, in the VM (no call), and never by a metamethod of
  -- the rules': a numeric for from g raises for anything but a number or a string that reads
  -- as one (a table, a boolean), and runs its body (a hand-over) at -2^62 or below; the
  -- comparison hands over at 2^62 or above (and raises for a string); `g | 0` is then g's
  -- integer, or raises for a float with a fraction or a string (Lua 5.4 converts strings in
  -- arithmetic, not in bitwise operations). Each error hands over.
  local function gained(g)
    if not g then
      if g == false then handover() end
      return 0
    end
    for _ = g, -HUGE do handover() end
    if g >= HUGE then handover() end
    return g | 0
  end
  -- With children: `high` is the best total so far of the position whose children are being
  -- visited (saved around each child's own search); with mover, sides[d] is the side at depth
  -- d. No position is marked while on the line: a cycle recurses until DEEPEST and then meets
  -- a root solve marked, which hands over, as the mark did.
  local high, sides = nil, {}
  local other = memos[2]
  local bestBy, marginBy
  -- The side at depth d is (d - 1) & 1 (the start is at depth 1, side 0); its children's side
  -- is d & 1, whose memo is memo (side 0) or other (side 1).
  local function visitBest(c, g)
    local d = depth
    if not g then
      if g == false then handover() end
      g = 0
    else  -- gained(g), inline
      for _ = g, -HUGE do handover() end
      if g >= HUGE then handover() end
      g = g | 0
    end
    local there = d & 1 == 0 and memo or other
    local v = there[c]
    if v == nil then v = bestBy(scalar(c), d & 1) end
    local total = g - v
    if not high or total > high then high = total end
  end
  local function visitMargin(c, g)
    local d = depth
    g = gained(g)
    local v = memo[c]
    if v == nil then v = marginBy(scalar(c)) end
    if sides[d] == 0 then
      local total = v + g
      if not high or total > high then high = total end
    else
      local total = v - g
      if not high or total < high then high = total end
    end
  end
  -- The first player's margin of s at a new depth by children, `visit` keeping the best in
  -- `high`.
  local function byChildren(s, visit)
    count, depth = count + 1, depth + 1
    local d = depth
    if stop or count > cap or d > DEEPEST then
      depth = d - 1
      return tooFar(s)
    end
    if checks < CHECKED then checkChildren(s) end
    high = nil
    children(s, p, visit)
    ticks = ticks - 1
    if ticks == 0 then ticks = REARM; rearm() end
    if stop then
      depth = d - 1
      return 0
    end
    local top = high
    if top == nil then
      top = score and whole(score(s, p)) or 0
    elseif top >= HUGE or top <= -HUGE then
      handover()
    end
    depth = d - 1
    return top
  end
  function bestBy(s, side)  -- byChildren(s, side, visitBest), inline: a call fewer a position
    count, depth = count + 1, depth + 1
    local d = depth
    if stop or count > cap or d > DEEPEST then
      depth = d - 1
      return tooFar(s, side)
    end
    local outer = high
    if checks < CHECKED then checkChildren(s) end
    high = nil
    children(s, p, visitBest)
    ticks = ticks - 1
    if ticks == 0 then ticks = REARM; rearm() end
    if stop then
      high, depth = outer, d - 1
      return 0
    end
    local top = high
    if top == nil then
      top = score and whole(score(s, p)) or 0
      if side == 1 then top = -top end
    elseif top >= HUGE or top <= -HUGE then
      handover()
    end
    high = outer
    depth = d - 1
    if side == 0 then memo[s] = top else other[s] = top end
    return top
  end
  function marginBy(s)
    local outer = high
    local side = whoMoves(s)
    sides[depth + 1] = side
    local top = byChildren(s, visitMargin)
    high = outer
    if stop then return 0 end
    memo[s] = top
    return top
  end

  -- Scored, the players alternating, no score at the ends, with children: a margin made of
  -- gains alone (Deque, Stones, most scored contest games). A position's value, the margin of
  -- the player to move, is then the same whichever player that is, and the whole search is a
  -- visit function run once a child: its gain read, a memo lookup, and at a child not yet
  -- known, that child's own search inline, with no call of its own. The two sides keep their
  -- memos apart as elsewhere (two tables of half the size: a table doubling holds both its old
  -- and its new part), each side's visit the other's children's. Every test is the
  -- interpreter's cheapest: the best so far starts at LOW (below every total) rather than nil;
  -- a gain is read as gained() reads it, inline (a numeric for, a comparison and `g | 0`, with
  -- no metamethod of the rules'), and a new child by a numeric for and `c | 0` (a table whose
  -- __bor returns itself passed `c | 0 == c`); a value v is in range when v + (2^62 - 1) does
  -- not wrap below 0 (|v| < 2^62, or 2^62 itself, so that no total of a gain and a kept margin
  -- can wrap); positions are counted in batches, the budget re-armed and the positions' cap
  -- checked once a batch, by kept(). A batch is one position while children is still being
  -- checked against moves and play (kept() checks it), then REARM: no test of the checks a
  -- position after that. No depth is kept: a cycle recurses until Lua's stack overflows (about
  -- 50,000 positions deep), which hands over, and so does a boolean position (the numeric for
  -- raises).
  local left, batch = 1, 1  -- positions until kept() runs next, of a batch of this many
  -- Called for the last position of a batch, c, after its caller's best is saved and before its
  -- own is set: a stray visit while children is checked changes nothing.
  local function kept(c)
    count = count + batch
    if count > cap then handover() end
    rearm()
    if checks < CHECKED then
      checkChildren(c)
      batch = 1
    else
      batch = REARM
    end
    left = batch
  end
  -- The visit for the children of a position of one side, which are kept in `there`; and a
  -- function that links it to the visit of the other side's positions.
  local function gainVisit(there)
    local further
    local function visit(c, g)
      if not g then
        if g == false then handover() end
        g = 0
      else  -- gained(g), inline
        for _ = g, -HUGE do handover() end
        if g >= HUGE then handover() end
        g = g | 0
      end
      local v = there[c]
      if v == nil then
        -- Not known (a whole float was looked up as its integer): the position as the host
        -- keys it, a whole float its integer. The numeric for raises for anything but a number
        -- or a string that reads as one (a table, with no metamethod of its own run; a
        -- boolean), and `c | 0` for a string (Lua 5.4 converts none in bitwise operations) or
        -- a float with a fraction.
        for _ = c, LOW do end
        c = c | 0
        local outer = high  -- put back below
        local l = left - 1
        if l == 0 then kept(c) else left = l end
        high = LOW
        children(c, p, further)
        v = high
        if v + (HUGE - 1) < 0 then  -- LOW (no child), or out of range
          if v ~= LOW then handover() end
          v = 0  -- an end of play
        end
        high = outer
        there[c] = v
      end
      local total = g - v
      if total > high then high = total end
    end
    return visit, function(f) further = f end
  end
  -- The margin of the player to move at s, and the positions searched.
  local function gainsOnly(s)
    local visit0, link0 = gainVisit(memo)  -- a side-1 position's children, of side 0
    local visit1, link1 = gainVisit(other)
    link0(visit1)
    link1(visit0)
    high = LOW
    visit0(s, 0)
    count = count + batch - left
    if count > cap then handover() end
    return -high
  end
  function best(s, side)
    count, depth = count + 1, depth + 1
    if stop or count > cap or depth > DEEPEST then
      depth = depth - 1
      return tooFar(s, side)
    end
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
      if stop then
        here[s], depth = nil, depth - 1
        return 0
      end
      if top >= HUGE or top <= -HUGE then handover() end
    end
    here[s] = top
    depth = depth - 1
    return top
  end
  -- With mover, the side is the position's and one memo serves: margin(s) is the first
  -- player's margin, which the first player maximises and the second minimises.
  function margin(s)
    count, depth = count + 1, depth + 1
    if stop or count > cap or depth > DEEPEST then
      depth = depth - 1
      return tooFar(s)
    end
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
      if stop then
        memo[s], depth = nil, depth - 1
        return 0
      end
      if top >= HUGE or top <= -HUGE then handover() end
    end
    memo[s] = top
    depth = depth - 1
    return top
  end

  -- Impartial: the Grundy number of s, a sum of its parts (a position whose parts are itself
  -- alone is atomic). A sum that is a table (play returning {a, b}) is split at once and never
  -- kept, as the host keeps only atomic positions; an atomic table hands over. memo[s] is false
  -- while s is on the line (a cycle, which an impartial game must not have, hands over).
  local numbers, top, seen, stamp = {}, 0, {}, 0
  -- A sum's parts in all, counted as the host counts them, kept with the memo (a given memo's
  -- sums count as they did).
  local pieces = memo[PIECES]
  if not pieces then
    pieces = {}
    memo[PIECES] = pieces
  end
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
          e = memo[q]
          if e == nil then e = grundy(q) end
        end
        if not e then handover() end  -- false: on the line
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
  -- With children: one part's number (a table is split by parts).
  local function numberOf(q)
    local e = memo[q]
    if e == nil then
      if type(q) == "table" then
        if not parts then handover() end
        return (sumOf(q))
      end
      q = scalar(q)
      e = memo[q]
      if e == nil then e = grundy(q) end
    end
    if not e then handover() end  -- false: on the line
    return e
  end
  -- visit(c) for a child: its number pushed on the stack of numbers. A known child's number is
  -- read here (numbers are 0 or more; false while on the line, which numberOf refuses: a
  -- comparison with false hands over), the rest by numberOf.
  local function visitGrundy(c, q)
    local e = memo[c]
    if not e then e = numberOf(c) end
    if q ~= nil then handover() end
    top = top + 1
    numbers[top] = e
  end
  -- With parts, visit(q1, q2) may give a child that is the sum of two parts. Two parts need no
  -- count of pieces (each has at most 16,384; the host refuses 65,536).
  local function visitSum(c, q, r)
    local e = memo[c]
    if not e then e = numberOf(c) end
    if q ~= nil then
      if r ~= nil then handover() end
      local f = memo[q]
      if not f then f = numberOf(q) end
      e = e ~ f
    end
    top = top + 1
    numbers[top] = e
  end
  function grundy(s)
    if stop then return 0 end
    memo[s] = false  -- on the line
    local entry = top  -- the stack as the caller left it, put back at the end
    if parts then
      local ps, n = plist(parts(s, p))
      local atomic = false
      if n == 1 then
        local first = ps[1]
        if type(first) ~= "table" then atomic = scalar(first) == s end
      end
      if not atomic then
        local x, size = sum(ps, n)
        top = entry
        if stop then
          memo[s] = nil
          return 0
        end
        pieces[s] = size
        memo[s] = x
        return x
      end
    end
    -- The children's numbers on one stack shared by the whole search (a node's are above its
    -- base while it runs: its children's own are pushed and popped above them).
    local base, n = top, 0
    if children then
      count, depth = count + 1, depth + 1
      if count > cap or depth > DEEPEST then
        memo[s], depth = nil, depth - 1
        return tooFar(s)
      end
      if checks < CHECKED then checkChildren(s) end
      base = top
      children(s, p, parts and visitSum or visitGrundy)
      ticks = ticks - 1
      if ticks == 0 then ticks = REARM; rearm() end
      n = top - base
    else
      local ms
      ms, n = list(moves(s, p))
      count = count + 1  -- (the positions kept: the sums the moves lead to are not)
      depth = depth + 1
      if count > cap or depth > DEEPEST then
        memo[s], depth = nil, depth - 1
        return tooFar(s)
      end
      for k = 1, n do
        local c = play(s, ms[k], p)
        local e = memo[c]
        if e == nil and parts and type(c) == "table" then
          e = sumOf(c)
        else
          if e == nil then
            c = scalar(c)
            e = memo[c]
            if e == nil then e = grundy(c) end
          end
          if not e then handover() end  -- false: on the line
        end
        top = top + 1
        numbers[top] = e
      end
    end
    top = entry
    if stop then
      memo[s], depth = nil, depth - 1
      return 0
    end
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

  -- The value of x by enter(x, side), x a root (side 1: the second player moves there, for
  -- best and bestBy). A line deeper than DEEPEST stops the search at the position it reached,
  -- which becomes a root of its own, searched first; then the root below it again, whose
  -- search finds the deeper root's value in the memo. The roots not yet solved are marked as
  -- on the line (a cycle through one hands over, as the marks do), so that a cycle no position
  -- is marked on (children with cut-offs alone, scored games by children) meets a root within
  -- DEEPEST moves. A line of 10^7 moves costs its positions about twice, in a memo of their
  -- values alone, and the Lua stack never holds more than DEEPEST of them.
  local MARK = (mode == "outcome" or mode == "normal") and -1 or false
  local function solve(enter, x, side)
    side = side or 0
    depth = side  -- the side of the root at depth 1 + side is side (bestBy reads it from the depth)
    rearm()  -- (a line's positions end only at its bottom: each descent has a whole budget)
    local value = enter(x, side)
    if not stop then return value end  -- (most searches: no stack of roots is made)
    local roots, rootSides = {x}, {side}
    while true do
      local n = #roots
      if stop then
        stop = false
        local r, rs = roots[n], rootSides[n]
        roots[n + 1], rootSides[n + 1] = pending, pendingSide
        local here = rs == 1 and other or memo
        here[r] = MARK
        here = pendingSide == 1 and other or memo
        here[pending] = MARK
      else
        if n == 1 then return value end
        roots[n], rootSides[n] = nil, nil
      end
      n = #roots
      local r, rs = roots[n], rootSides[n]
      depth = rs
      rearm()
      value = enter(r, rs)
    end
  end
  local function enterGrundy(x)
    if type(x) == "table" then return (sumOf(x)) end
    return grundy(x)
  end

  -- answer's r.at (`withMoves` is "at"): a function of a position that searches it in this
  -- search's memo, with its count and cap, and returns its outcome (0 loss, 1 win, 2 draw, for
  -- the player to move there), its number (the moves left, the margin as the start's is, or the
  -- Grundy number) and the positions searched so far. The host calls it for each position
  -- answer asks about, and drops it (and its memo) once a call hands over.
  if withMoves == "at" then
    -- (x is the host's: an integer or a boolean, or with parts a table)
    return function(x)
      if mode == "outcome" or mode == "normal" then
        local e = memo[x]
        if e == nil then e = solve(normal, x) end
        if e < 0 then handover() end
        return (e >> 1) & 3, mode == "normal" and e >> 3 or 0, count
      elseif mode == "scored" then
        local m = memo[x]
        if m == nil then
          if children then
            m = mover and solve(marginBy, x) or solve(bestBy, x, 0)
          else
            m = mover and solve(margin, x) or solve(best, x, 0)
          end
        end
        if not m then handover() end
        return m > 0 and 1 or m < 0 and 0 or 2, m, count
      end
      local g
      if type(x) ~= "table" then g = memo[x] end
      if g == nil then g = solve(enterGrundy, x) end
      if not g then handover() end
      return g ~= 0 and 1 or 0, g, count
    end
  end

  -- The start's outcome (0 loss, 1 win, 2 draw), its number, and the positions searched.
  local function run(start, withMoves)
    local s = start
    if type(start) == "table" then  -- a sum (impartial: never kept)
      if not parts or mode ~= "impartial" then handover() end
    else
      s = scalar(start)
    end
    -- With `withMoves`: each move of the start, in the order of moves, with the code of the
    -- position it leads to, worked out by `search` in the same memo where it is new. Every code
    -- is final here (nothing is on the line once the start is known).
    local function childCodes(search)
      local ms, n = list(moves(s, p))
      local codes = {}
      for k = 1, n do
        if k & 4095 == 0 then rearm() end
        local c = play(s, ms[k], p)
        local f = memo[c]
        if f == nil then
          if parts and type(c) == "table" then  -- a sum, never kept
            f = solve(search, c)
          else
            c = scalar(c)
            f = memo[c]
            if f == nil then f = solve(search, c) end
          end
        end
        codes[k] = f
      end
      return codes, n
    end
    if mode == "outcome" or mode == "normal" then
      local e = memo[s]  -- (a kept memo may know it)
      if e == nil then e = solve(normal, s) end
      local number = mode == "normal" and e >> 3 or 0
      if not withMoves then return (e >> 1) & 3, number, count end
      -- Each move's outcome for the player who makes it (0 loss, 1 win, 2 draw) and, for
      -- "normal", the moves left with it played (the child's, and this one).
      local codes, n = childCodes(normal)
      local outcomes, numbers = {}, {}
      for k = 1, n do
        local f = codes[k]
        local o = (f >> 1) & 3
        -- The child's outcome is its mover's: the maker's, unless another player moves there.
        if o ~= 2 and (not mover or (f & 1) ~= (e & 1)) then o = 1 - o end
        outcomes[k], numbers[k] = o, (f >> 3) + 1
      end
      if mode == "outcome" then return (e >> 1) & 3, 0, count, outcomes end
      return (e >> 1) & 3, number, count, outcomes, numbers
    elseif mode == "scored" then
      local m
      if children and not mover and not score then
        m = gainsOnly(s)
      elseif children then
        m = mover and solve(marginBy, s) or solve(bestBy, s, 0)
      else
        m = mover and solve(margin, s) or solve(best, s, 0)
      end
      return m > 0 and 1 or m < 0 and 0 or 2, m, count
    end
    local g = memo[s]  -- (a kept memo may know it)
    if g == nil then g = solve(enterGrundy, s) end
    if not withMoves then return g ~= 0 and 1 or 0, g, count end
    -- Each move's Grundy number (of the position it leads to; its maker wins by a move to 0),
    -- for the app's lazy board (no parts) and for answer's r.children (a sum's moves too).
    local codes, n = childCodes(enterGrundy)
    local outcomes = {}
    for k = 1, n do outcomes[k] = codes[k] == 0 and 1 or 0 end
    return g ~= 0 and 1 or 0, g, count, outcomes, codes
  end
  -- A case's search kept for the cases after it (`withMoves` is "serve"): a function of a start,
  -- the case's p and its withMoves, searching in this search's memo with its positions counted
  -- afresh; the host keeps it while the cases read the same values of p (making a search's
  -- closures anew for each of 10,000 cases was most of their time).
  if withMoves == "serve" then
    return function(x, caseP, alsoMoves)
      p, count = caseP, 0
      return run(x, alsoMoves)
    end
  end
  return run(start, withMoves)
end
