-- answer's r.at: every position 0 .. n asked about, by the memo search (integers) and by a
-- whole solve of each (tables), in the answer of a board of parameters.
game = {
  params = {{"n", 12, 0, 50}},
  start = function(p) return p.n end,
  moves = function(s, p)
    local k = type(s) == "table" and s[1] or s
    local r = {}
    for m = 1, math.min(k, 3) do r[m] = m end
    return r
  end,
  play = function(s, m, p)
    if type(s) == "table" then return {s[1] - m} end
    return s - m
  end,
  answer = function(r, p)
    local out = {}
    for i = 0, p.n do
      out[#out + 1] = r.at(i).value .. "/" .. tostring(r.at({i}).moves_left)
    end
    return table.concat(out, " ")
  end,
}
