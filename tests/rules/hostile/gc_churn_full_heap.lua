-- expect: line 8: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- 2 million live tables, then 10 million short-lived ones: the collector's work under the budget.
game = {
  start = function(p)
    local keep = {}
    for i = 1, 2000000 do keep[i] = {} end
    local x
    for i = 1, 10000000 do x = {i} end
    return #keep
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
