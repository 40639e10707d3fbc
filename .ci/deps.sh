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

# The native toolchain and test frameworks.
gs_native_deps() {
  gs_install_packages cmake ninja-build g++ libgtest-dev python3 ca-certificates
  command -v node > /dev/null || gs_install_packages nodejs
}
