// A session driven by the fuzz bytes as a call sequence. Byte 0 picks the game, bytes 1..4 the
// sizes and seed of a small random board; each later byte is a call: play a legal move (the
// next byte picks which), play an illegal or arbitrary move, undo, redo, goToStep, restart,
// analyze, or a link round trip. Invariants checked after each call:
//   - undo after play restores the value and the board (the snapshot);
//   - a link round trip gives back the same board, line, step and value, and the same link;
//   - the best move's value equals the position's value (for games that pick the first best
//     move: the best move is among moves(), marked best, worth the position's value);
//   - moves() has moveCount() entries; the cursor stays within the history.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_common.h"
#include "tools/analysis.h"
#include "tools/share_link.h"

namespace {

bool sameSnapshot(const gs::BoardSnapshot& x, const gs::BoardSnapshot& y) {
  if (x.numbers != y.numbers || x.layers != y.layers || x.scores != y.scores ||
      x.cards.size() != y.cards.size() || x.placements.has_value() != y.placements.has_value())
    return false;
  for (std::size_t k = 0; k < x.cards.size(); ++k)
    if (x.cards[k].name != y.cards[k].name || x.cards[k].owner != y.cards[k].owner) return false;
  if (x.placements)
    for (std::size_t k = 0; k < x.placements->size(); ++k)
      if ((*x.placements)[k].row != (*y.placements)[k].row ||
          (*x.placements)[k].col != (*y.placements)[k].col)
        return false;
  return !x.placements || x.placements->size() == y.placements->size();
}

void checkPosition(const gs::Session& session) {
  const std::vector<gs::MoveValue> moves = session.gameBoard().moves();
  gs::fuzz::check(moves.size() == session.gameBoard().moveCount(),
                  "moves() has moveCount() entries");
  gs::fuzz::check(
      session.step() >= 0 && session.step() <= static_cast<int>(session.history().size()),
      "the cursor is within the history");
  const auto best = session.gameBoard().bestMove();
  gs::fuzz::check(best.has_value() == !moves.empty(), "a best move exists iff a move does");
  if (!best || session.gameBoard().endless()) return;
  // Games that pick the first best move: its value is the position's.
  for (const gs::MoveValue& move : moves) {
    if (move.move != *best) continue;
    gs::fuzz::check(move.best, "the best move is marked best");
    const gs::Value here = session.gameBoard().value();
    const gs::Value mine = move.value;
    const bool equal = session.info().metric == gs::Metric::kScoreDifference
                           ? mine.score == here.score
                           : mine.win == here.win && mine.remoteness == here.remoteness;
    gs::fuzz::check(equal, "the best move's value equals the position's value",
                    session.gameBoard().texts().moveName(*best));
    return;
  }
  gs::fuzz::check(false, "the best move is among moves()");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 5) return 0;
  const gs::Game& game = *gs::games()[data[0] % gs::games().size()];
  // A small board from the game's own recipe fields: sizes 1..4 (or the field's minimum), value
  // bounds at most 20, so that ties are common.
  gs::Recipe recipe;
  recipe.game = &game;
  int next = 1;
  for (const gs::RecipeField& field : game.recipeFields()) {
    const std::int64_t pick = data[next < 4 ? next++ : 4] % 4;
    recipe.fields.push_back(field.isSize ? std::max<std::int64_t>(field.min, 1 + pick)
                                         : std::max<std::int64_t>(field.min, 1 + pick * 6));
  }
  recipe.seed = data[4];
  auto made = gs::sessionFromRecipe(recipe, gs::fuzz::smallLimits());
  if (!made) return 0;  // a combination the game refuses (said so)
  gs::Session& session = made.value();
  checkPosition(session);
  for (std::size_t k = 5; k < size; ++k) {
    const std::uint8_t op = data[k];
    const std::uint8_t arg = k + 1 < size ? data[k + 1] : 0;
    switch (op % 9) {
      case 0:
      case 1: {  // play a legal move, then check that undo restores, then replay it
        const std::vector<gs::MoveValue> moves = session.gameBoard().moves();
        if (moves.empty()) break;
        const gs::Move move = moves[arg % moves.size()].move;
        const gs::Value before = session.gameBoard().value();
        const gs::BoardSnapshot board = session.snapshot();
        const int step = session.step();
        gs::fuzz::check(session.play(move).empty(), "a listed move is legal");
        gs::fuzz::check(session.step() == step + 1, "play advances the cursor");
        gs::fuzz::check(session.undo(), "undo after play");
        gs::fuzz::check(
            session.gameBoard().value() == before && sameSnapshot(session.snapshot(), board),
            "undo after play restores value and board");
        gs::fuzz::check(session.play(move).empty(), "a move played again is legal");
        ++k;
        break;
      }
      case 2: {  // an arbitrary move: legal or refused with a reason, the session unchanged
        const gs::Move move{static_cast<int>(arg % 8) - 1, static_cast<int>(arg / 8 % 8) - 2};
        const std::vector<gs::Move> history = session.history();
        const int step = session.step();
        if (!session.play(move).empty())
          gs::fuzz::check(session.history() == history && session.step() == step,
                          "an illegal move leaves the session unchanged");
        ++k;
        break;
      }
      case 3:
        session.undo();
        break;
      case 4:
        session.redo();
        break;
      case 5:
        session.goToStep(static_cast<int>(arg) % (static_cast<int>(session.history().size()) + 2) -
                         1);
        ++k;
        break;
      case 6:
        session.restart();
        break;
      case 7: {  // analyze: JSON, and the session put back
        const std::vector<gs::Move> history = session.history();
        const int step = session.step();
        const auto json = gs::analysisJson(session);
        gs::fuzz::check(json.ok() && !json->empty() && json->front() == '{' && json->back() == '\n',
                        "analysis JSON");
        gs::fuzz::check(session.history() == history && session.step() == step,
                        "analyze puts the session back");
        break;
      }
      case 8: {  // link round trip
        auto link = gs::makeLink(session, recipe);
        gs::fuzz::check(link.ok(), "a recipe board has a link");
        auto reopened = gs::openLink(link.value(), gs::fuzz::smallLimits());
        gs::fuzz::check(reopened.ok(), "a made link opens", link.value());
        gs::fuzz::check(reopened->gameBoard().judge().judgeInput() ==
                                session.gameBoard().judge().judgeInput() &&
                            reopened->history() == session.history() &&
                            reopened->step() == session.step() &&
                            reopened->gameBoard().value() == session.gameBoard().value(),
                        "a link round trip is the identity", link.value());
        auto again = gs::makeLink(reopened.value(), recipe);
        gs::fuzz::check(again.ok() && again.value() == link.value(),
                        "a link is written the same way", link.value());
        break;
      }
    }
    checkPosition(session);
  }
  return 0;
}
