-- Grundy's game as a contestant writes it in plain Lua: g(n) = mex of g(a) xor g(n - a) over
-- the splits into two different heaps, memoised. lua5.4 grundy.lua N prints "sg G".
local n = math.tointeger(tonumber(arg[1]))
local g = {}
local function grundy(m)
  local known = g[m]
  if known then return known end
  local seen = {}
  for a = 1, (m - 1) // 2 do seen[grundy(a) ~ grundy(m - a)] = true end
  local value = 0
  while seen[value] do value = value + 1 end
  g[m] = value
  return value
end
for m = 1, n do grundy(m) end  -- bottom-up order: no deep recursion
print("sg " .. grundy(n))
