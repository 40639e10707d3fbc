// The app's drawing and editing of one game: the board (with its clicks), the editor's size and
// value controls, and the legend of its colours and marks. Games draw differently, so each has a
// view file of its own (imgui_app/<game>_view.cpp) and one line in view_registry.cpp;
// everything else in the app is generic.
#pragma once

#include <string>
#include <vector>

#include "app.h"

namespace gs::app {

struct GameView {
  const char* gameId;
  // The board in a region of `size` CSS pixels at the cursor; clicks play moves.
  void (*drawBoard)(App& app, ImVec2 size);
  // The editor's controls for this game's board: sizes and values.
  void (*drawEditor)(App& app);
  // What every colour and mark on the board means (the Rules panel and under the board).
  void (*drawLegend)(App& app);
  // The height the board takes at `width` with no limit on height (null: as drawn).
  float (*naturalHeight)(App& app, float width) = nullptr;
};

// The view of a game (a game without one gets a plain view: its moves as buttons).
const GameView& viewOf(const Game& game);

// --- The combinatorial value of the position on screen (cgt_view.cpp), for boards that offer
// one (partisan rules games) while values are shown.

// The page works the value out a slice of positions a frame: kPageSlicePositions at first, then
// halved or doubled (within kPageSliceLeast and kPageSliceMost) to take 12 to 30 ms, under the
// 50 ms of a long task. It stops after a run of positions for one position on screen until Work
// on is pressed.
constexpr std::uint64_t kPageSlicePositions = 1'000;
constexpr std::uint64_t kPageSliceLeast = 50, kPageSliceMost = 64'000;
constexpr std::uint64_t kPageRunPositions = 200'000;
bool offersCombinatorialValues(const App& app);
// Its canonical form, outcome class, mean, temperature and stops in `width`, and its
// thermograph `graphHeight` tall (none for 0); or why it has none, or how far the work is.
void drawCombinatorialValue(App& app, float width, float graphHeight);

// --- Shared pieces of the views (widgets.cpp).

// The palette: colour-blind safe (blue and orange, never red against green), and every colour
// also comes with a symbol or a pattern.
namespace palette {
constexpr ImU32 kText = IM_COL32(232, 234, 238, 255);
constexpr ImU32 kDim = IM_COL32(165, 170, 180, 255);
constexpr ImU32 kBest = IM_COL32(86, 180, 233, 255);       // sky blue: best moves, winning cells
constexpr ImU32 kMistake = IM_COL32(230, 159, 0, 255);     // orange: mistakes, losing cells
constexpr ImU32 kBlunder = IM_COL32(213, 94, 0, 255);      // vermillion: blunders
constexpr ImU32 kComment = IM_COL32(150, 220, 160, 255);   // pale green: a line's comments
constexpr ImU32 kCursor = IM_COL32(240, 228, 66, 255);     // yellow: the current move, the next one
constexpr ImU32 kFirstPlayer = IM_COL32(24, 24, 28, 255);  // Black stones
constexpr ImU32 kSecondPlayer = IM_COL32(238, 238, 232, 255);  // White stones
}  // namespace palette

// Controls a finger's size on a touch device (touchTargets(), fonts.h), as ImGui's on a desktop:
// a button at least kTouchTarget wide and tall (a width or height of 0 is the label's, a negative
// one fills the space as in ImGui::Button); a small button (as tall as the text on a desktop) a
// button's size; a row of a list kTouchTarget tall, its spacing included.
bool button(const char* label, ImVec2 size = ImVec2(0, 0));
bool smallButton(const char* label);
bool selectable(const char* label, bool selected);
// A button's width for its label (as button() makes it).
float buttonWidth(const char* label);
// Puts the next item of `width` on the current line (`spacing` after the last, -1 the style's)
// when it fits, else on a new line.
void sameLineIfFits(float width, float spacing = -1);
// A height given to a control or a row (a desktop's), at least kTouchTarget on a touch device.
float touchHeight(float height);

void centeredText(ImDrawList* draw, ImVec2 center, ImU32 color, const std::string& text,
                  float scale = 1);
// A small legend entry: a coloured swatch with a symbol, and its meaning.
void legendEntry(ImU32 color, const char* symbol, const char* meaning);
// The mark of a verdict ("", "?!", "?", "??") and its colour.
ImU32 verdictColor(Verdict verdict);
// An integer field that shows `value` (the board's) and returns true with the new value when
// the user confirms another one (Enter or the -/+ buttons). Recorded as "size-<label>".
bool sizeInput(App& app, const char* label, int* value, int low, int high, float width = 110);
// The seed field and the Random button (a new seed each press); true when a board should be
// drawn from the seed.
bool seedInput(App& app);
// Loads a recipe made of the given fields and the app's seed.
void loadRecipeFields(App& app, const Game& game, std::vector<std::int64_t> fields);
// Values for the cells a resize adds: drawn from the seed, within [low, high].
std::vector<std::int64_t> freshValues(std::uint64_t seed, std::size_t count, std::int64_t low,
                                      std::int64_t high);

}  // namespace gs::app
