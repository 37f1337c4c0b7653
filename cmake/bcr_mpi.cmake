# The MPI bcredist is built with, its launcher and its ScaLAPACK.
#
#   -DBCREDIST_MPI=openmpi (default) | mpich | auto
#
# openmpi and mpich take that MPI's compiler wrappers and launcher by
# their Debian names (mpicc.mpich, mpif90.mpich, mpiexec.mpich; the plain
# names where those are missing), unless MPI_C_COMPILER,
# MPI_Fortran_COMPILER or MPIEXEC_EXECUTABLE are given; auto takes the MPI
# FindMPI finds by itself.  The mpi.h that MPI::MPI_C compiles with, and
# the launcher's --version, must then be that flavour's: a build directory
# configured for the other MPI, or a wrapper of the other named by hand,
# stops here instead of mixing two MPIs in one program.
#
# For the rest of the build (the tests and their scripts use these):
#   BCR_MPI_FLAVOUR        openmpi or mpich
#   BCR_MPIEXEC            the launcher
#   BCR_MPIEXEC_PREFLAGS   a list that goes after `-n N`: --oversubscribe
#                          for Open MPI, which otherwise refuses more ranks
#                          than cores; nothing for MPICH, whose launcher
#                          places any number and rejects that flag
#   BCR_SCALAPACK_TARGET   ScaLAPACK (with the BLACS) for this MPI
#   BCR_SCALAPACK_MODULE   its pkg-config name, scalapack-<flavour>
set(BCREDIST_MPI openmpi CACHE STRING "The MPI to build with: openmpi, mpich or auto")
set_property(CACHE BCREDIST_MPI PROPERTY STRINGS openmpi mpich auto)
if(NOT BCREDIST_MPI MATCHES "^(openmpi|mpich|auto)$")
  message(FATAL_ERROR "BCREDIST_MPI is '${BCREDIST_MPI}': openmpi, mpich or auto")
endif()

include(${CMAKE_CURRENT_LIST_DIR}/bcredistDependencies.cmake)

if(NOT BCREDIST_MPI STREQUAL "auto")
  set(_bcr_names_c mpicc.${BCREDIST_MPI} mpicc)
  set(_bcr_names_fortran mpif90.${BCREDIST_MPI} mpifort.${BCREDIST_MPI} mpif90 mpifort)
  set(_bcr_names_exec mpiexec.${BCREDIST_MPI} mpiexec mpirun)
  if(BCREDIST_MPI STREQUAL "openmpi")
    list(INSERT _bcr_names_exec 1 orterun)
  else()
    list(INSERT _bcr_names_exec 1 mpiexec.hydra)
  endif()
  find_program(MPI_C_COMPILER NAMES ${_bcr_names_c})
  find_program(MPI_Fortran_COMPILER NAMES ${_bcr_names_fortran})
  find_program(MPIEXEC_EXECUTABLE NAMES ${_bcr_names_exec})
endif()
find_package(MPI REQUIRED COMPONENTS C)

bcredist_mpi_flavour_of(BCR_MPI_FLAVOUR)
if(BCR_MPI_FLAVOUR STREQUAL "unknown")
  message(FATAL_ERROR "the MPI found (${MPI_C_COMPILER}) is neither Open MPI nor MPICH: "
                      "bcredist knows how to launch and test those two")
endif()
if(NOT BCREDIST_MPI STREQUAL "auto" AND NOT BCR_MPI_FLAVOUR STREQUAL BCREDIST_MPI)
  message(FATAL_ERROR "BCREDIST_MPI=${BCREDIST_MPI}, but MPI_C_COMPILER (${MPI_C_COMPILER}) "
                      "is ${BCR_MPI_FLAVOUR}'s: configure a new build directory, or name "
                      "the wrapper of ${BCREDIST_MPI}")
endif()

if(NOT MPIEXEC_EXECUTABLE)
  message(FATAL_ERROR "no MPI launcher found for ${BCR_MPI_FLAVOUR} (set MPIEXEC_EXECUTABLE)")
endif()
set(BCR_MPIEXEC ${MPIEXEC_EXECUTABLE})
execute_process(COMMAND ${BCR_MPIEXEC} --version
  OUTPUT_VARIABLE _bcr_exec_version ERROR_VARIABLE _bcr_exec_version)
if(_bcr_exec_version MATCHES "HYDRA")
  set(_bcr_exec_flavour mpich)
elseif(_bcr_exec_version MATCHES "Open MPI|OpenRTE")
  set(_bcr_exec_flavour openmpi)
else()
  set(_bcr_exec_flavour unknown)
endif()
if(NOT _bcr_exec_flavour STREQUAL BCR_MPI_FLAVOUR)
  message(FATAL_ERROR "the launcher ${BCR_MPIEXEC} is not ${BCR_MPI_FLAVOUR}'s "
                      "(set MPIEXEC_EXECUTABLE)")
endif()
if(BCR_MPI_FLAVOUR STREQUAL "openmpi")
  set(BCR_MPIEXEC_PREFLAGS --oversubscribe)
else()
  set(BCR_MPIEXEC_PREFLAGS "")
endif()
message(STATUS "MPI: ${BCR_MPI_FLAVOUR} (${MPI_C_COMPILER}), launcher ${BCR_MPIEXEC}")

set(BCR_SCALAPACK_MODULE scalapack-${BCR_MPI_FLAVOUR})
bcredist_find_scalapack(${BCR_MPI_FLAVOUR} BCR_SCALAPACK)
if(BCR_SCALAPACK_FOUND)
  set(BCR_SCALAPACK_TARGET PkgConfig::SCALAPACK)
else()
  # No pkg-config, or no .pc file: the library by name.
  find_library(SCALAPACK_LIBRARY NAMES scalapack-${BCR_MPI_FLAVOUR} scalapack REQUIRED)
  find_package(LAPACK REQUIRED)
  add_library(bcr_scalapack INTERFACE)
  target_link_libraries(bcr_scalapack INTERFACE ${SCALAPACK_LIBRARY} ${LAPACK_LIBRARIES})
  set(BCR_SCALAPACK_TARGET bcr_scalapack)
endif()
