// Share links: a URL fragment that carries a game, its board, the moves played and the step
// shown, so that `index.html#…` reopens exactly that state. Used by the CLI, the module and the
// app alike. Parts, '&'-separated, each at most once:
//
//   g  the game's id; alone, it opens the game's judge sample                    required
//   b  the board: the judge's input with lines joined by '_' and numbers by '.'  b or r
//   r  a recipe for a seeded random board (boards too large for a link): the game's recipe
//      fields and the seed, '.'-separated (Game::recipeFields)                   b or r
//   m  moves, '.'-separated, in the game's move codes (cells "row-col", 1-based; cards "A1"
//      or "A1-C2")                                                               optional
//   s  the step shown, 0..number of moves (default: all of them)                 optional
//   n  the comments on the line (Session::comment): one line of text per step from 0, joined
//      by newlines, trailing empty ones left out, raw deflate in base64url like c   optional
//   c  with g=rules: the rules file (core/rules/lua_rules.h), raw deflate in base64url (core/
//      compress.h); b is then its parameters ("3.5"), m the moves' numbers in each position's
//      list ("2.1.3")                                                            g=rules
//   embed=1, autoplay=1, ro=1 (read-only), p=hc (first/second player: h human, c computer),
//   strength=0..10 (the computer's, core/computer.h; 10, perfect play, is left out),
//   q=1 (a quiz: values hidden until a move is picked), lang=en or zh: how the app shows the
//      board                                                                     optional
//
// Every character is URL-safe, so links survive chat apps and e-mail unescaped; percent-escapes
// are decoded anyway. Decoding is strict and total: any string gives the state back or an error
// naming the part of the link at fault, and never crashes or runs long (sizes are checked
// against the memory budget before anything is generated).
//
// Links are canonical: one text per state, the one makeLink() writes, so that a link can be
// compared, cached and trusted not to hide anything. Refused, with a sentence:
//   - a part given twice (g, b, r, m, s or a view option);
//   - an empty part: a trailing '&', a leading '&' or "&&";
//   - a number with a leading zero ("03", "A01"; "0" itself is fine), in every part;
//   - a sign: '+' is not a link character (even escaped as %2B), and '-' is only the move-code
//     separator or a negative number, which no field accepts;
//   - recipe text with anything but digits and '.' (so a recipe cannot carry other link parts).
// Every link makeLink() writes opens (tests/share_link_test.cpp round-trips them).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/judge_text.h"
#include "game.h"
#include "session.h"

namespace gs {

struct ViewOptions {
  bool embed = false;
  bool autoplay = false;
  bool readOnly = false;
  bool computer[2] = {false, false};  // which players the computer plays
  int strength = 10;                  // how well it plays (core/computer.h)
  bool quiz = false;                  // values hidden until the reader has picked a move
  std::string language;               // "en", "zh" or "" (the reader's own)
  // A rules game's table (the t part, "a.0.20.b.0.20"): its ranges as gamesolver table reads
  // them, "a=0..20 b=0..20" ("" when no table is shown). Checked against the game's parameters
  // when the table is made.
  std::string table;
};

struct ShareLink {
  const Game* game = nullptr;
  std::shared_ptr<const Game> rulesGame;  // g=rules: the game of the link's rules file
  std::string board;                      // the `b` part as judge text ("" when a recipe is used)
  std::optional<Recipe> recipe;           // the `r` part
  std::optional<std::string> input;       // the `i` part: a problem's judge input (rules with read)
  std::size_t caseIndex = 0;              // the `k` part, 0-based: the case of `input` on the board
  std::vector<std::string> moves;         // the `m` part, one code per move
  int step = -1;                          // the `s` part; -1 when absent (all moves)
  std::vector<std::string> comments;      // the `n` part, one per step from 0 (each checked)
  ViewOptions view;
  // Rules with read() and parameters: `board` is their values (a `b` part), not a judge's input.
  bool paramsBoard = false;
};

constexpr std::size_t kMaxLinkLength = 1 << 16;    // longer fragments are refused outright
constexpr std::size_t kMaxLinkBoardChars = 4096;   // larger boards travel as recipes
constexpr std::size_t kMaxLinkComments = 1 << 20;  // the n part inflates to at most this

// Parses a fragment ("#g=…&…", the leading '#' optional). Checks the syntax of every part; the
// board and the moves are checked against the rules by openLink().
// A rules file in the link (c) is loaded with `lua`'s limits.
Expected<ShareLink> parseLink(std::string_view fragment, const LuaLimits& lua = {});

// Builds the state a link describes: the board (parsed or generated), the moves replayed, the
// step set. Errors name the link part: "m (the moves), move 3 '2-5': cell (2, 5) …".
Expected<Session> openLink(const ShareLink& link, const SolveLimits& limits);
Expected<Session> openLink(std::string_view fragment, const SolveLimits& limits);
// The same as a job solved in slices (session.h); its finish() replays the moves.
Expected<SolveJob> startLink(const ShareLink& link, const SolveLimits& limits);

// Reads a recipe in the link grammar (the game's fields and the seed: "10.10.100000.7") and
// checks it against the game's fields and the limits; errors start "r (the recipe)".
Expected<Recipe> parseRecipe(const Game& game, std::string_view text, const SolveLimits& limits);
// Checks a recipe made in code the same way.
Message recipeProblem(const Recipe& recipe, const SolveLimits& limits);
// Generates a recipe's board, after checking it.
Expected<Session> sessionFromRecipe(const Recipe& recipe, const SolveLimits& limits);
Expected<SolveJob> startRecipe(const Recipe& recipe, const SolveLimits& limits);
// "ROWS.COLS.MAX.SEED"
std::string recipeShape(const Game& game);
std::string recipeText(const Recipe& recipe);  // "10.10.100000.7"

// The fragment for a session's board, line and step: "#g=…". A board whose `b` part would pass
// kMaxLinkBoardChars needs its recipe (pass the one that generated it); without one the result
// is an error saying so.
Expected<std::string> makeLink(const Session& session, const std::optional<Recipe>& recipe,
                               const ViewOptions& view = {});

}  // namespace gs
