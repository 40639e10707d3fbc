-- expect-value: loss 0
-- Found by this session's hostile pass, and fixed: read() returns 16 cases that are one shared 
-- table of 2,000,000 zeros (4 MB encoding each): the host decodes each into Terms of ~144 bytes a 
-- zero: SIGABRT (std::bad_alloc through Lua's C frames) under ulimit -v 576M; 4.8 GB peak RSS 
-- without; the module aborts (RuntimeError: Aborted()).
local zeros = {}
for i = 1, 2000000 do zeros[i] = 0 end
game = {
  read = function(text)
    local case = {a = zeros}
    local cases = {}
    for i = 1, 16 do cases[i] = case end
    return cases
  end,
  start = function(p) return 0 end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  sample = "1\n",
}
