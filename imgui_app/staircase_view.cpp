// staircase in the app: the board with stones, move numbers and the value of every legal cell;
// the editor's n and m and the a and b tables, edited in place.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "game_view.h"
#include "games/staircase_game.h"

namespace gs::app {
namespace {

const ImU32 kBlackStone = IM_COL32(20, 20, 24, 255);
const ImU32 kWhiteStone = IM_COL32(236, 236, 230, 255);
const ImU32 kCell = IM_COL32(64, 70, 82, 255);
const ImU32 kLegal = IM_COL32(78, 96, 120, 255);
const ImU32 kBest = IM_COL32(90, 200, 120, 255);
const ImU32 kText = IM_COL32(230, 232, 236, 255);
const ImU32 kDim = IM_COL32(160, 166, 176, 255);
const ImU32 kDimWhite = IM_COL32(200, 200, 150, 255);  // b, White's points

std::string scoreText(std::int64_t score) { return (score > 0 ? "+" : "") + std::to_string(score); }

void drawStaircaseBoard(App& app, ImVec2 size) {
  const Session& session = *app.session;
  const StaircaseSolver* solver = staircaseSolverOf(session.gameBoard());
  if (!solver) return;
  const StaircaseBoard& board = solver->board();
  const float cell = std::floor(std::min(size.x / board.cols, size.y / board.rows));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Stones of the current line up to the cursor: owner and move number per cell.
  std::vector<int> moveNumber(board.black.size(), 0);
  for (int k = 0; k < session.step(); ++k)
    moveNumber[static_cast<std::size_t>(session.history()[k].a) * board.cols +
               session.history()[k].b] = k + 1;
  std::vector<MoveValue> moves = session.moves();
  for (int row = 0; row < board.rows; ++row) {
    for (int col = 0; col < board.cols; ++col) {
      const ImVec2 min(origin.x + col * cell, origin.y + row * cell);
      const ImVec2 max(min.x + cell - 2, min.y + cell - 2);
      const ImVec2 center((min.x + max.x) / 2, (min.y + max.y) / 2);
      const int number = moveNumber[static_cast<std::size_t>(row) * board.cols + col];
      const auto legal = std::find_if(moves.begin(), moves.end(), [&](const MoveValue& move) {
        return move.move.a == row && move.move.b == col;
      });
      draw->AddRectFilled(min, max, legal != moves.end() ? kLegal : kCell, 3);
      // The cell's a (top left) and b (bottom right) in small type, when the cell is large
      // enough to read them; the tooltip always has both.
      const float small = ImGui::GetFontSize() * 0.75f;
      if (cell >= 40) {
        const std::string a = std::to_string(board.a(row, col));
        const std::string b = std::to_string(board.b(row, col));
        const float bWidth = ImGui::GetFont()->CalcTextSizeA(small, FLT_MAX, 0, b.c_str()).x;
        draw->AddText(ImGui::GetFont(), small, ImVec2(min.x + 3, min.y + 2), kDim, a.c_str());
        draw->AddText(ImGui::GetFont(), small, ImVec2(max.x - 3 - bWidth, max.y - small - 3),
                      kDimWhite, b.c_str());
      }
      if (number > 0) {
        const bool black = (number - 1) % 2 == 0;
        draw->AddCircleFilled(center, cell * 0.34f, black ? kBlackStone : kWhiteStone, 32);
        centeredText(draw, center, black ? kWhiteStone : kBlackStone, std::to_string(number));
      } else if (legal != moves.end()) {
        if (legal->best) draw->AddRect(min, max, kBest, 3, 0, 3);
        const std::string value = scoreText(legal->value.score);
        const float width = ImGui::CalcTextSize(value.c_str()).x;
        const float scale = std::clamp((cell - 12) / std::max(1.0f, width), 0.6f, 1.25f);
        centeredText(draw, center, legal->best ? kBest : kText, value, scale);
      }
      ImGui::SetCursorScreenPos(min);
      // IDs per row, then per column: unique on boards of any width.
      ImGui::PushID(row);
      ImGui::PushID(col);
      if (ImGui::InvisibleButton("cell", ImVec2(cell - 2, cell - 2)) && legal != moves.end())
        app.playMove(legal->move);
      if (ImGui::IsItemHovered() && legal != moves.end())
        ImGui::SetTooltip("(%d, %d): a = %lld, b = %lld\nplaying here: %s", row + 1, col + 1,
                          static_cast<long long>(board.a(row, col)),
                          static_cast<long long>(board.b(row, col)),
                          session.describe(legal->value, session.sideToMove()).c_str());
      ImGui::PopID();
      ImGui::PopID();
      app.recordRect("cell-" + std::to_string(row + 1) + "-" + std::to_string(col + 1), min, max);
    }
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + board.rows * cell));
}

// Re-solves the board after an in-place edit, from its judge text (so the parser's checks and
// messages apply to edits exactly as to pastes).
void loadEdited(App& app, const StaircaseBoard& board) {
  app.loadJudgeText(staircaseGame(), formatStaircase(board));
}

void drawStaircaseEditor(App& app) {
  const StaircaseSolver* solver = staircaseSolverOf(app.session->gameBoard());
  if (!solver) return;
  const StaircaseBoard& board = solver->board();
  // The size fields show the board's size until the user types another.
  static int rows = 0, cols = 0, shownVersion = -1;
  if (shownVersion != app.boardVersion) {
    rows = board.rows;
    cols = board.cols;
    shownVersion = app.boardVersion;
  }
  const std::vector<RecipeField>& fields = staircaseGame().recipeFields();
  bool resize = sizeInput(app, "n", &rows, 1, static_cast<int>(fields[0].judgeMax));
  ImGui::SameLine();
  resize |= sizeInput(app, "m", &cols, 1, static_cast<int>(fields[1].judgeMax));
  if (resize || seedInput(app)) {
    loadRecipeFields(app, staircaseGame(), {rows, cols, fields[2].judgeMax});
    return;
  }
  ImGui::SameLine();
  if (ImGui::Button("Clear")) {
    StaircaseBoard cleared = board;
    std::fill(cleared.black.begin(), cleared.black.end(), 0);
    std::fill(cleared.white.begin(), cleared.white.end(), 0);
    loadEdited(app, cleared);
    return;
  }
  app.record("clear");
  // a and b, edited in place.
  for (int matrix = 0; matrix < 2; ++matrix) {
    ImGui::TextDisabled(matrix == 0 ? "a (Black's points)" : "b (White's points)");
    const std::vector<std::int64_t>& values = matrix == 0 ? board.black : board.white;
    // Wide boards scroll sideways rather than squeeze the numbers.
    const bool wide = board.cols > 4;
    const float height =
        std::min(board.rows, 6) * (ImGui::GetFrameHeight() + 4) + (wide ? 16 : 0);
    if (!ImGui::BeginTable(matrix == 0 ? "a" : "b", board.cols,
                           wide ? ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                                      ImGuiTableFlags_SizingFixedFit
                                : ImGuiTableFlags_SizingStretchSame,
                           ImVec2(0, wide ? height : 0)))
      continue;
    if (wide)
      for (int col = 0; col < board.cols; ++col)
        ImGui::TableSetupColumn(nullptr, ImGuiTableColumnFlags_WidthFixed, 64);
    for (int row = 0; row < board.rows; ++row) {
      ImGui::TableNextRow();
      for (int col = 0; col < board.cols; ++col) {
        ImGui::TableNextColumn();
        std::int64_t value = values[static_cast<std::size_t>(row) * board.cols + col];
        ImGui::PushID(row);  // inside the table of this matrix: unique for any size
        ImGui::PushID(col);
        ImGui::SetNextItemWidth(-1);
        if (ImGui::InputScalar("##v", ImGuiDataType_S64, &value, nullptr, nullptr, "%lld",
                               ImGuiInputTextFlags_EnterReturnsTrue)) {
          StaircaseBoard edited = board;
          (matrix == 0 ? edited.black
                       : edited.white)[static_cast<std::size_t>(row) * board.cols + col] = value;
          ImGui::PopID();
          ImGui::PopID();
          ImGui::EndTable();
          loadEdited(app, edited);
          return;
        }
        app.record(std::string(matrix == 0 ? "a-" : "b-") + std::to_string(row + 1) + "-" +
                   std::to_string(col + 1));
        ImGui::PopID();
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }
}

}  // namespace

extern const GameView kStaircaseView = {"staircase", drawStaircaseBoard, drawStaircaseEditor};

}  // namespace gs::app
