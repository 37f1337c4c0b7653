# Plans between layouts (bcr_plan_create_layouts): descriptor, blocks and
# linear (slant-line) layouts in every pairing, 1 to 8 ranks, against the
# element-wise oracle of tests/test_layouts.c (every byte of every local
# array; the linear layout by sorting every element by its line) and, for
# two descriptors, ScaLAPACK's Cp?gemr2d; bad layouts refused on every
# process.  Label layout.
bcr_add_test_program(bcr_test_layouts ${CMAKE_CURRENT_SOURCE_DIR}/test_layouts.c)

# 10,000 random configurations over the eight sweeps.
foreach(_case 1:1500 2:1500 3:1500 4:1500 5:1000 6:1000 7:1000 8:1000)
  string(REPLACE ":" ";" _pc ${_case})
  list(GET _pc 0 _np)
  list(GET _pc 1 _count)
  bcr_sweep_count(_n ${_count})
  bcr_add_mpi_test(layouts_np${_np} ${_np} TIMEOUT 400
    COMMAND $<TARGET_FILE:bcr_test_layouts> sweep --seed ${_np} --count ${_n}
    LABELS layout)
endforeach()
foreach(_np 1 3 4)
  bcr_add_mpi_test(layouts_errors_np${_np} ${_np} TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_test_layouts> errors LABELS layout)
endforeach()
