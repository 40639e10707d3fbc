-- ABC195 E "Lucky 7 Battle" in plain Lua 5.4: the same bottom-up loop as lucky7.py.
local n = math.tointeger(io.read("n"))
local s, x = io.read("a"):match("(%d+)%s+([AT]+)")
local win = {}
for r = 0, 6 do win[r] = r == 0 end
for i = n, 1, -1 do
  local d, t = s:byte(i) - 48, x:byte(i) == 84  -- "T"
  local nxt = {}
  for r = 0, 6 do
    local a, b = win[10 * r % 7], win[(10 * r + d) % 7]
    if t then nxt[r] = a or b else nxt[r] = a and b end
  end
  win = nxt
end
print(win[0] and "Takahashi" or "Aoki")
