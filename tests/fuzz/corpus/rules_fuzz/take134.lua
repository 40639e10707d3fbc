-- Take 1, 3 or 4 stones from a pile; the player who cannot move loses. The losing pile sizes
-- repeat with period 7: n mod 7 is 0 or 2 (n = 20: win 11).
game = {
  title = "Take 1, 3 or 4",
  params = { {"n", 20, 0, 100000} },
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    for _, k in ipairs({1, 3, 4}) do
      if k <= s then r[#r + 1] = k end
    end
    return r
  end,
  play = function(s, k, p) return s - k end,
  name = function(k, s, p) return "take " .. k end,
  show = function(s, p) return string.rep("o", math.min(s, 60)) .. " (" .. s .. " stones)" end,
}
