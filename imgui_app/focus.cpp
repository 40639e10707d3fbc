// The keyboard focus: Tab and Shift+Tab walk the controls in drawing order (inside an open
// dialog, only its own), Enter or Space activates the focused one, and a ring shows it.
#include "focus.h"

#include <algorithm>

#include "imgui_internal.h"
#include "web_platform.h"

namespace gs::app {

// Tab and Shift+Tab move a visible focus through the controls in drawing order; Enter or Space
// activates the focused control (a click at its centre), Escape hides the focus.
void Focus::update(const WidgetLog& log, bool guest) {
  const std::vector<WidgetRect>& widgets = log.rects();
  const int tabs = takeTabPresses();
  // While a dialog is open, only its controls take the focus (Tab cycles among them).
  const bool modal = dialog_ != Dialog::kNone &&
                     std::any_of(widgets.begin(), widgets.end(),
                                 [](const WidgetRect& w) { return w.modal && w.focusable; });
  std::vector<const WidgetRect*> order;
  for (const WidgetRect& widget : widgets)
    if (widget.focusable && (widget.modal || !modal)) order.push_back(&widget);
  if (takeBlur() && dialog_ == Dialog::kNone) visible_ = false;  // the focus left the page
  if (order.empty()) {
    setTabEnds(guest, guest);
    return;
  }
  const auto spoken = [](const WidgetRect& widget) {
    return widget.label.empty() ? widget.name : widget.label;
  };
  if (modal && dialogFocusPending_) {
    // A dialog just opened: the focus moves into it, on its first control.
    dialogFocusPending_ = false;
    focused_ = order.front()->name;
    announceFocus_ = visible_;
  }
  if (announceFocus_) {
    // The focus moved by itself (into a dialog, back to its opener): said once its label is
    // known (a dialog's first frame is laid out unseen), or by its name after a few frames.
    for (const WidgetRect* widget : order) {
      if (widget->name != focused_) continue;
      if (!widget->label.empty() || ++announceWait_ > 3) {
        announce(spoken(*widget));
        announceFocus_ = false;
        announceWait_ = 0;
      }
    }
  }
  if (tabs != 0) {
    int index = -1;
    for (std::size_t k = 0; k < order.size(); ++k)
      if (order[k]->name == focused_) index = static_cast<int>(k);
    const int count = static_cast<int>(order.size());
    if (index < 0) index = tabs > 0 ? -1 : 0;
    index = ((index + tabs) % count + count) % count;
    focused_ = order[static_cast<std::size_t>(index)]->name;
    visible_ = true;
    if (!modal) ImGui::SetWindowFocus(nullptr);  // leave any text field
    // The control's label as the screen shows it, in the interface's language.
    announce(spoken(*order[static_cast<std::size_t>(index)]));
  }
  // A guest's Tab past its last control goes on to the host page (never a keyboard trap).
  setTabEnds(guest && !modal && visible_ && focused_ == order.back()->name,
             guest && !modal && visible_ && focused_ == order.front()->name);
  if (!visible_) return;
  const auto found = std::find_if(order.begin(), order.end(),
                                  [&](const WidgetRect* w) { return w->name == focused_; });
  if (found == order.end()) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false) &&
      dialogClosedFrame_ != ImGui::GetFrameCount()) {
    visible_ = false;
    return;
  }
  if (!ImGui::GetIO().WantTextInput &&
      (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
       ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)))
    synthesizeClick(
        ImVec2(((*found)->min.x + (*found)->max.x) / 2, ((*found)->min.y + (*found)->max.y) / 2));
  // A mouse click elsewhere hides the ring.
  if (ImGui::IsMouseClicked(0) && !isSynthesizedClick()) visible_ = false;
}

std::string Focus::label(const WidgetLog& log) const {
  if (!visible_) return "";
  for (const WidgetRect& widget : log.rects())
    if (widget.name == focused_) return widget.label.empty() ? widget.name : widget.label;
  return "";
}

void Focus::drawRing(const WidgetLog& log) const {
  if (!visible_) return;
  for (const WidgetRect& widget : log.rects()) {
    if (widget.name != focused_) continue;
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRect(ImVec2(widget.min.x - 3, widget.min.y - 3),
                  ImVec2(widget.max.x + 3, widget.max.y + 3), IM_COL32(255, 200, 60, 255), 4, 0, 3);
    return;
  }
}

void Focus::openDialog(Dialog dialog, const std::string& opener) {
  dialog_ = dialog;
  dialogOpener_ = opener;
  dialogFocusPending_ = true;
}

void Focus::closeDialog() {
  if (dialog_ == Dialog::kNone) return;
  dialog_ = Dialog::kNone;
  // The focus goes back to the control that opened the dialog (shown if it was shown).
  if (!dialogOpener_.empty()) focused_ = dialogOpener_;
  dialogClosedFrame_ = ImGui::GetFrameCount();
  announceFocus_ = visible_;
}

}  // namespace gs::app
