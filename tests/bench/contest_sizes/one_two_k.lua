-- Codeforces 1194D "1-2-K Game" in plain Lua 5.4: the same bottom-up loop as one_two_k.py.
local t = {}
for word in io.read("a"):gmatch("%S+") do t[#t + 1] = math.tointeger(word) end
local out = {}
for c = 1, t[1] do
  local n, k = t[2 * c], t[2 * c + 1]
  local win = {[0] = false}
  for i = 1, n do
    win[i] = not win[i - 1] or (i >= 2 and not win[i - 2]) or (i >= k and not win[i - k])
  end
  out[c] = win[n] and "Alice" or "Bob"
end
print(table.concat(out, "\n"))
