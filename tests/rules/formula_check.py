#!/usr/bin/env python3
"""The formulas `gamesolver table --pattern` prints, evaluated by Python over the table.

For each game and ranges: the pattern's lines are read; a formula line ("sg = EXPR",
"margin = EXPR", "loss exactly when EXPR") is evaluated with Python's own eval over every cell
of `gamesolver table` (TSV) and must give the cell's value; the expected kind of line (a formula,
or none: "no formula of up to K symbols fits (checked ...)") must be what was printed. A
period line is checked against the values too.
    formula_check.py GAMESOLVER REPO_ROOT
"""
import os
import re
import subprocess
import sys
import tempfile

cli, root = sys.argv[1], sys.argv[2]
patterns = f"{root}/tests/rules/patterns"
examples = f"{root}/web/examples/rules"

# (rules file, ranges, a formula is expected)
CASES = [
    (f"{examples}/nim2.lua", ["a=0..15", "b=0..15"], True),
    (f"{examples}/nim2.lua", ["a=0..40", "b=3"], True),
    (f"{patterns}/king.lua", ["x=0..20", "y=0..20"], True),
    (f"{patterns}/take12_two.lua", ["a=0..20", "b=0..20"], True),
    (f"{patterns}/halves.lua", ["n=0..60"], True),
    (f"{patterns}/coins.lua", ["n=0..50"], True),
    (f"{examples}/take12.lua", ["n=0..60"], True),
    # Wythoff's losing pairs follow the golden ratio: no formula of this grammar fits.
    (f"{examples}/wythoff.lua", ["a=0..20", "b=0..20"], False),
    (f"{examples}/queen.lua", ["x=0..12", "y=0..12"], False),
]


def run(*args):
    done = subprocess.run([cli, *args], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"gamesolver {' '.join(args)} failed: {done.stderr}")
    return done.stdout


def cpp_holds(rules, ranges, names, label):
    """The C++ code of the table carries the formula in C++: compiled with the table, it must
    give every entry of the array."""
    code = run("table", "--format", "cpp", rules, *ranges)
    m = re.search(r"^// Formula \(C\+\+\): (?:(sg|margin) = |loss exactly when )(.+)$", code, re.M)
    if not m:
        print(f"FAIL: {label}: the C++ code carries no formula")
        return False
    predicate = m.group(1) is None
    array = re.search(r"const (?:int|long long) (\w+)", code).group(1)
    spans = [tuple(map(int, r.split("=")[1].split(".."))) for r in ranges if ".." in r]
    loops = "".join(f"for (long long {n} = {lo}; {n} <= {hi}; ++{n}) "
                    for n, (lo, hi) in zip(names, spans))
    index = "".join(f"[{n} - {lo}]" for n, (lo, _) in zip(names, spans))
    check = (f"if ((({m.group(2)}) != 0) != ({array}{index} == 0)) return 1;" if predicate else
             f"if (({m.group(2)}) != {array}{index}) return 1;")
    program = ("#include <algorithm>\n#include <cstdlib>\n" + code +
               "int main() {\n  " + loops + "{\n    " + check + "\n  }\n  return 0;\n}\n")
    with tempfile.TemporaryDirectory() as work:
        source, binary = os.path.join(work, "f.cpp"), os.path.join(work, "f")
        open(source, "w").write(program)
        built = subprocess.run(["g++", "-std=c++17", "-Wall", "-Werror", "-Wno-unused-variable",
                                "-o", binary, source], capture_output=True, text=True)
        if built.returncode != 0:
            print(f"FAIL: {label}: the C++ formula does not compile: {built.stderr[:500]}")
            return False
        if subprocess.run([binary]).returncode != 0:
            print(f"FAIL: {label}: the C++ formula {m.group(2)} fails an entry")
            return False
    return True


def number(text):
    # The table's value as the formula gives it: sg G, a margin, or loss (1) / not (0).
    if text.startswith("sg "):
        return int(text[3:])
    if text.startswith(("win", "draw")):
        return 0
    if text.startswith("loss"):
        return 1
    return int(text)


failures = 0
formulas = 0
for rules, ranges, expected in CASES:
    lines = run("table", "--pattern", rules, *ranges).splitlines()
    rows = [line.split("\t") for line in run("table", rules, *ranges).splitlines()]
    names, rows = rows[0][:-1], rows[1:]
    label = f"{rules.rsplit('/', 1)[1]} {' '.join(ranges)}"
    formula = None
    for line in lines:
        m = re.fullmatch(r"(?:sg|margin) = (.+)|loss exactly when (.+)", line)
        if m:
            formula = m.group(1) or m.group(2)
            predicate = line.startswith("loss")
        elif line.startswith("no formula of up to "):
            assert len(names) == 2, f"{label}: a one-parameter table says no formula: {line}"
        elif not re.fullmatch(r"(arithmetic )?period \d+.*|no period up to .*", line):
            sys.exit(f"{label}: an unexpected line: {line}")
    if (formula is not None) != expected:
        print(f"FAIL: {label}: {'no formula' if formula is None else 'a formula'} ({lines})")
        failures += 1
        continue
    if formula is None:
        continue
    formulas += 1
    for row in rows:
        cell = {name: int(value) for name, value in zip(names, row[:-1])}
        got = eval(formula, {"__builtins__": {"min": min, "max": max, "abs": abs}}, cell)
        want = number(row[-1])
        if (bool(got) != bool(want)) if predicate else (got != want):
            print(f"FAIL: {label}: {formula} gives {got} at {cell}, the table {row[-1]}")
            failures += 1
            break
    if not cpp_holds(rules, ranges, names, label):
        failures += 1
    print(f"{label}: {' / '.join(lines)}")
if failures:
    sys.exit(1)
print(f"{formulas} formulas hold on every cell; {len(CASES) - formulas} tables have none")
