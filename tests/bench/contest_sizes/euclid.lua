-- POJ 2348 "Euclid's Game" in plain Lua 5.4: the same memoised search as euclid.py, the pair
-- (a, b) the key a * 2^31 + b.
local W = 1 << 31
local memo = {}
local function wins(a, b)
  if a < b then a, b = b, a end
  if b == 0 then return false end
  local key = a * W + b
  local known = memo[key]
  if known ~= nil then return known end
  local result = false
  for k = 1, a // b do
    if not wins(a - k * b, b) then result = true; break end
  end
  memo[key] = result
  return result
end
local t = {}
for word in io.read("a"):gmatch("%S+") do t[#t + 1] = math.tointeger(word) end
local out = {}
for i = 1, #t - 1, 2 do
  local a, b = t[i], t[i + 1]
  if a == 0 and b == 0 then break end
  out[#out + 1] = wins(a, b) and "Stan wins" or "Ollie wins"
end
print(table.concat(out, "\n"))
