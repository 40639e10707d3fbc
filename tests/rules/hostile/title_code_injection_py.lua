-- expect-value: win 1
-- Found by this session's hostile pass, and fixed: game.title is written raw into the comment 
-- line of table --format py/cpp: a newline in it ends the comment and the rest is code: python3 
-- runs os.system from the title.
game = {
  title = "Nim\nimport os; os.system('echo PWNED-by-a-rules-title')\n#",
  params = {{"n", 1, 0, 3}},
  start = function(p) return p.n end,
  moves = function(s, p) if s > 0 then return {1} end return {} end,
  play = function(s, m, p) return s - m end,
}
