#!/usr/bin/env bash
# Installs what Game Solver needs on Debian bookworm, only what is missing; sourced by
# ./run.sh, ./test.sh and CI. Needs root (or sudo) the first time, nothing afterwards.
# Packages come from Debian by name, test tools from npm by name.
#
# Each step prints a line of its result; what apt, dpkg-source and npm print goes to
# build/setup.log (named when a step fails). The archive may list a version it cannot serve (a
# security update's source answering 404 while its binaries install): a download that fails
# tries the other versions the index lists, newest first, and says which it used
# ("zlib: 1:1.2.13.dfsg-1+deb12u1 could not be fetched (404); using 1:1.2.13.dfsg-1"). Setup
# fails only when no listed version can be fetched, with one sentence naming the package, the
# versions tried and the first error. tests/setup/fallback_test.sh checks all of this with a fake
# apt-get, apt-cache and npm on PATH.

gs_as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# gs_log_init ROOT: the setup log, ROOT/build/setup.log, begun anew once per run.
gs_log_init() {
  [ -n "${gs_log:-}" ] && return 0
  mkdir -p "$1/build"
  gs_log=$1/build/setup.log
  : > "$gs_log"
}

# gs_log_mark: the log's current length in lines; gs_log_since MARK: what was logged after it.
gs_log_mark() { wc -l < "$gs_log"; }
gs_log_since() { tail -n +"$(($1 + 1))" "$gs_log"; }

# gs_logged CMD...: runs CMD with its output appended to the log.
gs_logged() {
  echo "\$ $*" >> "$gs_log"
  "$@" >> "$gs_log" 2>&1
}

# gs_first_error MARK: the first error line logged after MARK (apt's "E: ...", npm's "npm error"),
# or its last line when none is marked as an error; without apt's "[IP: ...]" tail.
gs_first_error() {
  local lines
  lines=$(gs_log_since "$1")
  {
    grep -m1 -E '^(E: |npm (ERR!|error) )' <<< "$lines" || tail -n 1 <<< "$lines"
  } | sed -E 's/^E: //; s/ *\[IP: [^]]*\]//; s/  +/ /g'
}

# gs_fetch_reason LINE: why a download failed, short: the HTTP status of apt's "Failed to fetch URL
# 404 Not Found", or the words after the URL.
gs_fetch_reason() {
  local rest
  rest=$(sed -E 's/^(E: )?Failed to fetch [^ ]+ *//; s/ *\[IP: [^]]*\]//' <<< "$1")
  if [[ $rest =~ ^([0-9]{3})( |$) ]]; then echo "${BASH_REMATCH[1]}"; else echo "${rest:-failed}"; fi
}

# gs_newest_first: the versions on standard input, one a line, without repeats, newest first
# (dpkg's order).
gs_newest_first() {
  local versions=() v i j
  while read -r v; do
    [ -n "$v" ] || continue
    for i in "${versions[@]}"; do [ "$i" = "$v" ] && continue 2; done
    versions+=("$v")
  done
  for ((i = 1; i < ${#versions[@]}; i++)); do
    v=${versions[i]}
    for ((j = i - 1; j >= 0; j--)); do
      dpkg --compare-versions "${versions[j]}" lt "$v" || break
      versions[j + 1]=${versions[j]}
    done
    versions[j + 1]=$v
  done
  ((${#versions[@]})) && printf '%s\n' "${versions[@]}"
  return 0
}

gs_apt_updated=0
gs_apt_update() {
  [ "$gs_apt_updated" = 0 ] || return 0
  local mark
  mark=$(gs_log_mark)
  if ! gs_logged gs_as_root apt-get update -q; then
    echo "apt-get update failed: $(gs_first_error "$mark"); the full log is $gs_log" >&2
    return 1
  fi
  gs_apt_updated=1
}

# gs_apt_install PKG...: apt-get install, where a package's version cannot be fetched falling
# back to the versions the index lists below it (apt-cache madison), newest first.
declare -gA gs_tried=() gs_first_fetch_error=()
gs_apt_install() {
  local args=("$@") mark line file name failed full older version i versions retry
  while true; do
    mark=$(gs_log_mark)
    DEBIAN_FRONTEND=noninteractive gs_logged gs_as_root apt-get install -y -q "${args[@]}" && return 0
    # The packages whose files could not be fetched ("E: Failed to fetch .../NAME_VERSION_ARCH.deb
    # 404 Not Found"); any other failure ends setup with apt's first error.
    retry=0
    while read -r line; do
      file=$(sed -E 's/^E: Failed to fetch ([^ ]+).*/\1/' <<< "$line")
      file=${file##*/}
      name=${file%%_*}
      failed=${file#*_}
      failed=${failed%_*}
      failed=$(sed 's/%2[bB]/+/g; s/%3[aA]/:/g; s/%7[eE]/~/g' <<< "$failed")
      # The index's versions of NAME, newest first; the one that failed is the one whose version
      # without its epoch is the file's (a .deb's name has no epoch).
      mapfile -t versions < <(apt-cache madison "$name" 2> /dev/null |
        awk -F'|' '{gsub(/ /, "", $2); print $2}' | gs_newest_first)
      full=$failed
      for version in "${versions[@]}"; do
        [ "${version#*:}" = "$failed" ] && { full=$version; break; }
      done
      older=""
      for version in "${versions[@]}"; do
        dpkg --compare-versions "$version" lt "$full" && { older=$version; break; }
      done
      gs_tried[$name]+="${gs_tried[$name]:+, }$full"
      [ -n "${gs_first_fetch_error[$name]:-}" ] ||
        gs_first_fetch_error[$name]=$(sed -E 's/^E: //; s/ *\[IP: [^]]*\]//; s/  +/ /g' <<< "$line")
      if [ -z "$older" ]; then
        echo "$name could not be installed: no version the archive lists could be fetched" \
          "(tried ${gs_tried[$name]}): ${gs_first_fetch_error[$name]}; the full log is $gs_log" >&2
        return 1
      fi
      echo "$name: $full could not be fetched ($(gs_fetch_reason "$line")); using $older"
      for i in "${!args[@]}"; do
        [ "${args[i]%%=*}" = "$name" ] && unset 'args[i]'
      done
      args+=("$name=$older")
      retry=1
    done < <(gs_log_since "$mark" | grep -E '^E: Failed to fetch [^ ]+\.deb' | sort -u)
    if [ "$retry" = 0 ]; then
      echo "apt-get install ${args[*]} failed: $(gs_first_error "$mark"); the full log is $gs_log" >&2
      return 1
    fi
  done
}

# gs_install_packages PKG...: installs the packages that are not installed yet; one line says which.
gs_install_packages() {
  gs_log_init "${gs_root:-$PWD}"
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2> /dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  ((${#missing[@]})) || return 0
  local start=$SECONDS
  gs_apt_update || return 1
  gs_apt_install "${missing[@]}" || return 1
  echo "installed from Debian in $((SECONDS - start)) s: ${missing[*]}"
}

# apt-get source needs deb-src entries: they are derived from the machine's own deb entries, so
# the same mirrors serve them. (GS_APT_ETC: another /etc/apt, for the tests.)
gs_enable_deb_src() {
  local etc=${GS_APT_ETC:-/etc/apt}
  if ! grep -rqsE '^(Types:.*deb-src|deb-src )' "$etc/sources.list" "$etc/sources.list.d/"; then
    if [ -f "$etc/sources.list.d/debian.sources" ]; then
      sed 's/^Types: deb$/Types: deb-src/' "$etc/sources.list.d/debian.sources" |
        gs_as_root tee "$etc/sources.list.d/gamesolver-deb-src.sources" > /dev/null
    else
      sed -n 's/^deb /deb-src /p' "$etc/sources.list" |
        gs_as_root tee "$etc/sources.list.d/gamesolver-deb-src.list" > /dev/null
    fi
    gs_apt_updated=0
  fi
}

# gs_fetch_source PACKAGE DIR: downloads a Debian source package into DIR (apt-get source
# --download-only), trying the versions the Sources index lists, newest first; prints which
# version it used when it is not the newest, and sets gs_source_version to it.
gs_fetch_source() {
  local package=$1 dir=$2 versions=() version mark error first_error="" tried="" fallback=""
  gs_install_packages dpkg-dev || return 1
  gs_enable_deb_src
  gs_apt_update || return 1
  mapfile -t versions < <(apt-cache showsrc "$package" 2> /dev/null |
    awk -v p="$package" '/^Package: /{name = $2} /^Version: /{if (name == p) print $2}' | gs_newest_first)
  if ((${#versions[@]} == 0)); then
    echo "$package: the archive lists no source version of it (apt-cache showsrc $package found none)" >&2
    return 1
  fi
  for version in "${versions[@]}"; do
    rm -rf "${dir:?}"/* 2> /dev/null
    mark=$(gs_log_mark)
    # apt verifies the files against the signed Sources index.
    if (cd "$dir" && gs_logged apt-get source --download-only "$package=$version"); then
      [ -z "$fallback" ] || echo "$package: $fallback; using $version"
      gs_source_version=$version
      return 0
    fi
    error=$(gs_first_error "$mark")
    [ -n "$first_error" ] || first_error=$error
    tried+="${tried:+, }$version"
    fallback+="${fallback:+; }$version could not be fetched ($(gs_fetch_reason "$error"))"
  done
  echo "$package's sources could not be fetched in any version the archive lists (tried $tried):" \
    "$first_error; the full log is $gs_log" >&2
  return 1
}

# gs_debian_sources ROOT PACKAGE DIR FILE: a Debian source package's sources with Debian's
# patches applied (dpkg-source -x: its security fixes among them), unpacked into
# third_party/DIR (not committed) unless third_party/DIR/FILE is there already. CMake builds the
# files it needs from them (CMakeLists.txt).
gs_debian_sources() {
  local root=$1 package=$2 dir=$3 file=$4
  [ -f "$root/third_party/$dir/$file" ] && return 0
  gs_log_init "$root"
  local download
  download=$(mktemp -d)
  gs_fetch_source "$package" "$download" || { rm -rf "$download"; return 1; }
  # dpkg-source only warns that the .dsc's own signature cannot be checked without Debian's
  # keyring.
  (cd "$download" && gs_logged dpkg-source -x "$package"_*.dsc unpacked)
  rm -rf "${root:?}/third_party/$dir"
  mkdir -p "$root/third_party"
  [ -d "$download/unpacked" ] && mv "$download/unpacked" "$root/third_party/$dir"
  rm -rf "$download"
  if [ ! -f "$root/third_party/$dir/$file" ]; then
    echo "$package $gs_source_version's sources were fetched but have no $file once unpacked; the full log is $gs_log" >&2
    return 1
  fi
  echo "$package sources: $gs_source_version, in third_party/$dir"
}

# Dear ImGui 1.86's sources from Debian's imgui source package: its upstream tarball, unpacked
# into third_party/imgui (not committed).
gs_imgui_sources() {
  local root=$1
  [ -f "$root/third_party/imgui/imgui.cpp" ] && return 0
  gs_log_init "$root"
  local download
  download=$(mktemp -d)
  gs_fetch_source imgui "$download" || { rm -rf "$download"; return 1; }
  mkdir -p "$root/third_party/imgui"
  gs_logged tar -xf "$download"/imgui_*.orig.tar.* -C "$root/third_party/imgui" --strip-components=1
  rm -rf "$download"
  if [ ! -f "$root/third_party/imgui/imgui.cpp" ]; then
    echo "imgui $gs_source_version's sources were fetched but have no imgui.cpp once unpacked; the full log is $gs_log" >&2
    return 1
  fi
  echo "imgui sources: $gs_source_version, in third_party/imgui"
}

# giflib 5.2.1 (MIT licence, COPYING): the GIF encoder of core/tools/gif.cpp.
gs_giflib_sources() { gs_debian_sources "$1" giflib giflib egif_lib.c; }
# Lua 5.4 (MIT licence): the interpreter of rules games (core/rules/lua_rules.cpp), sandboxed.
gs_lua_sources() { gs_debian_sources "$1" lua5.4 lua src/lvm.c; }
# zlib (zlib licence): deflate for the rules text that share links carry (core/tools/compress.cpp).
gs_zlib_sources() { gs_debian_sources "$1" zlib zlib deflate.c; }

# The native toolchain and test frameworks, and the sources of giflib, Lua and zlib.
# ROOT defaults to the current directory.
gs_native_deps() {
  local root=${1:-$PWD}
  gs_root=$root
  gs_log_init "$root"
  gs_install_packages cmake ninja-build g++ libgtest-dev libbenchmark-dev python3 ca-certificates \
    clang-14 libclang-rt-14-dev \
    clang-format-14 \
    lua5.4 || return 1 # the plain interpreter: the reference and the baseline for rules games (tests/rules/)
  if ! command -v node > /dev/null; then gs_install_packages nodejs || return 1; fi
  gs_giflib_sources "$root" && gs_lua_sources "$root" && gs_zlib_sources "$root"
}

# The WebAssembly module and the browser app: Emscripten, the fonts the app's UI font is cut
# from, fontTools to cut it, Pillow to draw the app's icons (web/pwa/make_icons.py), Markdown
# to write the guides as pages (web/guides/make_site.py), and Dear ImGui's sources.
gs_web_deps() {
  local root=$1
  gs_native_deps "$root" || return 1
  gs_install_packages emscripten fonts-dejavu-core fonts-droid-fallback python3-fonttools \
    python3-pil python3-markdown || return 1
  gs_imgui_sources "$root" || return 1
  export NODE_PATH=/usr/share/nodejs # Debian's Emscripten needs its acorn from here
}

# gs_npm_ci DIR: npm ci in DIR (its package-lock.json), quietly; when the registry does not
# answer, one sentence naming the packages and npm's error instead of its stack trace.
gs_npm_ci() {
  local dir=$1 mark packages
  if ! command -v npm > /dev/null; then gs_install_packages npm || return 1; fi
  mark=$(gs_log_mark)
  if (cd "$dir" && gs_logged npm ci --no-audit --no-fund --fetch-retries=2 --fetch-timeout=60000); then
    echo "installed from npm: ${dir#"${gs_root:-$PWD}"/}/node_modules"
    return 0
  fi
  packages=$(sed -n '/"dependencies"/,/}/{s/^ *"\([^"]*\)": *"\([^"]*\)".*/\1 \2/p}' "$dir/package.json" |
    paste -sd, - | sed 's/,/, /g')
  echo "npm could not install the packages of ${dir#"${gs_root:-$PWD}"/} ($packages):" \
    "$(gs_first_error "$mark" | sed -E 's/^npm (ERR!|error) //')" \
    "(is the npm registry reachable?); the full log is $gs_log" >&2
  return 1
}

# Browser tests: Debian's Chromium, driven by playwright-core from npm (no browser download);
# axe-core's Playwright runner (npm) for the accessibility check; Debian's Hugo, which builds a
# real blog around an embedded board (tests/browser/embed_blog.test.js).
gs_browser_deps() {
  local root=$1
  gs_root=$root
  gs_log_init "$root"
  # Firefox ESR runs under Xvfb (its headless mode has no WebGL 2), driven over WebDriver BiDi.
  gs_install_packages chromium hugo firefox-esr xvfb xauth libgl1-mesa-dri || return 1
  if [ ! -d "$root/tests/browser/node_modules/playwright-core" ] ||
    [ ! -d "$root/tests/browser/node_modules/@axe-core/playwright" ] ||
    [ ! -d "$root/tests/browser/node_modules/ws" ]; then
    gs_npm_ci "$root/tests/browser" || return 1
  fi
}

# The TypeScript compiler (npm) that checks the module's declarations.
gs_types_deps() {
  local root=$1
  gs_root=$root
  gs_log_init "$root"
  if [ ! -d "$root/tests/types/node_modules/typescript" ]; then
    gs_npm_ci "$root/tests/types" || return 1
  fi
}
