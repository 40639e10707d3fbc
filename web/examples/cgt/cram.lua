-- Cram: on a grid of empty (.) and blocked (#) cells, each player in turn places a domino on
-- two adjacent empty cells, across or down as they like; who cannot move loses. Both players
-- have the same moves, so every position is a nimber. The judge input is the grid, rows
-- separated by | or by lines. .........|##.###### is *4 (CGSuite's test of game.grid.Cram).
game = {
  title = "Cram",
  impartial = true,
  sample = ".........|##.######\n",
  read = function(text)
    local rows = {}
    for row in text:gmatch("[^|\n%s]+") do rows[#rows + 1] = row end
    if #rows == 0 then error("expected a grid of . and # (rows separated by |)") end
    for r, row in ipairs(rows) do
      if #row ~= #rows[1] then error("row " .. r .. " has " .. #row .. " cells, row 1 has " .. #rows[1]) end
      if row:find("[^.#]") then error("row " .. r .. " holds a cell other than . and #") end
    end
    return { {rows = #rows, cols = #rows[1], grid = table.concat(rows)} }
  end,
  start = function(p) return p.grid end,
  moves = function(s, p)
    local r = {}
    for i = 1, #s do
      if s:sub(i, i) == "." then
        local col = (i - 1) % p.cols
        if col + 1 < p.cols and s:sub(i + 1, i + 1) == "." then r[#r + 1] = 2 * i end
        if i + p.cols <= #s and s:sub(i + p.cols, i + p.cols) == "." then r[#r + 1] = 2 * i + 1 end
      end
    end
    return r
  end,
  play = function(s, m, p)
    local i = m // 2
    local j = m % 2 == 0 and i + 1 or i + p.cols
    return s:sub(1, i - 1) .. "#" .. s:sub(i + 1, j - 1) .. "#" .. s:sub(j + 1)
  end,
  name = function(m, s, p)
    local i = m // 2
    return (m % 2 == 0 and "across at (" or "down at (") .. (i - 1) // p.cols + 1 .. ", " ..
           (i - 1) % p.cols + 1 .. ")"
  end,
}
