// Widgets shared by the games' views.
#include <algorithm>

#include "game_view.h"
#include "share_link.h"

namespace gs::app {

void centeredText(ImDrawList* draw, ImVec2 center, ImU32 color, const std::string& text,
                  float scale) {
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize() * scale;
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
  draw->AddText(font, size, ImVec2(center.x - extent.x / 2, center.y - extent.y / 2), color,
                text.c_str());
}

bool sizeInput(App& app, const char* label, int* value, int low, int high, float width) {
  // Applied on Enter (or the -/+ buttons), not at every keystroke: typing 2000 must not solve
  // boards of 2, 20 and 200 on the way.
  ImGui::SetNextItemWidth(width);
  const bool changed = ImGui::InputInt(label, value, 1, 10, ImGuiInputTextFlags_EnterReturnsTrue);
  *value = std::clamp(*value, low, high);
  // The widget is a group (field, -, +, label): record the text field itself.
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 min = ImGui::GetItemRectMin();
  const float field = width - 2 * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x);
  app.recordRect(std::string("size-") + label, min,
                 ImVec2(min.x + field, min.y + ImGui::GetFrameHeight()));
  return changed;
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

void loadRecipeFields(App& app, const Game& game, std::vector<std::int64_t> fields) {
  Recipe recipe;
  recipe.game = &game;
  recipe.fields = std::move(fields);
  recipe.seed = app.seed;
  app.loadRecipe(recipe);
}

}  // namespace gs::app
