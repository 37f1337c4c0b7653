# Unit test: the linear (slant-line) distribution, src/layout/linear.h,
# against brute force (no MPI at run time).
bcr_add_test_program(bcr_test_linear ${CMAKE_CURRENT_LIST_DIR}/test_linear.c
  ${BCR_TESTS_COMMON}/unit_check.c)
# Under the sanitizer, every other pair of sizes (--quick: all coefficient
# pairs and process counts, each size still met).
if(BCREDIST_SANITIZE)
  add_test(NAME bcr_linear COMMAND bcr_test_linear --quick)
else()
  add_test(NAME bcr_linear COMMAND bcr_test_linear)
endif()
set_tests_properties(bcr_linear PROPERTIES LABELS "layout")
bcr_test_timeout(300 bcr_linear)
bcr_fast_unwind(bcr_linear)
