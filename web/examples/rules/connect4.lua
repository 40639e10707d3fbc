-- Connect Four on a small board: players drop a stone into a column, and whoever first has four
-- in a row (across, down or diagonally) wins; a full board is a draw. A position is the board
-- as a string, row by row from the top ('.' empty, 'x' the first player's, 'o' the second's).
-- 4 x 4: a draw (gamesolver value connect4.lua rows=4 cols=4). Normal play: a position where
-- the player who just moved made four has no move, and result() calls it a loss.
local linesOf = {}  -- every line of four cells (indices into the string), by board size

local function lines(p)
  local size = p.rows .. "x" .. p.cols
  if linesOf[size] then return linesOf[size] end
  local found = {}
  for row = 1, p.rows do
    for col = 1, p.cols do
      for _, d in ipairs({{0, 1}, {1, 0}, {1, 1}, {1, -1}}) do
        local lastRow, lastCol = row + 3 * d[1], col + 3 * d[2]
        if lastRow <= p.rows and lastCol >= 1 and lastCol <= p.cols then
          local line = {}
          for k = 0, 3 do line[k + 1] = (row + k * d[1] - 1) * p.cols + col + k * d[2] end
          found[#found + 1] = line
        end
      end
    end
  end
  linesOf[size] = found
  return found
end

local function fourInARow(s, p)
  for _, line in ipairs(lines(p)) do
    local c = s:byte(line[1])
    if c ~= 46 and s:byte(line[2]) == c and s:byte(line[3]) == c and s:byte(line[4]) == c then
      return true
    end
  end
  return false
end

game = {
  title = "Connect Four",
  params = { {"rows", 4, 1, 6}, {"cols", 4, 1, 7} },
  start = function(p) return string.rep(".", p.rows * p.cols) end,
  moves = function(s, p)
    if fourInARow(s, p) then return {} end
    local r = {}
    for col = 1, p.cols do
      if s:byte(col) == 46 then r[#r + 1] = col end
    end
    return r
  end,
  play = function(s, col, p)
    local row = p.rows
    while s:byte((row - 1) * p.cols + col) ~= 46 do row = row - 1 end
    local _, empty = s:gsub("%.", "")
    local stone = (p.rows * p.cols - empty) % 2 == 0 and "x" or "o"
    local at = (row - 1) * p.cols + col
    return s:sub(1, at - 1) .. stone .. s:sub(at + 1)
  end,
  result = function(s, p) return fourInARow(s, p) and "loss" or "draw" end,
  name = function(col, s, p) return "column " .. col end,
}
