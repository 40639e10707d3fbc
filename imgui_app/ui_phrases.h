// The app's own words in Chinese (labels, printf formats, toasts, notices and the sentences the
// views compose): a table of core/i18n.h entries, registered by ui_text.cpp. Plain data with no
// ImGui, so the native tests check it with the rest of the catalogue. The games' words (their
// views' legends and tooltips among them) live in each game's translations().
#pragma once

#include <vector>

#include "i18n.h"

namespace gs::app {

const std::vector<Phrase>& appPhrases();

}  // namespace gs::app
