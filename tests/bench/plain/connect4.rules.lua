-- Connect Four as rules written for speed (the bench's second gamesolver row): the same game as
-- web/examples/rules/connect4.lua (a stone dropped in a column; four in a row across, down or
-- diagonally wins; a full board is a draw), with the board as bitboards in one integer. Column
-- c (0-based) has the bits c * H .. c * H + rows - 1 from the bottom up, H = rows + 1 (a spare
-- bit a column, so that lines do not run from one column into the next); a position is
--   stones * 2^60 + filled * 2^30 + first,
-- `filled` the cells with a stone, `first` the first player's, `stones` how many. A move is a
-- column, 1 to cols, as in the example; children gives the memo search the same children.
local SHIFT = 1 << 30
local CELLS = SHIFT - 1

-- Whether the stones of b have four in a row.
local function four(b, H)
  local m = b & (b >> H)  -- across
  if m & (m >> (2 * H)) ~= 0 then return true end
  m = b & (b >> 1)  -- down
  if m & (m >> 2) ~= 0 then return true end
  m = b & (b >> (H - 1))  -- one diagonal
  if m & (m >> (2 * (H - 1))) ~= 0 then return true end
  m = b & (b >> (H + 1))  -- the other
  return m & (m >> (2 * (H + 1))) ~= 0
end

-- The stones of the player who made the last move.
local function lastMoved(s)
  local stones, filled, first = s >> 60, (s >> 30) & CELLS, s & CELLS
  if stones % 2 == 1 then return first end
  return filled ~ first
end

-- The position after a stone in column col (1-based), which has room.
local function drop(s, col, H)
  local stones, filled, first = s >> 60, (s >> 30) & CELLS, s & CELLS
  local grown = filled | (filled + (1 << ((col - 1) * H)))
  if stones % 2 == 0 then first = first | (grown ~ filled) end
  return ((stones + 1) << 60) | (grown << 30) | first
end

local function open(s, col, p)  -- whether column col has room
  return (s >> 30) & (1 << ((col - 1) * (p.rows + 1) + p.rows - 1)) == 0
end

game = {
  title = "Connect Four, bitboard positions",
  params = { {"rows", 4, 1, 5}, {"cols", 4, 1, 5} },
  start = function(p) return 0 end,
  moves = function(s, p)
    if four(lastMoved(s), p.rows + 1) then return {} end
    local r = {}
    for col = 1, p.cols do
      if open(s, col, p) then r[#r + 1] = col end
    end
    return r
  end,
  play = function(s, col, p) return drop(s, col, p.rows + 1) end,
  result = function(s, p) return four(lastMoved(s), p.rows + 1) and "loss" or "draw" end,
  name = function(col, s, p) return "column " .. col end,
  children = function(s, p, visit)
    local H = p.rows + 1
    if four(lastMoved(s), H) then return end
    for col = 1, p.cols do
      if open(s, col, p) and visit(drop(s, col, H)) then return end
    end
  end,
}
