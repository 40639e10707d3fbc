// The rules games the module benches run (search_module_bench.js, first_solve_bench.js), and the
// median they all quote (rules_module_bench.js too): the
// files of tests/bench/plain/*.rules.lua, each with the children for the memo search; Wythoff's
// and Grundy's games, which read no input, are given a `read` of their parameters and an
// `answer` of the one field a judge asks for. Each case: [label, file, extra text, input].
'use strict';
const fs = require('node:fs');
const path = require('node:path');

// A `read` of whole numbers into the named parameters, and an `answer` of one field of r.
const reading = (names, field) => `
game.params = nil
game.read = function(text)
  local case, k, names = {}, 0, {${names.map((name) => `"${name}"`).join(', ')}}
  for word in text:gmatch("%S+") do k = k + 1; case[names[k]] = math.tointeger(tonumber(word)) end
  return {case}
end
game.answer = function(r, p) return tostring(r.${field}) end
`;

// A seeded Deque of N numbers, as tests/bench/plain_bench.sh makes it (the same generator's
// shape, not its numbers: any input will do for a ratio).
function dequeInput(n) {
  let seed = 33;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  return `${n}\n${Array.from({ length: n }, () => 1 + (next() % 1000000000)).join(' ')}\n`;
}

const cases = [
  ['Deque, N = 3000 (the margin)', 'deque.rules.lua', '', dequeInput(3000)],
  ["Grundy's game, n = 4000 (sg)", 'grundy.rules.lua', reading(['n'], 'sg'), '4000\n'],
  ["Wythoff's game (300, 300), outcome", 'wythoff.rules.lua', reading(['a', 'b'], 'outcome'),
    '300 300\n'],
  ['Connect Four 4 x 5, outcome', 'connect4.rules.lua', reading(['rows', 'cols'], 'outcome'),
    '4 5\n'],
];

// The rules text of a case: its file and the extra text.
const textOf = (file, extra) =>
  fs.readFileSync(path.join(__dirname, 'plain', file), 'utf8') + extra;

// The median of a list of numbers (its lower middle).
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];

module.exports = { cases, textOf, median };
