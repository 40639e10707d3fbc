-- Kayles: a row of n pins; knock down one pin or two adjacent pins. A position is a sorted list
-- of row lengths and `parts` makes it the sum of its rows, so each row length is solved once.
-- The Grundy numbers are periodic with period 12 from n = 71 (n = 10: sg 2).
game = {
  title = "Kayles",
  params = { {"n", 10, 0, 2000} },
  impartial = true,
  moves_by_part = true,  -- moves(s) lists each row's moves in turn, as the row alone would
  start = function(p) return {p.n} end,
  parts = function(s, p)
    local r = {}
    for _, len in ipairs(s) do r[#r + 1] = {len} end
    return r
  end,
  moves = function(s, p)
    local r = {}
    for i, len in ipairs(s) do
      for width = 1, 2 do
        for left = 0, len - width do r[#r + 1] = {i, left, width} end
      end
    end
    return r
  end,
  play = function(s, mv, p)
    local t = {}
    for i, len in ipairs(s) do
      if i == mv[1] then
        local left, right = mv[2], len - mv[2] - mv[3]
        if left > 0 then t[#t + 1] = left end
        if right > 0 then t[#t + 1] = right end
      else
        t[#t + 1] = len
      end
    end
    table.sort(t)
    return t
  end,
  name = function(mv, s, p)
    return "knock " .. mv[3] .. " from row " .. mv[1] .. " after " .. mv[2]
  end,
  show = function(s, p)
    local rows = {}
    for _, len in ipairs(s) do rows[#rows + 1] = string.rep("|", len) end
    return #rows > 0 and table.concat(rows, "   ") or "(no pins)"
  end,
}
