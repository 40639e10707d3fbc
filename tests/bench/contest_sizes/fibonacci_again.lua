-- HDU 1848 "Fibonacci again and again" in plain Lua 5.4: the same as fibonacci_again.py.
local t = {}
for word in io.read("a"):gmatch("%S+") do t[#t + 1] = math.tointeger(word) end
local fib = {1, 2}
while fib[#fib] + fib[#fib - 1] <= 1000 do fib[#fib + 1] = fib[#fib] + fib[#fib - 1] end
local sg = {[0] = 0}
for x = 1, 1000 do
  local seen = {}
  for _, f in ipairs(fib) do
    if f > x then break end
    seen[sg[x - f]] = true
  end
  local g = 0
  while seen[g] do g = g + 1 end
  sg[x] = g
end
local out = {}
for i = 1, #t - 2, 3 do
  local m, n, p = t[i], t[i + 1], t[i + 2]
  if m == 0 and n == 0 and p == 0 then break end
  out[#out + 1] = (sg[m] ~ sg[n] ~ sg[p]) ~= 0 and "Fibo" or "Nacci"
end
print(table.concat(out, "\n"))
