# Both 2-D strategies against the reference, and proof from BCR_TRACE that
# every strategy and every per-dimension generator really ran in a sweep
# that found no mismatch (label "compare").  Random counts are divided
# under the sanitizer (bcr_sweep_count), except the trace sweep's.
bcr_sweep_count(_count 6000)
bcr_add_mpi_test(compare_random_indirect_np4 4 TIMEOUT 300
  COMMAND $<TARGET_FILE:bcr_test_compare> --random 4114 ${_count} LABELS compare)
set_property(TEST compare_random_indirect_np4 APPEND PROPERTY ENVIRONMENT "BCR_STRATEGY=indirect")
bcr_add_mpi_test(compare_systematic_indirect_np6 6 TIMEOUT 300
  COMMAND $<TARGET_FILE:bcr_test_compare> --systematic LABELS compare)
set_property(TEST compare_systematic_indirect_np6 APPEND PROPERTY ENVIRONMENT
  "BCR_STRATEGY=indirect;BCR_SHM=all;BCR_SHM_MIN=0")

# The transposed strategy (the row phase between cache-blocked local
# transposes) through both transports.
bcr_sweep_count(_count 6000)
bcr_add_mpi_test(compare_random_transposed_np4 4 TIMEOUT 300
  COMMAND $<TARGET_FILE:bcr_test_compare> --random 4115 ${_count} LABELS compare)
set_property(TEST compare_random_transposed_np4 APPEND PROPERTY ENVIRONMENT
  "BCR_STRATEGY=transposed")
bcr_add_mpi_test(compare_systematic_transposed_np6 6 TIMEOUT 300
  COMMAND $<TARGET_FILE:bcr_test_compare> --systematic LABELS compare)
set_property(TEST compare_systematic_transposed_np6 APPEND PROPERTY ENVIRONMENT
  "BCR_STRATEGY=transposed;BCR_SHM=all;BCR_SHM_MIN=0")

set(_bcr_trace_script ${CMAKE_CURRENT_BINARY_DIR}/trace_check.cmake)
file(WRITE ${_bcr_trace_script} [=[
include(${MPI_LAUNCH})
set(ENV{BCR_TRACE} 1)
set(ENV{BCR_STRATEGY} ${STRATEGY})
set(ENV{BCR_GENERATOR} auto)
set(ENV{BCR_SHM} all)
set(ENV{BCR_SHM_MIN} 0)
# Small calls write plainly, larger ones with streaming stores.
set(ENV{BCR_STREAM_MIN} 4096)
math(EXPR limit "250 * ${TIMEOUT_FACTOR}")
execute_process(COMMAND ${MPIEXEC} -n 4 ${MPIEXEC_PREFLAGS} ${EXE} --random 4224 2000
  RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT ${limit})
if(NOT rv EQUAL 0 OR NOT out MATCHES "compare: 2000 configurations, 0 mismatches")
  # The trace lines fill stderr; keep what is not one of them.
  string(REGEX REPLACE "bcr_trace: [^\n]*\n" "" other "${err}")
  message(FATAL_ERROR "sweep failed (exit ${rv}):\n${out}\n--- stderr without trace lines\n${other}")
endif()
foreach(what "strategy direct" "strategy ${STRATEGY}" "plan cached" "plan new" "transport shm"
             "pack stores streaming" "pack stores plain" "unpack stores streaming"
             "unpack stores plain" ", pack walk partners" ", pack walk patterns"
             ", pack walk runs" ", pack walk rows" "unpack walk partners" "unpack walk patterns"
             "unpack walk runs" "unpack walk rows" "local copy with pack" "local copy apart"
             "local copy streaming"
             "rows identity" "rows general" "rows kr_to_r" "rows r_to_kr"
             "rows block_to_cyclic" "rows cyclic_to_block"
             "cols identity" "cols general" "cols kr_to_r" "cols r_to_kr"
             "cols block_to_cyclic" "cols cyclic_to_block"
             "pack while agreeing yes" "pack while agreeing no"
             # Trapezoids walk in memory order, clipped column by column: down
             # the runs, streaming, and row by row where runs are short.
             "trmr2d [^\n]*unpack stores streaming, pack walk [a-z+]+, unpack walk runs"
             "trmr2d [^\n]*[ ,]pack walk rows" "trmr2d [^\n]*[ ,]unpack walk rows")
  string(REGEX MATCHALL "bcr_trace: [^\n]*${what}[,\n ]" hits "${err}")
  list(LENGTH hits n)
  message(STATUS "${what}: ${n} process-calls")
  if(n EQUAL 0)
    message(FATAL_ERROR "no call took the path '${what}'")
  endif()
endforeach()
]=])
# Forced indirect or transposed, the sweep still runs direct where the two
# grids differ.
foreach(_strategy indirect transposed)
  set(_name compare_trace_paths)
  if(_strategy STREQUAL transposed)
    set(_name compare_trace_paths_transposed)
  endif()
  add_test(NAME ${_name}
    COMMAND ${CMAKE_COMMAND} ${BCR_MPI_SCRIPT_ARGS} -DEXE=$<TARGET_FILE:bcr_test_compare>
            -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR} -DSTRATEGY=${_strategy} -P ${_bcr_trace_script})
  set_tests_properties(${_name} PROPERTIES LABELS compare PROCESSORS 1)
  bcr_test_timeout(300 ${_name})
endforeach()

# Every dimension through the general generator (the specialised ones are
# checked against it exhaustively in bcr_gen).
bcr_sweep_count(_count 6000)
bcr_add_mpi_test(compare_random_general_np4 4 TIMEOUT 300
  COMMAND $<TARGET_FILE:bcr_test_compare> --random 4334 ${_count} LABELS compare)
set_property(TEST compare_random_general_np4 APPEND PROPERTY ENVIRONMENT "BCR_GENERATOR=general")
