-- Wythoff's game, who wins, as a contestant writes it in plain Lua: a memo that stops at the
-- first winning move, the moves in wythoff.lua's order. lua5.4 wythoff.lua A B prints win or
-- loss.
local A, B = math.tointeger(tonumber(arg[1])), math.tointeger(tonumber(arg[2]))
local memo, width = {}, B + 1
local function wins(a, b)
  local key = a * width + b
  local known = memo[key]
  if known ~= nil then return known end
  local result = false
  for k = 1, a do if not wins(a - k, b) then result = true break end end
  if not result then
    for k = 1, b do if not wins(a, b - k) then result = true break end end
  end
  if not result then
    for k = 1, math.min(a, b) do if not wins(a - k, b - k) then result = true break end end
  end
  memo[key] = result
  return result
end
print(wins(A, B) and "win" or "loss")
