// Share links: a URL fragment that carries a game, its board, the moves played and the step
// shown, so that `index.html#…` reopens exactly that state. Used by the CLI, the module and the
// app alike.
//
//   #g=staircase&b=2.3_2.7.3.9.1.2_3.7.2.2.3.1&m=1-1.1-2&s=1
//
//   g  game id (staircase, exchange, manhattan)                                  required
//   b  the board: the judge's input with lines joined by '_' and numbers by '.'  b or r
//   r  a recipe for a seeded random board (boards too large for a link):         b or r
//        staircase ROWS.COLS.MAX.SEED   exchange N.M.L.MAX.SEED   manhattan N.M.SEED
//   m  moves, '.'-separated: a cell "row-col" (1-based; staircase, manhattan), or a card put
//      down "A1" optionally with the card taken "A1-C2" (exchange)                optional
//   s  the step shown, 0..number of moves (default: all of them)                 optional
//   embed=1, autoplay=1, ro=1 (read-only), p=hc (first/second player: h human, c computer):
//      how the app shows the board                                               optional
//
// Every character is URL-safe, so links survive chat apps and e-mail unescaped; percent-escapes
// are decoded anyway. Decoding is strict and total: any string gives the state back or an error
// naming the part of the link at fault, and never crashes or runs long (sizes are checked
// against the memory budget before anything is generated).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.h"
#include "judge_text.h"
#include "session.h"

namespace gs {

// A seeded random board (see random_boards.h): the same recipe gives the same board everywhere.
struct BoardRecipe {
  GameId game = GameId::kStaircase;
  std::int64_t sizes[3] = {0, 0, 0};  // staircase rows, cols; exchange N, M, L; manhattan n
  std::int64_t m = 0;                 // manhattan: the distance bound
  std::int64_t maxValue = 0;          // staircase, exchange: the largest value drawn
  std::uint64_t seed = 0;
};

struct ViewOptions {
  bool embed = false;
  bool autoplay = false;
  bool readOnly = false;
  bool computer[2] = {false, false};  // which players the computer plays
};

struct ShareLink {
  GameId game = GameId::kStaircase;
  std::string board;                   // the `b` part as judge text ("" when a recipe is used)
  std::optional<BoardRecipe> recipe;   // the `r` part
  std::vector<std::string> moves;      // the `m` part, one code per move
  int step = -1;                       // the `s` part; -1 when absent (all moves)
  ViewOptions view;
};

constexpr std::size_t kMaxLinkLength = 1 << 16;      // longer fragments are refused outright
constexpr std::size_t kMaxLinkBoardChars = 4096;     // larger boards travel as recipes

// Parses a fragment ("#g=…&…", the leading '#' optional). Checks the syntax of every part; the
// board and the moves are checked against the rules by openLink().
Expected<ShareLink> parseLink(std::string_view fragment);

// Builds the state a link describes: the board (parsed or generated), the moves replayed, the
// step set. Errors name the link part: "m (the moves), move 3 '2-5': cell (2, 5) …".
Expected<Session> openLink(const ShareLink& link, const SolveLimits& limits);
Expected<Session> openLink(std::string_view fragment, const SolveLimits& limits);

// Generates a recipe's board, after checking its sizes against the limits.
Expected<Session> sessionFromRecipe(const BoardRecipe& recipe, const SolveLimits& limits);

// The fragment for a session's board, line and step: "#g=…". A board whose `b` part would pass
// kMaxLinkBoardChars needs its recipe (pass the one that generated it); without one the result
// is an error saying so.
Expected<std::string> makeLink(const Session& session, const std::optional<BoardRecipe>& recipe,
                               const ViewOptions& view = {});

// The code of a move in links: "2-3" or "A1" / "A1-C2".
std::string moveCode(const Session& session, const Move& move);
// The move a code names on the session's board, or the reason it names none.
Expected<Move> parseMoveCode(const Session& session, std::string_view code);

std::string recipeText(const BoardRecipe& recipe);  // "10.10.100000.7"

}  // namespace gs
