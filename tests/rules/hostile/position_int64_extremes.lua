-- expect-value: loss 0
-- a position holding math.mininteger and math.maxinteger as keys and values, -0.0 and 2^53 as float keys.
game = {
  start = function(p) return {math.mininteger, math.maxinteger, [-1] = math.mininteger, [math.mininteger] = 0, [math.maxinteger] = -0.0, [2^53] = 1.0} end,
  moves = function(s, p)
    assert(s[math.mininteger] == 0 and s[-1] == math.mininteger and math.type(s[math.maxinteger]) == "integer")
    return {}
  end,
  play = function(s, m, p) return s end,
}
