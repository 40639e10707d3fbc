-- EDPC L "Deque" in plain Lua 5.4: a memo over (i, j), the best X - Y for the player to move
-- on a[i .. j] (the recursion is at most N deep).
local t = {}
for word in io.read("a"):gmatch("%S+") do t[#t + 1] = math.tointeger(word) end
local n, a = t[1], {}
for i = 1, n do a[i] = t[i + 1] end
local memo, width = {}, n + 2
local function best(i, j)
  if i > j then return 0 end
  local key = i * width + j
  local known = memo[key]
  if known then return known end
  local front, back = a[i] - best(i + 1, j), a[j] - best(i, j - 1)
  local value = front > back and front or back
  memo[key] = value
  return value
end
print(string.format("%d", best(1, n)))
