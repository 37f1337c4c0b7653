# The relabelling of a destination's processes that moves the fewest bytes
# (test_relabel.c): the assignment against a brute force, random layouts
# against an element-by-element count, permuted layouts moving nothing,
# and on 4 processes the plan to the relabelled destination sending
# nothing between processes.
bcr_add_test_program(bcr_test_relabel ${CMAKE_CURRENT_LIST_DIR}/test_relabel.c
  ${BCR_TESTS_COMMON}/test_rng.c)
bcr_add_mpi_test(relabel_np4 4 TIMEOUT 120 COMMAND $<TARGET_FILE:bcr_test_relabel>
  LABELS "relabel;layouts")
