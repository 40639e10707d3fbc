-- expect: line 5: stack overflow, in start()
-- plain Lua recursion without a tail call until the Lua stack overflows.
game = {
  start = function(p)
    local function f(n) return 1 + f(n + 1) end
    return f(1)
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
