# Run by the tests of bcr_add_mpi_expect_test (expect.cmake):
#   cmake -DEXPECT=regex -DTIMEOUT=seconds -P expect_check.cmake -- command...
# runs the command, prints its standard output and error, and fails unless
# it exited with status 0 within TIMEOUT and its standard output matches
# EXPECT.
foreach(v EXPECT TIMEOUT)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "expect_check.cmake: ${v} is not set")
  endif()
endforeach()
set(cmd)
set(after_dashes FALSE)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE ${last})
  if(after_dashes)
    list(APPEND cmd "${CMAKE_ARGV${i}}")
  elseif(CMAKE_ARGV${i} STREQUAL "--")
    set(after_dashes TRUE)
  endif()
endforeach()
if(NOT cmd)
  message(FATAL_ERROR "expect_check.cmake: no command after --")
endif()

execute_process(COMMAND ${cmd} RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err
  TIMEOUT ${TIMEOUT})
message("${out}")
if(err)
  message("--- standard error\n${err}")
endif()
if(NOT rv STREQUAL "0")
  message(FATAL_ERROR "the program did not exit with status 0: ${rv}")
endif()
if(NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "the program's output does not match: ${EXPECT}")
endif()
