// exchange in the app: the cards in the two hands and on the table, every legal move as a
// button with its value; the editor's cards, added, removed and edited in place.
#include <algorithm>
#include <string>
#include <vector>

#include "game_view.h"
#include "games/exchange_game.h"

namespace gs::app {
namespace {

const ImU32 kText = IM_COL32(230, 232, 236, 255);
const ImU32 kDim = IM_COL32(160, 166, 176, 255);

void drawExchangeBoard(App& app, ImVec2 size) {
  const Session& session = *app.session;
  const ExchangeSolver* solver = exchangeSolverOf(session.gameBoard());
  if (!solver) return;
  const ExchangeBoard& board = solver->board();
  const ExchangePosition& position = *exchangePositionOf(session.gameBoard());
  static const char* const kOwners[] = {"Takahashi", "Aoki", "Table"};
  static const ImU32 kColours[] = {IM_COL32(70, 110, 190, 255), IM_COL32(190, 90, 80, 255),
                                   IM_COL32(90, 96, 108, 255)};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Cards shrink to fit small frames (an embedded board), down to a size still easy to read.
  const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
  const float cardHeight = std::clamp((size.y * 0.6f) / 3 - rowHeight - 4, 36.0f, 80.0f);
  const float cardWidth = std::max(64.0f, cardHeight * 0.8f);
  for (int owner = 0; owner < 3; ++owner) {
    ImGui::Text("%s%s", kOwners[owner],
                owner < 2 && position.side == owner && app.best() ? "  (to move)" : "");
    const ImVec2 start = ImGui::GetCursorScreenPos();
    float x = start.x;
    for (int card = 0; card < board.cardCount(); ++card) {
      if (position.owner[card] != owner) continue;
      const std::string value = std::to_string(board.cards[card]);
      const float width = std::max(cardWidth, ImGui::CalcTextSize(value.c_str()).x + 12);
      const ImVec2 min(x, start.y), max(x + width, start.y + cardHeight);
      draw->AddRectFilled(min, max, kColours[owner], 6);
      centeredText(draw, ImVec2((min.x + max.x) / 2, min.y + cardHeight * 0.3f), kText, value);
      centeredText(draw, ImVec2((min.x + max.x) / 2, min.y + cardHeight * 0.7f), kDim,
                   board.cardName(card));
      app.recordRect("board-card-" + board.cardName(card), min, max);
      x += width + 8;
    }
    ImGui::Dummy(ImVec2(std::max(1.0f, x - start.x), cardHeight + 4));
  }
  ImGui::Separator();
  const std::vector<MoveValue> moves = session.moves();
  if (moves.empty()) {
    ImGui::Text("%s has no card and loses.", session.info().players[session.sideToMove()]);
    return;
  }
  ImGui::Text("%s's moves (value for %s):", session.info().players[session.sideToMove()],
              session.info().players[session.sideToMove()]);
  for (const MoveValue& move : moves) {
    const std::string label = session.moveName(move.move) + "  ->  " +
                              (move.value.win ? "win in " : "loss in ") +
                              std::to_string(move.value.remoteness);
    if (move.best) ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(50, 130, 80, 255));
    if (ImGui::Button(label.c_str(), ImVec2(-1, 34))) app.playMove(move.move);
    app.record("move-" + session.moveCode(move.move));
    if (move.best) ImGui::PopStyleColor();
  }
}

void drawExchangeEditor(App& app) {
  const ExchangeSolver* solver = exchangeSolverOf(app.session->gameBoard());
  if (!solver) return;
  const ExchangeBoard& board = solver->board();
  static const char* const kRows[] = {"Takahashi", "Aoki", "Table"};
  const int firsts[] = {0, board.takahashi, board.takahashi + board.aoki};
  const int counts[] = {board.takahashi, board.aoki, board.table};
  for (int hand = 0; hand < 3; ++hand) {
    ImGui::PushID(hand);
    ImGui::Text("%s", kRows[hand]);
    // Add and remove cards (the judge needs at least one per row, at most 12 in all); the
    // buttons come first so that a long row of cards never pushes them out of the panel.
    ImGui::SameLine(90);
    if (ImGui::SmallButton("+") && board.cardCount() < ExchangeBoard::kJudgeMaxCards) {
      ExchangeBoard edited = board;
      edited.cards.insert(edited.cards.begin() + firsts[hand] + counts[hand], 1);
      (hand == 0 ? edited.takahashi : hand == 1 ? edited.aoki : edited.table) += 1;
      ImGui::PopID();
      app.loadJudgeText(exchangeGame(), formatExchange(edited));
      return;
    }
    app.record(std::string("add-") + kRows[hand]);
    ImGui::SameLine();
    if (ImGui::SmallButton("-") && counts[hand] > 1) {
      ExchangeBoard edited = board;
      edited.cards.erase(edited.cards.begin() + firsts[hand] + counts[hand] - 1);
      (hand == 0 ? edited.takahashi : hand == 1 ? edited.aoki : edited.table) -= 1;
      ImGui::PopID();
      app.loadJudgeText(exchangeGame(), formatExchange(edited));
      return;
    }
    app.record(std::string("remove-") + kRows[hand]);
    // The cards, wrapping to the panel's width.
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    for (int k = 0; k < counts[hand]; ++k) {
      const int card = firsts[hand] + k;
      std::int64_t value = board.cards[card];
      ImGui::PushID(k);
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + 72 > right) ImGui::NewLine();
      ImGui::SetNextItemWidth(72);
      if (ImGui::InputScalar("##card", ImGuiDataType_S64, &value, nullptr, nullptr, "%lld",
                             ImGuiInputTextFlags_EnterReturnsTrue)) {
        ExchangeBoard edited = board;
        edited.cards[card] = value;
        ImGui::PopID();
        ImGui::PopID();
        app.loadJudgeText(exchangeGame(), formatExchange(edited));
        return;
      }
      app.record("card-" + board.cardName(card));
      ImGui::PopID();
    }
    ImGui::PopID();
  }
  if (seedInput(app))
    loadRecipeFields(app, exchangeGame(),
                     {counts[0], counts[1], counts[2], exchangeGame().recipeFields()[3].appDefault});
}

}  // namespace

extern const GameView kExchangeView = {"exchange", drawExchangeBoard, drawExchangeEditor};

}  // namespace gs::app
