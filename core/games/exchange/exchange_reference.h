// The exchange reference: minimax straight from the rules, over explicit hands (one std::vector
// of card indices per place), returning win/loss and remoteness. Results are remembered in a
// std::map keyed by the plain state only so that boards of 6 or 7 cards finish in time; the
// rules are applied card by card, independently of the fast solver's base-3 encoding.
#pragma once

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "games/exchange/exchange.h"

namespace gs::reference {

struct Outcome {
  bool win = false;
  int remoteness = 0;
};

class ExchangeMinimax {
 public:
  explicit ExchangeMinimax(const ExchangeBoard& board) : board_(board) {}

  // owner[k]: 0 Takahashi, 1 Aoki, 2 table; `mover` is to move.
  Outcome solve(std::vector<int> owner, int mover) {
    const auto key = std::make_pair(owner, mover);
    if (const auto found = memo_.find(key); found != memo_.end()) return found->second;
    bool canMove = false;
    int quickestWin = 1 << 30, slowestLoss = 0;
    for (int x = 0; x < board_.cardCount(); ++x) {
      if (owner[x] != mover) continue;
      // Put x down, then take nothing or any table card strictly smaller than x.
      for (int y = -1; y < board_.cardCount(); ++y) {
        if (y >= 0 && (owner[y] != 2 || !(board_.cards[y] < board_.cards[x]))) continue;
        std::vector<int> next = owner;
        next[x] = 2;
        if (y >= 0) next[y] = mover;
        const Outcome child = solve(next, 1 - mover);
        canMove = true;
        if (!child.win) quickestWin = std::min(quickestWin, child.remoteness + 1);
        slowestLoss = std::max(slowestLoss, child.remoteness + 1);
      }
    }
    Outcome result;
    if (!canMove) {
      result = {false, 0};  // an empty hand on your turn loses at once
    } else if (quickestWin < (1 << 30)) {
      result = {true, quickestWin};
    } else {
      result = {false, slowestLoss};
    }
    memo_[key] = result;
    return result;
  }

 private:
  const ExchangeBoard& board_;
  std::map<std::pair<std::vector<int>, int>, Outcome> memo_;
};

}  // namespace gs::reference
