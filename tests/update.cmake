# bcr_p?tran, bcr_p?tranu, bcr_p?tranc and bcr_p?geadd (label "update"):
#
# bcr_test_update pblas --seed S --count N   A and C on one grid, against
#     PBLAS's p?tran / p?tranu / p?tranc / p?geadd and the element-wise
#     formula, byte for byte (exact data: small integers, halves);
# ... pblas --real                            fractions: within one ulp of
#     the terms (two for complex types), the exact matches counted;
# bcr_test_update grids --seed S --count N   A and C on two grids over
#     subsets of the ranks, ictxt their union, against Cp?gemr2d followed
#     by a local transpose and update, and against the formula;
#     with --plan or --split, through an update plan;
# bcr_test_update errors                     every class of bad input.
# Any configuration of a sweep runs alone with --first I --count 1.
bcr_add_test_program(bcr_test_update
  ${CMAKE_CURRENT_SOURCE_DIR}/test_update.c
  ${CMAKE_CURRENT_SOURCE_DIR}/update_pool.c
  ${CMAKE_CURRENT_SOURCE_DIR}/update_config.c
  ${CMAKE_CURRENT_SOURCE_DIR}/update_data.c
  ${CMAKE_CURRENT_SOURCE_DIR}/update_calls.c
  ${CMAKE_CURRENT_SOURCE_DIR}/update_errors.c
  ${CMAKE_CURRENT_SOURCE_DIR}/mpi_check.c)

# bcr_update_sweep(name mode np seed count [--real]): test
# update_<name>_np<np>, count configurations (bcr_sweep_count of it).
function(bcr_update_sweep name mode np seed count)
  bcr_sweep_count(_count ${count})
  bcr_add_mpi_test(update_${name}_np${np} ${np} TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_test_update> ${mode} --seed ${seed} --count ${_count} ${ARGN}
    LABELS update)
endfunction()

# More configurations where ranks are cheap: 8 oversubscribed ranks on 2
# cores are slow, the grids mode slower (it makes 20 contexts per 100
# configurations and runs gemr2d too).
foreach(_s "1;1101;4000" "2;1202;3000" "3;1303;3000" "4;1404;3000" "6;1606;2000"
           "8;1808;1500")
  list(GET _s 0 _np)
  list(GET _s 1 _seed)
  list(GET _s 2 _count)
  bcr_update_sweep(pblas pblas ${_np} ${_seed} ${_count})
endforeach()
foreach(_s "2;2202;2000" "5;2505;1500")
  list(GET _s 0 _np)
  list(GET _s 1 _seed)
  list(GET _s 2 _count)
  bcr_update_sweep(pblas_real pblas ${_np} ${_seed} ${_count} --real)
endforeach()
foreach(_s "2;3202;3000" "3;3303;2000" "4;3404;2000" "5;3505;1500" "6;3606;1200"
           "7;3707;800" "8;3808;800")
  list(GET _s 0 _np)
  list(GET _s 1 _seed)
  list(GET _s 2 _count)
  bcr_update_sweep(grids grids ${_np} ${_seed} ${_count})
endforeach()

# The same through the plan API: executed, and split (start, test, wait).
foreach(_s "3;4303;600;plan" "5;4505;400;plan" "4;4404;600;split" "6;4606;300;split")
  list(GET _s 0 _np)
  list(GET _s 1 _seed)
  list(GET _s 2 _count)
  list(GET _s 3 _via)
  bcr_update_sweep(grids_${_via} grids ${_np} ${_seed} ${_count} --${_via})
endforeach()

foreach(np 3 4)
  bcr_add_mpi_test(update_errors_np${np} ${np} TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_test_update> errors LABELS "update;errors")
endforeach()
