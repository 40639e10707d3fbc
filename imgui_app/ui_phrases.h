// The app's own words in Chinese (labels, printf formats, toasts, notices and the sentences the
// views compose): a table of core/i18n.h entries, registered by ui_text.cpp. Plain data with no
// ImGui, so the native tests check it with the rest of the catalogue. The games' words (their
// views' legends and tooltips among them) live in each game's translations().
#pragma once

#include <vector>

#include "i18n.h"

namespace gs::app {

const std::vector<Phrase>& appPhrases();

// Forms the app builds messages from (core/message.h), listed in appPhrases() too.
inline constexpr Phrase kBoxFull{
    "{MESSAGE} (the box holds {N} KB: drop a larger file on the page, or paste it with nothing "
    "selected)",
    "{MESSAGE}（文本框最多容纳 {N} KB：更大的文件请拖到页面上，或在未选中任何内容时粘贴）"};

}  // namespace gs::app
