-- expect: line 4: read returned 1,000,001 cases; at most 1,000,000, in read(the judge's input)
-- read returning 1,000,001 cases.
game = {
  read = function(text) local t = {} for i = 1, 1000001 do t[i] = {} end return t end,
  start = function(p) return 0 end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  sample = "x",
}
