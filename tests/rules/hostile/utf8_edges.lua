-- expect: line 9: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in start()
-- utf8.char at 0x7FFFFFFF, utf8.len, utf8.codes and utf8.offset(s, -n) backwards over 1 MB, in a loop.
game = {
  start = function(p)
    local s = string.rep("\xF4\x8F\xBF\xBF", 1 << 18)
    local n = utf8.len(s) + #utf8.char(0x7FFFFFFF, 0, 0x10FFFF)
    n = n + (utf8.offset(s, -(1 << 18)) or 0) + (utf8.offset(s, 1 << 18) or 0)
    for _, c in utf8.codes(s) do n = n + 1 end
    for i = 1, 1e6 do n = n + (utf8.offset(s, -(1 << 18)) or 0) end
    return n
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
