# bcr_add_mpi_expect_test(name nprocs TIMEOUT seconds EXPECT regex
#                         COMMAND exe args... [LABELS label...])
# runs `mpiexec -n nprocs --oversubscribe exe args...` through
# expect_check.cmake, which fails the test unless the program exits with
# status 0 and its standard output matches EXPECT.  (A
# PASS_REGULAR_EXPRESSION alone makes CTest ignore the exit status, so a
# program that prints its summary and then crashes would pass.)  The
# script's time limit is TIMEOUT, so that it, not CTest, ends the MPI job;
# the test's own is 30 s longer.
include_guard(GLOBAL)

function(bcr_add_mpi_expect_test name nprocs)
  cmake_parse_arguments(T "" "TIMEOUT;EXPECT" "COMMAND;LABELS" ${ARGN})
  if(NOT T_TIMEOUT OR NOT T_EXPECT OR NOT T_COMMAND)
    message(FATAL_ERROR "bcr_add_mpi_expect_test(${name}): TIMEOUT, EXPECT and COMMAND are required")
  endif()
  math(EXPR _limit "${T_TIMEOUT} * ${BCR_TIMEOUT_FACTOR}")
  add_test(NAME ${name}
    COMMAND ${CMAKE_COMMAND} "-DEXPECT=${T_EXPECT}" -DTIMEOUT=${_limit}
            -P ${CMAKE_CURRENT_SOURCE_DIR}/expect_check.cmake
            -- ${BCR_MPIEXEC} -n ${nprocs} --oversubscribe ${T_COMMAND})
  math(EXPR _outer "${T_TIMEOUT} + 30")
  bcr_test_timeout(${_outer} ${name})
  set_tests_properties(${name} PROPERTIES
    PROCESSORS 1
    ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1")
  if(T_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}")
  endif()
endfunction()
