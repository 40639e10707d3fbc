-- Grundy's game as rules written for speed (the bench's second gamesolver row): the same game
-- as web/examples/rules/grundy.lua, with a heap as an integer and a split as the pair of heaps
-- it leaves, which parts returns as it is; children gives the memo search the same splits.
game = {
  title = "Grundy's game, integer heaps",
  impartial = true,
  params = { {"n", 20, 0, 100000} },
  start = function(p) return p.n end,
  parts = function(s, p)
    if math.type(s) == "integer" then return {s} end
    return s
  end,
  moves = function(s, p)  -- the smaller heap of each split
    local r = {}
    for a = 1, (s - 1) // 2 do r[a] = a end
    return r
  end,
  play = function(s, a, p) return {a, s - a} end,
  -- The same children for the memo search: each split's two heaps, with no table for them.
  children = function(s, p, visit)
    for a = 1, (s - 1) // 2 do visit(a, s - a) end
  end,
}
