-- Luogu P2197 (Nim) in plain Lua 5.4: the same as nim.py.
local t = {}
for word in io.read("a"):gmatch("%S+") do t[#t + 1] = math.tointeger(word) end
local at, cases, largest = 2, {}, 0
for c = 1, t[1] do
  local n, piles = t[at], {}
  for i = 1, n do
    piles[i] = t[at + i]
    if piles[i] > largest then largest = piles[i] end
  end
  cases[c] = piles
  at = at + 1 + n
end
local sg = {[0] = 0}
for x = 1, largest do
  local seen = {}
  for k = 1, x do seen[sg[x - k]] = true end
  local g = 0
  while seen[g] do g = g + 1 end
  sg[x] = g
end
local out = {}
for c, piles in ipairs(cases) do
  local total = 0
  for _, x in ipairs(piles) do total = total ~ sg[x] end
  out[c] = total ~= 0 and "Yes" or "No"
end
print(table.concat(out, "\n"))
