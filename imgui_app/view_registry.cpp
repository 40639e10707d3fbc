// The views of the games, one line each (see game_view.h), and the plain view any other game
// gets: its legal moves as buttons with their values.
#include <string>

#include "game_view.h"

namespace gs::app {

extern const GameView kStaircaseView;
extern const GameView kExchangeView;
extern const GameView kManhattanView;
extern const GameView kRulesView;

namespace {

void drawMoveButtons(App& app, ImVec2) {
  if (!app.doc.hasBoard()) return;
  const Session& session = app.doc.session();
  for (const MoveValue& move : session.gameBoard().moves()) {
    const std::string label =
        session.gameBoard().texts().moveName(move.move) + ": " +
        moverValueText(session.info().metric, move.value, session.gameBoard().sideToMove());
    if (button(label.c_str())) app.doc.play(move.move);
    app.widgets.record("move-" + session.gameBoard().texts().moveCode(move.move));
  }
}

void drawNothing(App&) {}

const GameView kPlainView = {"", drawMoveButtons, drawNothing, drawNothing};

}  // namespace

const GameView& viewOf(const Game& game) {
  static const GameView* const kViews[] = {&kStaircaseView, &kExchangeView, &kManhattanView,
                                           &kRulesView};
  for (const GameView* view : kViews)
    if (std::string_view(view->gameId) == game.id()) return *view;
  return kPlainView;
}

}  // namespace gs::app
