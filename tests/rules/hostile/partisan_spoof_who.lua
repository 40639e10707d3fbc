-- expect-value: loss 2
-- partisan rules whose positions are {who, n}, like the host's own pairs.
game = {
  partisan = true,
  start = function(p) return {1, 2} end,
  moves = function(s, p, who) if s[2] > 0 then return {who} end return {} end,
  play = function(s, m, p, who) return {m, s[2] - 1} end,
  name = function(m, s, p, who) return "who " .. tostring(who) end,
  show = function(s, p, who) return "who " .. tostring(who) end,
}
