#include "toasts.h"

#include <algorithm>
#include <cfloat>

#include "ui_text.h"
#include "web_platform.h"

namespace gs::app {

void Toasts::show(Message text) {
  if (text.empty()) return;
  announce(trText(text));
  toasts_.push_back({std::move(text), nowMilliseconds() + 2600});
  if (toasts_.size() > 3) toasts_.erase(toasts_.begin());
}

void Toasts::draw(WidgetLog& log) {
  const double now = nowMilliseconds();
  toasts_.erase(std::remove_if(toasts_.begin(), toasts_.end(),
                               [now](const Toast& toast) { return toast.until < now; }),
                toasts_.end());
  if (toasts_.empty()) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(viewport->Pos.x + viewport->Size.x / 2, viewport->Pos.y + viewport->Size.y - 24),
      ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.92f);
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(viewport->Size.x - 32, FLT_MAX));
  ImGui::Begin("##toasts", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                   ImGuiWindowFlags_NoSavedSettings);
  for (const Toast& toast : toasts_) {
    const std::string text = trText(toast.text);
    textWrappedWidth(std::min(ImGui::CalcTextSize(text.c_str()).x + 1, viewport->Size.x - 48),
                     text.c_str());
  }
  log.record("toast", false);
  ImGui::End();
}

}  // namespace gs::app
