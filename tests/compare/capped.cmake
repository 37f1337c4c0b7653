# A cap on a call's extra memory (BCR_MAX_BYTES, src/exec/rounds.h).
#
# capped_pieces: how a call is cut into rounds, element by element against
# the reference's rule, and the size of a round against layouts dealt out
# by hand (no MPI).
bcr_add_test_program(bcr_test_capped_pieces ${CMAKE_CURRENT_LIST_DIR}/capped_pieces.c
  ${BCR_TESTS_COMMON}/unit_check.c)
add_test(NAME capped_pieces COMMAND bcr_test_capped_pieces)
set_tests_properties(capped_pieces PROPERTIES LABELS "unit;capped")
bcr_test_timeout(120 capped_pieces)
bcr_fast_unwind(capped_pieces)


# capped_*_np4: calls under the cap against the reference ScaLAPACK
# (tests/compare/capped_compare.c), and what they hold against the cap:
#   systematic            the cap at one eighth of A, default switches
#                         (calls whose messages need no memory run whole);
#   systematic_shm_all    every message through shared segments;
#   systematic_buffers    no segments, every message packed into buffers;
#   systematic_transposed every message packed and through segments, and
#                         the strategy that holds the most besides;
#                         the last three must cut every call into rounds;
#   random                400 configurations with caps from 2 KiB up, with
#                         the default switches and with every message
#                         packed and through segments;
#   disagree              processes disagreeing on the cap.
bcr_add_test_program(bcr_test_capped ${CMAKE_CURRENT_LIST_DIR}/capped_compare.c
  ${CMAKE_CURRENT_LIST_DIR}/capped_harness.c ${BCR_TESTS_COMMON}/mpi_check.c)
# Every message packed into buffers and through segments.
set(_bcr_packed "BCR_SHM=all,BCR_SHM_MIN=0,BCR_PACK=buffer")
set(_bcr_tr "BCR_STRATEGY=transposed,${_bcr_packed}")
foreach(_variant "systematic;--systematic;"
                 "systematic_shm_all;--systematic,--expect-rounds;BCR_SHM=all,BCR_SHM_MIN=0"
                 "systematic_buffers;--systematic,--expect-rounds;BCR_SHM=off,BCR_PACK=buffer"
                 "systematic_transposed;--systematic,--expect-rounds,--no-uncapped;${_bcr_tr}"
                 "random;--random,4711,400;"
                 "random_buffers;--random,4712,400,--no-uncapped;${_bcr_packed}")
  list(GET _variant 0 _name)
  list(GET _variant 1 _args)
  list(GET _variant 2 _env)
  string(REPLACE "," ";" _args "${_args}")
  string(REPLACE "," ";" _env "${_env}")
  if(_name MATCHES "^random")
    list(GET _args 2 _count)
    bcr_sweep_count(_count ${_count})
    list(REMOVE_AT _args 2)
    list(INSERT _args 2 ${_count})
  endif()
  # Under MPICH messages through MPI are packed by default (BCR_PACK,
  # src/base/options.c): with every message through segments as well, a call
  # holds buffers beside its segments (docs/api.md, "Memory"), which the
  # check without the cap does not allow for, as in random_buffers.
  if(BCR_MPI_FLAVOUR STREQUAL "mpich" AND _name STREQUAL "systematic_shm_all")
    list(APPEND _args --no-uncapped)
  endif()
  bcr_add_mpi_test(capped_${_name}_np4 4 TIMEOUT 300
    COMMAND $<TARGET_FILE:bcr_test_capped> ${_args} LABELS "compare;capped")
  if(_env)
    set_property(TEST capped_${_name}_np4 APPEND PROPERTY ENVIRONMENT "${_env}")
  endif()
endforeach()
bcr_add_mpi_test(capped_disagree_np4 4 TIMEOUT 60
  COMMAND $<TARGET_FILE:bcr_test_capped> --disagree LABELS "errors;capped")
