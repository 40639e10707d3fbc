// Widgets shared by the games' views.
#include <algorithm>
#include <chrono>

#include "base/random.h"
#include "game_view.h"
#include "tools/share_link.h"

namespace gs::app {

bool button(const char* label, ImVec2 size) {
  if (touchTargets()) {
    size.x = size.x == 0  ? buttonWidth(label)
             : size.x > 0 ? std::max(size.x, kTouchTarget)
                          : size.x;
    if (size.y >= 0) size.y = std::max(size.y, kTouchTarget);
  }
  return ImGui::Button(label, size);
}

bool smallButton(const char* label) {
  return touchTargets() ? button(label) : ImGui::SmallButton(label);
}

bool selectable(const char* label, bool selected) {
  // (A selectable's rectangle takes the item spacing around its row.)
  const float height = touchTargets() ? kTouchTarget - ImGui::GetStyle().ItemSpacing.y : 0;
  return ImGui::Selectable(label, selected, 0, ImVec2(0, height));
}

void sameLineIfFits(float width, float spacing) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  ImGui::SameLine(0, spacing);
  if (ImGui::GetCursorScreenPos().x + width > right + 1) ImGui::NewLine();
}

float buttonWidth(const char* label) {
  const float width =
      ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
  return touchTargets() ? std::max(width, kTouchTarget) : width;
}

float touchHeight(float height) {
  return touchTargets() ? std::max(height, kTouchTarget) : height;
}

void centeredText(ImDrawList* draw, ImVec2 center, ImU32 color, const std::string& text,
                  float scale) {
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize() * scale;
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
  draw->AddText(font, size, ImVec2(center.x - extent.x / 2, center.y - extent.y / 2), color,
                text.c_str());
}

void legendEntry(ImU32 color, const char* symbol, const char* meaning) {
  const float size = ImGui::GetFontSize() + 4;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(at, ImVec2(at.x + size, at.y + size), color, 3);
  // A dark swatch (Black's stones) on the dark panel: a light edge around it and a light
  // symbol on it, so it is seen as a square of its own.
  const ImVec4 rgba = ImGui::ColorConvertU32ToFloat4(color);
  const bool dark = 0.2126f * rgba.x + 0.7152f * rgba.y + 0.0722f * rgba.z < 0.3f;
  if (dark) draw->AddRect(at, ImVec2(at.x + size, at.y + size), IM_COL32(170, 170, 180, 255), 3);
  centeredText(draw, ImVec2(at.x + size / 2, at.y + size / 2),
               dark ? IM_COL32(235, 235, 230, 255) : IM_COL32(10, 10, 12, 255), symbol, 0.85f);
  ImGui::Dummy(ImVec2(size, size));
  ImGui::SameLine();
  textWrapped("%s", meaning);
}

ImU32 verdictColor(Verdict verdict) {
  switch (verdict) {
    case Verdict::kBest:
      return palette::kBest;
    case Verdict::kInaccuracy:
      return palette::kCursor;
    case Verdict::kMistake:
      return palette::kMistake;
    case Verdict::kBlunder:
      return palette::kBlunder;
  }
  return palette::kText;
}

bool sizeInput(App& app, const char* label, int* value, int low, int high, float width) {
  // Applied on Enter (or the -/+ buttons), not at every keystroke: typing 2000 must not solve
  // boards of 2, 20 and 200 on the way.
  const ImGuiStyle& style = ImGui::GetStyle();
  // A touch device's - and + are a finger's size: the field keeps room for a number beside them.
  if (touchTargets())
    width = std::max(width, 2 * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x) + 56);
  ImGui::SetNextItemWidth(width);
  int shown = *value;
  const bool changed = ImGui::InputInt(label, &shown, 1, 10, ImGuiInputTextFlags_EnterReturnsTrue);
  // The widget is a group (field, -, +, label): record the text field itself.
  const ImVec2 min = ImGui::GetItemRectMin();
  const float field = width - 2 * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x);
  app.widgets.recordRect(std::string("size-") + label, min,
                         ImVec2(min.x + field, min.y + ImGui::GetFrameHeight()), true);
  app.widgets.recordValue(std::string("size-") + label, std::to_string(shown));
  // ... and its - and + buttons.
  const float button = ImGui::GetFrameHeight();
  const ImVec2 minus(min.x + field + style.ItemInnerSpacing.x, min.y);
  const ImVec2 plus(minus.x + button + style.ItemInnerSpacing.x, min.y);
  app.widgets.recordRect(std::string("size-") + label + "-minus", minus,
                         ImVec2(minus.x + button, minus.y + button), true);
  app.widgets.recordRect(std::string("size-") + label + "-plus", plus,
                         ImVec2(plus.x + button, plus.y + button), true);
  if (!changed) return false;
  shown = std::clamp(shown, low, high);
  if (shown == *value) return false;
  *value = shown;
  return true;
}

bool seedInput(App& app) {
  ImGui::SetNextItemWidth(150);
  const bool typed =
      ImGui::InputScalar(trLabel("seed").c_str(), ImGuiDataType_U64, &app.ui.seed, nullptr, nullptr,
                         nullptr, ImGuiInputTextFlags_EnterReturnsTrue);
  app.widgets.recordTextField("seed");
  ImGui::SameLine();
  if (button(trLabel("Random").c_str())) {
    // A new seed each press (shown, so the board can be drawn again from it).
    const auto now =
        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    SplitMix64 random(app.ui.seed ^ now);
    app.ui.seed = random.next() % 1000000000;
    app.widgets.record("random");
    return true;
  }
  app.widgets.record("random");
  return typed;
}

void loadRecipeFields(App& app, const Game& game, std::vector<std::int64_t> fields) {
  Recipe recipe;
  recipe.game = &game;
  recipe.fields = std::move(fields);
  recipe.seed = app.ui.seed;
  app.doc.loadRecipe(recipe);
}

std::vector<std::int64_t> freshValues(std::uint64_t seed, std::size_t count, std::int64_t low,
                                      std::int64_t high) {
  SplitMix64 random(seed);
  std::vector<std::int64_t> values(count);
  for (std::int64_t& value : values) value = random.between(low, high);
  return values;
}

}  // namespace gs::app
