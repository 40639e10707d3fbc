// The board view: stones in the players' colours with their move numbers, the value of every
// legal move with the best ones marked, clicks that play; for manhattan a win/loss heatmap of
// the whole board drawn as one texture, with zoom, pan and hover details.
#include <GLES3/gl3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app.h"

namespace gs::app {
namespace {

const ImU32 kBlackStone = IM_COL32(20, 20, 24, 255);
const ImU32 kWhiteStone = IM_COL32(236, 236, 230, 255);
const ImU32 kCell = IM_COL32(64, 70, 82, 255);
const ImU32 kLegal = IM_COL32(78, 96, 120, 255);
const ImU32 kBest = IM_COL32(90, 200, 120, 255);
const ImU32 kGrid = IM_COL32(30, 32, 38, 255);
const ImU32 kText = IM_COL32(230, 232, 236, 255);
const ImU32 kDim = IM_COL32(160, 166, 176, 255);
const ImU32 kDimWhite = IM_COL32(200, 200, 150, 255);  // b, White's points
const ImU32 kRing = IM_COL32(255, 235, 90, 255);       // the next move on a heatmap

std::string scoreText(std::int64_t score) {
  return (score > 0 ? "+" : "") + std::to_string(score);
}

void centeredText(ImDrawList* draw, ImVec2 center, ImU32 color, const std::string& text, float scale = 1) {
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize() * scale;
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
  draw->AddText(font, size, ImVec2(center.x - extent.x / 2, center.y - extent.y / 2), color, text.c_str());
}

void drawStaircase(App& app, const StaircaseSolver& solver, ImVec2 size) {
  const StaircaseBoard& board = solver.board();
  const Session& session = *app.session;
  const float cell = std::floor(std::min(size.x / board.cols, size.y / board.rows));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Stones of the current line up to the cursor: owner and move number per cell.
  std::vector<int> moveNumber(board.black.size(), 0);
  for (int k = 0; k < session.step(); ++k)
    moveNumber[static_cast<std::size_t>(session.history()[k].a) * board.cols + session.history()[k].b] = k + 1;
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
        const std::string a = std::to_string(board.a(row, col)), b = std::to_string(board.b(row, col));
        const float bWidth = ImGui::GetFont()->CalcTextSizeA(small, FLT_MAX, 0, b.c_str()).x;
        draw->AddText(ImGui::GetFont(), small, ImVec2(min.x + 3, min.y + 2), kDim, a.c_str());
        draw->AddText(ImGui::GetFont(), small, ImVec2(max.x - 3 - bWidth, max.y - small - 3), kDimWhite, b.c_str());
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
        centeredText(draw, center,
                     legal->best ? kBest : kText, value, scale);
      }
      ImGui::SetCursorScreenPos(min);
      ImGui::PushID(row * 1000 + col);
      if (ImGui::InvisibleButton("cell", ImVec2(cell - 2, cell - 2)) && legal != moves.end())
        app.playMove(legal->move);
      if (ImGui::IsItemHovered() && legal != moves.end())
        ImGui::SetTooltip("(%d, %d): a = %lld, b = %lld\nplaying here: %s", row + 1, col + 1,
                          static_cast<long long>(board.a(row, col)), static_cast<long long>(board.b(row, col)),
                          session.describe(legal->value, session.sideToMove()).c_str());
      ImGui::PopID();
      app.recordRect("cell-" + std::to_string(row + 1) + "-" + std::to_string(col + 1), min, max);
    }
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + board.rows * cell));
}

void drawExchange(App& app, const ExchangeSolver& solver, ImVec2 size) {
  const ExchangeBoard& board = solver.board();
  const Session& session = *app.session;
  const ExchangePosition& position = *session.exchangePosition();
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
    int shown = 0;
    for (int card = 0; card < board.cardCount(); ++card) {
      if (position.owner[card] != owner) continue;
      const std::string value = std::to_string(board.cards[card]);
      const float width = std::max(cardWidth, ImGui::CalcTextSize(value.c_str()).x + 12);
      const ImVec2 min(x, start.y), max(x + width, start.y + cardHeight);
      draw->AddRectFilled(min, max, kColours[owner], 6);
      centeredText(draw, ImVec2((min.x + max.x) / 2, min.y + cardHeight * 0.3f), kText, value);
      centeredText(draw, ImVec2((min.x + max.x) / 2, min.y + cardHeight * 0.7f), kDim, board.cardName(card));
      app.recordRect("board-card-" + board.cardName(card), min, max);
      x += width + 8;
      ++shown;
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
    app.record("move-" + moveCode(session, move.move));
    if (move.best) ImGui::PopStyleColor();
  }
}

// The heatmap: one RGBA texel per cell, green for winning first cells and red for losing ones,
// brighter for higher values; rebuilt only when the board changes.
void updateHeatmap(App& app, const ManhattanSolver& solver) {
  if (app.heatmapBoard == &solver && app.heatmapTexture) return;
  const int n = solver.n();
  const std::vector<std::uint32_t>& order = solver.board().byValue;
  std::vector<std::uint32_t> pixels(static_cast<std::size_t>(n) * n);
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    const std::uint32_t cell = order[rank];
    const float brightness = 0.35f + 0.65f * (1.0f - static_cast<float>(rank) / order.size());
    const bool win = solver.isWinning(static_cast<int>(cell));
    const auto channel = [&](float base) { return static_cast<std::uint32_t>(std::min(255.0f, base * brightness)); };
    const std::uint32_t r = win ? channel(60) : channel(230), g = win ? channel(230) : channel(70),
                        b = win ? channel(110) : channel(70);
    pixels[cell] = r | (g << 8) | (b << 16) | (0xFFu << 24);
  }
  if (!app.heatmapTexture) glGenTextures(1, &app.heatmapTexture);
  glBindTexture(GL_TEXTURE_2D, app.heatmapTexture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  app.heatmapBoard = &solver;
  app.zoom = 1;
  app.pan = ImVec2(0, 0);
}

void drawManhattan(App& app, const ManhattanSolver& solver, ImVec2 size) {
  updateHeatmap(app, solver);
  const Session& session = *app.session;
  const int n = solver.n();
  const float side = std::floor(std::min(size.x, size.y - 8));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  // The visible part of the board in cell units: zoom about the cursor, pan by dragging.
  const float visible = n / app.zoom;
  ImGui::InvisibleButton("heatmap", ImVec2(side, side));
  app.record("heatmap");
  const bool hovered = ImGui::IsItemHovered();
  const ImGuiIO& io = ImGui::GetIO();
  const float cellSize = side / visible;
  const auto cellAt = [&](ImVec2 point, int& row, int& col) {
    col = static_cast<int>(std::floor(app.pan.x + (point.x - origin.x) / cellSize));
    row = static_cast<int>(std::floor(app.pan.y + (point.y - origin.y) / cellSize));
    return row >= 0 && row < n && col >= 0 && col < n;
  };
  if (hovered && io.MouseWheel != 0) {
    const ImVec2 before(app.pan.x + (io.MousePos.x - origin.x) / cellSize, app.pan.y + (io.MousePos.y - origin.y) / cellSize);
    app.zoom = std::clamp(app.zoom * std::pow(1.25f, io.MouseWheel), 1.0f, std::max(1.0f, n / 4.0f));
    const float newCell = side / (n / app.zoom);
    app.pan = ImVec2(before.x - (io.MousePos.x - origin.x) / newCell, before.y - (io.MousePos.y - origin.y) / newCell);
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(0, 4)) {
    app.pan.x -= io.MouseDelta.x / cellSize;
    app.pan.y -= io.MouseDelta.y / cellSize;
  }
  const float span = n / app.zoom;
  app.pan.x = std::clamp(app.pan.x, 0.0f, n - span);
  app.pan.y = std::clamp(app.pan.y, 0.0f, n - span);
  const float currentCell = side / span;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(app.heatmapTexture)), origin,
                 ImVec2(origin.x + side, origin.y + side), ImVec2(app.pan.x / n, app.pan.y / n),
                 ImVec2((app.pan.x + span) / n, (app.pan.y + span) / n));
  const auto cellMin = [&](int row, int col) {
    return ImVec2(origin.x + (col - app.pan.x) * currentCell, origin.y + (row - app.pan.y) * currentCell);
  };
  draw->PushClipRect(origin, ImVec2(origin.x + side, origin.y + side), true);
  // Values, legal answers and the recorded widgets of small (or zoomed-in) boards.
  const int firstRow = static_cast<int>(app.pan.y), firstCol = static_cast<int>(app.pan.x);
  const int shown = static_cast<int>(std::ceil(span)) + 1;
  const ManhattanPosition& position = *session.manhattanPosition();
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
        if (n <= 40) app.recordRect("cell-" + std::to_string(row + 1) + "-" + std::to_string(col + 1), min, max);
      }
  }
  // The placements of the line so far, numbered.
  for (int k = 0; k < session.step(); ++k) {
    const Move& move = session.history()[k];
    const ImVec2 min = cellMin(move.a, move.b);
    const ImVec2 center(min.x + currentCell / 2, min.y + currentCell / 2);
    const float radius = std::max(4.0f, currentCell * 0.32f);
    draw->AddCircleFilled(center, radius, k % 2 == 0 ? IM_COL32(250, 220, 80, 255) : IM_COL32(120, 170, 255, 255), 24);
    if (radius >= 9) centeredText(draw, center, kBlackStone, std::to_string(k + 1));
  }
  // The strategy's next placement (the winning reply, when there is one), ringed.
  if (const auto& best = app.best()) {
    const ImVec2 min = cellMin(best->a, best->b);
    const float radius = std::max(6.0f, currentCell * 0.45f);
    draw->AddCircle(ImVec2(min.x + currentCell / 2, min.y + currentCell / 2), radius + 2, kBlackStone, 32, 5);
    draw->AddCircle(ImVec2(min.x + currentCell / 2, min.y + currentCell / 2), radius, kRing, 32, 3);
  }
  draw->PopClipRect();
  int row = 0, col = 0;
  if (hovered && cellAt(io.MousePos, row, col)) {
    const int cell = row * n + col;
    const Value value = solver.placementValue(cell);
    std::string text = "(" + std::to_string(row + 1) + ", " + std::to_string(col + 1) + ") value " +
                       std::to_string(solver.board().value(cell)) + "\n" +
                       (value.win ? "wins: no higher winning cell lies farther than m"
                                  : "loses: refuted by (" + std::to_string(value.certificate.a + 1) + ", " +
                                        std::to_string(value.certificate.b + 1) + ")");
    if (!solver.isLegal(position, cell)) text += "\nnot a legal answer here (distance <= m)";
    ImGui::SetTooltip("%s", text.c_str());
    if (ImGui::IsMouseReleased(0) && !ImGui::IsMouseDragging(0, 4) && io.MouseDragMaxDistanceSqr[0] < 16 &&
        solver.isLegal(position, cell))
      app.playMove(Move{row, col});
  }
  ImGui::TextDisabled("wheel: zoom  drag: pan  click: place");
}

}  // namespace

void drawBoard(App& app, ImVec2 size) {
  if (!app.session) return;
  const Session& session = app.session.value();
  // A caption with the value, so a saved image of the board says what it shows.
  const std::string caption = std::string(session.info().name) + ", after move " +
                              std::to_string(session.step()) + ": " +
                              session.describe(session.value(), session.sideToMove());
  app.boardMin = ImGui::GetCursorScreenPos();
  ImGui::TextUnformatted(caption.c_str());
  app.record("board-caption");
  size.y -= ImGui::GetTextLineHeightWithSpacing();
  if (const StaircaseSolver* solver = session.staircase()) {
    drawStaircase(app, *solver, size);
  } else if (const ExchangeSolver* solver = session.exchange()) {
    drawExchange(app, *solver, size);
  } else if (const ManhattanSolver* solver = session.manhattan()) {
    drawManhattan(app, *solver, size);
  }
  const ImVec2 end = ImGui::GetCursorScreenPos();
  const ImVec2 windowMax(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                         ImGui::GetWindowPos().y + ImGui::GetWindowSize().y);
  app.boardMax = ImVec2(std::min(windowMax.x, app.boardMin.x + size.x), std::min(windowMax.y, end.y));
  app.recordRect("board", app.boardMin, app.boardMax);
}

}  // namespace gs::app
