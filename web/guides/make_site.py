#!/usr/bin/env python3
"""Writes the guides (web/guides/*.md) as pages of the published site.

    make_site.py ROOT OUT_DIR

ROOT is the repository, OUT_DIR the site's guides/ folder. Each guide X.md becomes X.html, and
index.html lists them in the order and words of the README's "## Guides" table, the one place
that list is written. Links between guides (`contract.md#how-it-is-solved`) become links
between pages; the README becomes the index; a link to another file of the repository
(`../../core/ARCHITECTURE.md`) becomes its text, marked as a file of the repository, since the
site carries no sources; the screenshots the guides show are copied beside the pages, with
their content's hash in their addresses. Headings get GitHub's anchors, so a link works the same
in the repository and on the site.

The build fails, naming the page and the link, when a link between guides names a page or an
anchor that does not exist, or an image that is not in the repository; and, naming the table's
line, when a table of figures in performance.md has no command before it that reproduces it (a
script of tests/ that exists, or a binary of build/native/) or no day it was measured.
"""
import hashlib
import html
import pathlib
import re
import shutil
import sys

import markdown
from markdown.extensions.toc import TocExtension

STYLE = """
:root { color-scheme: light dark; --fg: #1d1f23; --bg: #fbfbfa; --muted: #5b6069; --line: #d9dbe0;
  --code: #eef0f3; --link: #1b5fb4; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e4e6ea; --bg: #15171b; --muted: #a3a8b2; --line: #33373f; --code: #23262c;
    --link: #7db3f5; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", "Noto Sans", sans-serif;
  color: var(--fg); background: var(--bg); }
header { display: flex; flex-wrap: wrap; gap: 0 1.2em; align-items: center; padding: 0.6em 1em;
  border-bottom: 1px solid var(--line); }
header a { display: inline-block; padding: 0.55em 0; min-height: 44px; line-height: 2em; }
main { max-width: 52em; margin: 0 auto; padding: 0.5em 1em 3em; }
a { color: var(--link); }
h1 { font-size: 1.8em; line-height: 1.25; }
h2 { margin-top: 2em; border-bottom: 1px solid var(--line); padding-bottom: 0.2em; }
code, pre { font: 0.9em/1.45 ui-monospace, "DejaVu Sans Mono", monospace; background: var(--code);
  border-radius: 4px; }
code { padding: 0.1em 0.3em; }
pre { padding: 0.7em 0.9em; overflow-x: auto; }
pre code { padding: 0; background: none; }
.table { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.8em 0; }
th, td { border: 1px solid var(--line); padding: 0.3em 0.6em; vertical-align: top; text-align: left; }
img { max-width: 100%; height: auto; }
.repo { border-bottom: 1px dotted var(--muted); }
footer { max-width: 52em; margin: 0 auto; padding: 1em; color: var(--muted); font-size: 0.9em; }
"""

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · Game Solver</title>
<meta name="description" content="{description}">
<link rel="icon" href="../icons/favicon-32.png">
<style>{style}</style>
</head>
<body>
<header><a href="../index.html">Game Solver</a><a href="index.html">Guides</a></header>
<main>
{body}
</main>
<footer>Game Solver's guides, as in the repository's web/guides/.</footer>
</body>
</html>
"""


def github_slug(text, separator='-'):
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r'<[^>]+>', '', text).strip().lower()
    text = re.sub(r'[^\w\- ]', '', text)
    return text.replace(' ', separator)


def guide_list(readme):
    """(file, title, what it is for) of each row of the README's "## Guides" table."""
    section = readme.split('\n## Guides\n', 1)[1].split('\n## ', 1)[0]
    rows = re.findall(r'^\| \[([^\]]+)\]\(web/guides/([^)]+\.md)\) \| (.+) \|$', section, re.M)
    return [(file, title, what) for title, file, what in rows]


def unreproducible_tables(root, text):
    """Each table of figures in `text` (performance.md) whose prose since the last heading or
    table names no command that exists, or no day: (line, what is missing). A table whose last
    column is "command" is the list of commands itself."""
    problems, prose, lines = [], [], text.split('\n')
    for number, line in enumerate(lines, 1):
        if line.startswith('#'):
            prose = []
        elif line.startswith('|'):
            if number > 1 and lines[number - 2].startswith('|'):
                continue  # a row of the table already checked
            if line.rstrip(' |').split('|')[-1].strip() == 'command':
                continue
            before = '\n'.join(prose)
            spans = re.findall(r'`([^`]+)`', before)
            commands = [w for span in spans for w in span.split()
                        if (w.startswith('tests/') and (root / w).is_file()) or
                        w.startswith('build/native/')]
            if not commands:
                problems.append((number, 'no command before it that reproduces it'))
            if not re.search(r'\b20\d\d-\d\d-\d\d\b', before):
                problems.append((number, 'no day it was measured before it'))
            prose = []
        else:
            prose.append(line)
    return problems


class Site:
    def __init__(self, root, out):
        self.root, self.out = root, out
        self.guides = root / 'web' / 'guides'
        self.errors = []
        self.images = set()

    def render(self, text):
        md = markdown.Markdown(extensions=['tables', 'fenced_code', TocExtension(slugify=github_slug)])
        body = md.convert(text)
        return body.replace('<table>', '<div class="table"><table>').replace('</table>', '</table></div>')

    def rewrite(self, page, body):
        def link(match):
            target, label = html.unescape(match.group(1)), match.group(2)
            if re.match(r'^(https?:|mailto:)', target):
                return match.group(0)
            if target.startswith('#'):
                return f'<a href="{html.escape(target)}">{label}</a>'
            path, _, anchor = target.partition('#')
            if path == '../../README.md':
                return f'<a href="index.html">{label}</a>'
            if re.fullmatch(r'[a-z0-9_]+\.md', path):
                self.links.append((page, path, anchor))
                href = path[:-3] + '.html' + ('#' + anchor if anchor else '')
                return f'<a href="{html.escape(href)}">{label}</a>'
            if path.startswith('../../'):
                file = path[len('../../'):]
                if not (self.root / file).exists():
                    self.errors.append(f'{page}: links to {file}, which is not in the repository')
                return f'<span class="repo" title="{html.escape(file)}, in the repository">{label}</span>'
            self.errors.append(f'{page}: a link to {target}, which the site cannot carry')
            return label

        def image(match):
            source = html.unescape(match.group(2))
            if not source.startswith('../../imgui_app/screenshots/'):
                self.errors.append(f'{page}: an image {source} outside imgui_app/screenshots/')
                return match.group(0)
            file = self.root / source[len('../../'):]
            if not file.exists():
                self.errors.append(f'{page}: the image {source} is not in the repository')
                return match.group(0)
            self.images.add(file)
            # The file's hash in its address: a new screenshot is a new page and a new URL, so
            # neither the browser nor the service worker shows the old one.
            digest = hashlib.sha256(file.read_bytes()).hexdigest()[:10]
            return f'<img {match.group(1)}src="screenshots/{html.escape(file.name)}?v={digest}"'

        body = re.sub(r'<a href="([^"]*)">(.*?)</a>', link, body, flags=re.S)
        return re.sub(r'<img ([^>]*?)src="([^"]*)"', image, body)

    def write(self, name, title, description, body):
        text = PAGE.format(title=html.escape(title), description=html.escape(description),
                           style=STYLE.strip(), body=body)
        (self.out / name).write_text(text, encoding='utf-8')

    def build(self):
        readme = (self.root / 'README.md').read_text(encoding='utf-8')
        listed = guide_list(readme)
        files = sorted(p.name for p in self.guides.glob('*.md'))
        for file in files:
            if file not in [f for f, _, _ in listed]:
                self.errors.append(f'README.md: the Guides table does not list web/guides/{file}')
        self.out.mkdir(parents=True, exist_ok=True)
        self.links, anchors = [], {}
        for file in files:
            text = (self.guides / file).read_text(encoding='utf-8')
            title = re.match(r'# (.*)', text).group(1).replace('`', '')
            body = self.rewrite(file, self.render(text))
            anchors[file] = set(re.findall(r' id="([^"]+)"', body))
            if file == 'performance.md':
                for number, problem in unreproducible_tables(self.root, text):
                    self.errors.append(f'{file}:{number}: a table of figures with {problem}')
            what = next((w for f, _, w in listed if f == file), title)
            self.write(file[:-3] + '.html', title, re.sub(r'[`*\[\]]', '', what), body)
        for page, target, anchor in self.links:
            if target not in anchors:
                self.errors.append(f'{page}: links to {target}, which is not a guide')
            elif anchor and anchor not in anchors[target]:
                self.errors.append(f'{page}: links to {target}#{anchor}, which has no such heading')
        rows = ''.join(f'<tr><td><a href="{f[:-3]}.html">{html.escape(t)}</a></td>'
                       f'<td>{self.render(w)[3:-4]}</td></tr>\n' for f, t, w in listed)
        index = ('<h1>Guides</h1>\n<p>Game Solver solves two-player games of perfect information '
                 'exactly, in the page. These guides say how to use it, from the app to your own '
                 'rules files; the app itself is <a href="../index.html">one click away</a>.</p>\n'
                 f'<div class="table"><table>\n<tr><th>guide</th><th>for</th></tr>\n{rows}'
                 '</table></div>')
        self.write('index.html', 'Guides', 'How to use Game Solver, one guide per reader', index)
        shots = self.out / 'screenshots'
        shots.mkdir(exist_ok=True)
        for image in sorted(self.images):
            if image.exists():
                shutil.copyfile(image, shots / image.name)
        return self.errors


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    errors = Site(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])).build()
    for error in errors:
        print(f'make_site.py: {error}', file=sys.stderr)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
