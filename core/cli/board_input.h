// How a gamesolver command reads its board (board_input.cpp): the GAME argument, a rules file
// and its parameters or its judge's input, and the board solved, with a progress line on a
// terminal.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "rules/rules_game.h"
#include "session.h"

namespace gs::cli {

// The GAME argument: a built-in game's id (`rulesToo`: the command also takes a rules file).
const gs::Game* gameArgument(const Options& options, bool rulesToo, int& status);

// Solves the job; on a terminal, a solve that runs past a second shows a progress line on
// standard error (like pv), redrawn a few times a second and erased at the end.
void solveWithProgress(gs::SolveJob& job, bool terminal);

// A rules file (core/rules/lua_rules.h) and its parameters: FILE [NAME=VALUE ...]. Errors go to
// standard error as one sentence naming the file and the line, or the argument.
struct RulesArguments {
  std::shared_ptr<gs::RulesGame> game;
  gs::Params params;
  // Rules with read(): the judge's input (FILE or standard input) and the case (0-based).
  std::optional<std::string> input;
  std::size_t caseIndex = 0;
};

// Reads FILE (args[index]) or standard input ("-" or none) for `game`; the exit status, or 0.
int readInput(const Options& options, std::size_t index, const gs::Game& game, std::string& text);

// Reads and loads the rules file at `path`; the exit status, or 0.
int loadRulesGame(const std::string& path, std::shared_ptr<gs::RulesGame>& game);

// Reads the rules file options.args[0] and the parameters that follow it (or, for rules with
// read(), the judge's input and --case) into `out`; the exit status, or 0.
int loadRulesArguments(const Options& options, RulesArguments& out);

// Whether the first argument names a rules file rather than a game: not a game's id, and a
// file that exists or a name ending in .lua (so that a mistyped game stays a usage error).
bool namesRulesFile(const Options& options);

// A problem's input read into its cases once (rules of parameters have none), the case on the
// board among them; 0, or the exit status after the sentence saying why not ("gamesolver:
// FILE: the input has 2 cases; there is no case 3").
int readCases(const RulesArguments& rules, const std::string& where,
              std::vector<std::string>& cases);

// The p of the board: the parameters, or the case of the input.
gs::Params paramsOf(const RulesArguments& rules, const std::vector<std::string>& cases);

// A part of the rules the memo search found wrong and left out (game.children differing from
// moves and play), said on standard error after the answer, which is the rules' own.
void printSearchNote(const std::string& file, const gs::Game& game);

// Reads, parses and solves the board of the arguments (a game's judge input, or a rules file
// and its parameters). `beforeSolve` may refuse the parsed board before any solving (export
// refuses boards too large to draw). With `searchedValue`, a rules game's start is first asked
// of the rules' memo search (gs::rulesSearchedValue): when it answers, its value line is there
// and no board is made.
int loadSession(const Options& options, std::optional<gs::Session>& session,
                std::optional<gs::ParseError> (*beforeSolve)(const gs::GameBoard&) = nullptr,
                std::optional<std::string>* searchedValue = nullptr);

}  // namespace gs::cli
