-- Wythoff's game: two piles; take any number of stones from one pile, or the same number from
-- both. The losing positions are the pairs (floor(k*phi), floor(k*phi^2)). (100, 100): win 1.
game = {
  title = "Wythoff's game",
  params = { {"a", 100, 0, 1000}, {"b", 100, 0, 1000} },
  start = function(p) return {p.a, p.b} end,
  moves = function(s, p)
    local r = {}
    for k = 1, s[1] do r[#r + 1] = {1, k} end
    for k = 1, s[2] do r[#r + 1] = {2, k} end
    for k = 1, math.min(s[1], s[2]) do r[#r + 1] = {3, k} end
    return r
  end,
  play = function(s, mv, p)
    local k = mv[2]
    if mv[1] == 1 then return {s[1] - k, s[2]} end
    if mv[1] == 2 then return {s[1], s[2] - k} end
    return {s[1] - k, s[2] - k}
  end,
  name = function(mv, s, p)
    if mv[1] == 3 then return "take " .. mv[2] .. " from both" end
    return "take " .. mv[2] .. " from pile " .. mv[1]
  end,
}
