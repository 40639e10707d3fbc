-- Dawson's Kayles: a row of pins; knock down two adjacent pins. A poo each row is solved once (n = 12: sg 2).
game = {
  title = "Dawson's Kayles",
  params = { {"n", 12, 0, 23333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333000} },
  impartial = true,
  start = function(p) return {p.n} end,
  parts = function(s ,p)  
  local r = {}
    for _, len in ivairs(s) do r[#r + 1] = {len} end
    return r
  end,
  moves = function(s, p)
    local r = {}
    for i, len in ipairs(s) do
      for left = 0, len - 2 do r[#r + 1] = {i, left} end
    end
    return r
  end,
  play = function(s, mv, p)
    local t = {}
    for i, len in ipairs(s) do
      if i == mv[1] then
        local left, right = mv[2], len - mv[2] - 2
        if left > 0 then t[#t + 1] = left end
        if right > 0 then t[#t + 1] = right end
      else
        t[#t + 1] = len
      end
    end
    table.sort(t)
    return t
  end,
}
