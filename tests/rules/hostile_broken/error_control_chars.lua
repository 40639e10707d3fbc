-- BROKEN: error() text reaches standard error raw: ESC sequences (clear screen, window title), BEL, CR, NUL and a newline (two lines, which cli_test forbids).
-- Run: gamesolver value FILE | cat -A
game = {
  start = function(p)
    error("\27[2J\27]0;pwned\7first line\nsecond line\r\0third")
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
