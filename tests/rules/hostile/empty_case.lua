-- expect-value: loss 0
-- Found by this session's hostile pass, and fixed: (minor, not an attack) read() returning an 
-- empty case {} is refused as 'a case could not be read back, in start()': the empty table encodes 
-- as an array, pushParams expects a record.
game = {
  read = function(text) return {{}} end,
  start = function(p) return 0 end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  sample = "x",
}
