# Plans between layouts (bcr_plan_create_layouts): descriptor, blocks and
# linear (slant-line) layouts in every pairing, 1 to 8 ranks, against the
# element-wise oracle of tests/layout/test_layouts.c (every byte of every local
# array; the linear layout by sorting every element by its line) and, for
# two descriptors, ScaLAPACK's Cp?gemr2d; bad layouts refused on every
# process.  Label layout.
bcr_add_test_program(bcr_test_layouts ${CMAKE_CURRENT_LIST_DIR}/test_layouts.c)

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
# Every message in chunks of about 1 KiB (BCR_FAIL=small_chunks@all,
# base/post_chunks.h): element plans' parts, remap requests and
# exchanges' packed messages of several chunks, with chunks that cut
# elements; the same oracle.  Sweeps of their own seeds, and sweeps of
# remaps alone (--remaps).
foreach(_case 2:2000:sweep 3:2000:sweep 5:1000:sweep 2:1000:remap 4:1000:remap 7:500:remap)
  string(REPLACE ":" ";" _pc ${_case})
  list(GET _pc 0 _np)
  list(GET _pc 1 _count)
  list(GET _pc 2 _kind)
  bcr_sweep_count(_n ${_count})
  if(_kind STREQUAL "remap")
    set(_name layouts_remap_small_chunks_np${_np})
    set(_extra --remaps)
  else()
    set(_name layouts_small_chunks_np${_np})
    set(_extra)
  endif()
  math(EXPR _seed "100 + ${_np}")
  bcr_add_mpi_test(${_name} ${_np} TIMEOUT 300
    COMMAND $<TARGET_FILE:bcr_test_layouts> sweep --seed ${_seed} --count ${_n} ${_extra}
    LABELS layout)
  set_property(TEST ${_name} APPEND PROPERTY ENVIRONMENT "BCR_FAIL=small_chunks@all")
endforeach()
foreach(_np 1 3 4)
  bcr_add_mpi_test(layouts_errors_np${_np} ${_np} TIMEOUT 120
    COMMAND $<TARGET_FILE:bcr_test_layouts> errors LABELS layout)
endforeach()
