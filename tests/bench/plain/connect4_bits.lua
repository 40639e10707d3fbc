-- Connect Four, who wins, as a contestant writes it in plain Lua with bitboards (the same
-- representation as connect4.rules.lua): a memo over the integer position, negamax values (1 a
-- win for the player to move, 0 a draw, -1 a loss), stopping at the first winning move.
-- lua5.4 connect4_bits.lua ROWS COLS prints win, loss or draw.
local R, C = math.tointeger(tonumber(arg[1])), math.tointeger(tonumber(arg[2]))
local H = R + 1
local function four(b)
  local m = b & (b >> H)
  if m & (m >> (2 * H)) ~= 0 then return true end
  m = b & (b >> 1)
  if m & (m >> 2) ~= 0 then return true end
  m = b & (b >> (H - 1))
  if m & (m >> (2 * (H - 1))) ~= 0 then return true end
  m = b & (b >> (H + 1))
  return m & (m >> (2 * (H + 1))) ~= 0
end
local memo = {}
-- mine: the stones of the player to move; filled: every stone.
local function solve(mine, filled, stones)
  local key = filled << 30 | mine
  local known = memo[key]
  if known then return known end
  local value
  if four(filled ~ mine) then
    value = -1
  elseif stones == R * C then
    value = 0
  else
    value = -1
    for col = 0, C - 1 do
      if filled & (1 << (col * H + R - 1)) == 0 then
        local grown = filled | (filled + (1 << (col * H)))
        local v = -solve(filled ~ mine, grown, stones + 1)
        if v > value then
          value = v
          if value == 1 then break end
        end
      end
    end
  end
  memo[key] = value
  return value
end
local v = solve(0, 0, 0)
print(v == 1 and "win" or v == 0 and "draw" or "loss")
