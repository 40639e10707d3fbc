#!/usr/bin/env python3
"""Writes the site's service worker: the template web/pwa/sw.js with the build's files.

    make_service_worker.py TEMPLATE SITE_DIR OUTPUT FILE...

FILE... are paths relative to SITE_DIR (the files the worker caches, in this order). The
template's line `const kBuild = {...};` becomes

    const kBuild = {"version": "<20 hex>", "files": [{"path": ..., "sha256": ...}, ...]};

where version is the SHA-256 of the lines "<sha256 of the file>  <path>\\n", the output of
`cd SITE_DIR && sha256sum FILE...`, cut to 20 hex digits: any change to a cached file changes
the version, hence sw.js's bytes, hence the browser installs the new worker (web/pwa/sw.js).
"""
import hashlib
import json
import os
import re
import sys


def build_of(site_dir, paths):
    files = []
    listing = ""
    for path in paths:
        with open(os.path.join(site_dir, path), "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        files.append({"path": path, "sha256": digest})
        listing += f"{digest}  {path}\n"
    version = hashlib.sha256(listing.encode()).hexdigest()[:20]
    return {"version": version, "files": files}


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    template, site_dir, output, paths = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    with open(template, encoding="utf-8") as f:
        source = f.read()
    pattern = re.compile(r"^const kBuild = \{.*\};$", re.M)
    if len(pattern.findall(source)) != 1:
        sys.exit(f"{template}: expected one line 'const kBuild = {{...}};'")
    build = json.dumps(build_of(site_dir, paths), separators=(", ", ": "))
    source = pattern.sub(lambda _: f"const kBuild = {build};", source)
    with open(output, "w", encoding="utf-8") as f:
        f.write(source)


if __name__ == "__main__":
    main()
