-- From an odd n every move (to an even number) wins; from an even one every move loses. The memo
-- search's answer ahead of the whole solve (rulesBoardOutcome) must name as many winning moves
-- as the whole solve finds: 21 of 21 here.
game = {
  params = { {"n", 41, 0, 100} },
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    for m = 1 - s % 2, s - 1, 2 do r[#r + 1] = m end
    return r
  end,
  play = function(s, m, p) return m end,
  name = function(m, s, p) return "to " .. m end,
}
