# cmake -P script for docs_switches_alike (docs.cmake): the switches every
# process of a call must set alike have one source, the list the agreement
# sends (src/base/options.c, bcr_options_agreed_names).  docs/api.md's
# table "Which must be alike" and README.md's switches marked *alike* must
# name exactly those.
#
# Variables: SOURCE_DIR (the repository).
file(READ "${SOURCE_DIR}/src/base/options.c" code)
if(NOT code MATCHES "bcr_options_agreed_names\\[[A-Z_]+\\] = {([^}]*)}")
  message(FATAL_ERROR "no bcr_options_agreed_names in src/base/options.c")
endif()
string(REGEX MATCHALL "BCR_[A-Z_]+" agreed "${CMAKE_MATCH_1}")
list(SORT agreed)

# lines(var file): the file's lines as a list; ';', '[' and ']', which CMake
# lists take for their own, stand as <sc>, <lb> and <rb>.
function(lines var file)
  file(READ "${file}" text)
  string(REPLACE ";" "<sc>" text "${text}")
  string(REPLACE "[" "<lb>" text "${text}")
  string(REPLACE "]" "<rb>" text "${text}")
  string(REPLACE "\n" ";" text "${text}")
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

# docs/api.md: the rows of the table after "**Which must be alike.**", up to
# the first line that is not a table row.
lines(api "${SOURCE_DIR}/docs/api.md")
set(in_section OFF)
set(in_table OFF)
set(api_alike)
foreach(line IN LISTS api)
  if(line MATCHES "^\\*\\*Which must be alike\\.\\*\\*")
    set(in_section ON)
  elseif(in_section AND line MATCHES "^\\|")
    set(in_table ON)
    if(line MATCHES "^\\| `(BCR_[A-Z_]+)` \\|")
      list(APPEND api_alike ${CMAKE_MATCH_1})
    endif()
  elseif(in_table)
    break()
  endif()
endforeach()
list(SORT api_alike)

# README.md: in the switches table, a row whose effect says "*alike*" names
# its switches there ("`BCR_X` and `BCR_Y` *alike*"); "*Alike*" alone means
# every switch of the row's first cell.
lines(readme "${SOURCE_DIR}/README.md")
set(readme_alike)
foreach(line IN LISTS readme)
  if(NOT line MATCHES "^\\| `BCR_" OR NOT line MATCHES "\\*[Aa]like\\*")
    continue()
  endif()
  string(REGEX REPLACE "^\\| ([^|]*)\\|.*\\|([^|]*)\\|$" "\\1;\\2" cells "${line}")
  list(GET cells 0 names)
  list(GET cells 1 effect)
  string(REGEX MATCH "[^.]*\\*[Aa]like\\*" said "${effect}")
  string(REGEX MATCHALL "BCR_[A-Z_]+" named "${said}")
  if(NOT named)
    string(REGEX MATCHALL "BCR_[A-Z_]+" named "${names}")
  endif()
  list(APPEND readme_alike ${named})
endforeach()
list(SORT readme_alike)

message(STATUS "agreed in src/base/options.c: ${agreed}")
message(STATUS "docs/api.md, Which must be alike: ${api_alike}")
message(STATUS "README.md, *alike*: ${readme_alike}")
if(NOT api_alike STREQUAL agreed)
  message(FATAL_ERROR "docs/api.md's table of switches that must be alike differs from the "
    "agreement's list: ${api_alike} against ${agreed}")
endif()
if(NOT readme_alike STREQUAL agreed)
  message(FATAL_ERROR "README.md's switches marked *alike* differ from the agreement's list: "
    "${readme_alike} against ${agreed}")
endif()
