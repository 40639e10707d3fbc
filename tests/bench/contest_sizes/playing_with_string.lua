-- Codeforces 305E "Playing with String" in plain Lua 5.4: the same as playing_with_string.py.
local s = io.read("l"):match("%l+")
local n = #s
local runs, i = {}, 2
while i < n do
  if s:byte(i - 1) == s:byte(i + 1) then
    local first = i
    while i < n and s:byte(i - 1) == s:byte(i + 1) do i = i + 1 end
    runs[#runs + 1] = {first, i - first}
  else
    i = i + 1
  end
end
local longest = 0
for _, run in ipairs(runs) do if run[2] > longest then longest = run[2] end end
local sg = {[0] = 0}
for L = 1, longest do
  local seen = {}
  for j = 1, L do
    local a, b = j - 2, L - j - 1
    if a < 0 then a = 0 end
    if b < 0 then b = 0 end
    seen[sg[a] ~ sg[b]] = true
  end
  local g = 0
  while seen[g] do g = g + 1 end
  sg[L] = g
end
local total = 0
for _, run in ipairs(runs) do total = total ~ sg[run[2]] end
if total == 0 then print("Second") return end
for _, run in ipairs(runs) do
  local first, L = run[1], run[2]
  for j = 1, L do
    local a, b = j - 2, L - j - 1
    if a < 0 then a = 0 end
    if b < 0 then b = 0 end
    if total ~ sg[L] ~ sg[a] ~ sg[b] == 0 then
      print("First")
      print(first + j - 1)
      return
    end
  end
end
