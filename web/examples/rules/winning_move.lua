-- POJ 1568 "Find the Winning Move" (Mid-Central USA 2003; also UVa 10111, ZOJ 1703)
-- http://poj.org/problem?id=1568
--
-- 4x4 tic-tac-toe: x and o alternate, x first; four of one's pieces in a row, column or
-- diagonal wins; a full board without that is a draw. Given a board with x to move (each player
-- has made at least two moves, nobody has won, the board is not full), find x's first forced
-- win, trying the cells (0, 0), (0, 1), ..., (3, 3) in that order.
-- Input:  test cases, each a line "?" and four lines of the board (. x o), then a line "$"
-- Output: per case "(row,column)" of the first winning move for x, or "#####" if none.
--
-- A brute force over the game graph: a position is the board as 16 characters, row after
-- row; whoever has fewer pieces moves (x first). The game ends when the player who just moved
-- has four in a row (the player to move has lost) or the board is full (a draw): result. The
-- answer is the first move in r.children that wins for its maker.

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

local lines = {}  -- the ten lines of four cells, as 1-based indices into the board
for i = 0, 3 do
  lines[#lines + 1] = {4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4}  -- row i
  lines[#lines + 1] = {i + 1, i + 5, i + 9, i + 13}  -- column i
end
lines[#lines + 1] = {1, 6, 11, 16}
lines[#lines + 1] = {4, 7, 10, 13}

local function has_four(board)
  for _, line in ipairs(lines) do
    local c = board:sub(line[1], line[1])
    if c ~= "." and board:sub(line[2], line[2]) == c and board:sub(line[3], line[3]) == c
        and board:sub(line[4], line[4]) == c then
      return true
    end
  end
  return false
end

local function count(board, piece)
  local _, n = board:gsub(piece, "")
  return n
end

game = {
  title = "Find the Winning Move (POJ 1568)",
  sample = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n",  -- the problem's first sample
  read = function(text, input)
    local cases = {}
    local word = input:word()
    while word == "?" do
      local rows = {}
      for i = 1, 4 do
        rows[i] = input:word()
        if #rows[i] ~= 4 or rows[i]:find("[^.xo]") then input:fail("a board row is four of . x o") end
      end
      local board = table.concat(rows)
      if count(board, "x") ~= count(board, "o") then
        input:fail("x is to move, so x and o have as many pieces")
      end
      cases[#cases + 1] = {board = board}
      word = input:word()
    end
    if word ~= "$" or #cases == 0 then input:fail("expected cases (? and four rows), then $") end
    input:finish()
    return cases
  end,
  start = function(p) return p.board end,
  moves = function(s, p)  -- the empty cells, 1..16, row after row
    if has_four(s) then return {} end
    local r = {}
    for i = 1, 16 do
      if s:sub(i, i) == "." then r[#r + 1] = i end
    end
    return r
  end,
  play = function(s, i, p)
    local piece = count(s, "x") == count(s, "o") and "x" or "o"
    return s:sub(1, i - 1) .. piece .. s:sub(i + 1)
  end,
  result = function(s, p)
    if has_four(s) then return "loss" end  -- the player who just moved made four
    return "draw"  -- the board is full
  end,
  name = function(i, s, p) return "(" .. (i - 1) // 4 .. "," .. (i - 1) % 4 .. ")" end,
  answer = function(r, p)
    for _, child in ipairs(r.children) do
      if child.outcome == "win" then return child.name end
    end
    return "#####"
  end,
  show = function(s, p) return {s:sub(1, 4), s:sub(5, 8), s:sub(9, 12), s:sub(13, 16)} end,
  -- A board with x to move after 2 + filled moves each, nobody having four yet.
  random = function(seed, size)
    local rnd = generator(seed, size)
    -- moves made by each: size 1, 7 (two cells empty); size 10, 4 (eight empty, about 2,000
    -- positions; the first sample, with twelve empty, has 130,000)
    local filled = 4 + (10 - size) // 3
    local cases = {}
    for _ = 1, rnd(1, 2) do
      local board
      repeat
        local cells = {}
        for i = 1, 16 do cells[i] = "." end
        for _, piece in ipairs({"x", "o"}) do
          for _ = 1, filled do
            local i
            repeat i = rnd(1, 16) until cells[i] == "."
            cells[i] = piece
          end
        end
        board = table.concat(cells)
      until not has_four(board)
      cases[#cases + 1] = "?\n" .. board:sub(1, 4) .. "\n" .. board:sub(5, 8) .. "\n"
                          .. board:sub(9, 12) .. "\n" .. board:sub(13, 16)
    end
    return table.concat(cases, "\n") .. "\n$\n"
  end,
}
