// The editor view: pick a game, size and fill a board (in place, at random from a visible seed,
// or by pasting the judge's input), and copy the board back out. Every edit re-solves at once;
// an edit the parser refuses shows its message and the previous board stays.
#include <algorithm>
#include <string>

#include "app.h"
#include "random_boards.h"

namespace gs::app {
namespace {

// Re-solves the board after an in-place edit, from its judge text (so the parser's checks and
// messages apply to edits exactly as to pastes).
template <class Board, class Format>
void resolveEdited(App& app, GameId game, const Board& board, Format format) {
  app.loadJudgeText(game, format(board));
}

void gamePicker(App& app) {
  ImGui::TextDisabled("Game");
  for (const GameInfo& info : gameRegistry()) {
    const bool selected = app.game == info.id;
    if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(info.name, ImVec2(104, 0)) && !selected) {
      // A new game opens on a fresh random board within the judge's limits.
      app.game = info.id;
      BoardRecipe recipe;
      recipe.game = info.id;
      recipe.seed = app.seed;
      if (info.id == GameId::kStaircase) {
        recipe.sizes[0] = 3, recipe.sizes[1] = 3, recipe.maxValue = 9;
      } else if (info.id == GameId::kExchange) {
        recipe.sizes[0] = 3, recipe.sizes[1] = 3, recipe.sizes[2] = 3, recipe.maxValue = 20;
      } else {
        recipe.sizes[0] = 6, recipe.m = 3;
      }
      app.loadRecipe(recipe);
    }
    app.record(std::string("game-") + info.name);
    if (selected) ImGui::PopStyleColor();
    if (info.id != GameId::kManhattan) ImGui::SameLine();
  }
  const GameInfo& info = gameInfo(app.game);
  ImGui::TextWrapped("%s", info.source);
}

bool seedInput(App& app) {
  ImGui::SetNextItemWidth(120);
  ImGui::InputScalar("seed", ImGuiDataType_U64, &app.seed);
  app.record("seed");
  ImGui::SameLine();
  const bool pressed = ImGui::Button("Random");
  app.record("random");
  return pressed;
}

bool sizeInput(App& app, const char* label, int* value, int low, int high, float width = 96) {
  // Applied on Enter (or the -/+ buttons), not at every keystroke: typing 2000 must not solve
  // boards of 2, 20 and 200 on the way.
  ImGui::SetNextItemWidth(width);
  const bool changed = ImGui::InputInt(label, value, 1, 10, ImGuiInputTextFlags_EnterReturnsTrue);
  *value = std::clamp(*value, low, high);
  // The widget is a group (field, -, +, label): record the text field itself.
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 min = ImGui::GetItemRectMin();
  const float field = width - 2 * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x);
  app.recordRect(std::string("size-") + label, min, ImVec2(min.x + field, min.y + ImGui::GetFrameHeight()));
  return changed;
}

void staircaseEditor(App& app, const StaircaseBoard& board) {
  bool resize = sizeInput(app, "n", &app.staircaseRows, 1, 10);
  ImGui::SameLine();
  resize |= sizeInput(app, "m", &app.staircaseCols, 1, 10);
  if (resize || seedInput(app)) {
    BoardRecipe recipe;
    recipe.game = GameId::kStaircase;
    recipe.sizes[0] = app.staircaseRows;
    recipe.sizes[1] = app.staircaseCols;
    recipe.maxValue = 100000;
    recipe.seed = app.seed;
    app.loadRecipe(recipe);
    return;
  }
  ImGui::SameLine();
  if (ImGui::Button("Clear")) {
    StaircaseBoard cleared = board;
    std::fill(cleared.black.begin(), cleared.black.end(), 0);
    std::fill(cleared.white.begin(), cleared.white.end(), 0);
    resolveEdited(app, GameId::kStaircase, cleared, formatStaircase);
    return;
  }
  app.record("clear");
  // a and b, edited in place.
  for (int matrix = 0; matrix < 2; ++matrix) {
    ImGui::TextDisabled(matrix == 0 ? "a (Black's points)" : "b (White's points)");
    const std::vector<std::int64_t>& values = matrix == 0 ? board.black : board.white;
    // Wide boards scroll sideways rather than squeeze the numbers.
    const bool wide = board.cols > 4;
    const float height = std::min(board.rows, 6) * (ImGui::GetFrameHeight() + 4) + (wide ? 16 : 0);
    if (!ImGui::BeginTable(matrix == 0 ? "a" : "b", board.cols,
                           wide ? ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit
                                : ImGuiTableFlags_SizingStretchSame,
                           ImVec2(0, wide ? height : 0)))
      continue;
    if (wide)
      for (int col = 0; col < board.cols; ++col) ImGui::TableSetupColumn(nullptr, ImGuiTableColumnFlags_WidthFixed, 64);
    for (int row = 0; row < board.rows; ++row) {
      ImGui::TableNextRow();
      for (int col = 0; col < board.cols; ++col) {
        ImGui::TableNextColumn();
        std::int64_t value = values[static_cast<std::size_t>(row) * board.cols + col];
        ImGui::PushID(matrix * 10000 + row * 100 + col);
        ImGui::SetNextItemWidth(-1);
        if (ImGui::InputScalar("##v", ImGuiDataType_S64, &value, nullptr, nullptr, "%lld",
                               ImGuiInputTextFlags_EnterReturnsTrue)) {
          StaircaseBoard edited = board;
          (matrix == 0 ? edited.black : edited.white)[static_cast<std::size_t>(row) * board.cols + col] = value;
          ImGui::PopID();
          ImGui::EndTable();
          resolveEdited(app, GameId::kStaircase, edited, formatStaircase);
          return;
        }
        app.record(std::string(matrix == 0 ? "a-" : "b-") + std::to_string(row + 1) + "-" + std::to_string(col + 1));
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }
}

void exchangeEditor(App& app, const ExchangeBoard& board) {
  static const char* const kRows[] = {"Takahashi", "Aoki", "Table"};
  const int firsts[] = {0, board.takahashi, board.takahashi + board.aoki};
  const int counts[] = {board.takahashi, board.aoki, board.table};
  for (int hand = 0; hand < 3; ++hand) {
    ImGui::PushID(hand);
    ImGui::Text("%s", kRows[hand]);
    // Add and remove cards (the judge needs at least one per row, at most 12 in all); the
    // buttons come first so that a long row of cards never pushes them out of the panel.
    ImGui::SameLine(90);
    if (ImGui::SmallButton("+") && board.cardCount() < 12) {
      ExchangeBoard edited = board;
      edited.cards.insert(edited.cards.begin() + firsts[hand] + counts[hand], 1);
      (hand == 0 ? edited.takahashi : hand == 1 ? edited.aoki : edited.table) += 1;
      ImGui::PopID();
      app.loadJudgeText(GameId::kExchange, formatExchange(edited));
      return;
    }
    app.record(std::string("add-") + kRows[hand]);
    ImGui::SameLine();
    if (ImGui::SmallButton("-") && counts[hand] > 1) {
      ExchangeBoard edited = board;
      edited.cards.erase(edited.cards.begin() + firsts[hand] + counts[hand] - 1);
      (hand == 0 ? edited.takahashi : hand == 1 ? edited.aoki : edited.table) -= 1;
      ImGui::PopID();
      app.loadJudgeText(GameId::kExchange, formatExchange(edited));
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
        app.loadJudgeText(GameId::kExchange, formatExchange(edited));
        return;
      }
      app.record("card-" + board.cardName(card));
      ImGui::PopID();
    }
    ImGui::PopID();
  }
  if (seedInput(app)) {
    BoardRecipe recipe;
    recipe.game = GameId::kExchange;
    for (int k = 0; k < 3; ++k) recipe.sizes[k] = counts[k];
    recipe.maxValue = 20;
    recipe.seed = app.seed;
    app.loadRecipe(recipe);
  }
}

void manhattanEditor(App& app, const ManhattanBoard& board) {
  int n = app.manhattanN;
  sizeInput(app, "n", &n, 1, 2000, 110);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110);
  std::int64_t m = app.manhattanM;
  ImGui::InputScalar("m", ImGuiDataType_S64, &m, nullptr, nullptr, "%lld", ImGuiInputTextFlags_EnterReturnsTrue);
  app.record("size-m");
  app.manhattanN = n;
  app.manhattanM = std::clamp<std::int64_t>(m, 0, 1000000000);
  const bool random = seedInput(app);
  if (random || n != board.n) {
    BoardRecipe recipe;
    recipe.game = GameId::kManhattan;
    recipe.sizes[0] = app.manhattanN;
    recipe.m = app.manhattanM;
    recipe.seed = app.seed;
    app.loadRecipe(recipe);
    return;
  }
  if (app.manhattanM != board.m) {
    // Same cells, new distance bound (a generated board keeps its recipe).
    if (app.recipe) {
      BoardRecipe recipe = *app.recipe;
      recipe.m = app.manhattanM;
      app.loadRecipe(recipe);
    } else {
      ManhattanBoard edited = board;
      edited.m = app.manhattanM;
      app.loadJudgeText(GameId::kManhattan, formatManhattan(edited));
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
        edited.values[cell] = static_cast<std::uint32_t>(std::clamp<std::int64_t>(value, 0, ManhattanBoard::kMaxValue));
        ImGui::PopID();
        ImGui::EndTable();
        app.loadJudgeText(GameId::kManhattan, formatManhattan(edited));
        return;
      }
      app.record("value-" + std::to_string(row + 1) + "-" + std::to_string(col + 1));
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
}

}  // namespace

void drawEditor(App& app) {
  gamePicker(app);
  ImGui::Separator();
  if (app.session && app.session->game() == app.game) {
    if (const StaircaseSolver* solver = app.session->staircase()) staircaseEditor(app, solver->board());
    else if (const ExchangeSolver* solver = app.session->exchange()) exchangeEditor(app, solver->board());
    else if (const ManhattanSolver* solver = app.session->manhattan()) manhattanEditor(app, solver->board());
  }
  ImGui::Separator();
  ImGui::TextDisabled("Judge input (paste, type, or drop a file on the page)");
  ImGui::InputTextMultiline("##judge", app.judgeText.data(), app.judgeText.size(),
                            ImVec2(-1, 150), ImGuiInputTextFlags_AllowTabInput);
  app.record("judge-text");
  if (ImGui::Button("Load")) {
    const std::string text = app.judgeText.data();
    if (!app.loadJudgeText(app.game, text) && text.size() + 1 >= app.judgeText.size())
      app.setError(app.error + " (the box holds " + std::to_string(app.judgeText.size() / 1024) +
                   " KB: drop a larger file on the page instead)");
  }
  app.record("load-text");
  ImGui::SameLine();
  if (ImGui::Button("Copy board as judge input")) app.copyJudgeInput();
  app.record("copy-text");
  if (!app.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
    ImGui::TextWrapped("%s", app.error.c_str());
    ImGui::PopStyleColor();
    app.record("error");
  }
}

}  // namespace gs::app
