// The editor view: the game's size and value controls (its own view, game_view.h), a random
// board from a visible seed, the judge's input to paste or type, and the board copied back
// out. Every edit re-solves; an edit the parser refuses shows its message and the board stays.
#include <algorithm>
#include <cstring>
#include <string>

#include "game_view.h"
#include "ui_phrases.h"

namespace gs::app {

void drawEditor(App& app) {
  if (app.ui.rules.open) {
    drawRulesEditor(app);
    return;
  }
  const Game& game = app.doc.game();
  ImGui::TextDisabled("%s", tr("Edit the board"));
  textWrapped("%s: %s", trText(game.info().title).c_str(), trText(game.info().source).c_str());
  if (app.doc.hasBoard()) {
    viewOf(game).drawEditor(app);
    if (seedInput(app)) {
      // The board's sizes with values drawn from the seed.
      std::vector<std::int64_t> fields;
      if (const auto& recipe = app.doc.recipe(); recipe && recipe->game == &game) {
        fields = recipe->fields;
      } else {
        for (const RecipeField& field : game.recipeFields()) fields.push_back(field.appDefault);
      }
      loadRecipeFields(app, game, fields);
    }
  }
  ImGui::Separator();
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kDim);
  textWrapped("%s", tr("Judge input (paste, type, or drop a file on the page)"));
  ImGui::PopStyleColor();
  // The box shows the board on screen until the user edits it.
  if (app.ui.judgeTextBoard != app.doc.boardVersion() && app.doc.hasBoard()) {
    app.ui.judgeTextBoard = app.doc.boardVersion();
    const std::string& text = app.doc.judgeInput();
    if (text.size() + 1 < app.ui.judgeText.size()) {
      std::copy(text.begin(), text.end(), app.ui.judgeText.begin());
      app.ui.judgeText[text.size()] = '\0';
    } else {
      app.ui.judgeText[0] = '\0';
    }
  }
  ImGui::InputTextMultiline("##judge", app.ui.judgeText.data(), app.ui.judgeText.size(),
                            ImVec2(-1, app.layout() == Layout::kPhone ? 120.0f : 150.0f));
  app.widgets.recordTextField("judge-text");
  const char* box = app.ui.judgeText.data();
  app.widgets.recordValue("judge-text-breaks",
                          std::to_string(std::count(box, box + std::strlen(box), '\n')));
  if (button(trLabel("Load").c_str())) {
    const std::string text = app.ui.judgeText.data();
    if (!app.doc.loadText(game, text, "") && text.size() + 1 >= app.ui.judgeText.size())
      app.doc.setError(
          Message(kBoxFull, {{"MESSAGE", app.doc.error()}, {"N", app.ui.judgeText.size() / 1024}}));
  }
  app.widgets.record("load-text");
  ImGui::SameLine();
  if (button(trLabel("Copy board as judge input").c_str())) copyJudgeInput(app);
  app.widgets.record("copy-text");
  if (!app.doc.error().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.35f, 1.0f));
    textWrapped("%s", trText(app.doc.error()).c_str());
    ImGui::PopStyleColor();
    app.widgets.record("error", false);
  }
}

}  // namespace gs::app
