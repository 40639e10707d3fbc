-- tests/rules/hostile/host_children.lua from a scalar start: the rules' memo search
-- (core/lua_memo_search.h) keeps the 10,000 children, one shared 1 MB string, as one Lua
-- string, so the game is simply solved (gamesolver value: win 1).
local big = string.rep("x", (1 << 20) - 64)
game = {
  start = function(p) return 0 end,
  moves = function(s, p)
    if s ~= 0 then return {} end
    local r = {} for i = 1, 10000 do r[i] = i end return r
  end,
  play = function(s, m, p) return big end,
}
