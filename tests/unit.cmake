# Unit tests: 1-D index math and run lists (no MPI at run time).
bcr_add_test_program(bcr_test_index1d ${CMAKE_CURRENT_SOURCE_DIR}/test_index1d.c
  ${CMAKE_CURRENT_SOURCE_DIR}/unit_check.c)
add_test(NAME bcr_index1d COMMAND bcr_test_index1d)
set_tests_properties(bcr_index1d PROPERTIES TIMEOUT 300 LABELS "unit")
