#!/usr/bin/env bash
# Installs what Game Solver needs on Debian bookworm, only what is missing; sourced by
# ./run.sh, ./test.sh and CI. Needs root (or sudo) the first time, nothing afterwards.
# Packages come from Debian by name, test tools from npm by name.

gs_as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

gs_apt_updated=0
gs_apt_update() {
  if [ "$gs_apt_updated" = 0 ]; then
    gs_as_root apt-get update -q
    gs_apt_updated=1
  fi
}

# gs_install_packages PKG...: apt-get install the packages that are not installed yet.
gs_install_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  if ((${#missing[@]})); then
    echo "installing: ${missing[*]}"
    gs_apt_update
    DEBIAN_FRONTEND=noninteractive gs_as_root apt-get install -y -q "${missing[@]}"
  fi
}

# The native toolchain and test frameworks, and the sources of giflib, Lua and zlib.
# ROOT defaults to the current directory.
gs_native_deps() {
  local root=${1:-$PWD}
  gs_install_packages cmake ninja-build g++ libgtest-dev libbenchmark-dev python3 ca-certificates \
    clang-14 libclang-rt-14-dev \
    clang-format-14 \
    lua5.4  # the plain interpreter: the reference and the baseline for rules games (tests/rules/)
  command -v node > /dev/null || gs_install_packages nodejs
  gs_giflib_sources "$root"
  gs_lua_sources "$root"
  gs_zlib_sources "$root"
}

# apt-get source needs deb-src entries: they are derived from the machine's own deb entries, so
# the same mirrors serve them.
gs_enable_deb_src() {
  if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
        gs_as_root tee /etc/apt/sources.list.d/gamesolver-deb-src.sources > /dev/null
    else
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list |
        gs_as_root tee /etc/apt/sources.list.d/gamesolver-deb-src.list > /dev/null
    fi
    gs_apt_updated=0
  fi
}

# Dear ImGui 1.86's sources from Debian's imgui source package, unpacked into third_party/imgui
# (not committed).
gs_imgui_sources() {
  local root=$1
  [ -f "$root/third_party/imgui/imgui.cpp" ] && return 0
  gs_install_packages dpkg-dev
  gs_enable_deb_src
  gs_apt_update
  local download
  download=$(mktemp -d)
  (cd "$download" && apt-get source --download-only imgui > /dev/null)
  mkdir -p "$root/third_party/imgui"
  tar -xf "$download"/imgui_*.orig.tar.* -C "$root/third_party/imgui" --strip-components=1
  rm -rf "$download"
  [ -f "$root/third_party/imgui/imgui.cpp" ] || { echo "imgui sources not found after unpacking" >&2; return 1; }
}

# gs_debian_sources ROOT PACKAGE DIR FILE: a Debian source package's sources with Debian's
# patches applied (dpkg-source -x: its security fixes among them), unpacked into
# third_party/DIR (not committed) unless third_party/DIR/FILE is there already. CMake builds the
# files it needs from them (CMakeLists.txt).
gs_debian_sources() {
  local root=$1 package=$2 dir=$3 file=$4
  [ -f "$root/third_party/$dir/$file" ] && return 0
  gs_install_packages dpkg-dev
  gs_enable_deb_src
  gs_apt_update
  local download
  download=$(mktemp -d)
  # apt verified the files against the signed Sources index; dpkg-source only warns that the
  # .dsc's own signature cannot be checked without Debian's keyring.
  (cd "$download" && apt-get source --download-only "$package" > /dev/null &&
    dpkg-source -x "$package"_*.dsc unpacked > /dev/null 2>&1)
  rm -rf "${root:?}/third_party/$dir"
  mkdir -p "$root/third_party"
  [ -d "$download/unpacked" ] && mv "$download/unpacked" "$root/third_party/$dir"
  rm -rf "$download"
  [ -f "$root/third_party/$dir/$file" ] || { echo "$package sources not found after unpacking" >&2; return 1; }
}

# giflib 5.2.1 (MIT licence, COPYING): the GIF encoder of core/tools/gif.cpp.
gs_giflib_sources() { gs_debian_sources "$1" giflib giflib egif_lib.c; }
# Lua 5.4 (MIT licence): the interpreter of rules games (core/rules/lua_rules.cpp), sandboxed.
gs_lua_sources() { gs_debian_sources "$1" lua5.4 lua src/lvm.c; }
# zlib (zlib licence): deflate for the rules text that share links carry (core/tools/compress.cpp).
gs_zlib_sources() { gs_debian_sources "$1" zlib zlib deflate.c; }

# The WebAssembly module and the browser app: Emscripten, the fonts the app's UI font is cut
# from, fontTools to cut it, and Dear ImGui's sources.
gs_web_deps() {
  local root=$1
  gs_native_deps "$root"
  gs_install_packages emscripten fonts-dejavu-core fonts-droid-fallback python3-fonttools \
    python3-pil  # draws the app's icons (web/pwa/make_icons.py)
  gs_imgui_sources "$root"
  export NODE_PATH=/usr/share/nodejs  # Debian's Emscripten needs its acorn from here
}

# Browser tests: Debian's Chromium, driven by playwright-core from npm (no browser download);
# axe-core's Playwright runner (npm) for the accessibility check; Debian's Hugo, which builds a
# real blog around an embedded board (tests/browser/embed_blog.test.js).
gs_browser_deps() {
  local root=$1
  # Firefox ESR runs under Xvfb (its headless mode has no WebGL 2), driven over WebDriver BiDi.
  gs_install_packages chromium hugo firefox-esr xvfb xauth libgl1-mesa-dri
  command -v npm > /dev/null || gs_install_packages npm
  if [ ! -d "$root/tests/browser/node_modules/playwright-core" ] ||
    [ ! -d "$root/tests/browser/node_modules/@axe-core/playwright" ] ||
    [ ! -d "$root/tests/browser/node_modules/ws" ]; then
    (cd "$root/tests/browser" && npm ci --no-audit --no-fund)
  fi
}

# The TypeScript compiler (npm) that checks the module's declarations.
gs_types_deps() {
  local root=$1
  command -v npm > /dev/null || gs_install_packages npm
  if [ ! -d "$root/tests/types/node_modules/typescript" ]; then
    (cd "$root/tests/types" && npm ci --no-audit --no-fund)
  fi
}
