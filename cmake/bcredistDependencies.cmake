# What libbcredist links besides itself, found the same way when bcredist
# is built (cmake/bcr_mpi.cmake) and when a project imports it
# (bcredistConfig.cmake, beside which this file and no-mpi/ are installed).
#
# bcredist_mpi_flavour_of(var)
#   "openmpi" or "mpich" after the mpi.h that MPI::MPI_C compiles with
#   (OPEN_MPI or MPICH_VERSION defined), else "unknown".
#
# bcredist_find_scalapack(flavour prefix)
#   ScaLAPACK with the BLACS for that MPI: the imported target
#   PkgConfig::SCALAPACK from pkg-config's scalapack-<flavour>, and in the
#   caller's scope <prefix>_FOUND and <prefix>_LDFLAGS (its libraries).
#
#   Debian's scalapack-<flavour>.pc requires the module `mpi`, which is
#   whichever MPI the system's alternatives select, not necessarily this
#   flavour's: scalapack-mpich would bring Open MPI's mpi.h and libmpi
#   where Open MPI is the system's default.  MPI comes from MPI::MPI_C
#   instead (the flavour's compiler wrapper), so pkg-config runs with an
#   empty `mpi` module (no-mpi/mpi.pc) first on its path.
include_guard(GLOBAL)

set(_bcredist_dependencies_dir ${CMAKE_CURRENT_LIST_DIR})

function(bcredist_mpi_flavour_of var)
  set(flavour unknown)
  set(dir ${CMAKE_BINARY_DIR}${CMAKE_FILES_DIRECTORY}/bcredist_mpi_flavour)
  set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
  foreach(candidate_macro openmpi:OPEN_MPI mpich:MPICH_VERSION)
    string(REPLACE ":" ";" candidate_macro ${candidate_macro})
    list(GET candidate_macro 0 candidate)
    list(GET candidate_macro 1 macro)
    file(WRITE ${dir}/${candidate}.c
      "#include <mpi.h>\n#ifndef ${macro}\n#error not ${candidate}\n#endif\nint bcr_probe;\n")
    try_compile(_bcr_is_${candidate} ${dir}/${candidate} ${dir}/${candidate}.c
      LINK_LIBRARIES MPI::MPI_C)
    set(is ${_bcr_is_${candidate}})
    unset(_bcr_is_${candidate} CACHE)
    if(is)
      set(flavour ${candidate})
    endif()
  endforeach()
  set(${var} ${flavour} PARENT_SCOPE)
endfunction()

function(bcredist_find_scalapack flavour prefix)
  find_package(PkgConfig QUIET)
  if(NOT PKG_CONFIG_FOUND)
    set(${prefix}_FOUND FALSE PARENT_SCOPE)
    return()
  endif()
  set(saved_path "$ENV{PKG_CONFIG_PATH}")
  if(saved_path STREQUAL "")
    set(ENV{PKG_CONFIG_PATH} "${_bcredist_dependencies_dir}/no-mpi")
  else()
    set(ENV{PKG_CONFIG_PATH} "${_bcredist_dependencies_dir}/no-mpi:${saved_path}")
  endif()
  pkg_check_modules(SCALAPACK QUIET IMPORTED_TARGET scalapack-${flavour})
  set(ENV{PKG_CONFIG_PATH} "${saved_path}")
  set(${prefix}_FOUND ${SCALAPACK_FOUND} PARENT_SCOPE)
  set(${prefix}_LDFLAGS "${SCALAPACK_LDFLAGS}" PARENT_SCOPE)
  set(${prefix}_LINK_LIBRARIES "${SCALAPACK_LINK_LIBRARIES}" PARENT_SCOPE)
endfunction()
