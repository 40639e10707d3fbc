// The editor view: pick a game, size and fill a board (the game's own controls, game_view.h),
// paste or type the judge's input, and copy the board back out. Every edit re-solves at once;
// an edit the parser refuses shows its message and the previous board stays.
#include <algorithm>
#include <string>

#include "app.h"
#include "game_view.h"

namespace gs::app {
namespace {

void gamePicker(App& app) {
  ImGui::TextDisabled("Game");
  const auto& all = games();
  for (std::size_t k = 0; k < all.size(); ++k) {
    const Game& game = *all[k];
    const bool selected = app.game == &game;
    if (selected)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(game.id(), ImVec2(104, 0)) && !selected) {
      // A new game opens on a fresh random board of its default sizes.
      std::vector<std::int64_t> fields;
      for (const RecipeField& field : game.recipeFields()) fields.push_back(field.appDefault);
      app.game = &game;
      loadRecipeFields(app, game, fields);
    }
    app.record(std::string("game-") + game.id());
    if (selected) ImGui::PopStyleColor();
    if (k + 1 < all.size()) ImGui::SameLine();
  }
  ImGui::TextWrapped("%s", app.game->info().source);
}

}  // namespace

void drawEditor(App& app) {
  gamePicker(app);
  ImGui::Separator();
  if (app.session && &app.session->game() == app.game) viewOf(*app.game).drawEditor(app);
  ImGui::Separator();
  ImGui::TextDisabled("Judge input (paste, type, or drop a file on the page)");
  ImGui::InputTextMultiline("##judge", app.judgeText.data(), app.judgeText.size(),
                            ImVec2(-1, 150), ImGuiInputTextFlags_AllowTabInput);
  app.record("judge-text");
  if (ImGui::Button("Load")) {
    const std::string text = app.judgeText.data();
    if (!app.loadJudgeText(*app.game, text) && text.size() + 1 >= app.judgeText.size())
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
