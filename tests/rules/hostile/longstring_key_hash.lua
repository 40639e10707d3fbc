-- expect: line 7: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- 2,000 new 8 MB strings used as table keys (each hashed in C once).
game = {
  start = function(p)
    local t, n = {}, 0
    for i = 1, 2000 do
      local k = string.rep("k", 8 << 20, tostring(i % 3))
      t[k] = i
      n = n + #k
    end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
