# The source tree by stage: every file of src/ in a stage folder, every
# use (an #include, or a symbol one object takes from another) going down
# the stage order, and no two units using each other in a loop
# (tests/unit/layers.sh).
add_test(NAME layers
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/layers.sh ${PROJECT_SOURCE_DIR}/src
          "$<TARGET_OBJECTS:bcredist_obj>")
set_tests_properties(layers PROPERTIES LABELS unit)
bcr_test_timeout(60 layers)
