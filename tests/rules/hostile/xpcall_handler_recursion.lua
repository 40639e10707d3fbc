-- expect-value: loss 0
-- an xpcall whose message handler calls xpcall with itself as handler.
game = {
  start = function(p)
    local function h(m) return xpcall(error, h, m) end
    return xpcall(error, h, "x")
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
