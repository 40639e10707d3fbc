// Games written as CGSuite writes them, read into a GameStore: "{3||2+*|1+*}", "9/8+*",
// "73/16+v9*8", "+-{1,2}", "Tiny(3/2)".
//
//   game     := ["-"] term (("+" | "-") term)*
//   term     := atom atom*          (side by side is a sum: "2Tiny(2)", "6^*", "73/16v9*8")
//   atom     := N | N/D | "*"[K] | "^"[K] | "^^" | "v"[K] | "vv" | "+-" atom | "+-{" list "}"
//             | "{" bars "}" | "(" game ")" | "Tiny(" game ")" | "Miny(" game ")"
//   bars     := side "|"... side    (the longest run of bars splits first; it must be the
//                                    only run of that length at its level)
//   side     := list | bars         (a side with bars of its own is one game)
//   list     := [game ("," game)*]
//
// N and D are whole numbers (D a power of 2), K a whole number of stars or ups. Up's powers and
// loopy games ("on", "over") are not read.
#pragma once

#include <string>
#include <string_view>

#include "base/expected.h"
#include "cgt/cgt.h"

namespace gs::cgt {

// The canonical form of `text` in `store`, or an error naming the column of the first wrong
// character ("column 4: expected a game after ','").
Expected<GameId> parseGame(GameStore& store, std::string_view text);

}  // namespace gs::cgt
