// manhattan in the app: the whole board as one texture (a 2000 x 2000 board stays smooth),
// blue for winning first cells and orange for losing ones, brighter for higher values; zoomed
// in, losing cells are hatched and winning ones dotted, so colour is never alone. The wheel and
// a pinch zoom in steps around the pointer, a drag pans; the placements of the line are
// numbered and the strategy's next cell ringed. The editor sets n and m and (small boards)
// the values.
#include <GLES3/gl3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include "base/forms.h"
#include "game_view.h"
#include "games/manhattan/manhattan_game.h"
#include "web_platform.h"

namespace gs::app {
namespace {

const ImU32 kGrid = IM_COL32(30, 32, 38, 255);

// The heatmap texture and the visible part of the board.
struct Heatmap {
  unsigned int texture = 0;
  int boardVersion = -1;  // the board the texture was made for
  bool hidden = false;    // drawn without win and loss (a quiz)
  float zoom = 1.0f;
  ImVec2 pan = ImVec2(0, 0);  // the top-left visible cell, in cells
  // The texture being made, a slice a frame (a 2000 x 2000 board's 4 million texels took 75 ms
  // to colour and 35 ms to upload in one frame): the board version and mode it is for, its
  // texels coloured in rank order so far, then its rows uploaded so far.
  int making = -1;
  bool makingHidden = false;
  std::vector<std::uint32_t> pixels;
  std::size_t ranksDone = 0;
  int rowsUploaded = 0;
} heatmap;

constexpr double kHeatmapSliceMs = 8;  // the texture's work per frame
constexpr std::size_t kRanksAtATime = 1 << 14;
constexpr int kRowsAtATime = 64;

// One RGBA texel per cell, made again only when the board changes, a slice at a time; true once
// the texture shows this board.
bool updateHeatmap(const App& app, const ManhattanSolver& solver) {
  const int version = app.doc.boardVersion();
  const bool hidden = app.valuesHidden();
  if (heatmap.boardVersion == version && heatmap.hidden == hidden && heatmap.texture) return true;
  const int n = solver.n();
  const std::vector<std::uint32_t>& order = solver.board().byValue;
  if (heatmap.making != version || heatmap.makingHidden != hidden) {
    if (heatmap.boardVersion != version) {
      heatmap.zoom = 1;
      heatmap.pan = ImVec2(0, 0);
    }
    heatmap.making = version;
    heatmap.makingHidden = hidden;
    heatmap.pixels.clear();
    heatmap.pixels.reserve(order.size());
    heatmap.ranksDone = 0;
    heatmap.rowsUploaded = 0;
  }
  const double start = nowMilliseconds();
  const auto timeLeft = [&] { return nowMilliseconds() - start < kHeatmapSliceMs; };
  // The texels' memory, grown a slice at a time too (its first touch is most of the cost).
  while (heatmap.pixels.size() < order.size() && timeLeft())
    heatmap.pixels.resize(std::min(order.size(), heatmap.pixels.size() + 8 * kRanksAtATime));
  if (heatmap.pixels.size() < order.size()) return false;
  while (heatmap.ranksDone < order.size() && timeLeft()) {
    const std::size_t end = std::min(order.size(), heatmap.ranksDone + kRanksAtATime);
    for (std::size_t rank = heatmap.ranksDone; rank < end; ++rank) {
      const std::uint32_t cell = order[rank];
      const float brightness = 0.4f + 0.6f * (1.0f - static_cast<float>(rank) / order.size());
      const bool win = solver.isWinning(static_cast<int>(cell));
      const ImU32 base = hidden ? IM_COL32(200, 200, 200, 255)
                         : win  ? palette::kBest
                                : palette::kMistake;
      const auto channel = [&](int shift) {
        return static_cast<std::uint32_t>(((base >> shift) & 0xFF) * brightness) << shift;
      };
      heatmap.pixels[cell] = channel(0) | channel(8) | channel(16) | (0xFFu << 24);
    }
    heatmap.ranksDone = end;
  }
  if (heatmap.ranksDone < order.size()) return false;
  if (!heatmap.texture) glGenTextures(1, &heatmap.texture);
  glBindTexture(GL_TEXTURE_2D, heatmap.texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  if (heatmap.rowsUploaded == 0) {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  }
  while (heatmap.rowsUploaded < n && timeLeft()) {
    const int rows = std::min(kRowsAtATime, n - heatmap.rowsUploaded);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, heatmap.rowsUploaded, n, rows, GL_RGBA, GL_UNSIGNED_BYTE,
                    heatmap.pixels.data() + static_cast<std::size_t>(heatmap.rowsUploaded) * n);
    heatmap.rowsUploaded += rows;
    textureChanged();
  }
  if (heatmap.rowsUploaded < n) return false;
  heatmap.boardVersion = version;
  heatmap.hidden = hidden;
  heatmap.making = -1;
  std::vector<std::uint32_t>().swap(heatmap.pixels);
  return true;
}

// Zooms by `factor` keeping the cell under `point` (screen) where it is.
void zoomAround(float factor, ImVec2 point, ImVec2 origin, float side, int n) {
  const float before = side / (n / heatmap.zoom);
  const ImVec2 cell(heatmap.pan.x + (point.x - origin.x) / before,
                    heatmap.pan.y + (point.y - origin.y) / before);
  heatmap.zoom = std::clamp(heatmap.zoom * factor, 1.0f, std::max(1.0f, n / 3.0f));
  const float after = side / (n / heatmap.zoom);
  heatmap.pan =
      ImVec2(cell.x - (point.x - origin.x) / after, cell.y - (point.y - origin.y) / after);
}

void drawManhattanBoard(App& app, ImVec2 size) {
  const Session& session = app.doc.session();
  const ManhattanSolver* found = solverOf<ManhattanSolver>(session.gameBoard());
  if (!found) return;
  const ManhattanSolver& solver = *found;
  const bool ready = updateHeatmap(app, solver);
  const int n = solver.n();
  const float buttonsHeight = ImGui::GetFrameHeightWithSpacing();
  const float side = std::max(60.0f, std::floor(std::min(size.x, size.y - buttonsHeight - 4)));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("heatmap", ImVec2(side, side));
  app.widgets.record("heatmap");
  app.widgets.recordZoomable(origin, ImVec2(origin.x + side, origin.y + side));
  const bool hovered = ImGui::IsItemHovered();
  const ImGuiIO& io = ImGui::GetIO();
  // Zoom: the wheel in steps around the pointer, a pinch around its centre.
  if (hovered && io.MouseWheel != 0)
    zoomAround(std::pow(1.25f, io.MouseWheel), io.MousePos, origin, side, n);
  if (app.pinch.scale != 1.0f) {
    const ImVec2 center = app.pinch.center;
    if (center.x >= origin.x && center.x <= origin.x + side && center.y >= origin.y &&
        center.y <= origin.y + side)
      zoomAround(app.pinch.scale, center, origin, side, n);
    app.pinch.consume();
  }
  float cellSize = side / (n / heatmap.zoom);
  if (heatmap.zoom > 1)
    app.widgets.recordDraggable(origin, ImVec2(origin.x + side, origin.y + side));
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(0, 4)) {
    heatmap.pan.x -= io.MouseDelta.x / cellSize;
    heatmap.pan.y -= io.MouseDelta.y / cellSize;
  }
  const float span = n / heatmap.zoom;
  heatmap.pan.x = std::clamp(heatmap.pan.x, 0.0f, n - span);
  heatmap.pan.y = std::clamp(heatmap.pan.y, 0.0f, n - span);
  cellSize = side / span;
  const ImVec2 pan = heatmap.pan;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // (A large board's texture takes a few frames to make: until then, its area.)
  if (ready)
    draw->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(heatmap.texture)),
                   origin, ImVec2(origin.x + side, origin.y + side), ImVec2(pan.x / n, pan.y / n),
                   ImVec2((pan.x + span) / n, (pan.y + span) / n));
  else {
    draw->AddRectFilled(origin, ImVec2(origin.x + side, origin.y + side), kGrid);
    app.widgets.recordRect("board-drawing", origin, ImVec2(origin.x + side, origin.y + side));
  }
  const auto cellMin = [&](int row, int col) {
    return ImVec2(origin.x + (col - pan.x) * cellSize, origin.y + (row - pan.y) * cellSize);
  };
  draw->PushClipRect(origin, ImVec2(origin.x + side, origin.y + side), true);
  const int firstRow = static_cast<int>(pan.y), firstCol = static_cast<int>(pan.x);
  const int lastRow = std::min(n, firstRow + static_cast<int>(std::ceil(span)) + 1);
  const int lastCol = std::min(n, firstCol + static_cast<int>(std::ceil(span)) + 1);
  const ManhattanPosition& position = *positionOf<ManhattanSolver>(session.gameBoard());
  if (cellSize >= 18) {
    // Patterns beside the colours: a dot on winning cells, a hatch on losing ones; cells the
    // mover may not use (too close to the last move) are dimmed; values when there is room.
    for (int row = firstRow; row < lastRow; ++row)
      for (int col = firstCol; col < lastCol; ++col) {
        const ImVec2 min = cellMin(row, col), max(min.x + cellSize, min.y + cellSize);
        const int cell = row * n + col;
        if (!solver.isLegal(position, cell)) draw->AddRectFilled(min, max, IM_COL32(0, 0, 0, 130));
        draw->AddRect(min, max, kGrid);
        if (app.valuesHidden()) {
          // A quiz: no marks.
        } else if (solver.isWinning(cell)) {
          draw->AddCircleFilled(ImVec2(min.x + cellSize * 0.18f, min.y + cellSize * 0.18f),
                                std::max(1.5f, cellSize * 0.07f), IM_COL32(10, 20, 40, 220), 8);
        } else {
          draw->AddLine(ImVec2(min.x + cellSize * 0.05f, max.y - cellSize * 0.55f),
                        ImVec2(min.x + cellSize * 0.55f, max.y - cellSize * 0.05f),
                        IM_COL32(60, 30, 0, 200), 1.5f);
        }
        if (cellSize >= 34)
          centeredText(draw, ImVec2((min.x + max.x) / 2, (min.y + max.y) / 2), palette::kText,
                       std::to_string(solver.board().value(cell)), cellSize >= 48 ? 1.0f : 0.8f);
        if (n <= 40)
          app.widgets.recordRect("cell-" + std::to_string(row + 1) + "-" + std::to_string(col + 1),
                                 min, max);
      }
  }
  // The placements of the line so far (pieces stack: the latest on top), numbered; only those
  // in view, and the most recent 400.
  const LineAnalysis& line = app.line();
  for (int k = std::max(0, session.step() - 400); k < session.step(); ++k) {
    const Move& move = session.history()[static_cast<std::size_t>(k)];
    if (move.a < firstRow || move.a >= lastRow || move.b < firstCol || move.b >= lastCol) continue;
    const ImVec2 min = cellMin(move.a, move.b);
    const ImVec2 center(min.x + cellSize / 2, min.y + cellSize / 2);
    const float radius = std::max(4.0f, cellSize * 0.32f);
    draw->AddCircleFilled(center, radius,
                          k % 2 == 0 ? palette::kFirstPlayer : palette::kSecondPlayer, 24);
    draw->AddCircle(center, radius, IM_COL32(140, 140, 140, 255), 24, 1);
    if (radius >= 9)
      centeredText(draw, center, k % 2 == 0 ? palette::kSecondPlayer : palette::kFirstPlayer,
                   std::to_string(k + 1), 0.8f);
    const MoveJudgement& verdict = line.verdicts[static_cast<std::size_t>(k)];
    if (verdict.verdict != Verdict::kBest && radius >= 9)
      draw->AddCircle(center, radius + 2, verdictColor(verdict.verdict), 24, 3);
  }
  // The strategy's next placement (the winning reply, when there is one), ringed.
  if (const auto& best = app.valuesHidden() ? std::optional<Move>() : app.doc.best()) {
    const ImVec2 min = cellMin(best->a, best->b);
    const float radius = std::max(7.0f, cellSize * 0.45f);
    const ImVec2 center(min.x + cellSize / 2, min.y + cellSize / 2);
    draw->AddCircle(center, radius + 2, palette::kFirstPlayer, 32, 5);
    draw->AddCircle(center, radius, palette::kCursor, 32, 3);
  }
  draw->PopClipRect();
  const auto cellAt = [&](ImVec2 point, int& row, int& col) {
    col = static_cast<int>(std::floor(pan.x + (point.x - origin.x) / cellSize));
    row = static_cast<int>(std::floor(pan.y + (point.y - origin.y) / cellSize));
    return row >= 0 && row < n && col >= 0 && col < n;
  };
  int row = 0, col = 0;
  if (hovered && cellAt(io.MousePos, row, col)) {
    const int cell = row * n + col;
    const Value value = solver.placementValue(cell);
    std::string text =
        trText(
            Message(kCellValue, {{"N1", row + 1},
                                 {"N2", col + 1},
                                 {"N3", static_cast<std::int64_t>(solver.board().value(cell))}})) +
        "\n" +
        (app.valuesHidden() ? std::string()
         : value.win
             ? tr("wins: no higher winning cell lies farther than m")
             : trText(Message(kRefutedBy,
                              {{"CELL", Message::verbatim(
                                            "(" + std::to_string(value.certificate.a + 1) + ", " +
                                            std::to_string(value.certificate.b + 1) + ")")}})));
    if (!solver.isLegal(position, cell))
      text += std::string("\n") + tr("not a legal answer here (distance \xE2\x89\xA4 m)");
    ImGui::SetTooltip("%s", text.c_str());
    if (ImGui::IsMouseReleased(0) && io.MouseDragMaxDistanceSqr[0] < 16 &&
        solver.isLegal(position, cell))
      app.doc.play(Move{row, col});
  }
  // Zoom buttons, for screens without a wheel or a pinch.
  const ImVec2 middle(origin.x + side / 2, origin.y + side / 2);
  if (button("+", ImVec2(40, 0))) zoomAround(1.5f, middle, origin, side, n);
  app.widgets.record("zoom-in");
  ImGui::SameLine();
  if (button("\xE2\x88\x92", ImVec2(40, 0))) zoomAround(1 / 1.5f, middle, origin, side, n);
  app.widgets.record("zoom-out");
  ImGui::SameLine();
  if (button(trLabel("Whole board").c_str())) heatmap.zoom = 1;
  app.widgets.record("zoom-reset");
  ImGui::SameLine();
  ImGui::TextDisabled("%s %.1f\xC3\x97", tr("zoom"), heatmap.zoom);
  char zoom[32];
  std::snprintf(zoom, sizeof zoom, "%.3f", heatmap.zoom);
  app.widgets.recordValue("zoom", zoom);
}

void drawManhattanLegend(App&) {
  legendEntry(palette::kBest, "\xE2\x97\x8F",
              tr("blue, dotted: a winning first cell (brighter: higher value)"));
  legendEntry(palette::kMistake, "/", tr("orange, hatched: a losing first cell"));
  legendEntry(IM_COL32(60, 60, 60, 255), "",
              tr("dimmed: too close to the last move (distance \xE2\x89\xA4 m)"));
  legendEntry(palette::kCursor, "\xE2\x97\x8B", tr("yellow ring: the strategy's next move"));
  legendEntry(palette::kFirstPlayer, "1",
              tr("numbered pieces: the placements so far (black: Alice)"));
}

// Loads a board of size n keeping the values that fit; new cells get values above the
// largest, in an order drawn from the seed (values stay distinct). A board too large to edit
// as text is drawn from a recipe instead (its own, or the seed's).
void resize(App& app, const ManhattanBoard& board, int n, std::int64_t m) {
  if (static_cast<std::uint64_t>(n) * n + 2 > Document::kEditableNumbers) {
    Recipe recipe;
    recipe.game = &manhattanGame();
    recipe.fields = {n, m};
    recipe.seed = app.doc.recipe() ? app.doc.recipe()->seed : app.ui.seed;
    app.doc.loadRecipe(recipe);
    return;
  }
  ManhattanBoard resized;
  resized.n = n;
  resized.m = m;
  resized.values.assign(static_cast<std::size_t>(n) * n, 0);
  std::uint32_t high = 0;
  std::vector<std::size_t> fresh;
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col) {
      const std::size_t cell = static_cast<std::size_t>(row) * n + col;
      if (row < board.n && col < board.n) {
        resized.values[cell] = board.values[static_cast<std::size_t>(row) * board.n + col];
        high = std::max(high, resized.values[cell]);
      } else {
        fresh.push_back(cell);
      }
    }
  const std::vector<std::int64_t> order = freshValues(app.ui.seed, fresh.size(), 0, 1 << 30);
  std::vector<std::size_t> rank(fresh.size());
  std::iota(rank.begin(), rank.end(), 0);
  std::sort(rank.begin(), rank.end(),
            [&](std::size_t x, std::size_t y) { return order[x] < order[y]; });
  for (std::size_t k = 0; k < fresh.size(); ++k)
    resized.values[fresh[rank[k]]] = static_cast<std::uint32_t>(std::min<std::uint64_t>(
        high + 1 + k, static_cast<std::uint64_t>(ManhattanBoard::kMaxValue)));
  app.doc.loadText(manhattanGame(), formatManhattan(resized), "");
}

void drawManhattanEditor(App& app) {
  const ManhattanSolver* solver = solverOf<ManhattanSolver>(app.doc.session().gameBoard());
  if (!solver) return;
  const ManhattanBoard& board = solver->board();
  const std::vector<RecipeField>& fields = manhattanGame().recipeFields();
  int n = board.n;
  if (sizeInput(app, "n", &n, 1, static_cast<int>(fields[0].max), 120)) {
    resize(app, board, n, board.m);
    return;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(120);
  std::int64_t m = board.m;
  const bool newM = ImGui::InputScalar("m", ImGuiDataType_S64, &m, nullptr, nullptr, "%lld",
                                       ImGuiInputTextFlags_EnterReturnsTrue);
  app.widgets.recordTextField("size-m");
  app.widgets.recordValue("size-m", std::to_string(m));
  if (newM && m >= 0 && m != board.m) {
    // Same cells, new distance bound (a generated board keeps its recipe).
    if (app.doc.recipe()) {
      Recipe recipe = *app.doc.recipe();
      recipe.fields[1] = m;
      app.doc.loadRecipe(recipe);
    } else {
      ManhattanBoard edited = board;
      edited.m = m;
      app.doc.loadText(manhattanGame(), formatManhattan(edited), "");
    }
    return;
  }
  ImGui::TextDisabled(tr("The judge's limit: n \xE2\x89\xA4 %lld; values distinct"),
                      static_cast<long long>(fields[0].judgeMax));
  if (board.n > 12) {
    textWrapped("%s",
                tr("Values are edited in place up to n = 12; larger boards as judge input below."));
    return;
  }
  if (!ImGui::BeginTable("values", board.n,
                         ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit,
                         ImVec2(0, board.n * (ImGui::GetFrameHeight() + 4) + 18)))
    return;
  for (int col = 0; col < board.n; ++col)
    ImGui::TableSetupColumn(nullptr, ImGuiTableColumnFlags_WidthFixed, 100);
  for (int row = 0; row < board.n; ++row) {
    ImGui::TableNextRow();
    for (int col = 0; col < board.n; ++col) {
      ImGui::TableNextColumn();
      const int cell = row * board.n + col;
      std::int64_t value = board.values[cell];
      ImGui::PushID(cell);
      ImGui::SetNextItemWidth(-1);
      const bool edited = ImGui::InputScalar("##v", ImGuiDataType_S64, &value, nullptr, nullptr,
                                             "%lld", ImGuiInputTextFlags_EnterReturnsTrue);
      app.widgets.recordTextField("value-" + std::to_string(row + 1) + "-" +
                                  std::to_string(col + 1));
      ImGui::PopID();
      if (edited) {
        ImGui::EndTable();
        if (value < 0 || value > ManhattanBoard::kMaxValue) {
          const std::string cell =
              "(" + std::to_string(row + 1) + ", " + std::to_string(col + 1) + ")";
          app.doc.setError(Message(
              forms::kOutOfRangeFound,
              {{"FIELD", Message(kManhattanValueOfCell, {{"CELL", Message::verbatim(cell)}})},
               {"N1", 0},
               {"N2", ManhattanBoard::kMaxValue},
               {"VALUE", value}}));
          return;
        }
        // Through the judge text, so a repeated value is refused with the parser's message.
        ManhattanBoard changed = board;
        changed.values[cell] = static_cast<std::uint32_t>(value);
        app.doc.loadText(manhattanGame(), formatManhattan(changed), "");
        return;
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace

float manhattanNaturalHeight(App&, float width) {
  return width + ImGui::GetFrameHeightWithSpacing() + 4;
}

extern const GameView kManhattanView = {"manhattan", drawManhattanBoard, drawManhattanEditor,
                                        drawManhattanLegend, manhattanNaturalHeight};

}  // namespace gs::app
