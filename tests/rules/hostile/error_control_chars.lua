-- expect: line 7: \x1b[2J\x1b]0;pwned\x07first line second line \x00third, in start()
-- Found by this session's hostile pass, and fixed: error() text reaches standard error raw: ESC 
-- sequences (clear screen, window title), BEL, CR, NUL and a newline (two lines, which cli_test 
-- forbids).
game = {
  start = function(p)
    error("\27[2J\27]0;pwned\7first line\nsecond line\r\0third")
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
