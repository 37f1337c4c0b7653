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
# ScaLAPACK's bytes (test_failsafe_agreed.c).  Mode remap: allocation
# failures inside a remap's planning, which is collective, agreed the same
# way.
bcr_add_test_program(bcr_test_failsafe_agreed ${CMAKE_CURRENT_LIST_DIR}/test_failsafe_agreed.c
  ${BCR_TESTS_COMMON}/freeing.c)
foreach(_mode ge tr plan plan_comm repeat remap)
  bcr_add_mpi_test(failsafe_${_mode}_np4 4 TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_test_failsafe_agreed> ${_mode} LABELS failsafe)
  set_property(TEST failsafe_${_mode}_np4 APPEND PROPERTY ENVIRONMENT
    "BCR_TEST_TIME_FACTOR=${BCR_TIMEOUT_FACTOR}")
endforeach()

# Failures the processes cannot agree on end the job: MPI_Abort, with a
# message naming the routine, the process and the cause.  The program
# (test_failsafe_abort.c) makes the situation; failsafe_check.cmake checks
# the job's end: status 1, each process's messages, and how long it took
# (at most LIMIT seconds; at least MIN_SECONDS where a process must first
# wait BCR_TIMEOUT).
# This folder, for the function below (a function sees its caller's list
# dir).
set(_bcr_failsafe_src ${CMAKE_CURRENT_LIST_DIR})

# bcr_add_failsafe_abort_test(name exe mode LIMIT s [MIN_SECONDS s]
#                             [ENV VAR=value,...] [TRACE regex]
#                             [EXPECT VAR regex ...])
# EXPECT names failsafe_check.cmake's variables (STDERR_<r>, STDERR_ANY,
# OUT_<r>) and their regular expressions, in pairs.
function(bcr_add_failsafe_abort_test name exe mode)
  cmake_parse_arguments(T "" "LIMIT;MIN_SECONDS;ENV;TRACE" "EXPECT" ${ARGN})
  set(_defs)
  set(_expect ${T_EXPECT})
  while(_expect)
    list(POP_FRONT _expect _var _regex)
    list(APPEND _defs "-D${_var}=${_regex}")
  endwhile()
  foreach(_opt MIN_SECONDS ENV TRACE)
    if(DEFINED T_${_opt})
      list(APPEND _defs "-D${_opt}=${T_${_opt}}")
    endif()
  endforeach()
  add_test(NAME ${name}
    COMMAND ${CMAKE_COMMAND} ${BCR_MPI_SCRIPT_ARGS} -DNP=4 -DEXE=$<TARGET_FILE:${exe}>
            -DMODE=${mode} -DOUTDIR=${CMAKE_CURRENT_BINARY_DIR}/failsafe/${name}
            -DLIMIT=${T_LIMIT} -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR} ${_defs}
            -P ${_bcr_failsafe_src}/failsafe_check.cmake)
  # The script's limit, its margin for a job that does not end, and more.
  math(EXPR _outer "${T_LIMIT} + 120")
  bcr_test_timeout(${_outer} ${name})
  set_tests_properties(${name} PROPERTIES LABELS failsafe PROCESSORS 1)
endfunction()

bcr_add_test_program(bcr_test_failsafe_abort ${CMAKE_CURRENT_LIST_DIR}/test_failsafe_abort.c
  ${BCR_TESTS_COMMON}/freeing.c)

# An invalid ictxt on one process only: rank 3 passes 12345 and gets its
# argument error at once; the others wait for it, in the communicator
# duplicate on a fresh context and in the agreement on a used one, until
# BCR_TIMEOUT (3 s), and abort the job saying what they waited for.  (A
# message on giving up a wait ends so; the regular expressions hold no
# semicolon, which would split them.)
set(_aborting "\\(BCR_TIMEOUT\\)[^\n]*aborting the job")
set(_waited "bcredist: bcr_pdgemr2d: process [0-2] of MPI_COMM_WORLD: waited 3 s for")
set(_bad_ictxt "bcr_pdgemr2d: argument 11 \\(ictxt\\): ictxt = 12345 is not a BLACS context")
bcr_add_failsafe_abort_test(failsafe_ictxt_fresh_np4 bcr_test_failsafe_abort ictxt-fresh
  LIMIT 60 MIN_SECONDS 3 ENV BCR_TIMEOUT=3
  EXPECT STDERR_3 "${_bad_ictxt}"
         OUT_3 "rank 3: returned in [0-9.]+ s, error 1:"
         STDERR_ANY "${_waited} the other processes to duplicate a communicator ${_aborting}")
bcr_add_failsafe_abort_test(failsafe_ictxt_used_np4 bcr_test_failsafe_abort ictxt-used
  LIMIT 60 MIN_SECONDS 3 ENV BCR_TIMEOUT=3
  EXPECT STDERR_3 "${_bad_ictxt}"
         OUT_3 "rank 3: returned in [0-9.]+ s, error 1:"
         STDERR_ANY "${_waited} the other processes of ictxt to join the call ${_aborting}")

# An MPI error in the middle of an exchange (BCR_FAIL=exchange@0, set by
# the program before its second call), BCR_TIMEOUT unset (600 s): process
# 0 aborts the job at once, saying so, while the others wait for its parts
# on shared counters (BCR_SHM=all) or in MPI receives (BCR_SHM=off); the
# trace shows which.
set(_exchange "bcredist: bcr_pdgemr2d: process 0 of MPI_COMM_WORLD: ")
string(APPEND _exchange "an MPI call failed while exchanging data[^\n]*aborting the job")
set(_only_shm ", transport shm,[^\n]* mpi messages 0 in place 0 datatypes 0 packed")
bcr_add_failsafe_abort_test(failsafe_exchange_shm_np4 bcr_test_failsafe_abort exchange
  LIMIT 60 ENV BCR_SHM=all TRACE "${_only_shm}"
  EXPECT STDERR_0 "${_exchange}")
# A segment's head naming a part outside the segment (BCR_FAIL=shm_offset@0,
# process 0 publishing every part at its segment's end): its readers end
# the job, saying so, rather than read what lies past their mapping.
set(_offset "bcredist: bcr_pdgemr2d: process [1-3] of MPI_COMM_WORLD: process 0 of the ")
string(APPEND _offset "call's communicator names a part of [0-9]+ bytes at [0-9]+ bytes into its ")
string(APPEND _offset "[0-9]+-byte shared segment: not a segment of bcredist's")
bcr_add_failsafe_abort_test(failsafe_shm_offset_np4 bcr_test_failsafe_abort shm-offset
  LIMIT 60 ENV BCR_SHM=all TRACE "${_only_shm}"
  EXPECT STDERR_ANY "${_offset}")
bcr_add_failsafe_abort_test(failsafe_exchange_mpi_np4 bcr_test_failsafe_abort exchange
  LIMIT 60 ENV BCR_SHM=off TRACE ", transport mpi,"
  EXPECT STDERR_0 "${_exchange}")

# A partner that stops in the middle of a shared-memory exchange without
# failing or aborting: BCR_FAIL cannot make one, so this program wraps the
# library's bcr_counter_bump (-Wl,--wrap, which reaches the calls between
# the static library's objects) and process 0 stops itself (SIGSTOP) just
# before it publishes its first part of the second call.  The others wait
# on its shared counters until BCR_TIMEOUT (3 s) and abort the job.  Were
# the symbol renamed, the wrapper would never run, process 0 never stop,
# and the test fail (status 0, no "stops" line).
bcr_add_test_program(bcr_test_failsafe_stop ${CMAKE_CURRENT_LIST_DIR}/test_failsafe_abort.c
  ${BCR_TESTS_COMMON}/freeing.c)
target_compile_definitions(bcr_test_failsafe_stop PRIVATE FS_STOP_IN_SHM)
target_link_options(bcr_test_failsafe_stop PRIVATE -Wl,--wrap=bcr_counter_bump
  -Wl,--wrap=MPI_Isend)
set(_node "process [1-3] of MPI_COMM_WORLD: waited 3 s for a process of this node to publish")
string(APPEND _node " or read a part in shared memory ${_aborting}")
bcr_add_failsafe_abort_test(failsafe_stop_shm_np4 bcr_test_failsafe_stop stop
  LIMIT 60 MIN_SECONDS 3 ENV BCR_TIMEOUT=3,BCR_SHM=all
  TRACE "${_only_shm}"
  EXPECT OUT_0 "rank 0: stops \\(SIGSTOP\\) before its first counter bump of the call"
         STDERR_ANY "bcredist: bcr_pdgemr2d: ${_node}")
# The same where waits poll instead of sleeping on a futex (the path of
# systems without one).
bcr_add_failsafe_abort_test(failsafe_stop_shm_poll_np4 bcr_test_failsafe_stop stop
  LIMIT 60 MIN_SECONDS 3 ENV BCR_TIMEOUT=3,BCR_SHM=all,BCR_SHM_WAIT=poll
  TRACE "${_only_shm}"
  EXPECT OUT_0 "rank 0: stops \\(SIGSTOP\\) before its first counter bump of the call"
         STDERR_ANY "bcredist: bcr_pdgemr2d: ${_node}")

# A partner that stops in the middle of an exchange through MPI alone
# (BCR_SHM=off): the same program wraps MPI_Isend, and process 0 stops
# just before its first send of the second call (stop-mpi), or of a plan's
# second run (stop-plan, whose others wait in bcr_plan_wait on the only
# plan in flight).  The others wait for its messages until BCR_TIMEOUT and
# abort the job.
set(_message "process [1-3] of MPI_COMM_WORLD: waited 3 s for a partner's message")
bcr_add_failsafe_abort_test(failsafe_stop_mpi_np4 bcr_test_failsafe_stop stop-mpi
  LIMIT 60 MIN_SECONDS 3 ENV BCR_TIMEOUT=3,BCR_SHM=off
  EXPECT OUT_0 "rank 0: stops \\(SIGSTOP\\) before its first MPI_Isend of the call"
         STDERR_ANY "bcredist: bcr_pdgemr2d: ${_message} ${_aborting}")
bcr_add_failsafe_abort_test(failsafe_stop_plan_np4 bcr_test_failsafe_stop stop-plan
  LIMIT 60 MIN_SECONDS 3 ENV BCR_TIMEOUT=3,BCR_SHM=off
  EXPECT OUT_0 "rank 0: stops \\(SIGSTOP\\) before its first MPI_Isend of the call"
         STDERR_ANY "bcredist: bcr_plan_wait: ${_message} ${_aborting}")
