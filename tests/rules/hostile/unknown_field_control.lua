-- expect: game.\x1b[2J fake: line 1 is not a field of a rules game (the fields: title, params, start, moves, play, gain,
-- Found by this session's hostile pass, and fixed: the loader's refusal quotes an unknown 
-- field's name raw (cut to 40 bytes): ESC sequences and a newline reach the terminal; two lines.
game = { ["\27[2J\nfake: line 1"] = 1, start = function(p) return 0 end, moves = function(s, p) return {} end, play = function(s, m, p) return s end }
