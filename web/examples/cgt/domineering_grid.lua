-- Domineering on any grid: empty (.) and blocked (#) cells, rows separated by | (a position is
-- the grid written so, "..#|..."). Left places a domino down (on two empty cells one above the
-- other), Right across; who cannot move loses. Blocked cells cut the grid into regions, and
-- parts gives them to cgt one by one, each cut to its smallest rectangle: their values add,
-- and a region met twice is worked out once. The empty 4 x 4 grid is
-- +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}} (CGSuite's test of game.grid.Domineering);
-- web/examples/rules/domineering.lua plays empty grids in the app.

-- The grid's rows, and its width.
local function rowsOf(s)
  local rows = {}
  for row in s:gmatch("[^|]+") do rows[#rows + 1] = row end
  return rows, #rows[1]
end

local function empty(rows, r, c)
  return rows[r] and rows[r]:sub(c, c) == "."
end

game = {
  title = "Domineering (any grid)",
  partisan = true,
  sample = "....|....|....|....\n",
  read = function(text)
    local rows = {}
    for row in text:gmatch("[^|\n%s]+") do rows[#rows + 1] = row end
    if #rows == 0 then error("expected a grid of . and # (rows separated by |)") end
    for r, row in ipairs(rows) do
      if #row ~= #rows[1] then error("row " .. r .. " has " .. #row .. " cells, row 1 has " .. #rows[1]) end
      if row:find("[^.#]") then error("row " .. r .. " holds a cell other than . and #") end
    end
    return { {grid = table.concat(rows, "|")} }
  end,
  start = function(p) return p.grid end,
  -- A move is the cell (row, column) of the domino's top or left half, as row * 64 + column.
  moves = function(s, p, who)
    local rows, width = rowsOf(s)
    local r = {}
    for row = 1, #rows do
      for col = 1, width do
        if empty(rows, row, col) and
           (who == 1 and empty(rows, row + 1, col) or who == 2 and empty(rows, row, col + 1)) then
          r[#r + 1] = row * 64 + col
        end
      end
    end
    return r
  end,
  play = function(s, m, p, who)
    local rows = rowsOf(s)
    local row, col = m // 64, m % 64
    local function cover(r, c) rows[r] = rows[r]:sub(1, c - 1) .. "#" .. rows[r]:sub(c + 1) end
    cover(row, col)
    if who == 1 then cover(row + 1, col) else cover(row, col + 1) end
    return table.concat(rows, "|")
  end,
  -- The regions of empty cells (joined side to side), each cut to its smallest rectangle.
  parts = function(s, p)
    local rows, width = rowsOf(s)
    local seen, regions = {}, {}
    for row = 1, #rows do
      for col = 1, width do
        if empty(rows, row, col) and not seen[row * 64 + col] then
          local cells, stack = {}, { {row, col} }
          seen[row * 64 + col] = true
          local top, bottom, left, right = row, row, col, col
          while #stack > 0 do
            local r, c = table.unpack(table.remove(stack))
            cells[r * 64 + c] = true
            top, bottom = math.min(top, r), math.max(bottom, r)
            left, right = math.min(left, c), math.max(right, c)
            for _, d in ipairs({ {1, 0}, {-1, 0}, {0, 1}, {0, -1} }) do
              local nr, nc = r + d[1], c + d[2]
              if empty(rows, nr, nc) and not seen[nr * 64 + nc] then
                seen[nr * 64 + nc] = true
                stack[#stack + 1] = {nr, nc}
              end
            end
          end
          local out = {}
          for r = top, bottom do
            local line = {}
            for c = left, right do line[#line + 1] = cells[r * 64 + c] and "." or "#" end
            out[#out + 1] = table.concat(line)
          end
          regions[#regions + 1] = table.concat(out, "|")
        end
      end
    end
    if #regions == 1 and regions[1] == s then return {s} end
    return regions
  end,
  name = function(m, s, p, who)
    return (who == 1 and "down at (" or "across at (") .. m // 64 .. ", " .. m % 64 .. ")"
  end,
}
