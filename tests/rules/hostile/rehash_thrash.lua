-- expect: line 7: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- a full 65,535-key hash part where each new key forces a rehash (insert then delete).
game = {
  start = function(p)
    local t = {}
    for i = 1, 65535 do t["k" .. i] = true end
    for i = 1, 20000 do t[-i] = true; t[-i] = nil end
    return 0
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
