-- ABC201 D "Game in Momotetsu World" in plain Lua 5.4: the same bottom-up loop as momotetsu.py.
local h, w = io.read("n", "n")
local rows = {}
for row in io.read("a"):gmatch("[+-]+") do rows[#rows + 1] = row end
local below
for i = h, 1, -1 do
  local row, best = rows[i], {}
  local nxt = rows[i + 1]
  for j = w, 1, -1 do
    if i == h and j == w then
      best[j] = 0
    else
      local b = -1000000000
      if j < w then b = (row:byte(j + 1) == 43 and 1 or -1) - best[j + 1] end
      if nxt then
        local d = (nxt:byte(j) == 43 and 1 or -1) - below[j]
        if d > b then b = d end
      end
      best[j] = b
    end
  end
  below = best
end
local m = below[1]
print(m > 0 and "Takahashi" or m < 0 and "Aoki" or "Draw")
