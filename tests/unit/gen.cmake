# Unit tests: every run-list generator against the general one and brute
# force, and the dispatcher's choice (no MPI at run time).
bcr_add_test_program(bcr_test_gen ${CMAKE_CURRENT_LIST_DIR}/test_gen.c
  ${BCR_TESTS_COMMON}/unit_check.c)
add_test(NAME bcr_gen COMMAND bcr_test_gen)
set_tests_properties(bcr_gen PROPERTIES LABELS "unit")
bcr_test_timeout(300 bcr_gen)
bcr_fast_unwind(bcr_gen)
