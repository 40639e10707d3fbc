-- Toppling Dominoes: a row of dominoes, each blue (l, Left's), red (r, Right's) or grey (e,
-- either player's). A player topples one of their own (or a grey one) to the left or to the
-- right, and it knocks down every domino on that side; who cannot move loses. The judge input is
-- the row. lrrlrrl is Tiny(1/2) and lere is {1|0,{0|-1}} (CGSuite's tests of
-- game.strip.TopplingDominoes).
game = {
  title = "Toppling Dominoes",
  partisan = true,
  sample = "lrrlrrl\n",
  read = function(text)
    local row = text:match("^%s*([lre]*)%s*$")
    if not row then error("expected a row of l, r and e") end
    return { {row = row} }
  end,
  start = function(p) return p.row end,
  moves = function(s, p, who)
    local mine = who == 1 and "l" or "r"
    local r = {}
    for i = 1, #s do
      local c = s:sub(i, i)
      if c == mine or c == "e" then
        r[#r + 1] = -i  -- toppled to the left: it and the dominoes before it fall
        r[#r + 1] = i   -- to the right: it and the dominoes after it
      end
    end
    return r
  end,
  play = function(s, m, p)
    if m < 0 then return s:sub(-m + 1) end
    return s:sub(1, m - 1)
  end,
  name = function(m, s, p)
    return "topple domino " .. math.abs(m) .. (m < 0 and " to the left" or " to the right")
  end,
}
