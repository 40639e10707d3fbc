-- BROKEN: the loader's refusal quotes an unknown field's name raw (cut to 40 bytes): ESC sequences and a newline reach the terminal; two lines.
-- Run: gamesolver value FILE
game = { ["\27[2J\nfake: line 1"] = 1, start = function(p) return 0 end, moves = function(s, p) return {} end, play = function(s, m, p) return s end }