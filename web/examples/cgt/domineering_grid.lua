-- Domineering on any grid: empty (.) and blocked (#) cells, rows separated by | or by lines.
-- Left places a domino down (on two empty cells one above the other), Right across; who
-- cannot move loses. Blocked cells make regions, whose values add: cgt prints the sum. The
-- empty 4 x 4 grid is +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}} (CGSuite's test of
-- game.grid.Domineering); web/examples/rules/domineering.lua plays empty grids in the app.
game = {
  title = "Domineering (any grid)",
  partisan = true,
  sample = "....|....|....|....\n",
  read = function(text)
    local rows = {}
    for row in text:gmatch("[^|\n%s]+") do rows[#rows + 1] = row end
    if #rows == 0 then error("expected a grid of . and # (rows separated by |)") end
    local width = #rows[1]
    for r, row in ipairs(rows) do
      if #row ~= width then error("row " .. r .. " has " .. #row .. " cells, row 1 has " .. width) end
      if row:find("[^.#]") then error("row " .. r .. " holds a cell other than . and #") end
    end
    -- Each player's places: the pairs of cells a domino of theirs covers.
    local down, across = {}, {}
    for i = 1, #rows * width do
      if i + width <= #rows * width then down[#down + 1] = {i, i + width} end
      if i % width ~= 0 then across[#across + 1] = {i, i + 1} end
    end
    return { {grid = table.concat(rows), width = width, places = {down, across}} }
  end,
  start = function(p) return p.grid end,
  moves = function(s, p, who)
    local r = {}
    for k, place in ipairs(p.places[who]) do
      local a, b = place[1], place[2]
      if s:byte(a) == 46 and s:byte(b) == 46 then r[#r + 1] = k end  -- 46: "."
    end
    return r
  end,
  play = function(s, k, p, who)
    local a, b = p.places[who][k][1], p.places[who][k][2]
    return s:sub(1, a - 1) .. "#" .. s:sub(a + 1, b - 1) .. "#" .. s:sub(b + 1)
  end,
  name = function(k, s, p, who)
    local a = p.places[who][k][1]
    return (who == 1 and "down at (" or "across at (") .. (a - 1) // p.width + 1 .. ", " ..
           (a - 1) % p.width + 1 .. ")"
  end,
}
