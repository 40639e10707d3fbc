-- Clobber: on a grid of black (x, Left's) and white (o, Right's) stones, a player moves one of
-- their stones onto an orthogonally adjacent stone of the other's, which is removed (the cell it
-- left is empty); who cannot move loses. The judge input is the grid, rows separated by | or by
-- lines (x, o, or . for an empty cell), as CGSuite writes a grid; "diagonal" before it plays the
-- variant whose captures are diagonal instead. `gamesolver cgt clobber.lua board.txt` prints its
-- value: xox|ox. is {^^*|*,v} (CGSuite's test of game.grid.Clobber).
game = {
  title = "Clobber",
  partisan = true,
  sample = "xox|ox.\n",
  read = function(text)
    local diagonal = false
    local rest = text:match("^%s*diagonal%s+(.*)$")
    if rest then diagonal, text = true, rest end
    local rows = {}
    for row in text:gmatch("[^|\n%s]+") do rows[#rows + 1] = row end
    if #rows == 0 then error("expected a grid of x, o and . (rows separated by |)") end
    for r, row in ipairs(rows) do
      if #row ~= #rows[1] then error("row " .. r .. " has " .. #row .. " cells, row 1 has " .. #rows[1]) end
      if row:find("[^xo.]") then error("row " .. r .. " holds a cell other than x, o and .") end
    end
    return { {rows = #rows, cols = #rows[1], grid = table.concat(rows), diagonal = diagonal} }
  end,
  start = function(p) return p.grid end,
  moves = function(s, p, who)
    local mine, theirs = who == 1 and "x" or "o", who == 1 and "o" or "x"
    local steps = p.diagonal and { {-1, -1}, {-1, 1}, {1, -1}, {1, 1} }
                  or { {-1, 0}, {1, 0}, {0, -1}, {0, 1} }
    local r = {}
    for i = 1, #s do
      if s:sub(i, i) == mine then
        local row, col = (i - 1) // p.cols, (i - 1) % p.cols
        for _, d in ipairs(steps) do
          local nr, nc = row + d[1], col + d[2]
          local j = nr * p.cols + nc + 1
          if nr >= 0 and nr < p.rows and nc >= 0 and nc < p.cols and s:sub(j, j) == theirs then
            r[#r + 1] = {i, j}
          end
        end
      end
    end
    return r
  end,
  play = function(s, m, p, who)
    local t = {}
    for k = 1, #s do t[k] = s:sub(k, k) end
    t[m[2]], t[m[1]] = t[m[1]], "."
    return table.concat(t)
  end,
  name = function(m, s, p)
    local function cell(i) return "(" .. (i - 1) // p.cols + 1 .. ", " .. (i - 1) % p.cols + 1 .. ")" end
    return cell(m[1]) .. " takes " .. cell(m[2])
  end,
  show = function(s, p)
    local rows = {}
    for row = 0, p.rows - 1 do rows[#rows + 1] = s:sub(row * p.cols + 1, (row + 1) * p.cols) end
    return rows
  end,
}
