// The judge-input refusals the parsers give, each with its exact sentence: checked by
// judge_format_test.cpp, and translated whole by i18n_test.cpp.
#pragma once

#include <string>
#include <vector>

#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"

namespace gs {

struct Malformed {
  const Game& game;
  std::string input;
  std::string message;
};

inline std::vector<Malformed> malformedInputs() {
  return {
      {staircaseGame(), "", "line 1, column 1: the input is empty; expected 2 integers (n m)"},
      {staircaseGame(), "   \n\n  ",
       "line 1, column 1: the input is empty; expected 2 integers (n m)"},
      {staircaseGame(), "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3\n",
       "line 5, column 5: expected 3 integers (row 2 of b), found 2"},
      {staircaseGame(), "2 3\n2 7 3 4\n",
       "line 2, column 7: expected 3 integers (row 1 of a), found 4"},
      {staircaseGame(), "2 3\n2 7x 3\n", "line 2, column 3: expected an integer, found '7x'"},
      {staircaseGame(), "2 3\n2 -7 3\n",
       "line 2, column 3: a(1, 2) must be between 0 and 1000000000, found -7"},
      {staircaseGame(), "2 3\n2 1000000001 3\n",
       "line 2, column 3: a(1, 2) must be between 0 and 1000000000, found 1000000001"},
      {staircaseGame(), "2 3\n1 1 1\n1 1 1\n1 1 1\n1 1 1000000001\n",
       "line 5, column 5: b(2, 3) must be between 0 and 1000000000, found 1000000001"},
      {staircaseGame(), "2 99999999999999999999\n",
       "line 1, column 3: m must be between 1 and 10000, found 99999999999999999999"},
      {staircaseGame(), "0 3\n", "line 1, column 1: n must be between 1 and 10000, found 0"},
      {staircaseGame(), "1 1\n5\n5\n5\n",
       "line 4, column 1: expected the end of the input, found '5'"},
      {staircaseGame(), "2 3\n2 7 3\n9 1 2\n3 7 2\n",
       "line 5, column 1: expected 3 integers (row 2 of b), found the end of the input"},
      {staircaseGame(), "2 3\n\xff 7 3\n", "line 2, column 1: expected an integer, found '\\xFF'"},
      {staircaseGame(), std::string("1 1\n5\0\n5\n", 9),
       "line 2, column 1: expected an integer, found '5\\x00'"},
      {staircaseGame(), "2\n", "line 1, column 3: expected 2 integers (n m), found 1"},
      {staircaseGame(), "1 1 1\n", "line 1, column 5: expected 2 integers (n m), found 3"},
      {staircaseGame(), "20 20\n",
       "line 1, column 1: a 20 x 20 board has C(40, 20) = 137846528820 positions and needs 514 GiB "
       "to solve, over the memory budget of 1.0 GiB"},
      {staircaseGame(), "10000 10000\n",
       "line 1, column 1: a 10000 x 10000 board has C(20000, 10000) = more than 10^6018 positions "
       "and "
       "needs more than 10^6018 bytes to solve, over the memory budget of 1.0 GiB"},
      {exchangeGame(), "1 1 2\n2\n4\n1\n",
       "line 4, column 3: expected 2 integers (the table's cards C1..CL), found 1"},
      {exchangeGame(), "10 10 10\n", "line 1, column 1: N + M + L must be at most 20, found 30"},
      {exchangeGame(), "7 7 6\n",
       "line 1, column 1: 20 cards make 2 x 3^20 = 6973568802 positions and need 2.3 GiB to solve, "
       "over the memory budget of 1.0 GiB"},
      {exchangeGame(), "1 1 0\n", "line 1, column 5: L must be between 1 and 20, found 0"},
      {exchangeGame(), "1 1 1\n0\n1\n1\n",
       "line 2, column 1: A1 must be between 1 and 1000000000, found 0"},
      {exchangeGame(), "1 1 1\n1 2\n",
       "line 2, column 3: expected 1 integer (Takahashi's cards A1..AN), found 2"},
      {exchangeGame(), "2 1 1\n5 5\n5\n1 2\n",
       "line 4, column 3: expected 1 integer (the table's cards C1..CL), found 2"},
      {manhattanGame(), "3 1\n1 2 3\n4 5 6\n7 8 3\n",
       "line 4, column 5: the value 3 of cell (3, 3) repeats cell (1, 3) at line 2, column 5; all "
       "values must be distinct"},
      {manhattanGame(), "3 1\n1 2 3\n\n4 5 5\n7 8 9\n",
       "line 4, column 5: the value 5 of cell (2, 3) repeats cell (2, 2) at line 4, column 3; all "
       "values must be distinct"},
      {manhattanGame(), "3 -1\n",
       "line 1, column 3: m must be between 0 and 9223372036854775807, found -1"},
      {manhattanGame(), "0 1\n", "line 1, column 1: n must be between 1 and 10000, found 0"},
      {manhattanGame(), "2 1\n1 2\n3 2147483648\n",
       "line 3, column 3: the value of cell (2, 2) must be between 0 and 2147483647, found "
       "2147483648"},
      {manhattanGame(), "2 1\n1 2\n",
       "line 3, column 1: expected 2 integers (row 2), found the end of the input"},
  };
}

}  // namespace gs
