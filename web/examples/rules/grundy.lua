-- Grundy's game: split a heap into two heaps of different sizes; the player who cannot split
-- any heap loses. Impartial, a position being the sum of its heaps (parts). Its Sprague-Grundy
-- numbers are famously irregular: sg 13 for n = 300 (gamesolver table grundy.lua n=0..300). At
-- n = 9000 its sums pass the positions cap (20 million) after about a minute.
game = {
  title = "Grundy's game",
  impartial = true,
  params = { {"n", 20, 0, 100000} },
  start = function(p) return {p.n} end,
  parts = function(s, p)
    local r = {}
    for _, h in ipairs(s) do r[#r + 1] = {h} end
    return r
  end,
  moves = function(s, p)  -- the smaller heap of each split
    local r = {}
    for a = 1, (s[1] - 1) // 2 do r[#r + 1] = a end
    return r
  end,
  play = function(s, a, p) return {a, s[1] - a} end,
  name = function(a, s, p) return s[1] .. " -> " .. a .. " + " .. (s[1] - a) end,
}
