-- AtCoder Beginner Contest 349, problem E "Weighted Tic-Tac-Toe"
-- https://atcoder.jp/contests/abc349/tasks/abc349_e
--
-- A 3x3 grid with an integer A_ij in each cell (their sum is odd), all cells white. Takahashi
-- (first) and Aoki take turns choosing a white cell, scoring its A_ij and painting it: red for
-- Takahashi, blue for Aoki. After each move, three cells of one colour in a row, column or
-- diagonal end the game and that colour's player wins; otherwise, when no white cell is left, the
-- player with the higher total score wins.
-- Input:  A_11 A_12 A_13
--         A_21 A_22 A_23
--         A_31 A_32 A_33       (|A_ij| <= 10^9, the sum odd)
-- Output: Takahashi or Aoki, the winner.
--
-- A brute force over the game graph, partisan: the colour a move paints depends on who makes it
-- (player 1 paints R, player 2 paints B), which every function receives last. A position is the
-- board as 9 characters (. R B); it need not say whose turn it is. The game is won or lost, never
-- scored: the points only decide the full board, so result() compares them there.

-- A small deterministic generator (the sandbox has no math.random): splitmix64.
local function generator(seed, size)
  local state = seed * 256 + size
  return function(lo, hi)
    state = state + 0x9E3779B97F4A7C15
    local z = state
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    z = z ~ (z >> 31)
    return lo + (z >> 1) % (hi - lo + 1)
  end
end

local lines = { {1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {1, 4, 7}, {2, 5, 8}, {3, 6, 9}, {1, 5, 9},
                {3, 5, 7} }

local function has_three(board)
  for _, line in ipairs(lines) do
    local c = board:sub(line[1], line[1])
    if c ~= "." and board:sub(line[2], line[2]) == c and board:sub(line[3], line[3]) == c then
      return true
    end
  end
  return false
end

local colour = {"R", "B"}  -- who paints what

game = {
  title = "Weighted Tic-Tac-Toe (ABC349 E)",
  sample = "0 0 0\n0 1 0\n0 0 0\n",  -- the problem's first sample
  partisan = true,
  read = function(text, input)
    local a = input:ints(9, -1000000000, 1000000000)
    input:finish()
    local sum = 0
    for _, x in ipairs(a) do sum = sum + x end
    if sum % 2 == 0 then input:fail("the sum of the A_ij must be odd") end
    return { {a = a} }
  end,
  start = function(p) return "........." end,
  moves = function(s, p, who)  -- the white cells 1..9, row after row
    if has_three(s) then return {} end
    local r = {}
    for i = 1, 9 do
      if s:sub(i, i) == "." then r[#r + 1] = i end
    end
    return r
  end,
  play = function(s, i, p, who) return s:sub(1, i - 1) .. colour[who] .. s:sub(i + 1) end,
  result = function(s, p, who)
    if has_three(s) then return "loss" end  -- the other player just made three in a row
    local mine, theirs = 0, 0  -- the board is full: the higher score wins (the sum is odd)
    for i = 1, 9 do
      if s:sub(i, i) == colour[who] then mine = mine + p.a[i] else theirs = theirs + p.a[i] end
    end
    return mine > theirs and "win" or "loss"
  end,
  name = function(i, s, p, who) return "(" .. (i - 1) // 3 + 1 .. "," .. (i - 1) % 3 + 1 .. ")" end,
  show = function(s, p, who) return {s:sub(1, 3), s:sub(4, 6), s:sub(7, 9)} end,
  answer = function(r, p) return r.outcome == "win" and "Takahashi" or "Aoki" end,
  -- Always the whole game (about 5,500 positions); size sets how large the numbers are.
  random = function(seed, size)
    local rnd = generator(seed, size)
    local limit = 1  -- 10^(size - 1)
    for _ = 2, size do limit = limit * 10 end
    local high = rnd(0, 1) == 0 and limit or limit // 4  -- mostly negative: Aoki wins more often
    local a, sum = {}, 0
    for i = 1, 9 do
      a[i] = rnd(-limit, high)
      sum = sum + a[i]
    end
    if sum % 2 == 0 then a[9] = a[9] + (a[9] < limit and 1 or -1) end
    return string.format("%d %d %d\n%d %d %d\n%d %d %d\n", table.unpack(a))
  end,
}
