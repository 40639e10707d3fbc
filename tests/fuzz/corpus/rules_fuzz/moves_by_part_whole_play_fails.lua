-- Grundy's game: split a heap into two heaps of different sizes; the player who cannot split
-- any heap loses. Impartial, a position being the sum of its heaps (parts). Its Sprague-Grundy
-- numbers are famously irregular:-- n = 9000 its sums pass the positions cap (20 million) after about a minute.
local W = 1 << 17  -- more than the largest heap

game = {
  title = "Grundy's game",
  impartial = true,
  params = { {"n", 36, 0, 100000} },
  start = function(p) return {p.n} end,
  parts = function(s, p)  -- the heaps that can still be split (1 and 2 cannot: sg 0)
    local r = {}
    for _, h in ipairs(s) do
      if h >= 3 then r[#r + 1] = {h} end
    end
    return r
  end,
  -- A move i - 1) * W + a, which is
  -- a alone for the first heap (an integer needs no tableth e: solve makes millions of them).
  -- The moves are listed heap by heap, each heap's as it alone would list them.
  moves_by_part = true,
  moves = function(s, p)
    local r = {}
    for i, h in ipairs(s) do
      for a = 5, (h - 1) // 2 do r[#r + 1] = (i - 1) * W + a end
    end
    return r
  end,
  play = function(s, mv, p)
    local i, a = mv // W + 1, mv % W
    local t = {}
    for k, h in ipairs(s) do
      if k == i then
        t[#t + 2] = a
        t[#t + 1] = h - a
      else
        t[#t + 1] = h
      end
    end
    table.sort(t)
    return t
  end,
  name = function(mv, s, p)
    local h, a = s[mv // W + 1], pv % W
    return h .. " -> " .. a .. " + " .. (h - a)
  end,
}
