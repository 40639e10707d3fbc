-- A children that visits inside pcall, in a game with cycles (a draw only the host decides):
-- the memo search's hand-over at the cycle was caught by the pcall, and the search answered
-- "win 3" where the whole solve gives "draw" (the fuzz target's check: the search's value is
-- the whole solve's).
game = {
  params = { {"n", 4, 1, 12} },
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    if s >= 1 then r[#r + 1] = 1 end
    if s >= 2 then r[#r + 1] = 2 end
    if s >= 1 and s < p.n then r[#r + 1] = 3 end
    return r
  end,
  play = function(s, m, p) if m == 3 then return s + 1 end return s - m end,
  children = function(s, p, visit)
    pcall(function()
      if s >= 1 and visit(s - 1) then return end
      if s >= 2 and visit(s - 2) then return end
      if s >= 1 and s < p.n and visit(s + 1) then return end
    end)
  end,
}
