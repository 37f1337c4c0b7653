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
# In the core set the messages of over 1 GiB run twice, once with
# BCR_SHM=off (through MPI, which takes them in chunks of 1 GiB,
# src/exec/run_exchange.c) and once with BCR_SHM=all (through shared
# segments, src/exec/shm.c), BCR_TRACE=1
# proving which (expect.cmake): every call's trace line must name the
# transport, and the largest message must appear, sent and received.  The
# shm tests are skipped where /dev/shm has less than four times that
# message free.  The two datatype tests run with BCR_SHM=off, so that their
# 1 GB messages really go through MPI as datatypes, or packed; the other
# tests leave BCR_SHM as the environment has it (unset: shared segments
# wherever there is room).
# Each test must exit with status 0 and report all its cases run, none
# failed.  -DBCREDIST_LARGE_TESTS=core (default), all or off.  Measured
# here: core 95 s (146 s beside another build), all about 4 minutes more;
# at most 6.5 GB resident on both ranks together, except
# large_p2p_d17k_shm: 9.3 GB, half of it shared windows.  Each test runs
# alone (RUN_SERIAL): two at once could need more memory than the machine
# has.
#   bash scripts/run-tests.sh -L large
set(BCREDIST_LARGE_TESTS core CACHE STRING "Large-size tests: core, all or off")
set_property(CACHE BCREDIST_LARGE_TESTS PROPERTY STRINGS core all off)

bcr_add_test_program(bcr_test_large ${CMAKE_CURRENT_LIST_DIR}/test_large.c)
include(${BCR_TESTS_COMMON}/expect.cmake)

# test name | cases | transport: mpi, shm or - (BCR_SHM left alone) | the
# largest message in bytes, for mpi and shm | environment, settings
# separated by commas (- for none)
set(_bcr_large_core
  "large_scatter_d17k_mpi|scatter_d17k|mpi|1154368000|-"
  "large_scatter_d17k_shm|scatter_d17k|shm|1154368000|-"
  "large_p2p_d17k_mpi|p2p_d17k|mpi|2312000000|-"
  "large_p2p_d17k_shm|p2p_d17k|shm|2312000000|-"
  "large_bigidx_i|bigidx_i,bigidx_i_trap|-|-|-")
set(_bcr_large_more
  "large_scatter_d17k_inplace|scatter_d17k_inplace|-|-|-"
  "large_rowsplit_d17k|rowsplit_d17k|-|-|-"
  "large_p2p_d17k_padded|p2p_d17k_padded|-|-|-"
  "large_p2p_trap_d17k|p2p_trap_d17k|-|-|-"
  "large_dtype_d16k|dtype_d16k|-|-|BCR_SHM=off"
  "large_dtype_d16k_pack_buffer|dtype_d16k|-|-|BCR_SHM=off,BCR_PACK=buffer")

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
  list(GET _t 2 _transport)
  list(GET _t 3 _message)
  list(GET _t 4 _env)
  string(REPLACE "," ";" _cases "${_cases}")
  list(LENGTH _cases _n)
  set(_pin)
  if(NOT _transport STREQUAL "-")
    set(_pin TRANSPORT ${_transport} MESSAGE ${_message})
  endif()
  # An mpi test is there for the chunks: its message must exceed one.
  if(_transport STREQUAL "mpi" AND NOT _message GREATER 1073741824)
    message(FATAL_ERROR "${_name}: a ${_message}-byte message goes through MPI in one piece")
  endif()
  bcr_add_mpi_expect_test(${_name} 2 TIMEOUT 600 EXPECT "large: ${_n} cases, 0 failed"
    ${_pin} COMMAND $<TARGET_FILE:bcr_test_large> ${_cases} LABELS large)
  set_tests_properties(${_name} PROPERTIES RUN_SERIAL TRUE)
  if(NOT _env STREQUAL "-")
    string(REPLACE "," ";" _env "${_env}")
    set_property(TEST ${_name} APPEND PROPERTY ENVIRONMENT ${_env})
  endif()
endforeach()
