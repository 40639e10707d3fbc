-- expect: line 13: no, in play(0)
-- Found by this session's hostile pass, and fixed: moves() returns 16 references to one 
-- 500,000-zero array and play() raises: expand's error path calls moves() again (LuaRules::moves) 
-- and decodes 16 MiB of encodings into 1.1 GB of Terms: SIGABRT under ulimit -v 576M; 1.17 GB peak 
-- without.
local zeros = {}
for i = 1, 500000 do zeros[i] = 0 end
local list = {}
for i = 1, 16 do list[i] = zeros end
game = {
  start = function(p) return 0 end,
  moves = function(s, p) return list end,
  play = function(s, m, p) error("no") end,
}
