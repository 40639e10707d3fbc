// The reader of the judge's input that a rules file's read is given: `read = function(text,
// input)`, `input` reading the same text as testlib's readers do (web/guides/your_own_game.md,
// "Your own game", read):
//
//   input:int()          the next integer: an optional '-', then digits (no '+'), within 64 bits
//   input:int(lo, hi)    the same, from lo to hi
//   input:ints(n)        a list of the next n integers (input:ints(n, lo, hi): each from lo to hi)
//   input:word()         the next word: a run of characters without whitespace
//   input:line()         the rest of the current line (without its line end), and past its end
//   input:eof()          true when only whitespace is left
//   input:finish()       an error unless only whitespace is left
//   input:fail(message)  an error at the last thing read (a check of the rules' own)
//
// Whitespace between tokens is skipped (spaces, tabs, line ends: "\n", "\r\n" or a lone "\r");
// a UTF-8 byte order mark at the start is not part of the input. A read that fails consumes
// nothing. Its error is the input's fault and says where, 1-based, columns in bytes: "the judge's
// input, line 3, column 5: expected an integer, found 'x7'" (forms::kJudgeInputAt), a token
// quoted at most 24 bytes long, other bytes than printable ASCII written \xHH (quoteToken). It is
// raised as that English text with no rules' line; the sentence itself, translatable whole, is
// kept in InputReaderState, so that read's caller gives it back as it is (LuaRules::read). A
// rules' misuse (input.int() without the colon, lo past hi, a negative count) is the rules'
// error, raised with their line.
//
// The reader is in the sandbox: every byte it scans is charged to the call's budget (read's
// grows with its input), as is every string and list it makes, and it reads only while read
// runs (a reader kept for later refuses).
#pragma once

#include <string>

#include "base/message.h"

struct lua_State;

namespace gs {

// What the host keeps of the readers of one rules' state.
struct InputReaderState {
  bool open = false;  // read runs: its readers read
  // The last error a reader raised: its sentence and its English, as raised.
  Message error;
  std::string raised;
};

// Pushes a reader over the string at `text` (a stack index; the reader keeps it), reporting
// into `state`, which outlives every reader of the Lua state.
void pushInputReader(lua_State* L, int text, InputReaderState* state);

}  // namespace gs
