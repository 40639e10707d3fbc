-- ABC354 E "Remove Pairs" in plain Lua 5.4: the same memoised search as remove_pairs.py.
local t = {}
for word in io.read("a"):gmatch("%S+") do t[#t + 1] = math.tointeger(word) end
local n = t[1]
local pairs = {}
for i = 1, n do
  for j = i + 1, n do
    if t[2 * i] == t[2 * j] or t[2 * i + 1] == t[2 * j + 1] then
      pairs[#pairs + 1] = (1 << (i - 1)) | (1 << (j - 1))
    end
  end
end
local memo = {}
local function wins(s)
  local known = memo[s]
  if known ~= nil then return known end
  local result = false
  for k = 1, #pairs do
    local m = pairs[k]
    if s & m == m and not wins(s ~ m) then result = true; break end
  end
  memo[s] = result
  return result
end
print(wins((1 << n) - 1) and "Takahashi" or "Aoki")
