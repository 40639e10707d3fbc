-- expect-value: loss 0
-- Found by this session's hostile pass, and fixed: 64 cases whose answer() is one shared 16 MiB 
-- string: the judge output (1 GiB) is built whole in memory: SIGABRT under ulimit -v 576M; 1.13 GB 
-- peak without; the module's solveRules aborts.
local big = string.rep("a", 16 << 20)
game = {
  read = function(text) local t = {} for i = 1, 64 do t[i] = {x = 1} end return t end,
  start = function(p) return 0 end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  answer = function(r, p) return big end,
  sample = "x",
}
