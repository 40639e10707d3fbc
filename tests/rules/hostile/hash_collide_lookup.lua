-- expect-value: loss 0
-- Found by this session's hostile pass, and fixed: 300,000 lookups of one key in a hash chain 
-- of 40,000 colliding integer keys (multiples of 65535): ~1.2M instructions, 16 s (CLI), 69 s 
-- (module loadRules).
game = {
  start = function(p)
    local t, m = {}, 65535
    for i = 1, 40000 do t[i * m] = i end
    local x, k = 0, 20000 * m
    for r = 1, 300000 do x = t[k] end
    return 0
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
