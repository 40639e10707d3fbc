// staircase in the app: the board with stones, move numbers, each cell's a and b, and on every
// legal cell the final margin for the player to move if they play there (the best marked);
// large boards scroll and only the cells in view are drawn. The editor sizes the board
// (keeping the values that still fit) and edits a and b in place.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "game_view.h"
#include "games/staircase/staircase_game.h"

namespace gs::app {
namespace {

constexpr float kMinCell = 28.0f;  // smaller boards scroll rather than shrink past this
const ImU32 kCell = IM_COL32(58, 63, 74, 255);
const ImU32 kLegal = IM_COL32(74, 88, 110, 255);
const ImU32 kPointsA = IM_COL32(200, 204, 212, 255);  // a: Black's points
const ImU32 kPointsB = IM_COL32(240, 200, 120, 255);  // b: White's points

// A number in at most four or five characters: 41644 -> "41.6k", 1000000 -> "1M".
std::string compact(std::int64_t value) {
  const std::int64_t magnitude = value < 0 ? -value : value;
  const char* sign = value < 0 ? "\xE2\x88\x92" : "";
  if (magnitude < 10000) return sign + std::to_string(magnitude);
  static const char* const kUnits[] = {"k", "M", "G", "T"};
  double scaled = static_cast<double>(magnitude);
  int unit = -1;
  while (scaled >= 1000 && unit < 3) {
    scaled /= 1000;
    ++unit;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, scaled < 100 ? "%s%.1f%s" : "%s%.0f%s", sign, scaled,
                kUnits[unit]);
  return buffer;
}

// The margin on a legal cell, short when the cell is small.
std::string marginText(Metric metric, const Value& value, int mover, bool full) {
  if (full) return moverValueText(metric, value, mover);
  const std::int64_t margin = mover == 0 ? value.score : -value.score;
  return (margin > 0 ? "+" : "") + compact(margin);
}

void drawStaircaseBoard(App& app, ImVec2 size) {
  const Session& session = app.doc.session();
  const StaircaseSolver* solver = solverOf<StaircaseSolver>(session.gameBoard());
  if (!solver) return;
  const StaircaseBoard& board = solver->board();
  const Metric metric = session.info().metric;
  const int mover = session.gameBoard().sideToMove();
  const float fit = std::floor(std::min(size.x / board.cols, size.y / board.rows));
  const float cell = std::max(kMinCell, std::min(fit, 150.0f));
  const ImVec2 content(cell * board.cols, cell * board.rows);
  // The grid scrolls when it does not fit; only the cells in view are drawn.
  ImGui::SetNextWindowContentSize(content);
  ImGui::BeginChild("grid",
                    ImVec2(std::min(size.x, content.x + (content.y > size.y ? 14 : 0)),
                           std::min(size.y, content.x > size.x ? content.y + 14 : content.y)),
                    false, ImGuiWindowFlags_HorizontalScrollbar);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 scroll(ImGui::GetScrollX(), ImGui::GetScrollY());
  const ImVec2 view = ImGui::GetWindowSize();
  const int firstRow = std::max(0, static_cast<int>(scroll.y / cell));
  const int lastRow = std::min(board.rows, static_cast<int>((scroll.y + view.y) / cell) + 1);
  const int firstCol = std::max(0, static_cast<int>(scroll.x / cell));
  const int lastCol = std::min(board.cols, static_cast<int>((scroll.x + view.x) / cell) + 1);
  // Stones of the line up to the cursor, and the verdicts on the moves that placed them.
  std::vector<int> moveNumber(static_cast<std::size_t>(board.rows) * board.cols, 0);
  for (int k = 0; k < session.step(); ++k)
    moveNumber[static_cast<std::size_t>(session.history()[k].a) * board.cols +
               session.history()[k].b] = k + 1;
  const LineAnalysis& line = app.line();
  const Value here = session.gameBoard().value();
  const std::vector<MoveValue> moves = session.gameBoard().moves();
  const float small = ImGui::GetFontSize() * (cell >= 100 ? 0.95f : cell >= 56 ? 0.8f : 0.68f);
  for (int row = firstRow; row < lastRow; ++row) {
    for (int col = firstCol; col < lastCol; ++col) {
      const ImVec2 min(origin.x + col * cell, origin.y + row * cell);
      const ImVec2 max(min.x + cell - 2, min.y + cell - 2);
      const ImVec2 center((min.x + max.x) / 2, (min.y + max.y) / 2);
      const int number = moveNumber[static_cast<std::size_t>(row) * board.cols + col];
      const auto legal = std::find_if(moves.begin(), moves.end(), [&](const MoveValue& move) {
        return move.move.a == row && move.move.b == col;
      });
      const bool isLegal = legal != moves.end();
      draw->AddRectFilled(min, max, isLegal ? kLegal : kCell, 3);
      // The cell's points, labelled: a (Black's) top left, b (White's) bottom right (short
      // numbers on small cells; the tooltip has them in full). A small legal cell shows only
      // its value.
      const bool full = cell >= 64;
      if (cell >= 34 && (full || !isLegal || number > 0)) {
        const std::string a =
            "a" + (full ? std::to_string(board.a(row, col)) : compact(board.a(row, col)));
        const std::string b =
            "b" + (full ? std::to_string(board.b(row, col)) : compact(board.b(row, col)));
        const float bWidth = ImGui::GetFont()->CalcTextSizeA(small, FLT_MAX, 0, b.c_str()).x;
        draw->AddText(ImGui::GetFont(), small, ImVec2(min.x + 3, min.y + 1), kPointsA, a.c_str());
        draw->AddText(ImGui::GetFont(), small, ImVec2(max.x - 3 - bWidth, max.y - small - 1),
                      kPointsB, b.c_str());
      }
      if (number > 0) {
        const bool black = (number - 1) % 2 == 0;
        const float radius = cell * 0.3f;
        draw->AddCircleFilled(center, radius,
                              black ? palette::kFirstPlayer : palette::kSecondPlayer, 32);
        draw->AddCircle(center, radius, IM_COL32(120, 120, 120, 255), 32, 1);
        centeredText(draw, center, black ? palette::kSecondPlayer : palette::kFirstPlayer,
                     std::to_string(number), cell >= 40 ? 0.9f : 0.7f);
        if (number == session.step()) draw->AddCircle(center, radius + 3, palette::kCursor, 32, 2);
        const MoveJudgement& verdict = line.verdicts[static_cast<std::size_t>(number - 1)];
        if (verdict.verdict != Verdict::kBest) {
          const ImVec2 badge(max.x - small * 0.9f, min.y + small * 0.9f);
          draw->AddCircleFilled(badge, small * 0.85f, verdictColor(verdict.verdict), 16);
          centeredText(draw, badge, IM_COL32(10, 10, 12, 255), verdict.mark,
                       small / ImGui::GetFontSize());
        }
      } else if (isLegal && app.valuesHidden()) {
        centeredText(draw, center, palette::kDim, "?", 1.0f);
      } else if (isLegal) {
        const MoveJudgement verdict = judgeMove(metric, here, legal->value, mover);
        const std::string value = (legal->best && full ? "\xE2\x98\x85" : "") +
                                  marginText(metric, legal->value, mover, full) + verdict.mark;
        const float width = ImGui::CalcTextSize(value.c_str()).x;
        const float scale =
            std::clamp((cell - 8) / std::max(1.0f, width), 0.55f, cell >= 100 ? 1.6f : 1.2f);
        if (legal->best) draw->AddRect(min, max, palette::kBest, 3, 0, 3);
        centeredText(draw, center, legal->best ? palette::kBest : verdictColor(verdict.verdict),
                     value, scale);
      }
      ImGui::SetCursorScreenPos(min);
      ImGui::PushID(row);
      ImGui::PushID(col);
      if (ImGui::InvisibleButton("cell", ImVec2(cell - 2, cell - 2)) && isLegal)
        app.doc.play(legal->move);
      if (ImGui::IsItemHovered()) {
        std::string tip =
            trText(Message(kCellPoints, {{"N1", row + 1},
                                         {"N2", col + 1},
                                         {"N3", static_cast<std::int64_t>(board.a(row, col))},
                                         {"N4", static_cast<std::int64_t>(board.b(row, col))}}));
        if (isLegal && !app.valuesHidden())
          tip += "\n" +
                 trText(Message(kPlayingHere,
                                {{"VALUE", moverValue(metric, legal->value, mover)},
                                 {"PLAYER", session.info().players[mover]},
                                 {"MESSAGE", judgeMove(metric, here, legal->value, mover).text}}));
        ImGui::SetTooltip("%s", tip.c_str());
      }
      ImGui::PopID();
      ImGui::PopID();
      app.widgets.recordRect("cell-" + std::to_string(row + 1) + "-" + std::to_string(col + 1), min,
                             max, isLegal);
    }
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + content.y));
  ImGui::Dummy(ImVec2(0, 0));
  ImGui::EndChild();
}

void drawStaircaseLegend(App&) {
  legendEntry(palette::kFirstPlayer, "1",
              tr("a black stone with its move number (white: White's)"));
  legendEntry(kPointsA, "a", tr("a: what Black scores for a stone on the cell (top left)"));
  legendEntry(kPointsB, "b", tr("b: what White scores for a stone on the cell (bottom right)"));
  legendEntry(kLegal, "+2", tr("a legal cell: the final margin for the player to move, if played"));
  legendEntry(palette::kCursor, "\xE2\x97\x8B", tr("a ring: the last move"));
}

// Loads a board of the given size: the values that fit are kept, new cells get values drawn
// from the seed (a board too large to edit as text is drawn from a recipe instead: its own, or
// the seed's).
void resize(App& app, const StaircaseBoard& board, int rows, int cols) {
  if (2 * static_cast<std::uint64_t>(rows) * cols + 2 > Document::kEditableNumbers) {
    Recipe recipe;
    recipe.game = &staircaseGame();
    recipe.fields = {rows, cols, app.doc.recipe() ? app.doc.recipe()->fields[2] : 100000};
    recipe.seed = app.doc.recipe() ? app.doc.recipe()->seed : app.ui.seed;
    app.doc.loadRecipe(recipe);
    return;
  }
  std::int64_t high = 9;
  for (std::int64_t value : board.black) high = std::max(high, value);
  const std::size_t cells = static_cast<std::size_t>(rows) * cols;
  const std::vector<std::int64_t> fresh = freshValues(app.ui.seed, 2 * cells, 0, high);
  StaircaseBoard resized;
  resized.rows = rows;
  resized.cols = cols;
  resized.black.assign(fresh.begin(), fresh.begin() + cells);
  resized.white.assign(fresh.begin() + cells, fresh.end());
  for (int row = 0; row < std::min(rows, board.rows); ++row)
    for (int col = 0; col < std::min(cols, board.cols); ++col) {
      resized.black[static_cast<std::size_t>(row) * cols + col] = board.a(row, col);
      resized.white[static_cast<std::size_t>(row) * cols + col] = board.b(row, col);
    }
  app.doc.loadText(staircaseGame(), formatStaircase(resized), "");
}

void drawStaircaseEditor(App& app) {
  const StaircaseSolver* solver = solverOf<StaircaseSolver>(app.doc.session().gameBoard());
  if (!solver) return;
  const StaircaseBoard& board = solver->board();
  const std::vector<RecipeField>& fields = staircaseGame().recipeFields();
  // The fields always show the board's size; a confirmed change resizes it.
  int rows = board.rows, cols = board.cols;
  const bool newRows = sizeInput(app, "n", &rows, 1, static_cast<int>(fields[0].max));
  ImGui::SameLine();
  const bool newCols = sizeInput(app, "m", &cols, 1, static_cast<int>(fields[1].max));
  if (newRows || newCols) {
    resize(app, board, rows, cols);
    return;
  }
  sameLineIfFits(buttonWidth(trLabel("Clear").c_str()));  // (a phone's touch fields are wide)
  if (button(trLabel("Clear").c_str())) {
    StaircaseBoard cleared = board;
    std::fill(cleared.black.begin(), cleared.black.end(), 0);
    std::fill(cleared.white.begin(), cleared.white.end(), 0);
    app.doc.loadText(staircaseGame(), formatStaircase(cleared), "");
    return;
  }
  app.widgets.record("clear");
  ImGui::TextDisabled(tr("The judge's limits: n, m \xE2\x89\xA4 %lld, values \xE2\x89\xA4 %lld"),
                      static_cast<long long>(fields[0].judgeMax),
                      static_cast<long long>(fields[2].judgeMax));
  // a and b, edited in place (tables hold at most 64 columns; wider boards are edited as
  // judge input below).
  if (board.cols > 64 || app.doc.judgeInput().empty()) {
    textWrapped("%s", tr("This board is edited as judge input (the box below)."));
    return;
  }
  for (int matrix = 0; matrix < 2; ++matrix) {
    ImGui::TextDisabled("%s", matrix == 0 ? tr("a (Black's points)") : tr("b (White's points)"));
    const std::vector<std::int64_t>& values = matrix == 0 ? board.black : board.white;
    const float rowHeight = ImGui::GetFrameHeight() + 4;
    const float height = std::min(board.rows, 6) * rowHeight + 18;
    if (!ImGui::BeginTable(
            matrix == 0 ? "a" : "b", board.cols,
            ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit,
            ImVec2(0, height)))
      continue;
    // Columns as wide as the panel allows, up to 96 pixels and at least the judge's largest
    // value (100000) wide: a 4 x 4 board's fit a 340-pixel panel; wider ones scroll.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float room = ImGui::GetContentRegionAvail().x -
                       (board.rows > 6 ? style.ScrollbarSize : 0.0f) -
                       board.cols * 2 * style.CellPadding.x - 2;
    const float least = ImGui::CalcTextSize("1000000").x + 2 * style.FramePadding.x;
    const float width = std::clamp(std::floor(room / board.cols), least, 96.0f);
    for (int col = 0; col < board.cols; ++col)
      ImGui::TableSetupColumn(nullptr, ImGuiTableColumnFlags_WidthFixed, width);
    ImGuiListClipper clipper;
    clipper.Begin(board.rows, rowHeight);
    while (clipper.Step()) {
      for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
        ImGui::TableNextRow(0, rowHeight);
        for (int col = 0; col < board.cols; ++col) {
          ImGui::TableNextColumn();
          std::int64_t value = values[static_cast<std::size_t>(row) * board.cols + col];
          ImGui::PushID(row);  // inside the table of this matrix: unique for any size
          ImGui::PushID(col);
          ImGui::SetNextItemWidth(-1);
          const bool edited = ImGui::InputScalar("##v", ImGuiDataType_S64, &value, nullptr, nullptr,
                                                 "%lld", ImGuiInputTextFlags_EnterReturnsTrue);
          app.widgets.recordTextField(std::string(matrix == 0 ? "a-" : "b-") +
                                      std::to_string(row + 1) + "-" + std::to_string(col + 1));
          ImGui::PopID();
          ImGui::PopID();
          if (edited) {
            StaircaseBoard changed = board;
            (matrix == 0 ? changed.black
                         : changed.white)[static_cast<std::size_t>(row) * board.cols + col] = value;
            clipper.End();
            ImGui::EndTable();
            app.doc.loadText(staircaseGame(), formatStaircase(changed), "");
            return;
          }
        }
      }
    }
    ImGui::EndTable();
  }
}

}  // namespace

float staircaseNaturalHeight(App& app, float width) {
  const StaircaseSolver* solver = solverOf<StaircaseSolver>(app.doc.session().gameBoard());
  if (!solver) return 0;
  const float cell = std::clamp(std::floor(width / solver->board().cols), kMinCell, 150.0f);
  return cell * solver->board().rows + 4;
}

extern const GameView kStaircaseView = {"staircase", drawStaircaseBoard, drawStaircaseEditor,
                                        drawStaircaseLegend, staircaseNaturalHeight};

}  // namespace gs::app
