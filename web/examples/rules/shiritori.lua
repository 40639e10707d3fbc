-- AtCoder Beginner Contest 278, problem F "Shiritori"
-- https://atcoder.jp/contests/abc278/tasks/abc278_f
--
-- N distinct words; Taro (first) and Jiro take turns choosing a word not chosen before; after
-- the first turn the word must start with the last letter of the word chosen just before. The
-- player who cannot choose loses.
-- Input:  N                      (1 <= N <= 16)
--         S_1 .. S_N             (one word per line, lowercase, length at most 10)
-- Output: First if Taro wins, Second if Jiro wins.
--
-- A brute force over the game graph: a position is {used, last}: the words chosen so far as a
-- bitmask and the index of the last word (0 before the first turn). Normal play.

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

game = {
  title = "Shiritori (ABC278 F)",
  sample = "6\nenum\nfloat\nif\nmodint\ntakahashi\ntemplate\n",  -- the problem's first sample
  read = function(text, input)
    local words = {}
    for i = 1, input:int(1, 16) do words[i] = input:word() end
    input:finish()
    return { {words = words} }
  end,
  start = function(p) return {0, 0} end,
  moves = function(s, p)  -- the index of a word that may be said now
    local used, last = s[1], s[2]
    local r = {}
    for i, word in ipairs(p.words) do
      local free = used & (1 << (i - 1)) == 0
      if free and (last == 0 or p.words[last]:sub(-1) == word:sub(1, 1)) then r[#r + 1] = i end
    end
    return r
  end,
  play = function(s, i, p) return {s[1] | (1 << (i - 1)), i} end,
  name = function(i, s, p) return p.words[i] end,
  answer = function(r, p) return r.outcome == "win" and "First" or "Second" end,
  random = function(seed, size)
    local rnd = generator(seed, size)
    local n = rnd(1 + size // 2, 1 + (size * 7) // 10)  -- size 10: 6 to 8 words
    local letters = "ab"  -- few letters, long chains: Jiro wins about one game in twelve
    local seen, words = {}, {}
    while #words < n do
      local chars = {}
      for i = 1, rnd(1, 4) do
        local c = rnd(1, #letters)
        chars[i] = letters:sub(c, c)
      end
      local word = table.concat(chars)
      if not seen[word] then seen[word] = true; words[#words + 1] = word end
    end
    return n .. "\n" .. table.concat(words, "\n") .. "\n"
  end,
}
