-- expect-value: win 3
-- moves and name that keep a counter and answer differently at every call.
local calls = 0
game = {
  start = function(p) return 3 end,
  moves = function(s, p)
    calls = calls + 1
    if s == 0 then return {} end
    local t = {}
    for i = 1, (calls % 3) + 1 do t[i] = 1 end
    return t
  end,
  play = function(s, m, p) return s - m end,
  name = function(m, s, p) calls = calls + 7 return "take " .. calls end,
}
