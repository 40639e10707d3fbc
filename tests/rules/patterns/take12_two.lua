-- Two piles; take 1 or 2 stones from one of them. Each pile is worth its size mod 3 (take 1 or
-- 2), so the first player loses exactly when a % 3 == b % 3.
game = {
  impartial = true,
  params = { {"a", 5, 0, 100}, {"b", 5, 0, 100} },
  start = function(p) return {p.a, p.b} end,
  moves = function(s, p)
    local r = {}
    for i = 1, 2 do for k = 1, 2 do if s[i] >= k then r[#r + 1] = {i, k} end end end
    return r
  end,
  play = function(s, m, p)
    local t = {s[1], s[2]}
    t[m[1]] = t[m[1]] - m[2]
    return t
  end,
}
