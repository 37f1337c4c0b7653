# The environment switches: each one changed between two calls changes
# what the second call does (and a switch the plan depends on makes it
# plan anew), and processes that disagree on a switch that must be equal
# everywhere, on the routine or on the type all report it and return.
bcr_add_test_program(bcr_test_switches ${CMAKE_CURRENT_LIST_DIR}/test_switches.c
  ${BCR_TESTS_COMMON}/mpi_check.c)
bcr_add_mpi_test(switches_np4 4 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_switches> LABELS errors)
