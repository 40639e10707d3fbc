#!/usr/bin/env bash
# Setup's fallbacks (.ci/deps.sh), with no network failure needed: a fake apt-get, apt-cache,
# dpkg-query, dpkg-source and npm on PATH (tests/setup/fake_bin) serve an archive that lists
# versions it cannot serve, as Debian's did on 2026-12-01 (zlib's security update's source: 404).
# Each case checks what setup prints, word for word, and what it installed or unpacked.
#   bash tests/setup/fallback_test.sh        (./test.sh runs it)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
deps=$here/../../.ci/deps.sh
passed=0
failed=0

# new_machine: a scratch root with an empty fake archive; sets root and FAKE_ARCHIVE.
new_machine() {
  root=$(mktemp -d)
  export FAKE_ARCHIVE=$root/archive
  mkdir -p "$FAKE_ARCHIVE/sources" "$FAKE_ARCHIVE/binaries" "$root/etc/apt/sources.list.d"
  : > "$FAKE_ARCHIVE/unserved"
  echo "Types: deb deb-src" > "$root/etc/apt/sources.list.d/debian.sources"
}

# setup_run FUNCTION ARGS...: runs a deps.sh function in a fresh shell on the fake machine;
# sets out (its standard output), err (its standard error) and rc.
setup_run() {
  out=$(cd "$root" && PATH="$here/fake_bin:$PATH" GS_APT_ETC="$root/etc/apt" \
    bash -c 'source "$0"; "$@"' "$deps" "$@" 2> "$root/stderr")
  rc=$?
  err=$(cat "$root/stderr")
}

check() { # check NAME EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAILED: %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"
  fi
}

echo "-- a source package whose newest version is listed but not served falls back to the next"
new_machine
printf '%s\n' 1:1.2.13.dfsg-1 1:1.2.13.dfsg-1+deb12u1 > "$FAKE_ARCHIVE/sources/zlib" # index order
echo "zlib=1:1.2.13.dfsg-1+deb12u1" >> "$FAKE_ARCHIVE/unserved"
echo "dpkg-dev=1.21.22" > "$FAKE_ARCHIVE/installed"
export FAKE_SOURCE_FILES="deflate.c"
setup_run gs_zlib_sources "$root"
check "exit status" 0 "$rc"
check "what it prints" "zlib: 1:1.2.13.dfsg-1+deb12u1 could not be fetched (404); using 1:1.2.13.dfsg-1
zlib sources: 1:1.2.13.dfsg-1, in third_party/zlib" "$out"
check "nothing on standard error" "" "$err"
check "the older version unpacked" "1:1.2.13.dfsg-1" "$(cat "$root/third_party/zlib/deflate.c" 2>&1)"
check "apt's progress (update, two sources) kept in build/setup.log, not printed" 120 \
  "$(grep -c fake-progress-line "$root/build/setup.log")"
check "a second run finds the sources there and prints nothing" "0:" \
  "$(setup_run gs_zlib_sources "$root"; echo "$rc:$out$err")"

echo "-- the newest version served is used, whatever the index's order"
new_machine
printf '%s\n' 5.4.4-3 5.4.6-1 5.4.4-3+deb12u1 > "$FAKE_ARCHIVE/sources/lua5.4"
echo "dpkg-dev=1.21.22" > "$FAKE_ARCHIVE/installed"
export FAKE_SOURCE_FILES="src/lvm.c"
setup_run gs_lua_sources "$root"
check "exit status" 0 "$rc"
check "what it prints" "lua5.4 sources: 5.4.6-1, in third_party/lua" "$out"
check "the newest unpacked" "5.4.6-1" "$(cat "$root/third_party/lua/src/lvm.c" 2>&1)"

echo "-- two versions not served, the third used"
new_machine
printf '%s\n' 5.2.1-2.5 5.2.1-2.5+deb12u1 5.2.2-1 > "$FAKE_ARCHIVE/sources/giflib"
printf '%s\n' giflib=5.2.2-1 giflib=5.2.1-2.5+deb12u1 >> "$FAKE_ARCHIVE/unserved"
echo "dpkg-dev=1.21.22" > "$FAKE_ARCHIVE/installed"
export FAKE_SOURCE_FILES="egif_lib.c"
setup_run gs_giflib_sources "$root"
check "exit status" 0 "$rc"
check "what it prints" "giflib: 5.2.2-1 could not be fetched (404); 5.2.1-2.5+deb12u1 could not be fetched (404); using 5.2.1-2.5
giflib sources: 5.2.1-2.5, in third_party/giflib" "$out"

echo "-- no version served: one sentence naming the package, the versions tried and the first error"
new_machine
printf '%s\n' 1.86+ds-1 1.89.1+ds-1 > "$FAKE_ARCHIVE/sources/imgui"
printf '%s\n' imgui=1.86+ds-1 imgui=1.89.1+ds-1 >> "$FAKE_ARCHIVE/unserved"
echo "dpkg-dev=1.21.22" > "$FAKE_ARCHIVE/installed"
mkdir -p "$root/third_party"
setup_run gs_imgui_sources "$root"
check "exit status" 1 "$rc"
check "nothing on standard output" "" "$out"
check "the sentence" "imgui's sources could not be fetched in any version the archive lists (tried 1.89.1+ds-1, 1.86+ds-1): Failed to fetch http://127.0.0.1:9/debian-security/pool/updates/main/i/imgui/imgui_1.89.1+ds-1.dsc 404 Not Found; the full log is $root/build/setup.log" "$err"
check "nothing unpacked" "" "$(ls "$root/third_party")"

echo "-- a source package the archive does not list"
new_machine
echo "dpkg-dev=1.21.22" > "$FAKE_ARCHIVE/installed"
setup_run gs_zlib_sources "$root"
check "exit status" 1 "$rc"
check "the sentence" "zlib: the archive lists no source version of it (apt-cache showsrc zlib found none)" "$err"

echo "-- a binary package whose candidate is not served is installed at the next version"
new_machine
printf '%s\n' 1:1.2.13.dfsg-1+deb12u1 1:1.2.13.dfsg-1 > "$FAKE_ARCHIVE/binaries/zlib1g-dev"
printf '%s\n' 3.25.1-1 > "$FAKE_ARCHIVE/binaries/cmake"
echo "zlib1g-dev=1:1.2.13.dfsg-1+deb12u1" >> "$FAKE_ARCHIVE/unserved"
setup_run gs_install_packages cmake zlib1g-dev
check "exit status" 0 "$rc"
check "what it prints" "zlib1g-dev: 1:1.2.13.dfsg-1+deb12u1 could not be fetched (404); using 1:1.2.13.dfsg-1
installed from Debian in 0 s: cmake zlib1g-dev" "$(sed -E 's/in [0-9]+ s/in 0 s/' <<< "$out")"
check "the versions installed" "cmake=3.25.1-1
zlib1g-dev=1:1.2.13.dfsg-1" "$(sort "$FAKE_ARCHIVE/installed")"
check "a package already installed is not installed again" "0:" \
  "$(setup_run gs_install_packages cmake zlib1g-dev; echo "$rc:$out$err")"

echo "-- a binary package none of whose versions is served"
new_machine
printf '%s\n' 2.0-2 2.0-1 > "$FAKE_ARCHIVE/binaries/hugo"
printf '%s\n' hugo=2.0-2 hugo=2.0-1 >> "$FAKE_ARCHIVE/unserved"
setup_run gs_install_packages hugo
check "exit status" 1 "$rc"
check "what it prints first" "hugo: 2.0-2 could not be fetched (404); using 2.0-1" "$out"
check "the sentence" "hugo could not be installed: no version the archive lists could be fetched (tried 2.0-2, 2.0-1): Failed to fetch http://127.0.0.1:9/debian/pool/main/h/hugo/hugo_2.0-2_amd64.deb 404 Not Found; the full log is $root/build/setup.log" "$err"

echo "-- a package apt does not know: apt's own error, in one sentence"
new_machine
setup_run gs_install_packages no-such-package
check "exit status" 1 "$rc"
check "the sentence" "apt-get install no-such-package failed: Unable to locate package no-such-package; the full log is $root/build/setup.log" "$err"

echo "-- npm's registry not answering: one sentence, not npm's stack of errors"
new_machine
mkdir -p "$root/tests/types"
printf '{\n  "dependencies": {\n    "typescript": "5.6.3",\n    "ws": "8.18.0"\n  }\n}\n' > "$root/tests/types/package.json"
setup_run gs_types_deps "$root"
check "exit status" 1 "$rc"
check "nothing on standard output" "" "$out"
check "the sentence" "npm could not install the packages of tests/types (typescript 5.6.3, ws 8.18.0): code ENOTFOUND (is the npm registry reachable?); the full log is $root/build/setup.log" "$err"
check "npm's lines kept in the log" 7 "$(grep -c '^npm error' "$root/build/setup.log")"
FAKE_NPM_OK=1 setup_run gs_types_deps "$root"
check "npm answering" "0:installed from npm: tests/types/node_modules" "$rc:$out"

echo "-- versions in dpkg's order"
check "newest first" "2:0.1
1.10-1
1.9-1+deb12u1
1.9-1
1.9~rc1" "$(printf '%s\n' 1.9-1 1.10-1 1.9~rc1 2:0.1 1.9-1+deb12u1 1.9-1 | bash -c 'source "$0"; gs_newest_first' "$deps")"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
