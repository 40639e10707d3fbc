-- Issue 58: answer() reads r.children of a start of N moves (the judge's input; 399,000 when it
-- is not a number), each named by 250 x's and its number. The record was not counted in the
-- memory budget: 1.2 GB at --memory-budget 256M, natively and in the module. tests/memory_test.cpp,
-- tests/cli_test.sh and tests/node/hostile.test.js read this file.
local pad = string.rep("x", 250)
game = {
  read = function(text) return {{n = math.tointeger(tonumber(text)) or 399000}} end,
  start = function(p) return 0 end,
  moves = function(s, p)
    if s ~= 0 then return {} end
    local r = {}
    for i = 1, p.n do r[i] = i end
    return r
  end,
  play = function(s, m, p) return m end,
  name = function(m, s, p) return pad .. m end,
  answer = function(r, p)
    local c = 0
    for _, child in ipairs(r.children) do c = c + #child.name end
    return tostring(c)
  end,
  sample = "399000",
}
