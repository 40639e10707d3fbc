-- Toads and Frogs: a strip of toads (t, Left's), frogs (f, Right's) and empty squares (.).
-- Left moves a toad one square to the right onto an empty square, or jumps it over one frog
-- just to its right onto the empty square beyond; Right moves frogs to the left alike. Who
-- cannot move loses. The judge input is the strip; "steps" before it plays Elephants and
-- Rhinos, the same game without jumps. ttttt..fffff is CGSuite's test of
-- game.strip.ToadsAndFrogs, and steps tttt..fff is 1 (game.strip.ElephantsAndRhinos).
game = {
  title = "Toads and Frogs",
  partisan = true,
  sample = "ttt..fff\n",
  read = function(text)
    local steps = false
    local rest = text:match("^%s*steps%s+(.*)$")
    if rest then steps, text = true, rest end
    local strip = text:match("^%s*([tf.]*)%s*$")
    if not strip then error("expected a strip of t, f and .") end
    return { {strip = strip, steps = steps} }
  end,
  start = function(p) return p.strip end,
  moves = function(s, p, who)
    local mine, theirs, d = "t", "f", 1
    if who == 2 then mine, theirs, d = "f", "t", -1 end
    local r = {}
    for i = 1, #s do
      if s:sub(i, i) == mine then
        local j = i + d
        if s:sub(j, j) == "." and j >= 1 then
          r[#r + 1] = i
        elseif not p.steps and j >= 1 and s:sub(j, j) == theirs and i + 2 * d >= 1 and
               s:sub(i + 2 * d, i + 2 * d) == "." then
          r[#r + 1] = i
        end
      end
    end
    return r
  end,
  play = function(s, i, p, who)
    local d = who == 1 and 1 or -1
    local to = s:sub(i + d, i + d) == "." and i + d or i + 2 * d
    local t = {}
    for k = 1, #s do t[k] = s:sub(k, k) end
    t[to], t[i] = t[i], "."
    return table.concat(t)
  end,
  name = function(i, s, p, who)
    return (who == 1 and "toad " or "frog ") .. "on square " .. i
  end,
}
