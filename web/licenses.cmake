# Writes the site's licenses.txt: the notices of the projects whose code or data the site's
# files carry (Dear ImGui and the fonts in the app; giflib, Lua and zlib in the app and the
# module), taken from the sources and Debian packages the build uses.
#   cmake -DOUT=... -DIMGUI_DIR=... -DGIFLIB_DIR=... -DLUA_DIR=... -DZLIB_DIR=... -P licenses.cmake
set(notices
  "Dear ImGui 1.86 (the app's interface), MIT licence|${IMGUI_DIR}/LICENSE.txt"
  "giflib 5.2.1 (the GIF encoder of the app and the module), MIT licence|${GIFLIB_DIR}/COPYING"
  "Lua 5.4.4 (the interpreter of rules games, in the app and the module), MIT licence|${LUA_DIR}/debian/copyright"
  "zlib 1.2.13 (deflate of rules files in links, in the app and the module), zlib licence|${ZLIB_DIR}/LICENSE"
  "DejaVu Sans (Latin glyphs of the app's font, a renamed subset), Bitstream Vera licence|/usr/share/doc/fonts-dejavu-core/copyright"
  "Droid Sans Fallback (Chinese glyphs of the app's font, a renamed subset), Apache License 2.0|/usr/share/doc/fonts-droid-fallback/copyright"
  "The Apache License 2.0, in full|/usr/share/common-licenses/Apache-2.0"
  "musl libc (part of Emscripten's C library, compiled into index.wasm and gamesolver.js), MIT licence|/usr/share/emscripten/system/lib/libc/musl/COPYRIGHT")
set(text "Game Solver's site (index.html, index.js, index.wasm, gamesolver.js and\n")
string(APPEND text "gamesolver-standalone.html) carries code and data of the projects below; their notices follow.\n")
string(APPEND text "Emscripten's JavaScript runtime in index.js and gamesolver.js is under the MIT licence;\n")
string(APPEND text "its libc++ and compiler-rt under the Apache License 2.0 with LLVM exception.\n")
foreach(entry IN LISTS notices)
  string(REPLACE "|" ";" parts "${entry}")
  list(GET parts 0 title)
  list(GET parts 1 file)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "licenses.txt: ${file} is missing (the notice of ${title})")
  endif()
  file(READ "${file}" body)
  # Where the notice comes from, without this machine's paths.
  string(REPLACE "${IMGUI_DIR}/" "Debian's imgui source package, " shown "${file}")
  string(REPLACE "${GIFLIB_DIR}/" "Debian's giflib source package, " shown "${shown}")
  string(REPLACE "${LUA_DIR}/" "Debian's lua5.4 source package, " shown "${shown}")
  string(REPLACE "${ZLIB_DIR}/" "Debian's zlib source package, " shown "${shown}")
  string(APPEND text "\n\n==== ${title} ====\n(${shown})\n\n${body}")
endforeach()
file(WRITE "${OUT}" "${text}")
