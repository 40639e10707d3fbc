-- expect-value: loss 0
-- Found by this session's hostile pass, and fixed: 100,000 integer keys that all collide 
-- (multiples of 131071): building the table is quadratic in ltable.c: 100k instructions, 11.8 s.
game = {
  start = function(p)
    local t, m = {}, 131071
    for i = 1, 100000 do t[i * m] = i end
    return 0
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
