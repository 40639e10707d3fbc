-- expect-value: loss 0
-- numeric for loops at math.maxinteger and math.mininteger (must not wrap and run for ever).
game = {
  start = function(p)
    local n = 0
    for i = math.maxinteger - 2, math.maxinteger do n = n + 1 end
    for i = math.mininteger, math.mininteger + 2 do n = n + 1 end
    for i = math.maxinteger, math.maxinteger - 1, math.mininteger do n = n + 1 end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
