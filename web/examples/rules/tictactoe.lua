-- Tic-tac-toe: X (the first player) and O take turns marking an empty cell of a 3 x 3 grid;
-- three in a row wins. The game ends in a draw when the grid is full with no line: result()
-- says so. With perfect play nobody wins: draw 9 (the grid fills up).
-- The players are told apart by partisan = true: X or O follows from who moves, so the
-- position is just the grid (row after row, "." for an empty cell).
local lines = { {1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {1, 4, 7}, {2, 5, 8}, {3, 6, 9}, {1, 5, 9},
                {3, 5, 7} }

local function won(s)
  for _, l in ipairs(lines) do
    local a = s:sub(l[1], l[1])
    if a ~= "." and a == s:sub(l[2], l[2]) and a == s:sub(l[3], l[3]) then return true end
  end
  return false
end

game = {
  title = "Tic-tac-toe",
  partisan = true,
  start = function(p) return "........." end,
  moves = function(s, p, who)
    if won(s) then return {} end  -- the player who just moved made three in a row
    local r = {}
    for i = 1, 9 do
      if s:sub(i, i) == "." then r[#r + 1] = i end
    end
    return r
  end,
  play = function(s, i, p, who)
    return s:sub(1, i - 1) .. (who == 1 and "X" or "O") .. s:sub(i + 1)
  end,
  result = function(s, p, who)
    if won(s) then return "loss" end
    return "draw"  -- the grid is full
  end,
  name = function(i, s, p, who)
    return (who == 1 and "X" or "O") .. " at (" .. (i - 1) // 3 + 1 .. ", " .. (i - 1) % 3 + 1 .. ")"
  end,
  show = function(s, p) return {s:sub(1, 3), s:sub(4, 6), s:sub(7, 9)} end,
}
