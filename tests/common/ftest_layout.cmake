# bcr_ftest_layout: the layouts and cases the Fortran tests share
# (ftest_layout.f90), one object library for the fortran and dropin groups.
include_guard(GLOBAL)
add_library(bcr_ftest_layout OBJECT ${CMAKE_CURRENT_LIST_DIR}/ftest_layout.f90)
set_target_properties(bcr_ftest_layout PROPERTIES
  Fortran_MODULE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/mod/ftest_layout)
target_include_directories(bcr_ftest_layout INTERFACE ${CMAKE_CURRENT_BINARY_DIR}/mod/ftest_layout)
