-- expect-value: loss 0
-- Found by this session's hostile pass, and fixed: a position whose 100,000 keys collide once 
-- the host rebuilds it with lua_createtable(0, 100000) (pushKey) and walks it with lua_next 
-- (Encoder, checkUnchanged): 56.7 s in one expansion, ~0.4M instructions.
game = {
  start = function(p)
    local t, m = {}, 131071
    for i = 1, 45000 do t["f" .. i] = true end
    for i = 1, 100000 do t[i * m] = true end
    for i = 1, 45000 do t["f" .. i] = nil end
    return t
  end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
}
