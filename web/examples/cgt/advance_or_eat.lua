-- AtCoder ABC229 H "Advance or Eat": an N x N grid (N <= 8) of white pieces (W), black pieces
-- (B) and empty cells (.). Takahashi, who starts, moves a white piece one cell up onto an empty
-- cell or eats any black piece; Snuke moves a black piece one cell up or eats any white piece;
-- who cannot move loses. Print Takahashi or Snuke, the winner.
--
-- Takahashi is Left (who 1), Snuke Right. A move changes one column only, so the board is the
-- sum of its columns (parts): each column's value is worked out once, and the board's value is
-- their sum. Takahashi, moving first, wins when the sum's outcome class is L (Left wins
-- whoever starts) or N (whoever starts wins).
--
-- A position is its columns, each written top to bottom, separated by | ("B..|B.." is the
-- first two columns of sample 1).

local function columnsOf(s)
  local columns = {}
  for column in s:gmatch("[^|]+") do columns[#columns + 1] = column end
  return columns
end

game = {
  title = "Advance or Eat (AtCoder ABC229 H)",
  partisan = true,
  sample = "3\nBB.\n.B.\n...\n",
  read = function(text, input)
    local n = input:int(1, 8)
    local rows = {}
    for i = 1, n do
      rows[i] = input:word()
      if #rows[i] ~= n or rows[i]:find("[^WB.]") then
        error("row " .. i .. " is not " .. n .. " cells of W, B and .")
      end
    end
    input:finish()
    local columns = {}
    for j = 1, n do
      local cells = {}
      for i = 1, n do cells[i] = rows[i]:sub(j, j) end
      columns[j] = table.concat(cells)
    end
    return { {board = table.concat(columns, "|")} }
  end,
  start = function(p) return p.board end,
  -- A move is column * 64 + row: the piece at (row, column) moved up, or eaten.
  moves = function(s, p, who)
    local mine, theirs = who == 1 and "W" or "B", who == 1 and "B" or "W"
    local r = {}
    for j, column in ipairs(columnsOf(s)) do
      for i = 1, #column do
        local cell = column:sub(i, i)
        if cell == theirs or (cell == mine and i > 1 and column:sub(i - 1, i - 1) == ".") then
          r[#r + 1] = j * 64 + i
        end
      end
    end
    return r
  end,
  play = function(s, m, p, who)
    local columns = columnsOf(s)
    local j, i = m // 64, m % 64
    local column = columns[j]
    if column:sub(i, i) == (who == 1 and "W" or "B") then  -- up one cell
      column = column:sub(1, i - 2) .. column:sub(i, i) .. "." .. column:sub(i + 1)
    else  -- eaten
      column = column:sub(1, i - 1) .. "." .. column:sub(i + 1)
    end
    columns[j] = column
    return table.concat(columns, "|")
  end,
  parts = function(s, p) return columnsOf(s) end,
  answer = function(r, p)
    return (r.outcome_class == "L" or r.outcome_class == "N") and "Takahashi" or "Snuke"
  end,
  name = function(m, s, p, who)
    local j, i = m // 64, m % 64
    local cell = columnsOf(s)[j]:sub(i, i)
    local verb = cell == (who == 1 and "W" or "B") and "up from" or "eat"
    return verb .. " (" .. i .. ", " .. j .. ")"
  end,
}
