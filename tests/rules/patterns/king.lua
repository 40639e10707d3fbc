-- A king walks towards the corner (0, 0): one step left, down, or diagonally down-left; whoever
-- cannot move loses. The losing squares are those with both coordinates even.
game = {
  params = { {"x", 5, 0, 100}, {"y", 5, 0, 100} },
  start = function(p) return {p.x, p.y} end,
  moves = function(s, p)
    local r = {}
    if s[1] > 0 then r[#r + 1] = {s[1] - 1, s[2]} end
    if s[2] > 0 then r[#r + 1] = {s[1], s[2] - 1} end
    if s[1] > 0 and s[2] > 0 then r[#r + 1] = {s[1] - 1, s[2] - 1} end
    return r
  end,
  play = function(s, m, p) return m end,
}
