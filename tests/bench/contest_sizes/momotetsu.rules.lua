-- AtCoder Beginner Contest 201, problem D "Game in Momotetsu World"
-- https://atcoder.jp/contests/abc201/tasks/abc201_d
--
-- An H x W grid of + and - cells, a piece on the top-left one. Takahashi (first) and Aoki take
-- turns moving it one cell right or down, until it reaches the bottom-right cell; a player
-- who moves it onto a + cell scores 1, onto a - cell loses 1. More points wins.
-- Input:  H W                    (1 <= H, W <= 2000)
--         then H rows of W characters + or -
-- Output: Takahashi, Aoki or Draw.
-- Size here: H = W = 2000, the problem's largest (momotetsu.gen.py).
--
-- A scored game (gain), written the fast way: the cell (i, j), from 0, is the integer
-- i * W + j, the moves constant lists, the grid one string of H * W characters in p, and
-- children gives the memo search both children with their gains in one call. The answer is
-- the sign of the first player's margin.

local BOTH, RIGHT, DOWN, NONE = {"right", "down"}, {"right"}, {"down"}, {}

game = {
  title = "Game in Momotetsu World (ABC201 D)",
  sample = "3 3\n---\n+-+\n+--\n",
  read = function(text)
    local h, w, rest = text:match("^%s*(%d+)%s+(%d+)(.*)$")
    h, w = math.tointeger(tonumber(h)), math.tointeger(tonumber(w))
    if not (h and w) then error("expected H W and then H rows") end
    local rows = {}
    for row in rest:gmatch("[+-]+") do rows[#rows + 1] = row end
    if #rows ~= h then error("expected " .. h .. " rows") end
    for _, row in ipairs(rows) do
      if #row ~= w then error("expected rows of " .. w .. " characters") end
    end
    return { {h = h, w = w, grid = table.concat(rows)} }
  end,
  start = function(p) return 0 end,
  moves = function(s, p)
    local i, j = s // p.w, s % p.w
    local right, down = j + 1 < p.w, i + 1 < p.h
    if right and down then return BOTH end
    if right then return RIGHT end
    if down then return DOWN end
    return NONE
  end,
  play = function(s, mv, p) return mv == "right" and s + 1 or s + p.w end,
  gain = function(s, mv, p)
    local to = mv == "right" and s + 1 or s + p.w
    return p.grid:byte(to + 1) == 43 and 1 or -1  -- 43: "+"
  end,
  children = function(s, p, visit)
    local w, grid = p.w, p.grid
    local i, j = s // w, s % w
    if j + 1 < w then visit(s + 1, grid:byte(s + 2) == 43 and 1 or -1) end
    if i + 1 < p.h then visit(s + w, grid:byte(s + w + 1) == 43 and 1 or -1) end
  end,
  answer = function(r, p)
    if r.margin > 0 then return "Takahashi" end
    if r.margin < 0 then return "Aoki" end
    return "Draw"
  end,
}
