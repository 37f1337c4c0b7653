# Install and package: `cmake --install` into a scratch prefix, then an
# outside project (install_project/) configured, built and run against it
# with find_package(bcredist CONFIG REQUIRED) and with pkg-config, and the
# installed drop-in preloaded into an unmodified ScaLAPACK program.  See
# install_check.cmake.  Label install.
if(CMAKE_Fortran_COMPILER_LOADED AND TARGET bcr_dropin_c_plain)
  # The other MPI's wrappers, where installed: a project built with them
  # must be refused.
  set(_bcr_other openmpi)
  if(BCR_MPI_FLAVOUR STREQUAL "openmpi")
    set(_bcr_other mpich)
  endif()
  find_program(BCR_OTHER_MPI_C_COMPILER NAMES mpicc.${_bcr_other})
  find_program(BCR_OTHER_MPI_Fortran_COMPILER NAMES mpif90.${_bcr_other})
  set(_bcr_other_args)
  if(BCR_OTHER_MPI_C_COMPILER AND BCR_OTHER_MPI_Fortran_COMPILER)
    set(_bcr_other_args -DOTHER_MPI_C_COMPILER=${BCR_OTHER_MPI_C_COMPILER}
      -DOTHER_MPI_Fortran_COMPILER=${BCR_OTHER_MPI_Fortran_COMPILER})
  endif()
  add_test(NAME install_consumer
    COMMAND ${CMAKE_COMMAND}
      -DBUILD=${PROJECT_BINARY_DIR}
      -DWORK=${CMAKE_CURRENT_BINARY_DIR}/install_test
      -DSOURCE=${CMAKE_CURRENT_LIST_DIR}/project
      ${BCR_MPI_SCRIPT_ARGS}
      -DMPI_C_COMPILER=${MPI_C_COMPILER} -DMPI_Fortran_COMPILER=${MPI_Fortran_COMPILER}
      ${_bcr_other_args}
      -DGENERATOR=${CMAKE_GENERATOR}
      -DPLAIN_EXE=$<TARGET_FILE:bcr_dropin_c_plain>
      -DREFDIR=${CMAKE_CURRENT_BINARY_DIR}/dropin_out/c_ref
      -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR}
      -P ${CMAKE_CURRENT_LIST_DIR}/install_check.cmake)
  set_tests_properties(install_consumer PROPERTIES
    LABELS install PROCESSORS 1 FIXTURES_REQUIRED dropin_c_ref)
  bcr_test_timeout(180 install_consumer)
endif()
