// exchange in the app: the cards in the two hands and on the table (wrapping to the width), and
// every legal move as a button with its value for the mover (the best marked); the editor adds,
// removes and edits cards in place.
#include <algorithm>
#include <string>
#include <vector>

#include "base/forms.h"
#include "game_view.h"
#include "games/exchange/exchange_game.h"

namespace gs::app {
namespace {

const ImU32 kOwnerColours[] = {IM_COL32(0, 114, 178, 255), IM_COL32(204, 121, 167, 255),
                               IM_COL32(90, 96, 108, 255)};

void drawExchangeBoard(App& app, ImVec2 size) {
  const Session& session = app.doc.session();
  const ExchangeSolver* solver = solverOf<ExchangeSolver>(session.gameBoard());
  if (!solver) return;
  const ExchangeBoard& board = solver->board();
  const ExchangePosition& position = *positionOf<ExchangeSolver>(session.gameBoard());
  const std::string owners[] = {trText(session.info().players[0]),
                                trText(session.info().players[1]), tr("Table")};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Cards shrink to fit small frames (an embedded board), down to a size still easy to read,
  // and wrap onto more rows when a hand is wider than the board.
  const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
  const float cardHeight = std::clamp((size.y * 0.45f) / 3 - rowHeight - 4, 40.0f, 72.0f);
  const float right = ImGui::GetCursorScreenPos().x + size.x;
  for (int owner = 0; owner < 3; ++owner) {
    const bool toMove = owner < 2 && position.side == owner && app.doc.best();
    ImGui::Text("%s%s", owners[owner].c_str(), toMove ? tr("  (to move)") : "");
    const ImVec2 start = ImGui::GetCursorScreenPos();
    float x = start.x, y = start.y;
    int shown = 0;
    for (int card = 0; card < board.cardCount(); ++card) {
      if (position.owner[card] != owner) continue;
      const std::string value = std::to_string(board.cards[card]);
      const float width = std::max(cardHeight * 0.9f, ImGui::CalcTextSize(value.c_str()).x + 14);
      if (x + width > right && x > start.x) {
        x = start.x;
        y += cardHeight + 6;
      }
      const ImVec2 min(x, y), max(x + width, y + cardHeight);
      draw->AddRectFilled(min, max, kOwnerColours[owner], 6);
      centeredText(draw, ImVec2((min.x + max.x) / 2, min.y + cardHeight * 0.32f), palette::kText,
                   value);
      centeredText(draw, ImVec2((min.x + max.x) / 2, min.y + cardHeight * 0.72f),
                   IM_COL32(225, 228, 235, 255), board.cardName(card), 0.85f);
      app.widgets.recordRect("board-card-" + board.cardName(card), min, max);
      x += width + 8;
      ++shown;
    }
    ImGui::SetCursorScreenPos(start);
    ImGui::Dummy(ImVec2(1, (shown ? y - start.y + cardHeight : rowHeight) + 4));
  }
  ImGui::Separator();
  const std::vector<MoveValue> moves = session.gameBoard().moves();
  const int mover = session.gameBoard().sideToMove();
  if (moves.empty()) {
    textWrapped("%s",
                trText(Message(kNoCardLoses, {{"PLAYER", session.info().players[mover]}})).c_str());
    return;
  }
  ImGui::TextUnformatted(trText(Message(app.valuesHidden() ? forms::kPlays : forms::kPlaysValues,
                                        {{"PLAYER", session.info().players[mover]}}))
                             .c_str());
  const Metric metric = session.info().metric;
  const Value here = session.gameBoard().value();
  // The moves scroll inside the board when there are many (on a phone and in an embed, after a
  // few: the page around them must stay reachable).
  const float listHeight =
      static_cast<float>(moves.size()) * (touchHeight(32) + ImGui::GetStyle().ItemSpacing.y);
  // (An embed's frame shorter than it asked for leaves the list what is left.)
  const float avail = ImGui::GetContentRegionAvail().y;
  const float room = app.layout() == Layout::kEmbed
                         ? (app.embed.measuring() ? 180.0f : std::min(180.0f, avail))
                     : app.layout() == Layout::kPhone ? 260.0f
                                                      : avail;
  const float height = std::max(80.0f, std::min(listHeight, room));
  if (app.embed.measuring()) {  // the embed's measure of the line: only the room the list takes
    ImGui::Dummy(ImVec2(1, height));
    return;
  }
  ImGui::BeginChild("moves-to-play", ImVec2(0, height), false);
  for (const MoveValue& move : moves) {
    const MoveJudgement verdict = judgeMove(metric, here, move.value, mover);
    const bool hidden = app.valuesHidden();
    const std::string label =
        (hidden ? trText(session.gameBoard().texts().moveName(move.move))
                : (move.best ? "\xE2\x98\x85 " : "") +
                      trText(session.gameBoard().texts().moveName(move.move)) + "   " +
                      trText(moverValue(metric, move.value, mover)) +
                      (verdict.verdict == Verdict::kBest ? "" : "  " + verdict.mark)) +
        "###" + session.gameBoard().texts().moveCode(move.move);
    ImGui::PushStyleColor(ImGuiCol_Button, move.best && !hidden ? IM_COL32(0, 90, 140, 255)
                                                                : IM_COL32(60, 66, 78, 255));
    if (button(label.c_str(), ImVec2(-1, 32))) app.doc.play(move.move);
    ImGui::PopStyleColor();
    // (Only the rows in view: one scrolled out of the list cannot be tapped where it is.)
    if (ImGui::IsItemVisible())
      app.widgets.record("move-" + session.gameBoard().texts().moveCode(move.move));
    if (ImGui::IsItemHovered() && !hidden) ImGui::SetTooltip("%s", trText(verdict.text).c_str());
  }
  ImGui::EndChild();
}

void drawExchangeLegend(App& app) {
  const GameInfo& info = exchangeGame().info();
  (void)app;
  legendEntry(kOwnerColours[0], "A",
              trText(Message(kCardsOfA, {{"PLAYER", info.players[0]}})).c_str());
  legendEntry(kOwnerColours[1], "B",
              trText(Message(kCardsOfB, {{"PLAYER", info.players[1]}})).c_str());
  legendEntry(kOwnerColours[2], "C", tr("cards on the table: C1, C2, ..."));
  legendEntry(palette::kBest, "\xE2\x98\x85",
              tr("a move button: win or loss for the mover, and in how many moves"));
}

void drawExchangeEditor(App& app) {
  const ExchangeSolver* solver = solverOf<ExchangeSolver>(app.doc.session().gameBoard());
  if (!solver) return;
  const ExchangeBoard& board = solver->board();
  const std::string rows[] = {trText(exchangeGame().info().players[0]),
                              trText(exchangeGame().info().players[1]), tr("Table")};
  static const char* const kIds[] = {"Takahashi", "Aoki", "Table"};
  const int firsts[] = {0, board.takahashi, board.takahashi + board.aoki};
  const int counts[] = {board.takahashi, board.aoki, board.table};
  ImGui::TextDisabled(tr("The judge's limit: N + M + L \xE2\x89\xA4 %d (up to %d here)"),
                      ExchangeBoard::kJudgeMaxCards, ExchangeBoard::kMaxCards);
  for (int hand = 0; hand < 3; ++hand) {
    ImGui::PushID(hand);
    if (touchTargets()) ImGui::AlignTextToFramePadding();  // (beside a touch device's buttons)
    ImGui::TextUnformatted(rows[hand].c_str());
    // Add and remove cards (at least one per row); the buttons come first so that a long row
    // of cards never pushes them out of the panel.
    ImGui::SameLine(96);
    if (smallButton("+") && board.cardCount() < ExchangeBoard::kMaxCards) {
      ExchangeBoard edited = board;
      edited.cards.insert(edited.cards.begin() + firsts[hand] + counts[hand],
                          freshValues(app.ui.seed + board.cardCount(), 1, 1, 20)[0]);
      (hand == 0 ? edited.takahashi : hand == 1 ? edited.aoki : edited.table) += 1;
      ImGui::PopID();
      app.doc.loadText(exchangeGame(), formatExchange(edited), "");
      return;
    }
    app.widgets.record(std::string("add-") + kIds[hand]);
    ImGui::SameLine();
    if (smallButton("-") && counts[hand] > 1) {
      ExchangeBoard edited = board;
      edited.cards.erase(edited.cards.begin() + firsts[hand] + counts[hand] - 1);
      (hand == 0 ? edited.takahashi : hand == 1 ? edited.aoki : edited.table) -= 1;
      ImGui::PopID();
      app.doc.loadText(exchangeGame(), formatExchange(edited), "");
      return;
    }
    app.widgets.record(std::string("remove-") + kIds[hand]);
    // The cards, wrapping to the panel's width; wide enough for ten digits.
    const float fieldWidth = ImGui::CalcTextSize("0000000000").x + 18;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    for (int k = 0; k < counts[hand]; ++k) {
      const int card = firsts[hand] + k;
      std::int64_t value = board.cards[card];
      ImGui::PushID(k);
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + fieldWidth > right) ImGui::NewLine();
      ImGui::SetNextItemWidth(fieldWidth);
      const bool edited = ImGui::InputScalar("##card", ImGuiDataType_S64, &value, nullptr, nullptr,
                                             "%lld", ImGuiInputTextFlags_EnterReturnsTrue);
      app.widgets.recordTextField("card-" + board.cardName(card));
      ImGui::PopID();
      if (edited) {
        ExchangeBoard changed = board;
        changed.cards[card] = value;
        ImGui::PopID();
        app.doc.loadText(exchangeGame(), formatExchange(changed), "");
        return;
      }
    }
    ImGui::PopID();
  }
}

}  // namespace

extern const GameView kExchangeView = {"exchange", drawExchangeBoard, drawExchangeEditor,
                                       drawExchangeLegend};

}  // namespace gs::app
