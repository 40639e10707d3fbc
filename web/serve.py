#!/usr/bin/env python3
"""Serves the built site (build/site) as a static host would: every file compressed with gzip for
a browser that accepts it (the module's 2 MB of WebAssembly travel as 0.8 MB; GitHub Pages,
Netlify and a CDN compress the same way), with the right types (application/wasm, so the
browser compiles it while it downloads). Used by ./run.sh and the Lighthouse benchmark (tests/bench/lighthouse.sh).

Usage: web/serve.py [--bind ADDRESS] [--directory DIR] [PORT]   (defaults 127.0.0.1, ., 8080)
"""
import argparse
import functools
import gzip
import http.server
import os
import threading

# Types a browser does not compress well, or that are compressed already.
_STORED = ('.png', '.jpg', '.jpeg', '.gif', '.webp', '.ico', '.gz', '.zip', '.woff2')


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        '.wasm': 'application/wasm',
        '.js': 'text/javascript',
        '.webmanifest': 'application/manifest+json',
        '.ts': 'text/plain',
    }
    _cache = {}  # path -> (mtime, size, gzip bytes)
    _lock = threading.Lock()

    def _compressed(self, path):
        stat = os.stat(path)
        key = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            held = self._cache.get(path)
        if held and held[0] == key:
            return held[1]
        with open(path, 'rb') as f:
            body = gzip.compress(f.read(), compresslevel=9, mtime=0)
        with self._lock:
            self._cache[path] = (key, body)
        return body

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            index = os.path.join(path, 'index.html')
            if not self.path.split('?', 1)[0].endswith('/') or not os.path.isfile(index):
                return super().send_head()  # the redirect or the listing, as before
            path = index
        accepts = 'gzip' in self.headers.get('Accept-Encoding', '')
        if not accepts or not os.path.isfile(path) or path.endswith(_STORED):
            return super().send_head()
        try:
            body = self._compressed(path)
        except OSError:
            return super().send_head()
        self.send_response(200)
        self.send_header('Content-Type', self.guess_type(path))
        self.send_header('Content-Encoding', 'gzip')
        self.send_header('Vary', 'Accept-Encoding')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        return _Body(body)


class _Body:
    """The compressed bytes, read by SimpleHTTPRequestHandler as it reads a file."""

    def __init__(self, data):
        self.data = data

    def read(self, size=-1):
        data, self.data = self.data, b''
        return data

    def close(self):
        pass


def main():
    parser = argparse.ArgumentParser(description='Serves the built site, compressed.')
    parser.add_argument('--bind', default='127.0.0.1')
    parser.add_argument('--directory', default=os.getcwd())
    parser.add_argument('port', nargs='?', type=int, default=8080)
    args = parser.parse_args()
    handler = functools.partial(Handler, directory=args.directory)
    with http.server.ThreadingHTTPServer((args.bind, args.port), handler) as server:
        server.serve_forever()


if __name__ == '__main__':
    main()
