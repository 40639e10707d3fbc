#!/usr/bin/env bash
# The gamesolver command's contract: byte-exact judge output, exit codes, where messages go.
#   tests/cli_test.sh PATH/TO/gamesolver tests/samples [DIRECTORY OF tests/check's PROGRAMS]
set -u
cli=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
samples=$2
helpers=${3:-}
root=$(cd "$(dirname "$0")/.." && pwd)  # the repository
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

check() {  # check NAME CONDITION-COMMAND...
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name"; fi
}

# run GAME-ARGS... < input: stdout in $work/out, stderr in $work/err, status in $status
run() { "$cli" "$@" > "$work/out" 2> "$work/err"; status=$?; }

# Every sample: exactly the judge's output, exit 0, nothing on stderr; from a file and from stdin.
for input in "$samples"/*.in; do
  name=$(basename "$input" .in)
  game=${name%_*}
  run solve "$game" "$input"
  check "$name (file)" test "$status" = 0 -a ! -s "$work/err"
  check "$name output" cmp -s "$work/out" "${input%.in}.out"
  run solve "$game" < "$input"
  check "$name (stdin)" cmp -s "$work/out" "${input%.in}.out"
done

# The built-in games, read once from the help's line "The built-in games: a, b, c (input formats
# below).", so that a game added to core/games/registry.cpp changes no line here. The list is
# checked against what does not come from that line: every id it names has a sample in $samples
# (solved above, exactly), every sample's game is one of them, and the help's input formats
# list the same ids in the same order. The messages below that list the games are built from it.
join_list() {  # join_list SEPARATOR LAST-SEPARATOR WORD...: "a, b or c" ("a or b", "a")
  local separator=$1 last=$2 out=""
  shift 2
  while [ $# -gt 0 ]; do
    if [ -z "$out" ]; then out=$1; elif [ $# = 1 ]; then out+="$last$1"; else out+="$separator$1"; fi
    shift
  done
  printf '%s' "$out"
}
"$cli" --help > "$work/help"
read -ra game_ids <<< "$(sed -n 's/^The built-in games: \([a-z_]*\(, [a-z_]*\)*\) (input formats below)\.$/\1/p' "$work/help" | tr -d ,)"
check "help: one line names the built-in games" test "$(grep -c '^The built-in games: ' "$work/help")" = 1 -a ${#game_ids[@]} -gt 0
for id in "${game_ids[@]}"; do
  check "help's game $id has a sample in $samples" test -n "$(find "$samples" -maxdepth 1 -name "${id}_*.in" -print -quit)"
done
for input in "$samples"/*.in; do
  name=$(basename "$input" .in)
  check "sample $name is of a game the help names" grep -qxF -- "${name%_*}" <(printf '%s\n' "${game_ids[@]}")
done
check "help: the input formats list the same games" test "$(sed -n '/^Input formats /,$p' "$work/help" | sed -n 's/^  \([a-z_][a-z_]*\) .*/\1/p' | tr '\n' ' ')" = "${game_ids[*]} "
games_or=$(join_list ", " " or " "${game_ids[@]}")    # "staircase, exchange or manhattan"

# Bad input: exit 2, nothing on stdout, one line on stderr naming line and column.
printf '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3\n' > "$work/bad.in"
run solve staircase "$work/bad.in"
check "bad input exit" test "$status" = 2
check "bad input stdout empty" test ! -s "$work/out"
check "bad input message" test "$(cat "$work/err")" = "gamesolver: line 5, column 5: expected 3 integers (row 2 of b), found 2"
printf '3 1\n1 2 3\n4 5 6\n7 8 3\n' | run solve manhattan
check "repeated value message" test "$(cat "$work/err")" = "gamesolver: line 4, column 5: the value 3 of cell (3, 3) repeats cell (1, 3) at line 2, column 5; all values must be distinct"
printf '' | run analyze exchange
check "empty input" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: line 1, column 1: the input is empty; expected 3 integers (N M L)"
printf '5 5\n' | run solve staircase --memory-budget 1K
check "memory budget" grep -q "over the memory budget of 1.0 KiB" "$work/err"
head -c 3000 /dev/urandom > "$work/noise.in"
run solve manhattan "$work/noise.in"
check "random bytes exit 2" test "$status" = 2 -a ! -s "$work/out"

# Usage errors: one sentence on standard error naming what is wrong, then where the usage is
# (never the usage text itself); exit 64, nothing on standard output.
hint=" (gamesolver --help shows the usage)"
usage_error() {  # usage_error NAME MESSAGE ARGS...: gamesolver ARGS... is that usage error
  local name=$1 message=$2
  shift 2
  run "$@"
  check "$name: exit 64" test "$status" = 64 -a ! -s "$work/out"
  check "$name: message" test "$(cat "$work/err")" = "gamesolver: $message$hint"
}
commands="solve, value, analyze, link, random, bench, check, export, table, cgt or help"
usage_error "no command" "missing COMMAND: expected $commands"
usage_error "only options" "missing COMMAND: expected $commands" -q --memory-budget 2G
usage_error "unknown command" "unknown command 'frobnicate': expected $commands" frobnicate
usage_error "unknown command after options" "unknown command 'frobnicate': expected $commands" -q frobnicate staircase
usage_error "missing GAME" "solve needs a GAME: $games_or, or a rules file" solve
usage_error "unknown game" "unknown game 'chess': expected $games_or, or a rules file" solve chess "$samples/staircase_1.in"
usage_error "check: unknown game" "unknown game 'chess': expected $games_or" check chess -- true
usage_error "too many arguments" "too many arguments: analyze takes GAME [FILE], and 'extra' follows" analyze staircase "$samples/staircase_1.in" extra
usage_error "value: missing FILE" "value needs a rules FILE" value -q
usage_error "table: missing FILE" "table needs a rules FILE and a range NAME=FROM..TO" table
usage_error "export: missing --format" "export needs --format svg or --format md" export staircase "$samples/staircase_1.in"
usage_error "check: missing PROGRAM" "check needs the program to test after '--'" check staircase
usage_error "random: missing sizes" "random exchange needs N M L and an optional SEED" random exchange 2 2
usage_error "random: a size that is not a number" "random staircase: 'x' is not a non-negative integer" random staircase 3 x
usage_error "bench: an argument" "bench takes no arguments, found 'x'" bench x
usage_error "unknown option" "unknown option '--bogus'" solve staircase --bogus
usage_error "unknown option before the command" "unknown option '--bogus'" --bogus solve staircase
usage_error "another command's option" "solve has no option '--seed'" solve staircase --seed 3
usage_error "another command's option before the command" "export has no option '--link'" --link export staircase --format md
usage_error "option missing its value" "--memory-budget is missing its value: a size such as 512M or 2G" solve staircase --memory-budget
usage_error "option missing its value before '--'" "--save-failing is missing its value: a FILE" check staircase --save-failing -- true
usage_error "option with a wrong value" "--memory-budget needs a size such as 512M or 2G, found '2X'" --memory-budget 2X solve staircase
usage_error "option with a wrong =VALUE" "--step needs a non-negative integer, found '-1'" export staircase --format svg --step=-1
# Options match whole names: a longer word that starts with one is unknown, named as typed.
for option in --maximum=5 --max-positionsx=9 --repeats=2 --memory-budgets=1G; do
  usage_error "$option is unknown" "unknown option '$option'" random staircase 3 3 1 "$option"
done
run random manhattan 3 1 --max=5
check "--max=VALUE still works" test "$status" = 0 -a -s "$work/out"
# Every command reads its options the same way (one parser): whole names, a missing value named.
for command in "check staircase --counts=3 -- true" "table $root/web/examples/rules/take134.lua n=0..9 --formats=md" \
  "export staircase --steps=1"; do
  option=$(echo "$command" | grep -o -- '--[a-z]*s=[0-9a-z]*')
  usage_error "${command%% *}: $option is unknown" "unknown option '$option'" $command
done
usage_error "check: --count without its value" "--count is missing its value: an integer between 1 and 100000000" check staircase --count
usage_error "check: --count out of range" "--count needs an integer between 1 and 100000000, found '0'" check staircase --count 0 -- true
usage_error "table: --format without its value" "--format is missing its value: tsv, csv, md, cpp, py, losses, periodic or rare" table "$root/web/examples/rules/take134.lua" --format
usage_error "export: --format png" "--format needs svg or md, found 'png'" export staircase "$samples/staircase_1.in" --format png
run table --pattern -- "$root/web/examples/rules/take134.lua" n=0..100
check "table: after '--' the arguments are the file and ranges" test "$status" = 0 -a "$(cat "$work/out")" = "period 7 from n=0 (checked to n=100)"

# Options go anywhere before "--": before the command, between it and its arguments, after them;
# a value flag before the command takes the next argument as its value.
run -q value "$root/web/examples/rules/take134.lua" n=20
check "options before the command: -q value" test "$status" = 0 -a "$(cat "$work/out")" = "win 11" -a ! -s "$work/err"
# table --format losses: the losing cells in order with their steps; only for win/loss tables.
run table "$root/web/examples/rules/wythoff.lua" a=0..5 b=0..5 --format losses
check "table --format losses: Wythoff's pairs" test "$status" = 0 -a "$(cat "$work/out")" = "$(printf 'a\tb\tda\tdb\n0\t0\t\t\n1\t2\t1\t2\n2\t1\t1\t-1\n3\t5\t1\t4\n5\t3\t2\t-2')"
usage_error "table --format losses of Grundy numbers" "--format losses lists the losing positions of a game of normal play ($root/web/examples/rules/nim2.lua gives Grundy numbers)" table "$root/web/examples/rules/nim2.lua" a=0..3 --format losses
# Take-and-break games by their code: a game name in place of a rules file.
run value octal:0.77 n=10
check "value octal:0.77 n=10: Kayles" test "$status" = 0 -a "$(cat "$work/out")" = "sg 2"
printf '3 5\n7\n' | run value octal:0.77
check "value octal:0.77 of a sum of heaps" test "$status" = 0 -a "$(cat "$work/out")" = "sg 5"
run value octal:0.78 n=10
check "a code's wrong digit named by its column" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: octal:0.78: line 1, column 10: '8' is not an octal digit (0 to 7)"
run table octal:0.156 n=0..100 --pattern --until-proven
check "table --until-proven: 0.156 proven" test "$status" = 0 -a "$(cat "$work/out")" = "period 349 from n=3479, proven at n=7660 (Guy–Smith)"
run table octal:0.156 n=0..100 --pattern
check "table --pattern of 0.156 to n=100: nothing proven" test "$status" = 0 -a "$(cat "$work/out")" = "no period up to n=100"
usage_error "table --until-proven without --pattern" "--until-proven goes with --pattern (the period it proves)" table octal:0.77 n=0..10 --until-proven
usage_error "table --format periodic of two parameters" "--format periodic lays out a table of one parameter" table "$root/web/examples/rules/nim2.lua" a=0..3 b=0..3 --format periodic
usage_error "table --format rare of wins and losses" "--format rare splits Grundy numbers (these rules give wins and losses)" table "$root/web/examples/rules/take134.lua" n=0..30 --format rare
run table octal:0.07 n=0..200 --format periodic
check "table --format periodic: rows of 34" test "$status" = 0 -a "$(sed -n 3p "$work/out" | wc -w)" = 34 -a "$(head -1 "$work/out")" = "# period 34 from n=53, proven at n=177 (Guy–Smith)"
# table --pattern of two parameters: the formula.
run table --pattern "$root/web/examples/rules/nim2.lua" a=0..7 b=0..7
check "table --pattern: two-pile Nim's formula" test "$status" = 0 -a "$(cat "$work/out")" = "sg = a ^ b"
run table --pattern "$root/web/examples/rules/wythoff.lua" a=0..9 b=0..9 --symbols 5
check "table --pattern: no formula for Wythoff's game" test "$status" = 0 -a "$(cat "$work/out")" = "no formula of up to 5 symbols fits (checked a=0..9, b=0..9)"
# Asked for 8 symbols, the search's bank of kept expressions fills at 7: said, with the cap.
run table --pattern "$root/web/examples/rules/wythoff.lua" a=0..9 b=0..9 --symbols 8
check "table --pattern: a search cut short by its cap says so" test "$status" = 0 -a "$(cat "$work/out")" = "no formula of up to 7 symbols fits (checked a=0..9, b=0..9); larger ones, up to the 8 asked, were not searched: the search keeps at most 400,000 expressions"

# cgt: a partisan game's value, as CGSuite writes it, and its outcome class, mean, temperature, stops.
printf 'xox|ox.\n' | run cgt "$root/web/examples/cgt/clobber.lua"
check "cgt of a Clobber position: CGSuite's value and its lines" test "$status" = 0 -a "$(cat "$work/out")" = "$(printf '{^^*|*,v}\noutcome N\nmean 0\ntemperature 0\nleft stop 0\nright stop 0')" -a ! -s "$work/err"
run cgt "$root/web/examples/rules/domineering.lua" rows=4 cols=4
check "cgt of 4 x 4 Domineering (NAME=VALUE parameters)" test "$status" = 0 -a "$(head -1 "$work/out")" = "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
run cgt "$root/web/examples/rules/domineering.lua" rows=2 cols=3
check "cgt of a 2 x 3 Domineering: a hot game's mean and temperature" test "$status" = 0 -a "$(sed -n '1p;3p;4p' "$work/out" | tr '\n' ' ')" = "{2|-1/2} mean 3/4 temperature 5/4 "
run cgt octal:0.77 n=30
check "cgt of an impartial game: a nimber" test "$status" = 0 -a "$(head -2 "$work/out" | tr '\n' ' ')" = "*7 outcome N "
run cgt "$root/web/examples/rules/deque.lua"
check "cgt refuses a scored game before reading its input" test "$status" = 2 -a ! -s "$work/out" -a "$(cat "$work/err")" = "gamesolver: $root/web/examples/rules/deque.lua: cgt values are of normal play (who cannot move loses), and these rules score points"
run cgt "$root/web/examples/rules/cycle.lua"
check "cgt names a position that is reached again from itself" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: $root/web/examples/rules/cycle.lua: the position 1 can be reached again from itself, and cgt values are of games that end"
run cgt "$root/web/examples/rules/domineering.lua" rows=8 cols=8 --max-positions 1000
check "cgt: past the positions cap, the option that raises it" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: $root/web/examples/rules/domineering.lua: more than 1,000 positions (--max-positions N raises the cap)"
run cgt "$root/web/examples/rules/take12.lua" n=30000
check "cgt: a line too long is refused, not followed down the stack" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: $root/web/examples/rules/take12.lua: a line of play longer than 1,000 moves, past what cgt follows"
# A contest problem solved by sums: ABC229 H's three published samples, and random boards against
# a plain minimax over the whole board (tests/advance_or_eat_brute.py).
eat="$root/web/examples/cgt/advance_or_eat.lua"
printf '3\nBB.\n.B.\n...\n' | run solve "$eat"; first="$(cat "$work/out")"
printf '2\n..\nWW\n' | run solve "$eat"; second="$(cat "$work/out")"
printf '4\nWWBW\nWWWW\nBWB.\nBBBB\n' | run solve "$eat"; third="$(cat "$work/out")"
check "ABC229 H's samples, by the sum of the columns' values" test "$first $second $third" = "Takahashi Snuke Snuke"
disagree=0
while IFS="$(printf '\t')" read -r board winner; do
  run solve "$eat" <<< "$(printf '%s\n' "$board" | tr ' ' '\n')"
  test "$status" = 0 -a "$(cat "$work/out")" = "$winner" || { disagree=$((disagree + 1)); echo "  $board: $(cat "$work/out" "$work/err") (minimax: $winner)"; }
done < <(python3 "$root/tests/advance_or_eat_brute.py" 7 40)
check "ABC229 H: 40 random boards agree with a plain minimax" test "$disagree" = 0
printf '3\nBB.\n.B.\n...\n' | run cgt "$eat"
check "cgt of ABC229 H's sample 1: a sum of numbers" test "$status" = 0 -a "$(head -2 "$work/out" | tr '\n' ' ')" = "3 outcome L "
usage_error "cgt of a built-in game" "cgt reads a rules file; staircase is a built-in game" cgt staircase

# value --outcome: who wins, one word (a search with cut-offs; a cycle or a margin: the solve).
run value --outcome "$root/web/examples/rules/wythoff.lua" a=3 b=5
check "value --outcome: a loss" test "$status" = 0 -a "$(cat "$work/out")" = "loss" -a ! -s "$work/err"
run value "$root/web/examples/rules/cycle.lua" from=6 --outcome
check "value --outcome: a draw on a cycle" test "$status" = 0 -a "$(cat "$work/out")" = "draw"
run value --outcome "$root/web/examples/rules/deque.lua" "$root/tests/rules/contest/deque.1.in"
check "value --outcome: a problem's case, by the sign of its margin" test "$status" = 0 -a "$(cat "$work/out")" = "win"
# game.children that lists fewer children than moves and play: the answer is the rules' own,
# and standard error names where children differs.
cat > "$work/children.lua" <<'LUA'
game = {
  params = { {"n", 20, 0, 100} },
  start = function(p) return p.n end,
  moves = function(s, p) local r = {} for k = 1, math.min(s, 3) do r[k] = k end return r end,
  play = function(s, k, p) return s - k end,
  children = function(s, p, visit)
    for k = 1, math.min(s, 2) do if visit(s - k) then return end end
  end,
}
LUA
children_note="gamesolver: $work/children.lua: note: line 6: game.children differs from moves and play at position 21: it visited 2 children where moves lists 3 moves"
run value --outcome "$work/children.lua" n=21
check "value --outcome: children that differs is named" test "$status" = 0 -a "$(cat "$work/out")" = "win" -a "$(cat "$work/err")" = "$children_note"
run value "$work/children.lua" n=21
check "value: children that differs is named" test "$status" = 0 -a "$(cat "$work/out")" = "win 11" -a "$(cat "$work/err")" = "$children_note"
usage_error "--outcome is value's" "solve has no option '--outcome'" solve staircase --outcome
run --memory-budget 2G solve staircase "$samples/staircase_1.in"
check "options before the command: --memory-budget 2G solve" test "$status" = 0 -a "$(cat "$work/out")" = 2
run solve -q staircase "$samples/staircase_1.in"
check "options between the command and its arguments: solve -q" test "$status" = 0 -a "$(cat "$work/out")" = 2
run --memory-budget 1K solve staircase <<< '5 5'
check "an option before the command is applied" test "$status" = 2 -a "$(grep -c "over the memory budget of 1.0 KiB" "$work/err")" = 1
run --format md --step=1 export staircase "$samples/staircase_1.in"
check "export's options before the command" test "$status" = 0 -a "$(grep -c '^| 1 | Black |' "$work/out")" = 1
run --count 1 --seed 7 check staircase -- "$cli" solve staircase
check "check's options before the command" test "$status" = 0 -a "$(grep -c "^check staircase: 1 boards\? passed in [0-9.]* s (seed 7)$" "$work/out")" = 1
# "--" still ends the options: check's PROGRAM and its arguments are passed on untouched.
run --count 1 check staircase -- /bin/echo -q --count 9 -- --help
check "check: the program's arguments stay as given" test "$status" = 1 -a "$(grep -cxF -- "-q --count 9 -- --help" "$work/out")" = 1
run -- solve staircase
check "'--' before the command: nothing is a command" test "$status" = 64 -a "$(cat "$work/err")" = "gamesolver: missing COMMAND: expected $commands$hint"
run -q --help frobnicate
check "--help before the command" test "$status" = 0 -a "$(grep -c "^usage: gamesolver" "$work/out")" = 1
# Each game's default SEED is its own (exchange 1, the others 0), as in the first release.
for args in "exchange 2 2 1:1" "staircase 2 3:0" "manhattan 3 1:0"; do
  "$cli" random ${args%:*} > "$work/default.in"
  "$cli" random ${args%:*} "${args#*:}" > "$work/seeded.in"
  check "random ${args%:*} defaults to seed ${args#*:}" cmp -s "$work/default.in" "$work/seeded.in"
done
run solve staircase "$work/does-not-exist.in"
check "missing file exit 66" test "$status" = 66
check "missing file message" test "$(cat "$work/err")" = "gamesolver: cannot read $work/does-not-exist.in: No such file or directory"

# Every message on standard error starts "gamesolver: " (the program's name, a colon), whatever
# made it: an unreadable rules file, rules that do not compile, a step past the line.
run value "$work/no-such-rules.lua"
check "prefix: unreadable rules file" test "$status" = 66 -a "$(cat "$work/err")" = "gamesolver: cannot read $work/no-such-rules.lua: No such file or directory"
printf 'game = {\n  start = function(p) return 1 end\n  moves = 3,\n}\n' > "$work/broken.lua"
run value "$work/broken.lua"
check "prefix: rules that do not compile" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: $work/broken.lua: line 3, column 3: '}' expected (to close '{' at line 1) near 'moves'"
run export staircase "$samples/staircase_1.in" --format md --step 99
check "prefix: export past the line" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: step 99 is past the end of the optimal line, which has 6 moves"

# --help documents every command.
run --help
check "help exit" test "$status" = 0
for word in solve analyze link random bench check export --save-failing --format "Exit status"; do
  check "help mentions $word" grep -q -- "$word" "$work/out"
done

# analyze: JSON that parses, with the value in its metric and the principal line.
run analyze staircase "$samples/staircase_1.in"
check "analyze exit" test "$status" = 0
check "analyze json" /usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["value"]["score"]==2 and len(d["principalLine"])==6 and d["metric"].startswith("score")' "$work/out"
run analyze manhattan "$samples/manhattan_1.in"
check "analyze manhattan json" /usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["winningCount"]==2 and d["losingCells"][0]["certificate"]=={"row":3,"col":3}' "$work/out"

# random output round-trips through solve; link prints a fragment.
for spec in "staircase 4 5 3" "exchange 3 4 2 9" "manhattan 12 5 7"; do
  set -- $spec
  "$cli" random $spec > "$work/random.in"
  run solve "$1" "$work/random.in"
  check "random $spec solves" test "$status" = 0 -a -s "$work/out"
done
run link staircase "$samples/staircase_1.in"
check "link" test "$(cat "$work/out")" = "#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1"
run random manhattan 2000 1000 7 --link
check "recipe link" test "$(cat "$work/out")" = "#g=manhattan&r=2000.1000.7"
# A SEED is any 64-bit unsigned value: the board is SplitMix64's (an independent reference in
# Python: n x m values of a, then of b, each next() % (100000 + 1)).
for seed in 0 9223372036854775808 18446744073709551615; do
  run random staircase 2 3 "$seed"
  check "random seed $seed" /usr/bin/python3 -c '
import sys
state, mask = int(sys.argv[1]), (1 << 64) - 1
def next_value():
    global state
    state = (state + 0x9E3779B97F4A7C15) & mask
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return z ^ (z >> 31)
values = [next_value() % 100001 for _ in range(12)]
rows = [values[0:3], values[3:6], values[6:9], values[9:12]]
expected = "2 3\n" + "".join(" ".join(map(str, row)) + "\n" for row in rows)
assert open(sys.argv[2]).read() == expected, (open(sys.argv[2]).read(), expected)' "$seed" "$work/out"
done
run random staircase 2 3 18446744073709551615 --link
check "random seed 2^64 - 1 link" test "$(cat "$work/out")" = "#g=staircase&r=2.3.100000.18446744073709551615"
run random staircase 2 3 18446744073709551616
check "random seed 2^64 refused" test "$status" = 64 -a ! -s "$work/out"
check "random seed 2^64 message" test "$(cat "$work/err")" = "gamesolver: random staircase: SEED must be between 0 and 18446744073709551615, found 18446744073709551616 (gamesolver --help shows the usage)"

# Reading is bounded (issue 12): an endless pipe or a huge file ends in "input too large", exit 2,
# once the text passes the largest valid input within the memory budget (plus slack).
run solve manhattan --memory-budget 1M < <(yes 1)
check "endless pipe exit 2" test "$status" = 2 -a ! -s "$work/out"
check "endless pipe message" test "$(cat "$work/err")" = "gamesolver: input too large: the text is longer than 945 KiB, and the largest manhattan board the memory budget of 1.0 MiB allows takes at most 705 KiB as judge input"
run solve staircase < <(yes 1)
check "endless pipe, default budget" test "$status" = 2
check "endless pipe, default budget message" grep -q "input too large" "$work/err"
truncate -s 3G "$work/huge.in"
run solve exchange "$work/huge.in"
check "huge file refused by its size" test "$status" = 2
check "huge file message" grep -q "^gamesolver: input too large: the text is longer than" "$work/err"
# A large valid input is still read whole.
"$cli" random manhattan 256 3 9 > "$work/m256.in"
run solve manhattan --memory-budget 1M "$work/m256.in"
check "largest board within 1M is read" test "$status" = 0 -a -s "$work/out"

# "--" ends options: a file named "--" or "-x.in" can be given after it.
cp "$samples/staircase_1.in" "$work/--"
cp "$samples/staircase_1.in" "$work/-x.in"
(cd "$work" && "$cli" solve staircase -- -- > out2 2> err2); status=$?
check "file named -- after --" test "$status" = 0 -a "$(cat "$work/out2")" = "2"
(cd "$work" && "$cli" solve staircase -- -x.in > out2 2> err2); status=$?
check "file named -x.in after --" test "$status" = 0 -a "$(cat "$work/out2")" = "2"

# random's size errors are one sentence, not a usage dump.
run random exchange 10 10 1 --link
check "random --link over the card limit exit" test "$status" = 64 -a ! -s "$work/out"
check "random --link over the card limit message" test "$(cat "$work/err")" = "gamesolver: random exchange: N + M + L must be between 3 and 20, found 21 (gamesolver --help shows the usage)"
run random staircase 0 3
check "random size out of range" test "$(cat "$work/err")" = "gamesolver: random staircase: N must be between 1 and 10000, found 0 (gamesolver --help shows the usage)"
run random staircase 20 20 --link
check "random --link over the budget" grep -q "^gamesolver: random staircase: a 20 x 20 board needs 514 GiB to solve, over the memory budget of 1.0 GiB" "$work/err"

# A rules game past the positions cap: the message names the option that raises it, for every
# command that solves rules (export and table too).
take134="$root/web/examples/rules/take134.lua"
cap="the game has more than 5 positions, the positions cap (6 moves explored so far); raise it with --max-positions N"
for command in "value $take134 n=20" "analyze $take134 n=20" "export $take134 n=20 --format md"; do
  run --max-positions 5 $command
  check "${command%% *}: the positions cap names --max-positions" test "$status" = 2 -a ! -s "$work/out" -a "$(cat "$work/err")" = "gamesolver: $take134: $cap"
done
run table "$take134" n=0..20 --max-positions 5
check "table: the positions cap names --max-positions and the row" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: $take134: $cap, at n=5"
run value "$take134" n=20 --max-positions 21
check "--max-positions raises the cap" test "$status" = 0 -a "$(cat "$work/out")" = "win 11"

# The help speaks of any game: the built-in ones and those written as Lua rules files.
run --help
check "help: the description" test "$(sed -n 3p "$work/out")" = "Exact solver for the built-in two-player games and any game written as a Lua rules file."
check "help: the built-in games" test "$(sed -n 4p "$work/out")" = "The built-in games: $(join_list ", " ", " "${game_ids[@]}") (input formats below)."
check "help: options anywhere" grep -q "^Options (anywhere before --: " "$work/out"

# The help states the budget declared in the core.
run --help
check "help states the default budget" grep -q "default 1.0 GiB" "$work/out"

# check: the wrong solutions of tests/check/ fail, shrunk to a few cells or cards; the solver
# itself passes; a crashing, silent, slow or failing program is reported with its reason.
if [ -n "$helpers" ]; then
  for spec in "staircase greedy_staircase" "exchange exchange_takes_equal" "manhattan manhattan_at_least_m"; do
    set -- $spec
    rm -f "$work/failing.in"
    run check "$1" --save-failing "$work/failing.in" -- "$helpers/$2"
    check "check $2 exit 1" test "$status" = 1
    check "check $2 wrong answer" grep -q "^check $1: board [0-9]* of 100 (seed 1) failed: wrong answer$" "$work/out"
    check "check $2 prints the parts" grep -q "^expected output:$" "$work/out"
    check "check $2 received" grep -q "^received output:$" "$work/out"
    check "check $2 link" grep -q "^link: #g=$1&b=" "$work/out"
    check "check $2 saved" grep -q "^saved the input to $work/failing.in$" "$work/out"
    # The saved board is small: at most 4 cells (staircase, manhattan) or 4 cards (exchange).
    check "check $2 shrunk" /usr/bin/python3 -c '
import sys
game, path = sys.argv[1], sys.argv[2]
first = [int(x) for x in open(path).read().split("\n")[0].split()]
size = {"staircase": first[0] * first[1], "exchange": sum(first), "manhattan": first[0] ** 2}[game]
assert size <= 4, size' "$1" "$work/failing.in"
    # The saved input is the board printed and solves to the expected output printed.
    "$cli" solve "$1" "$work/failing.in" > "$work/expected"
    check "check $2 saved input solves" test -s "$work/expected"
    run check "$1" --count 20 -- "$cli" solve "$1"
    check "check $1 right program" test "$status" = 0
    check "check $1 summary" grep -q "^check $1: 20 boards passed in [0-9.]* s (seed 1)$" "$work/out"
    check "check $1 one line" test "$(wc -l < "$work/out")" = 1
  done
  run check staircase --count 5 -- /bin/sh -c 'kill -SEGV $$'
  check "check crash" grep -q "failed: crashed: killed by signal 11 (SIGSEGV" "$work/out"
  check "check crash exit" test "$status" = 1
  run check staircase --count 5 -- /bin/sh -c 'cat > /dev/null'
  check "check silent" grep -q "failed: printed nothing$" "$work/out"
  run check staircase --count 5 -- /bin/sh -c 'cat > /dev/null; echo 0; exit 3'
  check "check non-zero exit" grep -q "failed: exited with status 3$" "$work/out"
  run check exchange --count 5 --timeout 0.3 -- /bin/sh -c 'sleep 5'
  check "check slow" grep -q "failed: ran past the time limit of 0.3 s (killed)$" "$work/out"
  run check exchange --count 100000 --time 0.5 -- "$cli" solve exchange
  check "check --time" grep -q "stopped at the time limit of 0.5 s" "$work/out"
  check "check --time exit 0" test "$status" = 0
  run check staircase --seed 5 --count 3 -- "$cli" solve staircase
  check "check --seed" grep -q "(seed 5)" "$work/out"
  run check staircase -- "$work/no-such-program"
  check "check missing program exit 64" test "$status" = 64
  check "check missing program message" grep -q "cannot run '$work/no-such-program': No such file or directory" "$work/err"
  run check staircase
  check "check without program" test "$status" = 64
  run check staircase --count 0 -- "$cli" solve staircase
  check "check bad count" test "$status" = 64
  run check chess -- "$cli" solve staircase
  check "check unknown game" test "$status" = 64

  # Nothing the program starts outlives the check (issue 18): not a background child, not one
  # that left the process group (setsid, set -m). The children sleep for a duration unique to
  # this test run, which is how they are found afterwards (and killed by their ids if any is
  # left, so that a failure does not leave them behind).
  mark="86400.$$$RANDOM"
  leftovers() {  # leftovers NAME: no process of this run's mark is alive
    local pids
    pids=$(pgrep -f "sleep $mark" | tr '\n' ' ')
    check "$1: nothing left running${pids:+ (found $pids)}" test -z "$pids"
    [ -z "$pids" ] || kill -KILL $pids 2> /dev/null
  }
  # A right program whose background child keeps its standard output open passes: the run ends
  # when the program exits, not when the pipe closes.
  run check staircase --count 3 -- /bin/sh -c 'sleep "$1" & exec "$0" solve staircase' "$cli" "$mark"
  check "check background child holding stdout passes" test "$status" = 0
  check "check background child holding stdout summary" grep -q "^check staircase: 3 boards passed in [0-9.]* s (seed 1)$" "$work/out"
  leftovers "check background child holding stdout"
  run check staircase --count 3 -- /bin/bash -c '
    setsid sleep "$1" > /dev/null 2>&1 &
    (set -m; sleep "$1" > /dev/null 2>&1 &)
    exec "$0" solve staircase' "$cli" "$mark"
  check "check children in their own session or group: exit 0" test "$status" = 0
  leftovers "check children in their own session or group"
  # A signal to gamesolver while the program hangs ends the whole run and then gamesolver
  # itself, by that signal (so a shell sees 128 + its number). The program says when its
  # children are started through a FIFO (no waiting on the clock); env restores SIGINT, which a
  # background job of a script ignores.
  mkfifo "$work/started"
  for signal in TERM INT HUP; do
    env --default-signal=INT "$cli" check staircase --count 3 -- /bin/bash -c '
      sleep "$1" > /dev/null 2>&1 &
      setsid sleep "$1" > /dev/null 2>&1 &
      (set -m; sleep "$1" > /dev/null 2>&1 &)
      echo started > "$2"
      exec sleep "$1"' sh "$mark" "$work/started" > "$work/out" 2> "$work/err" &
    checker=$!
    # (-t: a guard against a hang if the program never starts, not a timing assertion)
    read -r -t 120 started < "$work/started"
    check "check SIG$signal: the program started" test "${started:-}" = started
    kill -s "$signal" "$checker"
    wait "$checker" 2> /dev/null; status=$?  # (no "Hangup" notice from bash)
    check "check SIG$signal: gamesolver ends by the signal" test "$status" = $((128 + $(kill -l "$signal")))
    check "check SIG$signal: nothing printed" test ! -s "$work/out"
    leftovers "check SIG$signal"
  done

  # --save-failing: a path that cannot be written is refused before any run, in one sentence.
  printf 'x' > "$work/plain"
  for target in "$work:Is a directory" "$work/no-dir/failing.in:No such file or directory" \
                "$work/plain/failing.in:Not a directory"; do
    path=${target%:*}
    rm -f "$work/ran"
    run check staircase --save-failing "$path" -- /bin/sh -c 'touch "$0"; echo -1' "$work/ran"
    check "check --save-failing $path exit" test "$status" = 64 -a ! -s "$work/out"
    check "check --save-failing $path message" test "$(cat "$work/err")" = "gamesolver: --save-failing: cannot write $path: ${target##*:}"
    check "check --save-failing $path: no run" test ! -e "$work/ran"
  done
  # A stale file from an earlier failure is removed when every board passes.
  printf '1 1\n5\n0\n' > "$work/stale.in"
  run check staircase --count 3 --save-failing "$work/stale.in" -- "$cli" solve staircase
  check "check --save-failing, every board passes: exit 0" test "$status" = 0
  check "check --save-failing, every board passes: one line" test "$(wc -l < "$work/out")" = 1
  check "check --save-failing, every board passes: the stale file is removed" test ! -e "$work/stale.in"

  # Seeds are any 64-bit unsigned value, and the report names the seed as given.
  run check staircase --seed 18446744073709551615 --count 3 -- "$cli" solve staircase
  check "check --seed 2^64 - 1" test "$status" = 0
  check "check --seed 2^64 - 1 summary" grep -q "^check staircase: 3 boards passed in [0-9.]* s (seed 18446744073709551615)$" "$work/out"
  run check staircase --seed 9223372036854775808 --count 3 -- "$cli" solve staircase
  check "check --seed 2^63" grep -q "(seed 9223372036854775808)$" "$work/out"
  run check staircase --seed 18446744073709551616 -- "$cli" solve staircase
  check "check --seed 2^64 refused" test "$status" = 64 -a ! -s "$work/out"
  check "check --seed 2^64 message" test "$(cat "$work/err")" = "gamesolver: --seed needs an integer between 0 and 18446744073709551615, found '18446744073709551616'$hint"

  # The program's output is shown with terminal control characters escaped (ESC as \x1b), so a
  # program cannot drive the terminal; UTF-8 text is kept.
  run check staircase --count 1 -- /bin/sh -c 'cat > /dev/null; printf "\033[2J\033]0;owned\007\r\177 \351\207\221\n"; printf "\033[31mred\n" >&2'
  check "check escapes control characters: exit 1" test "$status" = 1
  check "check escapes control characters: no control byte" test "$(tr -d '\n' < "$work/out" | LC_ALL=C grep -c '[[:cntrl:]]')" = 0
  check "check escapes control characters: output" grep -qxF '\x1b[2J\x1b]0;owned\x07\x0d\x7f 金' "$work/out"
  check "check escapes control characters: standard error" grep -qxF '\x1b[31mred' "$work/out"

  # When --time ends shrinking, the report says so instead of claiming that no smaller board
  # fails (each run here takes at least the whole --time).
  run check exchange --time 0.2 -- /bin/sh -c 'cat > /dev/null; sleep 0.3; echo Nobody'
  check "check --time cuts shrinking: exit 1" test "$status" = 1
  check "check --time cuts shrinking: said" grep -q "^shrinking stopped at the time limit of 0.2 s after 0 runs (the board is as drawn)$" "$work/out"
  check "check --time cuts shrinking: no claim" test "$(grep -c "no smaller board" "$work/out")" = 0
fi

# export: an SVG that parses as XML, Markdown with the input, the answer and the line.
for input in "$samples"/*_1.in; do
  name=$(basename "$input" .in)
  game=${name%_*}
  for step in 0 1; do
    run export "$game" "$input" --format svg --step "$step"
    check "export $name svg exit" test "$status" = 0
    check "export $name svg parses" /usr/bin/python3 -c '
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
w, h = float(root.get("width")), float(root.get("height"))
assert root.get("viewBox") == "0 0 %g %g" % (w, h)
assert not any("href" in k for e in root.iter() for k in e.attrib)' "$work/out"
  done
  run export "$game" "$input" --format md
  check "export $name md exit" test "$status" = 0
  check "export $name md input" /usr/bin/python3 -c '
import sys
md, judge_in, judge_out = (open(p).read() for p in sys.argv[1:4])
assert "```text\n" + judge_in + "```" in md
assert "```text\n" + judge_out + "```" in md
assert "| # | Player | Move | Value after it |" in md and "\n| 1 | " in md
assert "<" not in md' "$work/out" "$input" "${input%.in}.out"
done
run export staircase "$samples/staircase_1.in" --format md --step 99
check "export step past the line" test "$status" = 2 -a ! -s "$work/out"
check "export step message" grep -q "step 99 is past the end of the optimal line, which has 6 moves" "$work/err"
run export staircase "$samples/staircase_1.in"
check "export without format" test "$status" = 64
run export staircase "$samples/staircase_1.in" --format png
check "export bad format" test "$status" = 64
"$cli" random manhattan 65 3 > "$work/large.in"
run export manhattan "$work/large.in" --format svg
check "export large board refused" test "$status" = 2 -a ! -s "$work/out"

# A solve past a second shows a progress line on a terminal (standard error), and none with
# --quiet or when standard error is not a terminal (util-linux's script gives a terminal).
if command -v script > /dev/null; then
  "$cli" random exchange 7 7 4 1 > "$work/slow.in"
  script -qec "$cli solve exchange $work/slow.in" /dev/null > "$work/tty" 2>&1
  check "progress line on a terminal" grep -q "solving: .* positions .* s" "$work/tty"
  check "answer after the progress line" grep -qE "Aoki|Takahashi" "$work/tty"
  script -qec "$cli solve exchange --quiet $work/slow.in" /dev/null > "$work/tty" 2>&1
  check "no progress line with --quiet" test "$(grep -c solving "$work/tty")" = 0
  run solve exchange "$work/slow.in"
  check "no progress line off a terminal" test ! -s "$work/err" -a -s "$work/out"
fi

# A contest problem written as rules (issue 32): solve prints the judge's output of a whole
# input; check draws inputs from random(), passes a right solution and shrinks a wrong one to
# its smallest failing size; rules without random say so in one sentence.
stones="$root/web/examples/rules/stones.lua"
printf '3 7\n2 3 4\n' | run solve "$stones"
check "solve RULES: the judge's output" test "$status" = 0 -a "$(cat "$work/out")" = "Second"
# A malformed input: read's reader names the input's line and column, not the rules' line.
printf '3 7\r\n2 x 4\r\n' > "$work/bad.in"
run solve "$stones" "$work/bad.in"
check "solve RULES: a malformed input's place" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: $stones: the judge's input, line 2, column 3: expected an integer from 1 to 7, found 'x'"
run check "$stones" --count 20 -- "$cli" solve "$stones"
check "check RULES: a right solution passes" test "$status" = 0 -a "$(sed 's/ in [0-9.]* s / in T /' "$work/out")" = "check $stones: 20 boards passed in T (seed 1)"
run check "$stones" --count 20 --save-failing "$work/failing.in" -- sh -c 'cat > /dev/null; echo First'
check "check RULES: a wrong solution fails" test "$status" = 1
check "check RULES: shrunk to size 1" grep -q "^check $stones: board [0-9]* of 20 (seed 1) failed: wrong answer$" "$work/out"
check "check RULES: the smallest failing input is saved" test -s "$work/failing.in"
check "check RULES: the saved input fails" test "$("$cli" solve "$stones" "$work/failing.in")" = "Second"
if [ -n "$helpers" ]; then
  run check "$stones" --count 5 -- "$helpers/stones_short_table"
  check "check RULES: shrunk to the smallest failing size, then the first seed" test "$status" = 1 -a "$(sed -n 2p "$work/out")" = "shrunk from size 7 to size 2 (random(11, 2)) in 111 runs"
fi
# A multi-case input: write(cases) lets the failing input keep its one failing case.
divisors="$root/web/examples/rules/deleting_divisors.lua"
run check "$divisors" --count 20 --save-failing "$work/failing.in" -- sh -c 'cat > /dev/null; echo Alice; echo Alice; echo Alice; echo Alice'
check "check RULES with write: the passing cases dropped" test "$status" = 1 -a "$(sed -n 2p "$work/out")" = "no smaller size fails the same way; the first seed of size 1 that does: random(1, 1) (3 runs and 2 refused inputs tried); then 1 of its 3 cases kept (the input written by write(); the others pass); then values inside the case made smaller (1 step)"
# Its n = 2 made 1 (a step: n = 1 fails too), and 0 twice (refused: read() asks n >= 1).
check "check RULES with write: the saved input is the one case, made smaller" test "$(cat "$work/failing.in")" = "$(printf '1\n1')"
printf 'game = { read = function(t) return {{}} end, start = function(p) return 0 end,\n  moves = function(s, p) return {} end, play = function(s, m, p) return s end }\n' > "$work/norandom.lua"
run check "$work/norandom.lua" -- true
check "check RULES without random: one sentence" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: $work/norandom.lua: check draws its inputs from the rules' random(seed, size), which these rules do not define (guide: Your own game)"
printf '3 7\n2 3 4\n' > "$work/stones.in"
run value "$stones" "$work/stones.in"
check "value RULES FILE: the case's value" test "$status" = 0 -a "$(cat "$work/out")" = "loss 2"
printf '2\n2\n1 1\n2\n1 0\n' > "$work/nim.in"
run link "$root/web/examples/rules/nim.lua" --case 2 "$work/nim.in"
check "link RULES FILE --case: the input and the case travel" grep -q '&i=.*&k=2$' "$work/out"

# Rules with both params and read take NAME=VALUE where a judge's input would go (issue 56:
# "cannot read n=1000: No such file or directory" before), in value, analyze, link and export;
# a FILE still reads the judge's input.
cat > "$work/both.lua" <<'LUA'
game = {
  params = { {"n", 10, 0, 100000}, {"k", 3, 1, 100} },
  read = function(text)
    local cases = {}
    for n in text:gmatch("%S+") do cases[#cases + 1] = {n = math.tointeger(tonumber(n))} end
    return cases
  end,
  start = function(p) return p.n end,
  moves = function(s, p) local m = {} for i = 1, math.min(s, p.k) do m[i] = i end return m end,
  play = function(s, m, p) return s - m end,
  answer = function(r, p) return r.outcome == "win" and "First" or "Second" end,
}
LUA
run value "$work/both.lua" n=1000 k=4
check "value RULES NAME=VALUE of rules with read: the parameters' board" test "$status" = 0 -a "$(cat "$work/out")" = "loss 400"
run analyze "$work/both.lua" n=9
check "analyze RULES NAME=VALUE of rules with read" grep -q '"value": {"player": "First player", "win": true, "remoteness": 5}' "$work/out"
run link "$work/both.lua" n=9 k=2
check "link RULES NAME=VALUE of rules with read: b= the parameters" grep -q '&b=9.2$' "$work/out"
printf '8 9\n' > "$work/both.in"
run solve "$work/both.lua" "$work/both.in"
check "solve RULES FILE still reads the input (k its default)" test "$status" = 0 -a "$(cat "$work/out")" = "Second
First"
run value "$work/both.lua" "$work/both.in"
check "value RULES FILE still reads the input" test "$status" = 0 -a "$(cat "$work/out")" = "loss 4"
run value "$work/both.lua" m=3
check "a name that is not a parameter is read as a file" test "$status" = 66 -a "$(cat "$work/err")" = "gamesolver: cannot read m=3: No such file or directory"

# The positions cap counts the sums a game with parts reaches (Grundy's game at n = 9000 ran
# 120 s and 365 MB with no message before).
run value --max-positions 5000 "$root/web/examples/rules/grundy.lua" n=300
check "parts: the cap counts the sums" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: $root/web/examples/rules/grundy.lua: the game has more than 5,000 positions, the positions cap (4,753 moves explored so far); raise it with --max-positions N"

# Issue 33: a game too large for the budget is refused as soon as what it has explored shows it,
# with the least it needs and, where the positions found but not explored have moves still to
# list, an estimate (Wythoff's game from (100, 100) needs about 12 MiB; its 10,201 positions are
# found long before their moves are explored).
run value --memory-budget 4M "$root/web/examples/rules/wythoff.lua" a=100 b=100
check "a game past the budget is refused early, with its need" test "$status" = 2
check "… the least it needs and an estimate" grep -qE ": the game needs more than the memory budget of 4 MiB: at least [5-9] MiB to solve the 10,201 positions and [0-9,]+ moves explored so far, and about [0-9]+ MiB if the positions not yet explored have as many moves as those explored$" "$work/err"

# Issue 31.11: a rules file past the size limit is named by its own size; a parameter's range may
# reach math.mininteger.
head -c 50000000 /dev/zero > "$work/huge.lua"
run value "$work/huge.lua"
check "a 50 MB rules file: its size" test "$status" = 2 -a "$(cat "$work/err")" = "gamesolver: $work/huge.lua: the rules file is 50,000,000 bytes long; at most 262,144 are read"
run value "$root/tests/rules/hostile/param_mininteger.lua" n=-9223372036854775808
check "a parameter at math.mininteger" test "$status" = 0 -a "$(cat "$work/out")" = "loss 0"

# The sandbox's hostile rules files (tests/rules/hostile/, issue 31), under a limit of virtual
# memory: each ends with exit 0 or 2 (never a signal), one line on standard error naming what
# and where, and within the memory budget plus the documented margin (web/guides/limits.md: Limits and the
# sandbox). A process past the limit fails to allocate and dies by a signal, failing the check.
# In the sanitizers' build (GS_SANITIZED, whose shadow memory needs terabytes of address space)
# the same runs go without the limit: there they check for undefined behaviour and leaks, and the
# plain build checks the memory.
memory_limit=$(((256 + 320) * 1024))
[ -n "${GS_SANITIZED:-}" ] && memory_limit=unlimited
for rules in "$root"/tests/rules/hostile/*.lua; do
  name=$(basename "$rules" .lua)
  (ulimit -v "$memory_limit"; exec "$cli" -q value --memory-budget 256M "$rules" < /dev/null) \
    > "$work/out" 2> "$work/err"
  status=$?
  if head -1 "$rules" | grep -q '^-- expect-value: '; then
    check "hostile $name: value" test "$status" = 0 -a "$(cat "$work/out")" = "$(head -1 "$rules" | sed 's/^-- expect-value: //')"
  else
    check "hostile $name: exit 2" test "$status" = 2 -a ! -s "$work/out"
    check "hostile $name: one line of at most a few KB" test "$(wc -l < "$work/err")" = 1 -a "$(wc -c < "$work/err")" -lt 3000
  fi
done

# Issue 58: answer()'s r.children counted in the budget. A start of 399,000 moves with 256-byte
# names peaked at 1.2 GB with --memory-budget 256M; now it is refused, under the same limit of
# virtual memory, by one sentence naming r.children.
(ulimit -v "$memory_limit"; exec "$cli" -q solve --memory-budget 256M "$root/tests/rules/children_record.lua" <<< 399000) \
  > "$work/out" 2> "$work/err"
status=$?
check "r.children past the budget: exit 2, one sentence" test "$status" = 2 -a ! -s "$work/out" -a "$(wc -l < "$work/err")" = 1
check "r.children past the budget: its sentence" grep -q "^gamesolver: .*children_record.lua: answer()'s r needs more than the memory budget of 256 MiB: at least [0-9]* MiB in all with r.children, the start's 399,000 moves$" "$work/err"

# A table's rows are counted in the budget, foreseen before they are allocated (4,000,000 rows
# of t2 peaked at 389 MB with --memory-budget 256M).
cat > "$work/table_rows.lua" <<'EOF'
game = {
  params = { {"a", 0, 0, 2000}, {"b", 0, 0, 2000} },
  start = function(p) return p.a * 4096 + p.b end,
  moves = function(s, p) return {} end,
  play = function(s, k, p) return s end,
}
EOF
run table --memory-budget 64M "$work/table_rows.lua" a=0..1999 b=0..1999
check "a table past the budget: exit 2, its sentence" test "$status" = 2 -a ! -s "$work/out" -a "$(cat "$work/err")" = "gamesolver: $work/table_rows.lua: a table of 4,000,000 rows needs more than the memory budget of 64 MiB for its rows alone: at least 184 MiB"

echo "cli: $passed passed, $failed failed"
test "$failed" = 0
