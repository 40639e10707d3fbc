-- A heap of n; a move makes it any smaller heap m with m // 2 < n // 2. Its Grundy numbers grow
-- by one every two: sg(n) = n // 2 (an arithmetic period 2 with saltus 1).
game = {
  impartial = true,
  params = { {"n", 10, 0, 1000} },
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    for m = 0, 2 * (s // 2) - 1 do r[#r + 1] = m end
    return r
  end,
  play = function(s, m, p) return m end,
}
