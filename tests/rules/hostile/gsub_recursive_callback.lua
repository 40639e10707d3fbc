-- expect: C stack overflow, in start()
-- a gsub whose replacement function calls gsub again, for ever.
game = {
  start = function(p)
    local function f(c) return (string.gsub("ab", ".", f)) end
    return (string.gsub("ab", ".", f))
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
