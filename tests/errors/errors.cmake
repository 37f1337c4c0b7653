# Error handling: every class of bad input, at 4 and at 3 ranks, and the
# abort / return error modes.
bcr_add_test_program(bcr_test_errors ${CMAKE_CURRENT_LIST_DIR}/test_errors.c
  ${BCR_TESTS_COMMON}/mpi_check.c)

foreach(np 4 3)
  bcr_add_mpi_test(bcr_errors_np${np} ${np} TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_test_errors> LABELS errors)
endforeach()

# Abort modes: the run must end in MPI_Abort, so a non-zero exit is a pass.
# bcr_add_mpi_test sets ENVIRONMENT, so append to it.
bcr_add_mpi_test(bcr_errors_abort_env 2 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_errors> abort-env LABELS errors)
set_property(TEST bcr_errors_abort_env APPEND PROPERTY ENVIRONMENT "BCR_ON_ERROR=abort")
set_property(TEST bcr_errors_abort_env PROPERTY WILL_FAIL TRUE)

bcr_add_mpi_test(bcr_errors_abort_api 2 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_errors> abort-api LABELS errors)
set_property(TEST bcr_errors_abort_api PROPERTY WILL_FAIL TRUE)

# The other way round: these must return normally.
bcr_add_mpi_test(bcr_errors_return_api 2 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_errors> return-api LABELS errors)
set_property(TEST bcr_errors_return_api APPEND PROPERTY ENVIRONMENT "BCR_ON_ERROR=abort")
bcr_add_mpi_test(bcr_errors_return_env 2 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_errors> return-env LABELS errors)
set_property(TEST bcr_errors_return_env APPEND PROPERTY ENVIRONMENT "BCR_ON_ERROR=return")

# WILL_FAIL passes on any non-zero exit, a crash included.  This test makes
# sure the abort was MPI_Abort after the error line was printed.
set(_bcr_abort_script ${CMAKE_CURRENT_BINARY_DIR}/errors_abort_check.cmake)
file(WRITE ${_bcr_abort_script} [=[
include(${MPI_LAUNCH})
foreach(mode abort-env abort-api)
  if(mode STREQUAL "abort-env")
    set(ENV{BCR_ON_ERROR} abort)
  else()
    unset(ENV{BCR_ON_ERROR})
  endif()
  math(EXPR limit "100 * ${TIMEOUT_FACTOR}")
  # Each process's output from its own files: MPI_Abort may end the job
  # before the launcher has forwarded it.
  file(REMOVE_RECURSE ${OUTDIR}/${mode})
  bcr_mpi_output_files(output_args ${OUTDIR}/${mode} 2)
  execute_process(COMMAND ${MPIEXEC} -n 2 ${MPIEXEC_PREFLAGS} ${output_args} ${EXE} ${mode}
    RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT ${limit})
  set(all "${out}${err}")
  file(GLOB_RECURSE files ${OUTDIR}/${mode}/*)
  foreach(f IN LISTS files)
    file(READ ${f} text)
    string(APPEND all "${text}")
  endforeach()
  message(STATUS "${mode}: exit ${rv}\n${all}")
  if(rv EQUAL 0)
    message(FATAL_ERROR "${mode}: exited 0, expected MPI_Abort")
  endif()
  if(NOT all MATCHES "bcr_pdgemr2d: argument 1 \\(m\\): m = -1, must be >= 0")
    message(FATAL_ERROR "${mode}: the error line was not printed")
  endif()
  # The launchers' banners for MPI_Abort are not reliable when several
  # ranks abort at once, so rule out a crash instead.
  if(rv GREATER 127 OR all MATCHES "Segmentation fault|exited on signal|core dumped")
    message(FATAL_ERROR "${mode}: the program crashed instead of calling MPI_Abort")
  endif()
  if(all MATCHES "the bad call returned")
    message(FATAL_ERROR "${mode}: the bad call returned")
  endif()
endforeach()
]=])
add_test(NAME bcr_errors_abort_output
  COMMAND ${CMAKE_COMMAND} ${BCR_MPI_SCRIPT_ARGS} -DEXE=$<TARGET_FILE:bcr_test_errors>
          -DOUTDIR=${CMAKE_CURRENT_BINARY_DIR}/errors_abort
          -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR} -P ${_bcr_abort_script})
set_tests_properties(bcr_errors_abort_output PROPERTIES LABELS errors PROCESSORS 1)
bcr_test_timeout(240 bcr_errors_abort_output)
