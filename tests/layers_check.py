#!/usr/bin/env python3
"""The layout of core/ (core/ARCHITECTURE.md, "The layers"), checked: each folder includes only
from the layers below it, every include of core/ is written from core/ ("base/message.h"), and at
most a dozen files stay loose in core/; and no circle of files that use each other in core/,
imgui_app/ or web/ (a file is its .h and .cpp together, and a name_internal.h, the private
header its family of .cpp files shares, belongs to name). Prints one line per breach and exits 1.
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
include = re.compile(r'^[ \t]*#[ \t]*include[ \t]+"([^"]+)"', re.M)
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


# Circles: which unit includes which, then the strongly connected components of that graph.
def unit(path):  # a path relative to the root, without its extension and _internal
    stem = os.path.splitext(path)[0]
    return stem[: -len("_internal")] if stem.endswith("_internal") else stem


sources = {}
for top in ("core", "imgui_app", "web"):
    for directory, _, names in os.walk(os.path.join(root, top)):
        for name in names:
            if name.endswith((".h", ".cpp")):
                path = os.path.relpath(os.path.join(directory, name), root).replace(os.sep, "/")
                sources[path] = open(os.path.join(directory, name), encoding="utf-8").read()
uses = {}
for path, text in sorted(sources.items()):
    uses.setdefault(unit(path), {})
    for match in include.finditer(text):
        for base in (os.path.dirname(path), "core"):
            target = os.path.normpath(os.path.join(base, match.group(1))).replace(os.sep, "/")
            if target in sources:
                if unit(target) != unit(path):
                    where = f"{path}:{text.count(chr(10), 0, match.start()) + 1}"
                    uses[unit(path)].setdefault(unit(target), where)
                break

index, lowest, stack, on_stack, circles = {}, {}, [], set(), []


def visit(start):  # Tarjan's algorithm, without recursion
    work = [(start, iter(sorted(uses.get(start, {}))))]
    index[start] = lowest[start] = len(index)
    stack.append(start)
    on_stack.add(start)
    while work:
        node, children = work[-1]
        child = next(children, None)
        if child is not None:
            if child not in index:
                index[child] = lowest[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(uses.get(child, {})))))
            elif child in on_stack:
                lowest[node] = min(lowest[node], index[child])
            continue
        work.pop()
        if work:
            lowest[work[-1][0]] = min(lowest[work[-1][0]], lowest[node])
        if lowest[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))


for node in sorted(uses):
    if node not in index:
        visit(node)
for circle in circles:
    members = set(circle)
    links = [f"{uses[a][b]} includes {b}" for a in circle for b in sorted(uses[a]) if b in members]
    breaches.append(f"a circle of files that use each other: {', '.join(circle)} ({'; '.join(links)})")
for breach in breaches:
    print(breach)
sys.exit(1 if breaches else 0)
