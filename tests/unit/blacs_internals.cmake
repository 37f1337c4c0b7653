# The library refers to netlib BLACS internals exactly when built to
# (BCREDIST_BLACS_INTERNALS): with the option off, no object of it names a
# BI_* symbol, so it links and runs against a BLACS without them.
if(BCREDIST_BLACS_INTERNALS)
  set(_bcr_internals on)
else()
  set(_bcr_internals off)
endif()
add_test(NAME blacs_internals_${_bcr_internals}
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/blacs_internals.sh ${_bcr_internals}
          "$<TARGET_OBJECTS:bcredist_obj>"
  COMMAND_EXPAND_LISTS)
set_tests_properties(blacs_internals_${_bcr_internals} PROPERTIES LABELS unit)
bcr_test_timeout(60 blacs_internals_${_bcr_internals})
