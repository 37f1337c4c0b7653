# A cap on a call's extra memory (BCR_MAX_BYTES, src/api/rounds.h).
#
# capped_pieces: how a call is cut into rounds, element by element against
# the reference's rule, and the size of a round against layouts dealt out
# by hand (no MPI).
bcr_add_test_program(bcr_test_capped_pieces ${CMAKE_CURRENT_SOURCE_DIR}/capped_pieces.c
  ${CMAKE_CURRENT_SOURCE_DIR}/unit_check.c)
add_test(NAME capped_pieces COMMAND bcr_test_capped_pieces)
set_tests_properties(capped_pieces PROPERTIES LABELS "unit;capped")
bcr_test_timeout(120 capped_pieces)
bcr_fast_unwind(capped_pieces)

