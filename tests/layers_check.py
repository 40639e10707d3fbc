#!/usr/bin/env python3
"""The layout of core/ (core/ARCHITECTURE.md, "The layers"), checked: each folder includes only
from the layers below it, every include of core/ is written from core/ ("base/message.h"), and at
most a dozen files stay loose in core/. Prints one line per breach and exits 1.
  python3 tests/layers_check.py ROOT"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
core = os.path.join(root, "core")

# What each layer may include (its own files and the layers below it).
ALLOWED = {
    "base": {"base"},
    "cgt": {"base", "cgt"},
    "model": {"base", "model"},
    "games": {"base", "model", "games"},
    "rules": {"base", "model", "cgt", "rules"},
    "tools": {"base", "model", "cgt", "rules", "tools"},
    "cli": {"base", "model", "cgt", "games", "rules", "tools", "cli"},
}
MAX_LOOSE = 12


def layer(path):  # path relative to core/
    first = path.split("/")[0]
    return first if first in ALLOWED and "/" in path else "model"


breaches = []
loose = [f for f in os.listdir(core) if os.path.isfile(os.path.join(core, f))]
if len(loose) > MAX_LOOSE:
    breaches.append(f"core/ holds {len(loose)} loose files, more than {MAX_LOOSE}: {sorted(loose)}")
include = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
for directory, _, names in os.walk(core):
    for name in sorted(names):
        if not name.endswith((".h", ".cpp", ".c")):
            continue
        path = os.path.relpath(os.path.join(directory, name), core).replace(os.sep, "/")
        text = open(os.path.join(directory, name), encoding="utf-8").read()
        for match in include.finditer(text):
            target = match.group(1)
            line = text.count("\n", 0, match.start()) + 1
            where = f"core/{path}:{line}"
            beside = os.path.normpath(os.path.join(directory, target))
            if not os.path.isfile(os.path.join(core, target)):
                if os.path.isfile(beside):
                    breaches.append(f'{where}: "{target}" is written from its folder, not from core/')
                continue  # a header of Lua's or another library
            source_layer, target_layer = layer(path), layer(target)
            if target_layer not in ALLOWED[source_layer]:
                breaches.append(f'{where}: {source_layer} includes "{target}" of {target_layer}, '
                                f"a layer it may not use")
for breach in breaches:
    print(breach)
sys.exit(1 if breaches else 0)
