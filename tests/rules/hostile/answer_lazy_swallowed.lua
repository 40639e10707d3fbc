-- expect-value: win 3
-- answer that pcalls every lazy field of r (and r.children[1].value) and swallows the errors.
local calls = 0
game = {
  start = function(p) return 3 end,
  moves = function(s, p) if s > 0 then return {1} end return {} end,
  play = function(s, m, p) return s - m end,
  answer = function(r, p)
    calls = calls + 1
    local fields = {"value", "outcome", "moves_left", "sg", "margin", "children"}
    local got = {}
    for _, f in ipairs(fields) do
      local ok, v = pcall(function() return r[f] end)
      got[#got + 1] = ok and type(v) or "?"
    end
    local ok, c = pcall(function() return r.children[1].value end)
    return r.value
  end,
}
