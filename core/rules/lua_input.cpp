#include "rules/lua_input.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string_view>

#include "base/forms.h"
#include "base/judge_text.h"
#include "rules/lua_sandbox.h"
#include "rules/lua_sandbox_hooks.h"

extern "C" {
#include "lauxlib.h"
#include "lua.h"
}

namespace gs {
namespace {

// The registry's key of the readers' metatable (lua_rawsetp: no rules code can name it).
const char kMetatableKey = 0;
// The longest text of the rules' own that fail() keeps.
constexpr std::size_t kMaxFailBytes = 300;
constexpr std::int64_t kLowest = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kHighest = std::numeric_limits<std::int64_t>::max();

// A place in the text: a byte and its line.
struct Cursor {
  std::size_t pos = 0;        // the byte
  std::size_t lineStart = 0;  // where its line starts
  int line = 1;               // 1-based
  int column() const { return static_cast<int>(pos - lineStart) + 1; }
};

// A reader, in its userdata (plain data: an error leaves a method by longjmp). Its user value is
// the text it reads.
struct Reader {
  InputReaderState* state;
  Cursor at;    // the next byte to read
  Cursor last;  // the start of the last token or line read (the input's start before any)
};

struct Text {
  const char* data;
  std::size_t size;
};

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// Past the whitespace at `at`, counting its line ends ("\n", "\r\n" or a lone "\r"); returns the
// bytes it passed.
std::size_t skipSpace(const Text& text, Cursor& at) {
  const std::size_t from = at.pos;
  while (at.pos < text.size && isSpace(text.data[at.pos])) {
    const char c = text.data[at.pos++];
    const bool crlf = c == '\r' && at.pos < text.size && text.data[at.pos] == '\n';
    if ((c == '\n' || c == '\r') && !crlf) {
      ++at.line;
      at.lineStart = at.pos;
    }
  }
  return at.pos - from;
}

std::size_t tokenEnd(const Text& text, std::size_t pos) {
  while (pos < text.size && !isSpace(text.data[pos])) ++pos;
  return pos;
}

// Charges the call's budget for `bytes` scanned (and one unit for the method itself); raises the
// budget's error when that spends it. Called where nothing of C++ is alive.
void charge(lua_State* L, std::size_t bytes) {
  gs_lua_charge(L, 1 + bytes / 4);
}

// What a read found wrong, at `at`.
enum class Problem {
  kNotInteger,
  kOutOfRange,
  kIntegerAtEnd,
  kWordAtEnd,
  kLineAtEnd,
  kNotEnd,
  kFail
};
struct Failure {
  Problem problem;
  Cursor at;
  std::string_view token;  // the token found (kFail: the rules' text)
  bool ranged = false;     // int(lo, hi)
  std::int64_t lo = kLowest, hi = kHighest;
};

// The sentence of a failure, kept in the reader's state (the only place where C++ objects live
// on an error's path: they are gone before the longjmp).
void keepFailure(InputReaderState& state, const Failure& failure) {
  Message what;
  const std::int64_t lo = failure.ranged ? failure.lo : kLowest;
  const std::int64_t hi = failure.ranged ? failure.hi : kHighest;
  switch (failure.problem) {
    case Problem::kNotInteger:
      what = failure.ranged
                 ? Message(forms::kExpectedIntegerFromTo,
                           {{"N1", lo}, {"N2", hi}, {"VALUE", quotedToken(failure.token)}})
                 : Message(forms::kExpectedAnInteger, {{"TOKEN", quotedToken(failure.token)}});
      break;
    case Problem::kOutOfRange:  // past 64 bits too: out of every range
      what = Message(forms::kExpectedIntegerFromTo,
                     {{"N1", lo}, {"N2", hi}, {"VALUE", shownInteger(failure.token)}});
      break;
    case Problem::kIntegerAtEnd:
      what = failure.ranged ? Message(forms::kIntegerFromToAtEnd, {{"N1", lo}, {"N2", hi}})
                            : Message(forms::kIntegerAtEnd, {});
      break;
    case Problem::kWordAtEnd:
      what = Message(forms::kWordAtEnd, {});
      break;
    case Problem::kLineAtEnd:
      what = Message(forms::kLineAtEnd, {});
      break;
    case Problem::kNotEnd:
      what = Message(forms::kExpectedTheEnd, {{"TOKEN", quotedToken(failure.token)}});
      break;
    case Problem::kFail:
      what = Message(printableText(failure.token, kMaxFailBytes));
      break;
  }
  state.error =
      Message(forms::kJudgeInputAt,
              {{"N1", failure.at.line}, {"N2", failure.at.column()}, {"MESSAGE", std::move(what)}});
  state.raised = state.error.english();
}

[[noreturn]] void raise(lua_State* L, const Reader& reader, const Failure& failure) {
  keepFailure(*reader.state, failure);
  lua_pushlstring(L, reader.state->raised.data(), reader.state->raised.size());
  lua_error(L);
  std::abort();  // not reached: lua_error does not return
}

// The reader the method `name` is called on (argument 1), and its text.
Reader& self(lua_State* L, const char* name, Text& text) {
  Reader* reader = nullptr;
  if (lua_type(L, 1) == LUA_TUSERDATA && lua_getmetatable(L, 1)) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &kMetatableKey);
    if (lua_rawequal(L, -1, -2)) reader = static_cast<Reader*>(lua_touserdata(L, 1));
    lua_pop(L, 2);
  }
  if (!reader)
    luaL_error(L, "the judge's input reader's methods are called with a colon: input:%s(...)",
               name);
  if (!reader->state->open)
    luaL_error(L, "the judge's input reader reads only while read runs (input:%s)", name);
  lua_getiuservalue(L, 1, 1);
  text.data = lua_tolstring(L, -1, &text.size);  // kept alive by the reader
  lua_pop(L, 1);
  return *reader;
}

// The optional range at arguments `first` and `first + 1`: both or neither.
bool range(lua_State* L, int first, const char* name, std::int64_t& lo, std::int64_t& hi) {
  if (lua_isnoneornil(L, first) && lua_isnoneornil(L, first + 1)) return false;
  lo = luaL_checkinteger(L, first);
  hi = luaL_checkinteger(L, first + 1);
  if (lo > hi) luaL_error(L, "input:%s: the range's lo (%I) is past its hi (%I)", name, lo, hi);
  return true;
}

// The next token after white space (`at` moved to its start, the bytes scanned charged), or an
// empty view at the input's end.
std::string_view nextToken(lua_State* L, const Text& text, Cursor& at) {
  const std::size_t scanned = skipSpace(text, at);
  const std::size_t end = at.pos < text.size ? tokenEnd(text, at.pos) : at.pos;
  charge(L, scanned + (end - at.pos));
  return {text.data + at.pos, end - at.pos};
}

// The next integer from `at` (moved past it; `last` set to its start), or the input's error.
std::int64_t readInteger(lua_State* L, const Reader& reader, const Text& text, Cursor& at,
                         Cursor& last, bool ranged, std::int64_t lo, std::int64_t hi) {
  const std::string_view token = nextToken(L, text, at);
  if (token.empty()) raise(L, reader, Failure{Problem::kIntegerAtEnd, at, {}, ranged, lo, hi});
  const std::size_t end = at.pos + token.size();
  const bool negative = token[0] == '-';
  const std::size_t first = negative ? 1 : 0;
  bool digits = token.size() > first, overflow = false;
  const std::uint64_t limit = negative ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
  std::uint64_t magnitude = 0;
  for (std::size_t k = first; k < token.size() && digits; ++k) {
    const char c = token[k];
    if (c < '0' || c > '9') {
      digits = false;
    } else if (!overflow) {
      const auto digit = static_cast<std::uint64_t>(c - '0');
      if (magnitude > (limit - digit) / 10)
        overflow = true;
      else
        magnitude = magnitude * 10 + digit;
    }
  }
  if (!digits) raise(L, reader, Failure{Problem::kNotInteger, at, token, ranged, lo, hi});
  const std::int64_t value = negative ? static_cast<std::int64_t>(std::uint64_t{0} - magnitude)
                                      : static_cast<std::int64_t>(magnitude);
  if (overflow || (ranged && (value < lo || value > hi)))
    raise(L, reader, Failure{Problem::kOutOfRange, at, token, ranged, lo, hi});
  last = at;
  at.pos = end;
  return value;
}

int readInt(lua_State* L) {
  Text text;
  Reader& reader = self(L, "int", text);
  std::int64_t lo = kLowest, hi = kHighest;
  const bool ranged = range(L, 2, "int(lo, hi)", lo, hi);
  Cursor at = reader.at, last = reader.last;
  const std::int64_t value = readInteger(L, reader, text, at, last, ranged, lo, hi);
  reader.at = at;
  reader.last = last;
  lua_pushinteger(L, value);
  return 1;
}

int readInts(lua_State* L) {
  Text text;
  Reader& reader = self(L, "ints", text);
  const lua_Integer count = luaL_checkinteger(L, 2);
  if (count < 0) luaL_error(L, "input:ints(n): n must be 0 or more, not %I", count);
  std::int64_t lo = kLowest, hi = kHighest;
  const bool ranged = range(L, 3, "ints(n, lo, hi)", lo, hi);
  Cursor at = reader.at, last = reader.last;
  // Room for what the input can hold at most (a count read from a wrong input may be huge).
  const std::size_t room = std::min<std::size_t>(
      {static_cast<std::size_t>(count), (text.size - at.pos) / 2 + 1, std::size_t{1} << 16});
  lua_createtable(L, static_cast<int>(room), 0);
  for (lua_Integer k = 1; k <= count; ++k) {
    lua_pushinteger(L, readInteger(L, reader, text, at, last, ranged, lo, hi));
    lua_rawseti(L, -2, k);
  }
  reader.at = at;
  reader.last = last;
  return 1;
}

int readWord(lua_State* L) {
  Text text;
  Reader& reader = self(L, "word", text);
  Cursor at = reader.at;
  const std::string_view word = nextToken(L, text, at);
  if (word.empty()) raise(L, reader, Failure{Problem::kWordAtEnd, at, {}});
  lua_pushlstring(L, word.data(), word.size());
  reader.last = at;
  at.pos += word.size();
  reader.at = at;
  return 1;
}

int readLine(lua_State* L) {
  Text text;
  Reader& reader = self(L, "line", text);
  Cursor at = reader.at;
  if (at.pos >= text.size) {
    charge(L, 0);
    raise(L, reader, Failure{Problem::kLineAtEnd, at, {}});
  }
  std::size_t end = at.pos;
  while (end < text.size && text.data[end] != '\n' && text.data[end] != '\r') ++end;
  charge(L, end - at.pos);
  lua_pushlstring(L, text.data + at.pos, end - at.pos);
  Cursor next = at;
  if (end < text.size) {  // past the line end: "\n", "\r\n" or a lone "\r"
    end += text.data[end] == '\r' && end + 1 < text.size && text.data[end + 1] == '\n' ? 2 : 1;
    next.line += 1;
    next.lineStart = end;
  }
  next.pos = end;
  reader.last = at;
  reader.at = next;
  return 1;
}

int readEof(lua_State* L) {
  Text text;
  Reader& reader = self(L, "eof", text);
  Cursor at = reader.at;  // nothing is consumed: line() still reads the rest of the line
  charge(L, skipSpace(text, at));
  lua_pushboolean(L, at.pos >= text.size);
  return 1;
}

int readFinish(lua_State* L) {
  Text text;
  Reader& reader = self(L, "finish", text);
  Cursor at = reader.at;
  const std::string_view rest = nextToken(L, text, at);
  if (!rest.empty()) raise(L, reader, Failure{Problem::kNotEnd, at, rest});
  reader.at = at;
  return 0;
}

int readFail(lua_State* L) {
  Text text;
  const Reader& reader = self(L, "fail", text);
  std::size_t length = 0;
  const char* message = luaL_checklstring(L, 2, &length);
  charge(L, std::min(length, kMaxFailBytes));
  raise(L, reader, Failure{Problem::kFail, reader.last, std::string_view(message, length)});
}

const luaL_Reg kMethods[] = {{"int", readInt},   {"ints", readInts}, {"word", readWord},
                             {"line", readLine}, {"eof", readEof},   {"finish", readFinish},
                             {"fail", readFail}, {nullptr, nullptr}};

}  // namespace

void pushInputReader(lua_State* L, int text, InputReaderState* state) {
  text = lua_absindex(L, text);
  auto* reader = static_cast<Reader*>(lua_newuserdatauv(L, sizeof(Reader), 1));
  reader->state = state;
  reader->at = Cursor{};
  std::size_t size = 0;
  const char* bytes = lua_tolstring(L, text, &size);
  // A UTF-8 byte order mark (some editors add one) is not part of the input: line 1 starts after.
  if (size >= 3 && bytes[0] == '\xEF' && bytes[1] == '\xBB' && bytes[2] == '\xBF')
    reader->at.pos = reader->at.lineStart = 3;
  reader->last = reader->at;
  lua_pushvalue(L, text);
  lua_setiuservalue(L, -2, 1);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kMetatableKey) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    luaL_newlib(L, kMethods);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L,
                    "the judge's input reader");  // getmetatable(input) gives this, not the table
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &kMetatableKey);
  }
  lua_setmetatable(L, -2);
}

}  // namespace gs
