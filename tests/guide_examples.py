#!/usr/bin/env python3
"""Runs every command shown in README.md and the guides (web/guides/*.md) and checks it prints
what is shown.

In a fenced block without a language, a line starting with "$ " is a command, run by bash from
the repository's root with `gamesolver` the binary given; the lines after it, up to the next
command or the block's end, are its standard output, exactly. Usage:
    guide_examples.py GAMESOLVER ROOT
"""
import os
import pathlib
import subprocess
import sys


def examples(text):
    """(line number, command, expected output) of each command in the page's plain blocks."""
    lines = text.split('\n')
    inside = plain = False
    block_start = 0
    found = []
    for number, line in enumerate(lines, 1):
        if line.startswith('```'):
            inside, plain = not inside, line.strip() == '```'
            block_start = number
            continue
        if not (inside and plain):
            continue
        if line.startswith('$ '):
            found.append([number, line[2:], []])
        elif found and found[-1][0] > block_start:  # the output of this block's last command
            found[-1][2].append(line)
    return [(n, c, '\n'.join(out)) for n, c, out in found]


def main():
    binary, root = os.path.abspath(sys.argv[1]), pathlib.Path(sys.argv[2])
    env = dict(os.environ)
    failed = checked = 0
    for page in [root / 'README.md'] + sorted((root / 'web/guides').glob('*.md')):
        text = page.read_text(encoding='utf-8')
        for number, command, expected in examples(text):
            checked += 1
            run = subprocess.run(['bash', '-c', 'gamesolver() { "$GS_BINARY" "$@"; }\n' + command],
                                 cwd=root, capture_output=True, text=True, timeout=120,
                                 env={**env, 'GS_BINARY': binary})
            said = run.stdout.rstrip('\n')
            if run.returncode != 0 or said != expected:
                failed += 1
                print(f'{page.relative_to(root)}:{number}: {command}\n  expected:\n{expected}\n'
                      f'  printed (exit {run.returncode}):\n{said}\n{run.stderr}')
    print(f'guides: {checked} commands, {failed} printed other than shown')
    return 1 if failed or checked == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
