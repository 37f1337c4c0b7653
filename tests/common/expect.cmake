# bcr_add_mpi_expect_test(name nprocs TIMEOUT seconds EXPECT regex
#                         [TRANSPORT mpi|shm MESSAGE bytes]
#                         COMMAND exe args... [LABELS label...])
# runs `mpiexec -n nprocs ${BCR_MPIEXEC_PREFLAGS} exe args...` through
# expect_check.cmake, which fails the test unless the program exits with
# status 0 and its standard output matches EXPECT.  (A
# PASS_REGULAR_EXPRESSION alone makes CTest ignore the exit status, so a
# program that prints its summary and then crashes would pass.)  The
# script's time limit is TIMEOUT, so that it, not CTest, ends the MPI job;
# the test's own is 30 s longer.
#
# TRANSPORT pins how bcredist moves messages between processes of the
# node: mpi runs with BCR_SHM=off, shm with BCR_SHM=all.  The program runs
# with BCR_TRACE=1, and every call's trace line must name that transport,
# and some call must have sent and some received one message of MESSAGE
# bytes, so a call that fell back to the other transport fails the test.
# A shm test is skipped when the shared segments' store (BCR_SHM_DIR, else
# /dev/shm) has less free than bcredist asks before it makes them (twice
# the processes' segments, here nprocs segments of MESSAGE bytes each).
include_guard(GLOBAL)

function(bcr_add_mpi_expect_test name nprocs)
  cmake_parse_arguments(T "" "TIMEOUT;EXPECT;TRANSPORT;MESSAGE" "COMMAND;LABELS" ${ARGN})
  if(NOT T_TIMEOUT OR NOT T_EXPECT OR NOT T_COMMAND)
    message(FATAL_ERROR "bcr_add_mpi_expect_test(${name}): TIMEOUT, EXPECT and COMMAND are required")
  endif()
  set(_env ${BCR_MPI_TEST_ENV})
  set(_pin)
  if(T_TRANSPORT STREQUAL "mpi")
    list(APPEND _env BCR_SHM=off)
  elseif(T_TRANSPORT STREQUAL "shm")
    list(APPEND _env BCR_SHM=all)
    # a segment is rounded up to its own pages: 1 MiB more each is ample
    math(EXPR _need "2 * ${nprocs} * (${T_MESSAGE} + 1048576)")
    list(APPEND _pin -DSHM_NEED=${_need})
  elseif(T_TRANSPORT)
    message(FATAL_ERROR "bcr_add_mpi_expect_test(${name}): TRANSPORT is mpi or shm")
  endif()
  if(T_TRANSPORT)
    if(NOT T_MESSAGE MATCHES "^[1-9][0-9]*$")
      message(FATAL_ERROR "bcr_add_mpi_expect_test(${name}): TRANSPORT needs MESSAGE, in bytes")
    endif()
    list(APPEND _pin -DTRANSPORT=${T_TRANSPORT} -DMESSAGE=${T_MESSAGE})
  endif()
  math(EXPR _limit "${T_TIMEOUT} * ${BCR_TIMEOUT_FACTOR}")
  add_test(NAME ${name}
    COMMAND ${CMAKE_COMMAND} "-DEXPECT=${T_EXPECT}" -DTIMEOUT=${_limit} ${_pin}
            -P ${BCR_TESTS_COMMON}/expect_check.cmake
            -- ${BCR_MPIEXEC} -n ${nprocs} ${BCR_MPIEXEC_PREFLAGS} ${T_COMMAND})
  math(EXPR _outer "${T_TIMEOUT} + 30")
  bcr_test_timeout(${_outer} ${name})
  set_tests_properties(${name} PROPERTIES PROCESSORS 1 ENVIRONMENT "${_env}")
  if(T_TRANSPORT STREQUAL "shm")
    set_tests_properties(${name} PROPERTIES SKIP_REGULAR_EXPRESSION "expect_check: skipped:")
  endif()
  if(T_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}")
  endif()
endfunction()
