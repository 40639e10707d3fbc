-- expect-value: loss 0
-- Issue 31.4: the zig-zag chain of weak-keyed tables (197 s in one start() before), with __mode
-- set after setmetatable: the collector treats every table as strong, so this is quick.
game = {
  start = function(p)
    local mt = {}
    local head = {}
    local tables = {}
    for i = 1, 80000 do
      local t = setmetatable({}, mt)
      tables[i] = t
    end
    mt.__mode = "k"
    local key = head
    for i = 80000, 1, -1 do
      local nextKey = {}
      tables[i][key] = nextKey
      key = nextKey
    end
    return 0
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
