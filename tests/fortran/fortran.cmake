# The Fortran module (fortran-bindings/bcredist.f90): a Fortran program that
# calls every routine through `use bcredist` and ScaLAPACK's own p?gemr2d /
# p?trmr2d on the same input, and compares B byte for byte.  It must exit
# with status 0 and print its summary with no mismatch.  Label fortran.
if(TARGET bcredist_fortran)
  find_package(MPI REQUIRED COMPONENTS Fortran)
  # Layouts and cases shared by the Fortran tests (also dropin.cmake).
  include(${BCR_TESTS_COMMON}/ftest_layout.cmake)
  add_executable(bcr_test_fortran_module ${CMAKE_CURRENT_LIST_DIR}/fortran_module_test.f90)
  # Preprocessed: one routine per element type from fmod_run.inc.
  set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/fortran_module_test.f90
    PROPERTIES Fortran_PREPROCESS ON)
  target_compile_options(bcr_test_fortran_module PRIVATE -Wall -Wextra)
  set_target_properties(bcr_test_fortran_module PROPERTIES
    Fortran_MODULE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/mod/bcr_test_fortran_module)
  target_link_libraries(bcr_test_fortran_module PRIVATE
    bcr_ftest_layout bcredist_fortran ${BCR_SCALAPACK_TARGET} MPI::MPI_Fortran)
  include(${BCR_TESTS_COMMON}/expect.cmake)
  bcr_add_mpi_expect_test(fortran_module_np4 4 TIMEOUT 60
    EXPECT "fortran module: [1-9][0-9]* comparisons per process, 0 mismatches"
    COMMAND $<TARGET_FILE:bcr_test_fortran_module> LABELS fortran)

  # The update routines through the module against PBLAS (tests/fortran/fortran_update_test.f90).
  add_executable(bcr_test_fortran_update ${CMAKE_CURRENT_LIST_DIR}/fortran_update_test.f90)
  target_compile_options(bcr_test_fortran_update PRIVATE -Wall -Wextra)
  set_target_properties(bcr_test_fortran_update PROPERTIES
    Fortran_MODULE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/mod/bcr_test_fortran_update)
  target_link_libraries(bcr_test_fortran_update PRIVATE
    bcredist_fortran ${BCR_SCALAPACK_TARGET} MPI::MPI_Fortran)
  bcr_add_mpi_expect_test(fortran_update_np4 4 TIMEOUT 60
    EXPECT "fortran update: [1-9][0-9]* comparisons, 0 mismatches"
    COMMAND $<TARGET_FILE:bcr_test_fortran_update> LABELS "fortran;update")

  # Plans and layouts through the module (tests/fortran/fortran_layouts_test.f90).
  add_executable(bcr_test_fortran_layouts ${CMAKE_CURRENT_LIST_DIR}/fortran_layouts_test.f90)
  target_compile_options(bcr_test_fortran_layouts PRIVATE -Wall -Wextra)
  set_target_properties(bcr_test_fortran_layouts PROPERTIES
    Fortran_MODULE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/mod/bcr_test_fortran_layouts)
  target_link_libraries(bcr_test_fortran_layouts PRIVATE
    bcredist_fortran ${BCR_SCALAPACK_TARGET} MPI::MPI_Fortran)
  bcr_add_mpi_expect_test(fortran_layouts_np4 4 TIMEOUT 60
    EXPECT "fortran layouts: [1-9][0-9]* comparisons, 0 mismatches"
    COMMAND $<TARGET_FILE:bcr_test_fortran_layouts> LABELS "fortran;layout")
endif()
