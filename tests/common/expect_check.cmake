# Run by the tests of bcr_add_mpi_expect_test (expect.cmake):
#   cmake -DEXPECT=regex -DTIMEOUT=seconds [-DTRANSPORT=mpi|shm -DMESSAGE=bytes
#         [-DSHM_NEED=bytes]] -P expect_check.cmake -- command...
# runs the command, prints its standard output and error, and fails unless
# it exited with status 0 within TIMEOUT and its standard output matches
# EXPECT.  With TRANSPORT the command runs with BCR_TRACE=1; every trace
# line must say "transport TRANSPORT", and one must show a message of
# MESSAGE bytes sent to one partner, one the same received.  With SHM_NEED,
# the command does not run when the shared segments' store has fewer
# bytes free: the script prints "expect_check: skipped:" and the
# reason, which the test's SKIP_REGULAR_EXPRESSION takes as skipped.
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

if(SHM_NEED)
  # Where bcredist's segments live, as src/exec/shm.c reads it.
  set(store /dev/shm)
  if(NOT "$ENV{BCR_SHM_DIR}" STREQUAL "")
    set(store "$ENV{BCR_SHM_DIR}")
  endif()
  execute_process(COMMAND df -P -B1 ${store} RESULT_VARIABLE rv OUTPUT_VARIABLE df_out)
  if(NOT rv EQUAL 0 OR NOT df_out MATCHES "\n[^ ]+ +[0-9]+ +[0-9]+ +([0-9]+)")
    message(FATAL_ERROR "cannot tell the free space of ${store}:\n${df_out}")
  endif()
  set(free ${CMAKE_MATCH_1})
  if(free LESS SHM_NEED)
    message("expect_check: skipped: ${store} has ${free} bytes free, "
            "the shared segments need ${SHM_NEED}")
    return()
  endif()
  message(STATUS "${store}: ${free} bytes free, ${SHM_NEED} needed")
endif()
if(TRANSPORT)
  set(ENV{BCR_TRACE} 1)
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

if(TRANSPORT)
  string(REGEX MATCHALL "bcr_trace: [^\n]*" lines "${err}")
  list(LENGTH lines n)
  if(n EQUAL 0)
    message(FATAL_ERROR "no bcr_trace lines: which transport ran is unknown")
  endif()
  foreach(l IN LISTS lines)
    if(NOT l MATCHES ", transport ${TRANSPORT},")
      message(FATAL_ERROR "a call did not go through ${TRANSPORT}:\n${l}")
    endif()
  endforeach()
  if(NOT err MATCHES "send 1 partners ${MESSAGE} bytes, [^\n]*transport ${TRANSPORT},"
     OR NOT err MATCHES "recv 1 partners ${MESSAGE} bytes, [^\n]*transport ${TRANSPORT},")
    message(FATAL_ERROR "no call sent and received one message of ${MESSAGE} bytes")
  endif()
  message(STATUS "${n} trace lines, every one transport ${TRANSPORT}; "
                 "one message of ${MESSAGE} bytes sent and received")
endif()
