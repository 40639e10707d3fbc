// manhattan in the app: a win/loss heatmap of the whole board drawn as one texture (a
// 2000 x 2000 board stays smooth), with zoom, pan, hover details, the placements of the line
// and the strategy's next cell ringed; the editor's n, m and (small boards) values.
#include <GLES3/gl3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "game_view.h"
#include "games/manhattan_game.h"

namespace gs::app {
namespace {

const ImU32 kBlackStone = IM_COL32(20, 20, 24, 255);
const ImU32 kGrid = IM_COL32(30, 32, 38, 255);
const ImU32 kText = IM_COL32(230, 232, 236, 255);
const ImU32 kRing = IM_COL32(255, 235, 90, 255);  // the next move on the heatmap

// The heatmap texture and the visible part of the board.
struct Heatmap {
  unsigned int texture = 0;
  int boardVersion = -1;  // the board the texture was made for
  float zoom = 1.0f;
  ImVec2 pan = ImVec2(0, 0);
} heatmap;

// One RGBA texel per cell, green for winning first cells and red for losing ones, brighter for
// higher values; rebuilt only when the board changes.
void updateHeatmap(const App& app, const ManhattanSolver& solver) {
  if (heatmap.boardVersion == app.boardVersion && heatmap.texture) return;
  const int n = solver.n();
  const std::vector<std::uint32_t>& order = solver.board().byValue;
  std::vector<std::uint32_t> pixels(static_cast<std::size_t>(n) * n);
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    const std::uint32_t cell = order[rank];
    const float brightness = 0.35f + 0.65f * (1.0f - static_cast<float>(rank) / order.size());
    const bool win = solver.isWinning(static_cast<int>(cell));
    const auto channel = [&](float base) {
      return static_cast<std::uint32_t>(std::min(255.0f, base * brightness));
    };
    const std::uint32_t r = win ? channel(60) : channel(230), g = win ? channel(230) : channel(70),
                        b = win ? channel(110) : channel(70);
    pixels[cell] = r | (g << 8) | (b << 16) | (0xFFu << 24);
  }
  if (!heatmap.texture) glGenTextures(1, &heatmap.texture);
  glBindTexture(GL_TEXTURE_2D, heatmap.texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  heatmap.boardVersion = app.boardVersion;
  heatmap.zoom = 1;
  heatmap.pan = ImVec2(0, 0);
}

void drawManhattanBoard(App& app, ImVec2 size) {
  const Session& session = *app.session;
  const ManhattanSolver* found = manhattanSolverOf(session.gameBoard());
  if (!found) return;
  const ManhattanSolver& solver = *found;
  updateHeatmap(app, solver);
  const int n = solver.n();
  const float side = std::floor(std::min(size.x, size.y - 8));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  float& zoom = heatmap.zoom;
  ImVec2& pan = heatmap.pan;
  // The visible part of the board in cell units: zoom about the cursor, pan by dragging.
  const float visible = n / zoom;
  ImGui::InvisibleButton("heatmap", ImVec2(side, side));
  app.record("heatmap");
  const bool hovered = ImGui::IsItemHovered();
  const ImGuiIO& io = ImGui::GetIO();
  const float cellSize = side / visible;
  const auto cellAt = [&](ImVec2 point, int& row, int& col) {
    col = static_cast<int>(std::floor(pan.x + (point.x - origin.x) / cellSize));
    row = static_cast<int>(std::floor(pan.y + (point.y - origin.y) / cellSize));
    return row >= 0 && row < n && col >= 0 && col < n;
  };
  if (hovered && io.MouseWheel != 0) {
    const ImVec2 before(pan.x + (io.MousePos.x - origin.x) / cellSize,
                        pan.y + (io.MousePos.y - origin.y) / cellSize);
    zoom = std::clamp(zoom * std::pow(1.25f, io.MouseWheel), 1.0f, std::max(1.0f, n / 4.0f));
    const float newCell = side / (n / zoom);
    pan = ImVec2(before.x - (io.MousePos.x - origin.x) / newCell,
                 before.y - (io.MousePos.y - origin.y) / newCell);
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(0, 4)) {
    pan.x -= io.MouseDelta.x / cellSize;
    pan.y -= io.MouseDelta.y / cellSize;
  }
  const float span = n / zoom;
  pan.x = std::clamp(pan.x, 0.0f, n - span);
  pan.y = std::clamp(pan.y, 0.0f, n - span);
  const float currentCell = side / span;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(heatmap.texture)),
                 origin, ImVec2(origin.x + side, origin.y + side), ImVec2(pan.x / n, pan.y / n),
                 ImVec2((pan.x + span) / n, (pan.y + span) / n));
  const auto cellMin = [&](int row, int col) {
    return ImVec2(origin.x + (col - pan.x) * currentCell, origin.y + (row - pan.y) * currentCell);
  };
  draw->PushClipRect(origin, ImVec2(origin.x + side, origin.y + side), true);
  // Values, legal answers and the recorded widgets of small (or zoomed-in) boards.
  const int firstRow = static_cast<int>(pan.y), firstCol = static_cast<int>(pan.x);
  const int shown = static_cast<int>(std::ceil(span)) + 1;
  const ManhattanPosition& position = *manhattanPositionOf(session.gameBoard());
  if (currentCell >= 14) {
    for (int row = firstRow; row < std::min(n, firstRow + shown); ++row)
      for (int col = firstCol; col < std::min(n, firstCol + shown); ++col) {
        const ImVec2 min = cellMin(row, col), max(min.x + currentCell, min.y + currentCell);
        const int cell = row * n + col;
        if (!solver.isLegal(position, cell)) draw->AddRectFilled(min, max, IM_COL32(0, 0, 0, 120));
        draw->AddRect(min, max, kGrid);
        if (currentCell >= 34)
          centeredText(draw, ImVec2((min.x + max.x) / 2, (min.y + max.y) / 2), kText,
                       std::to_string(solver.board().value(cell)));
        if (n <= 40)
          app.recordRect("cell-" + std::to_string(row + 1) + "-" + std::to_string(col + 1), min,
                         max);
      }
  }
  // The placements of the line so far, numbered.
  for (int k = 0; k < session.step(); ++k) {
    const Move& move = session.history()[k];
    const ImVec2 min = cellMin(move.a, move.b);
    const ImVec2 center(min.x + currentCell / 2, min.y + currentCell / 2);
    const float radius = std::max(4.0f, currentCell * 0.32f);
    draw->AddCircleFilled(
        center, radius, k % 2 == 0 ? IM_COL32(250, 220, 80, 255) : IM_COL32(120, 170, 255, 255),
        24);
    if (radius >= 9) centeredText(draw, center, kBlackStone, std::to_string(k + 1));
  }
  // The strategy's next placement (the winning reply, when there is one), ringed.
  if (const auto& best = app.best()) {
    const ImVec2 min = cellMin(best->a, best->b);
    const float radius = std::max(6.0f, currentCell * 0.45f);
    const ImVec2 center(min.x + currentCell / 2, min.y + currentCell / 2);
    draw->AddCircle(center, radius + 2, kBlackStone, 32, 5);
    draw->AddCircle(center, radius, kRing, 32, 3);
  }
  draw->PopClipRect();
  int row = 0, col = 0;
  if (hovered && cellAt(io.MousePos, row, col)) {
    const int cell = row * n + col;
    const Value value = solver.placementValue(cell);
    std::string text = "(" + std::to_string(row + 1) + ", " + std::to_string(col + 1) +
                       ") value " + std::to_string(solver.board().value(cell)) + "\n" +
                       (value.win ? "wins: no higher winning cell lies farther than m"
                                  : "loses: refuted by (" +
                                        std::to_string(value.certificate.a + 1) + ", " +
                                        std::to_string(value.certificate.b + 1) + ")");
    if (!solver.isLegal(position, cell)) text += "\nnot a legal answer here (distance <= m)";
    ImGui::SetTooltip("%s", text.c_str());
    if (ImGui::IsMouseReleased(0) && !ImGui::IsMouseDragging(0, 4) &&
        io.MouseDragMaxDistanceSqr[0] < 16 && solver.isLegal(position, cell))
      app.playMove(Move{row, col});
  }
  ImGui::TextDisabled("wheel: zoom  drag: pan  click: place");
}

void drawManhattanEditor(App& app) {
  const ManhattanSolver* solver = manhattanSolverOf(app.session->gameBoard());
  if (!solver) return;
  const ManhattanBoard& board = solver->board();
  static int n = 0, shownVersion = -1;
  static std::int64_t m = 0;
  if (shownVersion != app.boardVersion) {
    n = board.n;
    m = board.m;
    shownVersion = app.boardVersion;
  }
  const std::vector<RecipeField>& fields = manhattanGame().recipeFields();
  const bool resize = sizeInput(app, "n", &n, 1, static_cast<int>(fields[0].judgeMax), 110);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110);
  const bool newM = ImGui::InputScalar("m", ImGuiDataType_S64, &m, nullptr, nullptr, "%lld",
                                       ImGuiInputTextFlags_EnterReturnsTrue);
  app.record("size-m");
  m = std::clamp<std::int64_t>(m, 0, 1000000000);
  const bool random = seedInput(app);
  if (random || resize) {
    loadRecipeFields(app, manhattanGame(), {n, m});
    return;
  }
  if (newM && m != board.m) {
    // Same cells, new distance bound (a generated board keeps its recipe).
    if (app.recipe) {
      Recipe recipe = *app.recipe;
      recipe.fields[1] = m;
      app.loadRecipe(recipe);
    } else {
      ManhattanBoard edited = board;
      edited.m = m;
      app.loadJudgeText(manhattanGame(), formatManhattan(edited));
    }
    return;
  }
  if (board.n > 8) {
    ImGui::TextDisabled("Values are edited in place up to n = 8.");
    return;
  }
  if (!ImGui::BeginTable("values", board.n, ImGuiTableFlags_SizingStretchSame)) return;
  for (int row = 0; row < board.n; ++row) {
    ImGui::TableNextRow();
    for (int col = 0; col < board.n; ++col) {
      ImGui::TableNextColumn();
      const int cell = row * board.n + col;
      std::int64_t value = board.values[cell];
      ImGui::PushID(cell);
      ImGui::SetNextItemWidth(-1);
      if (ImGui::InputScalar("##v", ImGuiDataType_S64, &value, nullptr, nullptr, "%lld",
                             ImGuiInputTextFlags_EnterReturnsTrue)) {
        // Through the judge text, so a repeated value is refused with the parser's message.
        ManhattanBoard edited = board;
        edited.values[cell] = static_cast<std::uint32_t>(
            std::clamp<std::int64_t>(value, 0, ManhattanBoard::kMaxValue));
        ImGui::PopID();
        ImGui::EndTable();
        app.loadJudgeText(manhattanGame(), formatManhattan(edited));
        return;
      }
      app.record("value-" + std::to_string(row + 1) + "-" + std::to_string(col + 1));
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
}

}  // namespace

extern const GameView kManhattanView = {"manhattan", drawManhattanBoard, drawManhattanEditor};

}  // namespace gs::app
