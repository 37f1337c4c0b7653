# cmake -P script for the test generated_bindings (generated.cmake): every
# file cmake/generate_bindings.cmake writes from the type list must be the
# checked-in file under SOURCE_DIR, byte for byte.
#
# Variables: SOURCE_DIR (the source tree), SCRATCH (emptied, then the
# generator's output).
foreach(v SOURCE_DIR SCRATCH)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "generated_check.cmake: ${v} is not set")
  endif()
endforeach()

file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -DOUT_DIR=${SCRATCH} -P ${SOURCE_DIR}/cmake/generate_bindings.cmake
  RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rv EQUAL 0)
  message(FATAL_ERROR "the generator failed (exit ${rv})\n${out}${err}")
endif()

file(GLOB_RECURSE files LIST_DIRECTORIES false RELATIVE "${SCRATCH}" "${SCRATCH}/*")
if(NOT files)
  message(FATAL_ERROR "the generator wrote nothing into ${SCRATCH}")
endif()
set(differ "")
foreach(f IN LISTS files)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${SCRATCH}/${f}" "${SOURCE_DIR}/${f}"
    RESULT_VARIABLE same OUTPUT_QUIET ERROR_QUIET)
  if(same EQUAL 0)
    message(STATUS "${f}: as generated")
  else()
    message(STATUS "${f}: DIFFERS from what the type list produces (${SCRATCH}/${f})")
    list(APPEND differ ${f})
  endif()
endforeach()
if(differ)
  list(JOIN differ ", " differ)
  message(FATAL_ERROR "checked in but not as generated: ${differ}.  Regenerate with "
    "`cmake -P cmake/generate_bindings.cmake` (or the build's target bcr_generate) "
    "and commit the result; never edit these files by hand.")
endif()
