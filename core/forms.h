// The forms of the generic messages (message.h), each written once: its English, which the
// code fills in to build the message, and its Chinese, which translates it by key. The
// catalogue (i18n.cpp) lists them, so that a text built from one is also translated when only
// its English is at hand (the module's translate()).
//
// Placeholders: N... a number, TOKEN... a quoted token, IDS... a list of ids (Message::list),
// RAW... an id, MESSAGE... a sentence of its own (translated whole, or the message stays in
// English); any other a name or label, translated when the catalogue knows it.
#pragma once

#include "i18n.h"

namespace gs::forms {

// --- Lists.
inline constexpr Phrase kOr{" or ", " \xE6\x88\x96 "};  // "a, b or c": "a、b 或 c"

// --- Places in a text (judge_text.cpp).
inline constexpr Phrase kAtLineColumn{"line {N1}, column {N2}: {MESSAGE}",
                                      "第 {N1} 行第 {N2} 列：{MESSAGE}"};
inline constexpr Phrase kAtLine{"line {N}: {MESSAGE}", "第 {N} 行：{MESSAGE}"};
inline constexpr Phrase kInputEmpty{"the input is empty; {MESSAGE}", "输入为空；{MESSAGE}"};
inline constexpr Phrase kInputEmptyByteOrderMark{
    "the input is empty (it holds only a UTF-8 byte order mark); {MESSAGE}",
    "输入为空（只有一个 UTF-8 字节顺序标记）；{MESSAGE}"};
inline constexpr Phrase kExpectedIntegers{"expected {N} integers ({WHAT})",
                                          "应有 {N} 个整数（{WHAT}）"};
inline constexpr Phrase kExpectedInteger{"expected {N} integer ({WHAT})",
                                         "应有 {N} 个整数（{WHAT}）"};
inline constexpr Phrase kExpectedIntegersAtEnd{
    "expected {N} integers ({WHAT}), found the end of the input",
    "应有 {N} 个整数（{WHAT}），但输入已结束"};
inline constexpr Phrase kExpectedIntegerAtEnd{
    "expected {N} integer ({WHAT}), found the end of the input",
    "应有 {N} 个整数（{WHAT}），但输入已结束"};
inline constexpr Phrase kExpectedIntegersFound{"expected {N1} integers ({WHAT}), found {N2}",
                                               "应有 {N1} 个整数（{WHAT}），实际有 {N2} 个"};
inline constexpr Phrase kExpectedIntegerFound{"expected {N1} integer ({WHAT}), found {N2}",
                                              "应有 {N1} 个整数（{WHAT}），实际有 {N2} 个"};
inline constexpr Phrase kExpectedAnInteger{"expected an integer, found {TOKEN}",
                                           "应为整数，实际为 {TOKEN}"};
inline constexpr Phrase kFullWidthDigits{
    "expected an integer, found full-width digits {TOKEN}; write numbers with the ASCII digits "
    "0-9",
    "应为整数，实际为全角数字 {TOKEN}；请用半角数字 0-9 书写"};
inline constexpr Phrase kExpectedTheEnd{"expected the end of the input, found {TOKEN}",
                                        "输入应已结束，实际还有 {TOKEN}"};
inline constexpr Phrase kOutOfRangeFound{"{FIELD} must be between {N1} and {N2}, found {VALUE}",
                                         "{FIELD} 应在 {N1} 到 {N2} 之间，实际为 {VALUE}"};
inline constexpr Phrase kOutOfRange{"{FIELD} must be between {N1} and {N2}",
                                    "{FIELD} 应在 {N1} 到 {N2} 之间"};
inline constexpr Phrase kTheValue{"the value", "该数"};
inline constexpr Phrase kLongNumber{"{START}... ({N} digits)", "{START}...（共 {N} 位）"};
inline constexpr Phrase kRowOf{"row {N} of {MATRIX}", "{MATRIX} 的第 {N} 行"};
inline constexpr Phrase kRow{"row {N}", "第 {N} 行"};

// --- Links (share_link.cpp).
inline constexpr Phrase kLinkNamesNoGame{"the link names no game (g={IDS})",
                                         "链接没有指明游戏（g={IDS}）"};
inline constexpr Phrase kUnknownGame{"g (the game) must be {IDS}, found {TOKEN}",
                                     "g（游戏）应为 {IDS}，实际为 {TOKEN}"};

}  // namespace gs::forms
