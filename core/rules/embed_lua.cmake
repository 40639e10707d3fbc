# Makes a Lua file a C++ header: `cmake -DIN=file.lua -DOUT=header.h -DNAME=kName -P embed_lua.cmake`
# writes `constexpr const char kName[]` holding the file's bytes, as a raw string literal, in
# namespace gs. The build runs it whenever the Lua file changes (CMakeLists.txt), so the Lua lives
# in a .lua file that Lua's own tools read, and its line numbers are the file's.
foreach(var IN ITEMS IN OUT NAME)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "embed_lua.cmake: -D${var}=... is missing")
  endif()
endforeach()
file(READ "${IN}" text)
set(delimiter "gs_lua")
string(FIND "${text}" ")${delimiter}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "embed_lua.cmake: ${IN} holds )${delimiter}\", the literal's end")
endif()
get_filename_component(name "${IN}" NAME)
set(content "// Made by core/rules/embed_lua.cmake from core/rules/${name}: edit that file, not this one.\n")
string(APPEND content "#pragma once\n\nnamespace gs {\n\n")
string(APPEND content "constexpr const char ${NAME}[] = R\"${delimiter}(${text})${delimiter}\";\n\n")
string(APPEND content "}  // namespace gs\n")
# Written only when it changes, so that a touch of the Lua file rebuilds nothing else.
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
  if(old STREQUAL content)
    return()
  endif()
endif()
file(WRITE "${OUT}" "${content}")
