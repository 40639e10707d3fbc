-- expect: the rules used more than their memory cap of 256 MiB, in start()
-- a billion empty tables: the heap cap.
game = {
  start = function(p)
    local t = {}
    for i = 1, 1e9 do t[i] = {} end
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
