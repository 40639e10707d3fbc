// The registry's game ids (games(), core/games/registry.cpp), with `extra` ones after them, joined
// as the messages join a list (Message::list, core/base/message.h): "a, b or c" in English,
// "a、b 或 c" in Chinese. Built here, not by gameIdList(), so that the tests that pin a message
// naming every game check the messages' own joining, and a game added to the registry changes
// none of them.
#pragma once

#include <string>
#include <vector>

#include "game.h"

namespace gs::testing {

inline std::string joinedGameIds(const std::vector<std::string>& extra, const std::string& comma,
                                 const std::string& conjunction) {
  std::vector<std::string> ids;
  for (const Game* game : games()) ids.push_back(game->id());
  ids.insert(ids.end(), extra.begin(), extra.end());
  std::string joined;
  for (std::size_t k = 0; k < ids.size(); ++k)
    joined += (k == 0 ? "" : k + 1 == ids.size() ? conjunction : comma) + ids[k];
  return joined;
}

// "staircase, exchange or manhattan" (and "..., manhattan or rules" with "rules" in `extra`).
inline std::string englishGameIds(const std::vector<std::string>& extra = {}) {
  return joinedGameIds(extra, ", ", " or ");
}

// "staircase、exchange 或 manhattan".
inline std::string chineseGameIds(const std::vector<std::string>& extra = {}) {
  return joinedGameIds(extra, "、", " 或 ");
}

}  // namespace gs::testing
