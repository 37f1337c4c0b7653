# Unit tests: 1-D index math and run lists (no MPI at run time).
bcr_add_test_program(bcr_test_index1d ${CMAKE_CURRENT_SOURCE_DIR}/test_index1d.c
  ${CMAKE_CURRENT_SOURCE_DIR}/unit_check.c)
# Under the sanitizer the run lists are built for one offset of A's axis in
# 4 per axis pair (--stride 4: every axis pair, length, process and offset
# pair is still met, every list built gets every check; the scalar
# functions are checked in full).
if(BCREDIST_SANITIZE)
  add_test(NAME bcr_index1d COMMAND bcr_test_index1d --stride 4)
else()
  add_test(NAME bcr_index1d COMMAND bcr_test_index1d)
endif()
set_tests_properties(bcr_index1d PROPERTIES LABELS "unit")
bcr_test_timeout(300 bcr_index1d)
bcr_fast_unwind(bcr_index1d)
