-- A queen on a board moves left, down, or diagonally down-left, any distance; whoever moves it
-- to the bottom-left corner wins (Wythoff's game in disguise). show() draws the board as rows.
game = {
  title = "Queen to the corner",
  params = { {"x", 5, 0, 15}, {"y", 7, 0, 15} },
  start = function(p) return {p.x, p.y} end,
  moves = function(s, p)
    local r = {}
    for k = 1, s[1] do r[#r + 1] = {s[1] - k, s[2]} end
    for k = 1, s[2] do r[#r + 1] = {s[1], s[2] - k} end
    for k = 1, math.min(s[1], s[2]) do r[#r + 1] = {s[1] - k, s[2] - k} end
    return r
  end,
  play = function(s, to, p) return to end,
  name = function(to, s, p) return string.char(97 + to[1]) .. (to[2] + 1) end,
  show = function(s, p)
    local size = math.max(p.x, p.y) + 1
    local rows = {}
    for y = size - 1, 0, -1 do
      local row = {}
      for x = 0, size - 1 do
        row[#row + 1] = (x == s[1] and y == s[2]) and "Q" or ((x + y) % 2 == 0 and "." or " ")
      end
      rows[#rows + 1] = row
    end
    return rows
  end,
}
