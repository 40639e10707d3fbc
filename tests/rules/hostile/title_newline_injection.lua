-- expect-value: win 1
-- Found by this session's hostile pass, and fixed: the same for --format cpp: the title's 
-- second line is a C++ statement after the // comment.
game = {
  title = "Nim\nint injected = system(\"echo pwned\");\n//\27[2J",
  params = {{"n", 1, 0, 3}},
  start = function(p) return p.n end,
  moves = function(s, p) if s > 0 then return {1} end return {} end,
  play = function(s, m, p) return s - m end,
}
