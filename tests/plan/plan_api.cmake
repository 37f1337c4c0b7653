# The plan API (bcr_plan_create / bcr_plan_execute / bcr_plan_destroy):
# empty plans, errors at create and at execute, plans outliving their
# contexts.  Labels plan and errors; every case runs under an alarm (30 s,
# 10 s in the oom tests), so a hang fails the test.
bcr_add_test_program(bcr_test_plan_api ${CMAKE_CURRENT_LIST_DIR}/test_plan_api.c
  ${BCR_TESTS_COMMON}/mpi_check.c)

foreach(np 3 4)
  bcr_add_mpi_test(plan_api_np${np} ${np} TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_test_plan_api> LABELS "plan;errors")
endforeach()

# Processes that pass different valid types to bcr_plan_create must get an
# error (argument 1, type), not plans that exchange messages of different
# sizes.
bcr_add_mpi_test(plan_api_type_disagree_np3 3 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_plan_api> type-disagree LABELS "plan;errors")

# Type characters that do not print must still give a one-line message
# that carries the whole detail.
bcr_add_mpi_test(plan_api_type_unprintable_np3 3 TIMEOUT 120
  COMMAND $<TARGET_FILE:bcr_test_plan_api> type-unprintable LABELS "plan;errors")

# Out of memory on one process: every allocation bcredist makes during
# bcr_plan_create and bcr_plan_execute fails in turn on one process; all
# processes must agree on the outcome and nothing may hang.  The program's
# and the static library's malloc, calloc and realloc are wrapped.
bcr_add_test_program(bcr_test_plan_api_oom ${CMAKE_CURRENT_LIST_DIR}/test_plan_api.c
  ${BCR_TESTS_COMMON}/mpi_check.c)
bcr_oom_wrap(bcr_test_plan_api_oom)
foreach(_stage create execute)
  bcr_add_mpi_test(plan_api_oom_${_stage}_np3 3 TIMEOUT 240
    COMMAND $<TARGET_FILE:bcr_test_plan_api_oom> oom-${_stage} LABELS "plan;errors")
endforeach()
