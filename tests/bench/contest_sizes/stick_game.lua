-- CSES 1729 "Stick Game" in plain Lua 5.4: the same bottom-up loop as stick_game.py.
local t = {}
for word in io.read("a"):gmatch("%S+") do t[#t + 1] = math.tointeger(word) end
local n, k = t[1], t[2]
local sizes = {table.unpack(t, 3, 2 + k)}
table.sort(sizes)
local win = {[0] = false}
local out = {}
for i = 1, n do
  local w = false
  for j = 1, k do
    local x = sizes[j]
    if x > i then break end
    if not win[i - x] then w = true; break end
  end
  win[i] = w
  out[i] = w and "W" or "L"
end
print(table.concat(out))
