// The app's drawing and editing of one game: the board (with its clicks) and the editor's
// size and value controls. Games draw differently, so each has a view file of its own
// (imgui_app/<game>_view.cpp) and one line in view_registry.cpp; everything else in the app is
// generic.
#pragma once

#include "app.h"

namespace gs::app {

struct GameView {
  const char* gameId;
  // The board in a region of `size` CSS pixels at the cursor; clicks play moves.
  void (*drawBoard)(App& app, ImVec2 size);
  // The editor's controls for this game's board: sizes, values, Random.
  void (*drawEditor)(App& app);
};

// The view of a game (every registered game has one).
const GameView& viewOf(const Game& game);

// Shared widgets of the views (widgets.cpp).
void centeredText(ImDrawList* draw, ImVec2 center, ImU32 color, const std::string& text,
                  float scale = 1);
// An integer field applied on Enter (or the -/+ buttons), recorded for the test hook as
// "size-<label>" (the text field itself). Returns true when the value should be applied.
bool sizeInput(App& app, const char* label, int* value, int low, int high, float width = 96);
// The seed field and the Random button; true when Random was pressed.
bool seedInput(App& app);
// Loads a recipe made of the given fields and the app's seed.
void loadRecipeFields(App& app, const Game& game, std::vector<std::int64_t> fields);

}  // namespace gs::app
