// The keyboard focus and the dialogs: Tab and Shift+Tab walk the controls a frame recorded, in
// drawing order (inside an open dialog, only its own), Enter or Space activates the focused one,
// a ring shows it, and a dialog gives the focus back to the control that opened it.
#pragma once

#include <string>

#include "widget_log.h"

namespace gs::app {

// The dialogs (ImGui modal popups).
enum class Dialog { kNone, kRules, kEmbed };

class Focus {
 public:
  // Opened by a control (the focus returns to it when the dialog closes), closed by their Close
  // button or Escape; Tab stays inside an open dialog.
  void openDialog(Dialog dialog, const std::string& opener);
  void closeDialog();
  Dialog dialog() const { return dialog_; }

  // After a frame's controls are recorded: takes Tab presses, moves the focus and announces it,
  // activates the focused control on Enter or Space. A guest's Tab past its last control goes
  // on to the host page.
  void update(const WidgetLog& log, bool guest);
  void drawRing(const WidgetLog& log) const;
  bool visible() const { return visible_; }
  // The focused control's name, and its spoken label (both "" while no focus shows).
  std::string name() const { return visible_ ? focused_ : std::string(); }
  std::string label(const WidgetLog& log) const;

 private:
  std::string focused_;
  bool visible_ = false;
  Dialog dialog_ = Dialog::kNone;
  std::string dialogOpener_;
  bool dialogFocusPending_ = false;
  int dialogClosedFrame_ = -1;
  bool announceFocus_ = false;
  int announceWait_ = 0;
};

}  // namespace gs::app
