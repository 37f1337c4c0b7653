# Sizes past the reference's limits (label "large"), on 2 ranks, checked
# element by element against the formula the source was filled with
# (test_large.c; the reference exits with "out of memory" on all of them,
# so it cannot be the oracle):
#   core  17000 x 17000 double from a 1 x 1 grid to 1 x 2 and back; one
#         2.31 GB message from one process to another, and back; an int
#         array of 2.4e9 elements read and written past element 2^31
#   all   core, and: the same matrix split in place and by rows, a 2.31 GB
#         message strided at the receiver, a 1.16 GB trapezoid, 1 GB
#         messages as MPI datatypes and (BCR_PACK=buffer) packed
# Each test must exit with status 0 and report all its cases run, none
# failed.  -DBCREDIST_LARGE_TESTS=core (default), all or off.  Measured
# here: core about 60 s, all about 4 minutes; at most 6.5 GB resident on
# both ranks together.  Each test runs alone (RUN_SERIAL): two at once could need more
# memory than the machine has.
#   bash scripts/run-tests.sh -L large
set(BCREDIST_LARGE_TESTS core CACHE STRING "Large-size tests: core, all or off")
set_property(CACHE BCREDIST_LARGE_TESTS PROPERTY STRINGS core all off)

bcr_add_test_program(bcr_test_large ${CMAKE_CURRENT_SOURCE_DIR}/test_large.c)
include(${CMAKE_CURRENT_SOURCE_DIR}/expect.cmake)

# test name | cases | environment (- for none)
set(_bcr_large_core
  "large_scatter_d17k|scatter_d17k|-"
  "large_p2p_d17k|p2p_d17k|-"
  "large_bigidx_i|bigidx_i,bigidx_i_trap|-")
set(_bcr_large_more
  "large_scatter_d17k_inplace|scatter_d17k_inplace|-"
  "large_rowsplit_d17k|rowsplit_d17k|-"
  "large_p2p_d17k_padded|p2p_d17k_padded|-"
  "large_p2p_trap_d17k|p2p_trap_d17k|-"
  "large_dtype_d16k|dtype_d16k|-"
  "large_dtype_d16k_pack_buffer|dtype_d16k|BCR_PACK=buffer")

# ON and OFF are taken as all and off.
string(TOLOWER "${BCREDIST_LARGE_TESTS}" _bcr_large_set)
set(_bcr_large_tests)
if(_bcr_large_set MATCHES "^(core|all|on)$")
  list(APPEND _bcr_large_tests ${_bcr_large_core})
endif()
if(_bcr_large_set MATCHES "^(all|on)$")
  list(APPEND _bcr_large_tests ${_bcr_large_more})
endif()
foreach(_t ${_bcr_large_tests})
  string(REPLACE "|" ";" _t "${_t}")
  list(GET _t 0 _name)
  list(GET _t 1 _cases)
  list(GET _t 2 _env)
  string(REPLACE "," ";" _cases "${_cases}")
  list(LENGTH _cases _n)
  bcr_add_mpi_expect_test(${_name} 2 TIMEOUT 600 EXPECT "large: ${_n} cases, 0 failed"
    COMMAND $<TARGET_FILE:bcr_test_large> ${_cases} LABELS large)
  set_tests_properties(${_name} PROPERTIES RUN_SERIAL TRUE)
  if(NOT _env STREQUAL "-")
    set_property(TEST ${_name} APPEND PROPERTY ENVIRONMENT "${_env}")
  endif()
endforeach()
