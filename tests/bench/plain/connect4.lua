-- Connect Four, who wins, as a contestant writes it in plain Lua: a memo over the board string
-- with negamax values (1 a win for the player to move, 0 a draw, -1 a loss) that stops at the
-- first winning move. lua5.4 connect4.lua ROWS COLS prints win, loss or draw.
local R, C = math.tointeger(tonumber(arg[1])), math.tointeger(tonumber(arg[2]))
local lines = {}
for row = 1, R do
  for col = 1, C do
    for _, d in ipairs({{0, 1}, {1, 0}, {1, 1}, {1, -1}}) do
      local lastRow, lastCol = row + 3 * d[1], col + 3 * d[2]
      if lastRow <= R and lastCol >= 1 and lastCol <= C then
        local line = {}
        for k = 0, 3 do line[k + 1] = (row + k * d[1] - 1) * C + col + k * d[2] end
        lines[#lines + 1] = line
      end
    end
  end
end
local function four(s)
  for _, l in ipairs(lines) do
    local c = s:byte(l[1])
    if c ~= 46 and s:byte(l[2]) == c and s:byte(l[3]) == c and s:byte(l[4]) == c then return true end
  end
  return false
end
local memo = {}
local function solve(s, stones)
  local known = memo[s]
  if known then return known end
  local value
  if four(s) then
    value = -1
  elseif stones == R * C then
    value = 0
  else
    value = -1
    local stone = stones % 2 == 0 and "x" or "o"
    for col = 1, C do
      if s:byte(col) == 46 then
        local row = R
        while s:byte((row - 1) * C + col) ~= 46 do row = row - 1 end
        local at = (row - 1) * C + col
        local v = -solve(s:sub(1, at - 1) .. stone .. s:sub(at + 1), stones + 1)
        if v > value then
          value = v
          if value == 1 then break end
        end
      end
    end
  end
  memo[s] = value
  return value
end
local v = solve(string.rep(".", R * C), 0)
print(v == 1 and "win" or v == 0 and "draw" or "loss")
