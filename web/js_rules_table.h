// The module's RulesTable (a JsRulesTable): a table of a rules game's values made in slices, its
// pattern, formula and formats, over core/rules/rules_table.h.
#pragma once

#include <emscripten/val.h>

#include <memory>
#include <string>

#include "js_values.h"
#include "rules/rules_table.h"

namespace gs::web {

// Tables of a rules game's values (core/rules/rules_table.h), in slices like a session's loads:
//   const t = new gs.RulesTable();
//   t.start(rulesText, ['n=0..100', 'k=3'])  -> {ok} | {ok: false, error, line}; also
//                                               {n: [0, 100], k: 3}
//   t.advance(ms)   -> {done, progress, rows, positions}; once done {ok} or {ok: false, error}
//   t.values()      -> ['loss 0', 'win 1', ...] row by row, as gamesolver value writes them
//   t.pattern()     -> 'period 3 from n=0 (checked to n=100)' (one-parameter tables), or null
//   t.formula(7)    -> {ok, line: 'sg = a ^ b', python: 'a ^ b', cpp: 'a ^ b'} (null: none fits)
//   t.format('cpp') -> the table as tsv, csv, md, cpp, py or losses, as gamesolver table prints
//                      it (cpp and py with the pattern and the formula as comments)
//   t.delete()
class JsRulesTable {
 public:
  val start(val text, val spec);
  val advance(val milliseconds);
  bool cancel();
  val values() const;
  val pattern() const;
  // The simplest formula of the table (core/rules/formula.h): its line, "sg = a ^ b" or "no formula
  // of up to 7 symbols fits (checked ...)", with the formula alone in Python and C++ (null
  // when none fits). Synchronous: 21 x 21 cells take about 0.2 s natively at 7 symbols.
  val formula(val symbols) const;
  val format(val name) const;

 private:
  std::unique_ptr<gs::RulesTable> table_;
  std::string command_;
};

}  // namespace gs::web
