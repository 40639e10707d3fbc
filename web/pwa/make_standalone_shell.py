#!/usr/bin/env python3
"""Writes the page around the standalone file (gamesolver-standalone.html) from shell.html.

    make_standalone_shell.py SHELL ICON_DIR OUTPUT

The standalone file is one HTML file that runs from file:// with no network, copied anywhere
on its own: it has no service worker, no manifest and no icon files beside it. So every block
of SHELL between "<!-- gs-pwa begin" and "<!-- gs-pwa end -->" is left out, except its
<link rel="icon"> lines, whose href (a file of ICON_DIR) becomes an inline data: URL.
"""
import base64
import os
import re
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    shell, icon_dir, output = sys.argv[1:]
    with open(shell, encoding="utf-8") as f:
        page = f.read()
    block = re.compile(r"[ \t]*<!-- gs-pwa begin.*?<!-- gs-pwa end -->[ \t]*\n", re.S)
    icon = re.compile(r'([ \t]*<link rel="icon"[^>]*href=")icons/([^"]+)("[^>]*>\n)')
    if not block.search(page):
        sys.exit(f"{shell}: no gs-pwa block found")

    def inline_icons(match):
        kept = ""
        for prefix, name, suffix in icon.findall(match.group(0)):
            with open(os.path.join(icon_dir, name), "rb") as f:
                data = base64.b64encode(f.read()).decode()
            kept += f"{prefix}data:image/png;base64,{data}{suffix}"
        return kept

    page = block.sub(inline_icons, page)
    if "serviceWorker" in page or 'rel="manifest"' in page:
        sys.exit(f"{shell}: PWA lines outside the gs-pwa blocks")
    with open(output, "w", encoding="utf-8") as f:
        f.write(page)


if __name__ == "__main__":
    main()
