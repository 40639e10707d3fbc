// The contract of a Lua rules file, written once: the fields of its table `game`, one row a
// field. Everything that names the fields is made from this table: the loader's functions by
// number (lua_detail::Function and kFunctionNames, core/rules/lua_rules_internal.h), its flags
// and values, the fields it knows and its refusal of any other, the message that names the
// required functions, and the app's line under the rules editor (imgui_app/ui_phrases.cpp, in
// English and Chinese). The reference, web/guides/contract.md, lists the same fields in the
// same order (the required functions in its first sentence, the others in its table), each in
// the form written here (tests/contract_test.cpp checks it, and that no other file of core/,
// imgui_app/ or web/ spells a field's name as a string).
//
// A row: KIND(ENUMERATOR, NUMBER, NAME, GROUP, FORM, TEXT), in the order the fields are listed.
//   KIND        FUNCTION (a Lua function of the rules), FLAG (true or false) or VALUE (data).
//   ENUMERATOR  its name in the loader's enum of its kind (lua_detail::Function, Flag, Value),
//   NUMBER      and its value there: the functions' numbers are the order the loader reads
//               and checks them in, and index the rules' references (LuaRules::State::refs).
//   NAME        the field's name in Lua.
//   GROUP       kCore (the core functions are required), kOptional or kContest (for a contest
//               problem: a judge's input read and answered).
//   FORM        the field as it is called or written, as the reference lists it.
//   TEXT        what it is, in one line.
#pragma once

#include <array>
#include <cstddef>
#include <string>

// clang-format off
#define GS_RULES_CONTRACT(FUNCTION, FLAG, VALUE)                                                  \
  VALUE(kTitle, 0, "title", kCore, "title",                                                       \
        "the game's name, shown in the app (at most 200 bytes are kept)")                         \
  VALUE(kParams, 1, "params", kCore, "params",                                                    \
        "the parameters, {name, default, min, max} each (whole numbers, at most 16): p by name")  \
  FUNCTION(kStart, 0, "start", kCore, "start(p)", "the first position")                           \
  FUNCTION(kMoves, 1, "moves", kCore, "moves(s, p)",                                              \
           "an array of the legal moves at s; empty when the game is over")                       \
  FUNCTION(kPlay, 2, "play", kCore, "play(s, move, p)", "the position after move")                \
  FUNCTION(kGain, 3, "gain", kOptional, "gain(s, move, p)",                                       \
           "the points the move earns its player (a scored game)")                                \
  FUNCTION(kScore, 4, "score", kOptional, "score(s, p)",                                          \
           "at game over: extra margin for the first player (a scored game)")                     \
  FUNCTION(kResult, 7, "result", kOptional, "result(s, p)",                                       \
           "at game over: \"win\", \"loss\" (the default) or \"draw\" for the player to move")    \
  FLAG(kImpartial, 0, "impartial", kOptional, "impartial = true",                                 \
       "the values are Sprague-Grundy numbers")                                                   \
  FUNCTION(kParts, 6, "parts", kOptional, "parts(s, p)",                                          \
           "s is the sum of these positions (impartial; partisan: for cgt, whose values add)")    \
  FLAG(kMovesByPart, 2, "moves_by_part", kOptional, "moves_by_part = true",                       \
       "with parts: the moves of a sum are its parts' moves, part by part")                       \
  FUNCTION(kChildren, 13, "children", kOptional, "children(s, p, visit)",                         \
           "for the memo search: visit(child, gain) for each move, in the order of moves")        \
  FUNCTION(kMover, 5, "mover", kOptional, "mover(s, p)",                                          \
           "1 or 2: who moves at s (by default the players alternate)")                           \
  FLAG(kPartisan, 1, "partisan", kOptional, "partisan = true",                                    \
       "every call is told who moves (1 or 2), as its last argument")                             \
  FUNCTION(kShow, 8, "show", kOptional, "show(s, p)",                                             \
           "how to draw s: a string, or an array of rows")                                        \
  FUNCTION(kName, 9, "name", kOptional, "name(move, s, p)", "a move's text")                      \
  FUNCTION(kRead, 10, "read", kContest, "read(text, input)",                                      \
           "a judge's input -> an array of cases, each a p (input reads it: rules/lua_input.h)")  \
  FUNCTION(kAnswer, 11, "answer", kContest, "answer(r, p)",                                       \
           "a case's judge answer from r, the record of its solved start (r.at(s): any position)")\
  FUNCTION(kRandom, 12, "random", kContest, "random(seed, size)",                                 \
           "a random judge input, for check")                                                     \
  FUNCTION(kWrite, 14, "write", kContest, "write(cases)",                                         \
           "cases -> their judge input (read's inverse), for check to drop the cases that pass")  \
  VALUE(kSample, 2, "sample", kContest, "sample",                                                 \
        "the problem's sample input (a string), where the app's judge box starts")
// clang-format on

// For the enums made from the table: a row of the kind wanted gives its enumerator, the others
// nothing (enum Function { GS_RULES_CONTRACT(GS_CONTRACT_ENUMERATOR, GS_CONTRACT_SKIP, ...) }).
#define GS_CONTRACT_ENUMERATOR(enumerator, number, name, group, form, text) enumerator = number,
#define GS_CONTRACT_SKIP(enumerator, number, name, group, form, text)

namespace gs::contract {

enum class Kind { kFunction, kFlag, kValue };
enum class Group { kCore, kOptional, kContest };

struct Field {
  Kind kind;
  int number;  // the enumerator's value, in the enum of its kind
  const char* name;
  Group group;
  const char* form;
  const char* text;
};

#define GS_CONTRACT_FUNCTION_ROW(enumerator, number, name, group, form, text) \
  Field{Kind::kFunction, number, name, Group::group, form, text},
#define GS_CONTRACT_FLAG_ROW(enumerator, number, name, group, form, text) \
  Field{Kind::kFlag, number, name, Group::group, form, text},
#define GS_CONTRACT_VALUE_ROW(enumerator, number, name, group, form, text) \
  Field{Kind::kValue, number, name, Group::group, form, text},
// Every field, in the table's order.
inline constexpr Field kFields[] = {
    GS_RULES_CONTRACT(GS_CONTRACT_FUNCTION_ROW, GS_CONTRACT_FLAG_ROW, GS_CONTRACT_VALUE_ROW)};
#undef GS_CONTRACT_FUNCTION_ROW
#undef GS_CONTRACT_FLAG_ROW
#undef GS_CONTRACT_VALUE_ROW

// A game's required fields: the core functions.
constexpr bool required(const Field& field) {
  return field.kind == Kind::kFunction && field.group == Group::kCore;
}

constexpr int countOf(Kind kind) {
  int count = 0;
  for (const Field& field : kFields) count += field.kind == kind;
  return count;
}

// The names of the fields of a kind, by number; empty (the numbers are not 0 to N - 1, each
// once) fails the static_assert below.
template <Kind kKind>
constexpr std::array<const char*, countOf(kKind)> namesByNumber() {
  std::array<const char*, countOf(kKind)> names{};
  for (const Field& field : kFields)
    if (field.kind == kKind && field.number >= 0 && field.number < countOf(kKind))
      names[static_cast<std::size_t>(field.number)] = field.name;
  return names;
}

template <Kind kKind>
constexpr bool numberedOnce() {
  int seen = 0;
  for (const Field& field : kFields)
    if (field.kind == kKind && field.number >= 0 && field.number < countOf(kKind)) ++seen;
  for (const char* name : namesByNumber<kKind>())
    if (name == nullptr) return false;
  return seen == countOf(kKind);
}
static_assert(numberedOnce<Kind::kFunction>() && numberedOnce<Kind::kFlag>() &&
                  numberedOnce<Kind::kValue>(),
              "each kind's numbers in GS_RULES_CONTRACT are 0 to N - 1, each once");

// The names of the fields `keep` accepts, in the table's order, joined by ", ", and by `last`
// before the last one: "start, moves and play".
template <class Keep>
std::string fieldNames(Keep keep, const char* last = ", ") {
  const Field* kept[std::size(kFields)];
  std::size_t count = 0;
  for (const Field& field : kFields)
    if (keep(field)) kept[count++] = &field;
  std::string text;
  for (std::size_t k = 0; k < count; ++k) {
    if (k > 0) text += k + 1 == count ? last : ", ";
    text += kept[k]->name;
  }
  return text;
}

// The names of a group's fields: "title, params, start, moves, play".
inline std::string fieldNames(Group group) {
  return fieldNames([group](const Field& field) { return field.group == group; });
}

// The core fields as a game table is written, for the loader's refusal of rules without one:
// "game = { title = ..., params = ..., start = ..., moves = ..., play = ... }".
inline std::string coreTable() {
  std::string text = "game = { ";
  for (const Field& field : kFields)
    if (field.group == Group::kCore) text += std::string(field.name) + " = ..., ";
  text.resize(text.size() - 2);
  return text + " }";
}

}  // namespace gs::contract
