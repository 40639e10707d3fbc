-- expect: line 8: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- a million < of two 64 MB strings that differ in their last byte.
game = {
  start = function(p)
    local a = string.rep("x", 64 << 20)
    local b = a:sub(1, -2) .. "y"
    local n = 0
    for i = 1, 1e6 do if a < b then n = n + 1 end end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
