-- expect: game.sample is 125,829,120 bytes long; at most 262,144 (the size of a rules file)
-- Found by this session's hostile pass, and fixed: game.sample built at run time (120 MB; the 
-- loader assumes it lies within the 256 KiB file): copied into the header and the game's sample_: 
-- 494 MB peak for a 256M budget; value prints a value while the test harness's valueOf (which 
-- reads the sample) would refuse the 120 MB input.
game = {
  read = function(text) return {{n = #text}} end,
  start = function(p) return p.n end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  sample = string.rep("7\n", 60 << 20),
}
