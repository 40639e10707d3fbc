-- Domineering: on a grid of rows x cols, the first player (Vertical) places a domino on two
-- empty cells one above the other, the second (Horizontal) on two empty cells side by side;
-- the player who cannot place one loses. A partisan game: the players have different moves,
-- and partisan = true tells each call who moves, so the position is just the grid ("." empty,
-- "#" covered, row after row). On 4 x 4 the first player wins.
game = {
  title = "Domineering",
  partisan = true,
  params = { {"rows", 4, 1, 8}, {"cols", 4, 1, 8} },
  start = function(p) return string.rep(".", p.rows * p.cols) end,
  moves = function(s, p, who)
    local r = {}
    for row = 0, p.rows - 1 do
      for col = 0, p.cols - 1 do
        local i = row * p.cols + col + 1
        local j = who == 1 and i + p.cols or i + 1  -- the other cell: below, or to the right
        local fits = who == 1 and row + 1 < p.rows or col + 1 < p.cols
        if fits and s:sub(i, i) == "." and s:sub(j, j) == "." then r[#r + 1] = i end
      end
    end
    return r
  end,
  play = function(s, i, p, who)
    local j = who == 1 and i + p.cols or i + 1
    local t = {}
    for k = 1, #s do t[k] = (k == i or k == j) and "#" or s:sub(k, k) end
    return table.concat(t)
  end,
  name = function(i, s, p, who)
    local row, col = (i - 1) // p.cols + 1, (i - 1) % p.cols + 1
    return (who == 1 and "vertical at (" or "horizontal at (") .. row .. ", " .. col .. ")"
  end,
  show = function(s, p)
    local rows = {}
    for row = 0, p.rows - 1 do rows[#rows + 1] = s:sub(row * p.cols + 1, (row + 1) * p.cols) end
    return rows
  end,
}
