// LuaRules' own methods (core/rules/lua_rules.h): the Rules interface over a loaded rules file,
// each a call of the rules in the sandbox (core/rules/lua_calls.cpp) whose failure names the call
// ("..., in play({1, 2}, 3)"); the sandbox's memory and instruction counts. The file is loaded by
// lua_load.cpp, values are encoded by lua_encoding.cpp and the memo search is lua_search.cpp.
#include "rules/lua_rules.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "base/forms.h"
#include "base/thousands.h"
#include "rules/lua_rules_internal.h"

extern "C" {
#include "lauxlib.h"
#include "lua.h"
}

namespace gs {
using namespace lua_detail;  // (core/rules/lua_rules_internal.h)

LuaRules::LuaRules() : state_(std::make_unique<State>()) {}

LuaRules::~LuaRules() = default;

std::uint64_t LuaRules::memoryUsed() const {
  return sandbox_ ? sandbox_->heapUsed() : 0;
}

Rules::HeapCap LuaRules::heapCap() const {
  if (!sandbox_) return {};
  return {sandbox_->heapCap(), sandbox_->heapCapWhat()};
}

void LuaRules::setHeapCap(HeapCap cap) {
  if (!sandbox_) return;
  sandbox_->setHeapCap(cap.bytes);
  sandbox_->setHeapCapWhat(std::move(cap.what));
}

bool LuaRules::totalSpent() const {
  return sandbox_ && sandbox_->totalSpent();
}

std::uint64_t LuaRules::instructionsUsed() const {
  return sandbox_ ? sandbox_->instructionsUsed() : 0;
}

const LuaLimits& LuaRules::sandboxLimits() const {
  return sandbox_->limits();
}

namespace {

std::string callText(Function function, const Term* a, const Term* b, bool partisan) {
  // A partisan position {who, s} shows as s.
  const auto shown = [partisan](const Term& term) {
    if (partisan && term.kind() == Term::Kind::kTable && term.entries().size() == 2)
      return shortText(term.entries()[1].second);
    return shortText(term);
  };
  switch (function) {
    case kRead:
      return "read(the judge's input)";
    case kAnswer:
      return "answer(r, p)";
    case kWrite:
      return "write(cases)";
    default:
      break;
  }
  std::string text = std::string(kFunctionNames[function]) + "(";
  if (function == kName) std::swap(a, b);
  if (a) text += function == kName ? shortText(*a) : shown(*a);
  if (b) text += ", " + (function == kName ? shown(*b) : shortText(*b));
  return text + ")";
}

}  // namespace

bool LuaRules::expand(std::string_view position, const Params& params, Expansion& out,
                      RulesError& error) {
  out.clear();
  Frame frame;
  frame.rules = this;
  frame.params = &params;
  frame.position = position;
  frame.expansion = &out;
  state_->paramReads = &paramReads_;
  LuaFailure failure;
  const bool ok = sandbox_->run(protectedExpand, &frame, failure);
  state_->paramReads = nullptr;
  if (ok) return true;
  error = rulesError(std::move(failure));
  error.message = Message(
      forms::kRulesInCall,
      {{"MESSAGE", error.message}, {"RAW", Message::verbatim(failedCall(position, params))}});
  return false;
}

std::string LuaRules::failedCall(std::string_view position, const Params& params) {
  // The function, the position and, for play and gain, the move.
  Term where;
  const bool decoded = Term::decode(position, where);
  const Function function = state_->call;
  const std::int64_t moveIndex = state_->moveIndex;
  if (!decoded) return std::string(kFunctionNames[function]) + "(?)";
  std::string text = callText(function, &where, nullptr, header_.partisan);
  if (function == kPlay || function == kGain) {
    auto list = moves(where, params);
    const auto index = static_cast<std::size_t>(moveIndex);
    if (list && index >= 1 && index <= list.value().size())
      text = callText(function, &where, &list.value()[index - 1], header_.partisan);
  }
  return text;
}

bool LuaRules::openMoves(std::string_view position, const Params& params, MoveCursor& cursor,
                         RulesError& error) {
  closeMoves(cursor);
  cursor.mover = -1;
  cursor.end = EndResult::kLoss;
  CursorFrame frame;
  frame.position = position;
  frame.params = &params;
  frame.cursor = &cursor;
  state_->paramReads = &paramReads_;
  LuaFailure failure;
  const bool ok = sandbox_->run(protectedOpenMoves, &frame, failure);
  state_->paramReads = nullptr;
  if (ok) return true;
  error = rulesError(std::move(failure));
  error.message = Message(
      forms::kRulesInCall,
      {{"MESSAGE", error.message}, {"RAW", Message::verbatim(failedCall(position, params))}});
  return false;
}

bool LuaRules::playMove(MoveCursor& cursor, std::size_t index, const Params& params,
                        std::string& child, RulesError& error) {
  if (cursor.handle < 0 || index >= cursor.count) {
    error = RulesError{0, 0, "no such move (an internal error)"};
    return false;
  }
  CursorFrame frame;
  frame.params = &params;
  frame.cursor = &cursor;
  frame.index = index;
  frame.child = &child;
  state_->paramReads = &paramReads_;
  LuaFailure failure;
  const bool ok = sandbox_->run(protectedPlayMove, &frame, failure);
  state_->paramReads = nullptr;
  if (ok) return true;
  error = rulesError(std::move(failure));
  // The position: the hold's key, read back.
  lua_rawgeti(L_, LUA_REGISTRYINDEX, cursor.handle);
  lua_rawgeti(L_, -1, 4);
  std::size_t length = 0;
  const char* bytes = lua_tolstring(L_, -1, &length);
  std::string key = bytes ? std::string(bytes, length) : std::string();
  lua_pop(L_, 2);
  if (header_.partisan) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, cursor.handle);
    lua_rawgeti(L_, -1, 3);
    const int who = static_cast<int>(lua_tointeger(L_, -1));
    lua_pop(L_, 2);
    std::string wrapped;
    putPartisan(wrapped, who, key);
    key = std::move(wrapped);
  }
  error.message =
      Message(forms::kRulesInCall,
              {{"MESSAGE", error.message}, {"RAW", Message::verbatim(failedCall(key, params))}});
  return false;
}

void LuaRules::closeMoves(MoveCursor& cursor) {
  if (cursor.handle >= 0) luaL_unref(L_, LUA_REGISTRYINDEX, cursor.handle);  // never raises
  cursor.handle = -1;
  cursor.count = 0;
}

// A failed call of the rules: the sentence names the call ("…, in play({1, 2}, 3)").
RulesError callFailed(Function which, LuaFailure failure, const Term* a, const Term* b,
                      bool partisan) {
  RulesError error = rulesError(std::move(failure));
  error.message = Message(
      forms::kRulesInCall,
      {{"MESSAGE", error.message}, {"RAW", Message::verbatim(callText(which, a, b, partisan))}});
  return error;
}

// The same for a call given encodings (a move's may be empty: none).
RulesError callFailed(Function which, LuaFailure failure, std::string_view position,
                      std::string_view move, bool partisan) {
  Term positionTerm, moveTerm;  // the host's own encodings: they decode
  Term::decode(position, positionTerm);
  if (!move.empty()) Term::decode(move, moveTerm);
  return callFailed(which, std::move(failure), &positionTerm, move.empty() ? nullptr : &moveTerm,
                    partisan);
}

bool LuaRules::runCall(int (*call)(lua_State*), void* frame, int function, LuaFailure& failure) {
  // Reads by start() do not count: rows of a table that differ there share positions. (A call
  // inside a call, as r.at makes inside answer, gives the outer one back its counting.)
  std::uint64_t* const outer = state_->paramReads;
  state_->paramReads = function == kStart ? nullptr : &paramReads_;
  // show() and name() only give a text (the position's or move's own stands in when they fail):
  // they run under their own budget where the host gives one.
  const std::uint64_t perCall = sandbox_->limits().instructionsPerCall;
  const std::uint64_t perText = sandbox_->limits().instructionsPerTextCall;
  const bool text = (function == kShow || function == kName) && perText > 0 && perText < perCall;
  if (text) sandbox_->setInstructionsPerCall(perText);
  const bool ok = sandbox_->run(call, frame, failure);
  if (text) sandbox_->setInstructionsPerCall(perCall);
  state_->paramReads = outer;
  return ok;
}

#define GS_LUA_CALL(which, a, b, field)                                   \
  Frame frame;                                                            \
  frame.rules = this;                                                     \
  frame.params = &params;                                                 \
  frame.function = which;                                                 \
  frame.termA = a;                                                        \
  frame.termB = b;                                                        \
  LuaFailure failure;                                                     \
  if (!runCall(protectedCall, &frame, which, failure))                    \
    return callFailed(which, std::move(failure), a, b, header_.partisan); \
  return std::move(frame.field)

Expected<Term> LuaRules::start(const Params& params) {
  GS_LUA_CALL(kStart, nullptr, nullptr, result);
}

Expected<std::vector<Term>> LuaRules::moves(const Term& position, const Params& params) {
  GS_LUA_CALL(kMoves, &position, nullptr, results);
}

Expected<Term> LuaRules::play(const Term& position, const Term& move, const Params& params) {
  GS_LUA_CALL(kPlay, &position, &move, result);
}

Expected<std::int64_t> LuaRules::gain(const Term& position, const Term& move,
                                      const Params& params) {
  if (state_->refs[kGain] == LUA_NOREF) return std::int64_t{0};
  GS_LUA_CALL(kGain, &position, &move, number);
}

Expected<std::int64_t> LuaRules::score(const Term& position, const Params& params) {
  if (state_->refs[kScore] == LUA_NOREF) return std::int64_t{0};
  GS_LUA_CALL(kScore, &position, nullptr, number);
}

Expected<int> LuaRules::mover(const Term& position, const Params& params) {
  if (state_->refs[kMover] == LUA_NOREF) return -1;
  auto number = [&]() -> Expected<std::int64_t> {
    GS_LUA_CALL(kMover, &position, nullptr, number);
  }();
  if (!number) return number.error();
  return static_cast<int>(number.value() - 1);
}

Expected<std::vector<Term>> LuaRules::parts(const Term& position, const Params& params) {
  if (state_->refs[kParts] == LUA_NOREF) return std::vector<Term>{position};
  GS_LUA_CALL(kParts, &position, nullptr, results);
}

Expected<EndResult> LuaRules::result(const Term& position, const Params& params) {
  if (state_->refs[kResult] == LUA_NOREF) return EndResult::kLoss;
  auto number = [&]() -> Expected<std::int64_t> {
    GS_LUA_CALL(kResult, &position, nullptr, number);
  }();
  if (!number) return number.error();
  return static_cast<EndResult>(number.value());
}

Expected<Term> LuaRules::show(const Term& position, const Params& params) {
  if (state_->refs[kShow] == LUA_NOREF) {
    if (header_.partisan && position.kind() == Term::Kind::kTable && position.entries().size() == 2)
      return Rules::show(position.entries()[1].second, params);
    return Rules::show(position, params);
  }
  GS_LUA_CALL(kShow, &position, nullptr, result);
}

Expected<std::string> LuaRules::name(const Term& move, const Term& position, const Params& params) {
  if (state_->refs[kName] == LUA_NOREF) return Rules::name(move, position, params);
  GS_LUA_CALL(kName, &position, &move, output);
}

bool LuaRules::callWithKeys(int function, std::string_view position, std::string_view move,
                            const Params& params, std::vector<std::string>& encodings,
                            std::string& output, RulesError& error) {
  Frame frame;
  frame.rules = this;
  frame.params = &params;
  frame.function = static_cast<Function>(function);
  frame.position = position;
  frame.moveKey = move;
  frame.keysOnly = true;
  LuaFailure failure;
  if (!runCall(protectedCall, &frame, function, failure)) {
    error = callFailed(frame.function, std::move(failure), position, move, header_.partisan);
    return false;
  }
  encodings = std::move(frame.encodings);
  output = std::move(frame.output);
  return true;
}

bool LuaRules::names(const std::vector<std::string>& moves, std::size_t from, std::size_t to,
                     std::string_view position, const Params& params, std::vector<std::string>& out,
                     RulesError& error) {
  if (state_->refs[kName] == LUA_NOREF)
    return Rules::names(moves, from, to, position, params, out, error);
  Frame frame;
  frame.rules = this;
  frame.params = &params;
  frame.function = kName;
  frame.position = position;
  frame.moveKeys = &moves;
  frame.nameFrom = from;
  frame.nameTo = std::min(to, moves.size());
  LuaFailure failure;
  const bool ok = runCall(protectedNames, &frame, kName, failure);
  for (std::string& name : frame.encodings) out.push_back(std::move(name));
  if (ok) return true;
  const std::size_t failed = from + frame.encodings.size();
  error = callFailed(kName, std::move(failure), position,
                     failed < moves.size() ? moves[failed] : "", header_.partisan);
  return false;
}

Expected<std::vector<std::string>> LuaRules::moveKeys(std::string_view position,
                                                      const Params& params) {
  std::vector<std::string> keys;
  std::string unused;
  RulesError error;
  if (!callWithKeys(kMoves, position, {}, params, keys, unused, error)) return error;
  return keys;
}

Expected<std::string> LuaRules::playKey(std::string_view position, std::string_view move,
                                        const Params& params) {
  std::vector<std::string> unused;
  std::string child;
  RulesError error;
  if (!callWithKeys(kPlay, position, move, params, unused, child, error)) return error;
  return child;
}

Expected<std::vector<std::string>> LuaRules::partKeys(std::string_view position,
                                                      const Params& params) {
  if (state_->refs[kParts] == LUA_NOREF) return std::vector<std::string>{std::string(position)};
  std::vector<std::string> keys;
  std::string unused;
  RulesError error;
  if (!callWithKeys(kParts, position, {}, params, keys, unused, error)) return error;
  return keys;
}

Expected<std::vector<std::string>> LuaRules::read(std::string_view input) {
  if (state_->refs[kRead] == LUA_NOREF) return Rules::read(input);
  if (input.size() > kMaxJudgeTextBytes)
    return RulesError{0, 0,
                      Message(forms::kJudgeInputTooLong,
                              {{"SIZE", Message::verbatim(withThousands(input.size()))},
                               {"LIMIT", Message::verbatim(withThousands(kMaxJudgeTextBytes))}})};
  // read() may leave globals the rules' other functions use: no memo outlives the input it was
  // made for.
  forgetSearchMemo();
  const Params params;
  Frame frame;
  frame.text = input;
  frame.params = &params;
  frame.function = kRead;
  LuaFailure failure;
  const std::uint64_t perCall = sandbox_->limits().instructionsPerCall;
  sandbox_->setInstructionsPerCall(readInstructions(perCall, input.size()));
  InputReaderState& reader = state_->input;
  reader.open = true;
  reader.raised.clear();
  const bool ok = sandbox_->run(protectedCall, &frame, failure);
  reader.open = false;
  sandbox_->setInstructionsPerCall(perCall);
  if (!ok) {
    // The reader's error is the input's fault: its sentence names the input's line and column,
    // not the rules' (unless the rules raised it again with a line of theirs).
    if (failure.line == 0 && !reader.raised.empty() && failure.message == reader.raised)
      return RulesError{0, 0, reader.error};
    RulesError error = rulesError(std::move(failure));
    error.message = Message(forms::kRulesInRead, {{"MESSAGE", error.message}});
    return error;
  }
  return std::move(frame.encodings);
}

Expected<std::string> LuaRules::answer(const Term& r, const Params& params, std::uint32_t lazy,
                                       std::uint32_t* needed, PositionRecords* at) {
  if (state_->refs[kAnswer] == LUA_NOREF) return Rules::answer(r, params, lazy, needed, at);
  state_->answerLazy = needed ? lazy : 0;
  state_->answerNeeded = 0;
  state_->atHost = at;
  state_->atRules = this;
  state_->atParams = &params;
  state_->atError.reset();
  auto text = [&]() -> Expected<std::string> { GS_LUA_CALL(kAnswer, &r, nullptr, output); }();
  state_->atHost = nullptr;
  if (needed) *needed = state_->answerNeeded;
  state_->answerLazy = state_->answerNeeded = 0;
  // A position r.at could not work out fails the answer, whatever caught its error: its error,
  // which names the rules' call or the limit.
  if (state_->atError) {
    RulesError error = std::move(*state_->atError);
    state_->atError.reset();
    return error;
  }
  return text;
}

namespace {

// A call that gives a judge's text (random, write): run in the sandbox, its error naming `call`.
Expected<std::string> judgeTextCall(LuaSandbox& sandbox, Frame& frame, const std::string& call) {
  LuaFailure failure;
  if (!sandbox.run(protectedCall, &frame, failure)) {
    RulesError error = rulesError(std::move(failure));
    error.message = Message(forms::kRulesInCall,
                            {{"MESSAGE", error.message}, {"RAW", Message::verbatim(call)}});
    return error;
  }
  return std::move(frame.output);
}

}  // namespace

Expected<std::string> LuaRules::random(std::int64_t seed, std::int64_t size) {
  if (state_->refs[kRandom] == LUA_NOREF) return Rules::random(seed, size);
  const Params params;
  Frame frame;
  frame.params = &params;
  frame.function = kRandom;
  frame.numbers[0] = seed;
  frame.numbers[1] = size;
  return judgeTextCall(*sandbox_, frame,
                       "random(" + std::to_string(seed) + ", " + std::to_string(size) + ")");
}

Expected<std::string> LuaRules::write(const std::vector<std::string>& cases) {
  if (state_->refs[kWrite] == LUA_NOREF) return Rules::write(cases);
  const Params params;
  Frame frame;
  frame.params = &params;
  frame.function = kWrite;
  frame.encodings = cases;
  return judgeTextCall(
      *sandbox_, frame,
      "write(" + std::to_string(cases.size()) + (cases.size() == 1 ? " case)" : " cases)"));
}

#undef GS_LUA_CALL

}  // namespace gs
