-- expect: line 6: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- Found in this session's review: sorting in C runs no instruction per comparison.
game = {
  start = function(p)
    local t = {} for i = 1, 3e6 do t[i] = (i * 7919) % 1000003 end
    for k = 1, 100 do table.sort(t) end
    return 0
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
