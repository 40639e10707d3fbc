-- A rules file that breaks the contract on purpose (rules must compute only from their
-- arguments): moves(1) gives no move at every other call, so the independent reference, which
-- calls it after the solver's exploration did, sees another game than the solver. The app's
-- cross-check must then show its alarm (tests/contest_test.cpp, tests/browser/contest.test.js).
-- Take 1 or 2 from 6: "loss 4" with moves(1) = {1}, "win 3" with {}; which of the two the
-- solver and the reference each see depends on who calls first, and they never see the same.
local calls = 0
game = {
  read = function(text) return {{n = 6}} end,
  start = function(p) return p.n end,
  moves = function(s, p)
    if s == 1 then calls = calls + 1 end
    if s == 0 or (s == 1 and calls % 2 == 0) then return {} end
    return s >= 2 and {1, 2} or {1}
  end,
  play = function(s, m, p) return s - m end,
  answer = function(r, p) return r.outcome == "win" and "First" or "Second" end,
}
