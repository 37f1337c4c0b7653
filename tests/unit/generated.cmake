# The checked-in typed bindings are what the type list makes: the test
# runs cmake/generate_bindings.cmake into a scratch directory of the build
# tree and fails, naming them, if checked-in files differ
# (generated_check.cmake).  Label unit.
add_test(NAME generated_bindings
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
          -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/generated_bindings
          -P ${CMAKE_CURRENT_LIST_DIR}/generated_check.cmake)
set_tests_properties(generated_bindings PROPERTIES LABELS unit)
bcr_test_timeout(60 generated_bindings)
