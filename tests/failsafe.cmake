# No process waits forever for one that failed (label "failsafe";
# src/base/failsafe.h): a failure on one process, injected with
# BCR_FAIL=point@rank, ends the call on every process, with the same clear
# error where the processes can still agree, else with MPI_Abort and a
# message naming the cause.  Each test's time limit is far above what it
# takes (seconds); the programs and the check script also assert how long
# the failing call or the job took, so a wait that only the limit would
# end fails in its own words.

# Failures before the agreement: every process returns BCR_ERR_NOMEM with
# the same message, B untouched; the same call without the fault then gives
# ScaLAPACK's bytes (test_failsafe_agreed.c).
bcr_add_test_program(bcr_test_failsafe_agreed ${CMAKE_CURRENT_SOURCE_DIR}/test_failsafe_agreed.c
  ${CMAKE_CURRENT_SOURCE_DIR}/freeing.c)
foreach(_mode ge tr plan plan_comm)
  bcr_add_mpi_test(failsafe_${_mode}_np4 4 TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_test_failsafe_agreed> ${_mode} LABELS failsafe)
  set_property(TEST failsafe_${_mode}_np4 APPEND PROPERTY ENVIRONMENT
    "BCR_TEST_TIME_FACTOR=${BCR_TIMEOUT_FACTOR}")
endforeach()
