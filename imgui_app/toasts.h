// Toasts: short messages at the bottom of the window (a copy, a save, a refusal), read out by
// the screen reader as they come, each for 2.6 seconds, at most three at a time.
#pragma once

#include <vector>

#include "base/message.h"
#include "widget_log.h"

namespace gs::app {

class Toasts {
 public:
  struct Toast {
    Message text;
    double until = 0;
  };
  void show(Message text);  // an empty message shows nothing
  void draw(WidgetLog& log);
  const std::vector<Toast>& shown() const { return toasts_; }

 private:
  std::vector<Toast> toasts_;
};

}  // namespace gs::app
