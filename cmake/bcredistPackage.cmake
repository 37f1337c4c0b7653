# Package files for the installed tree: bcredistConfig.cmake (with its
# version file and the exported targets) and the pkg-config files.  Both
# are relocatable: they find the prefix from where they are installed.
#
# Targets (namespace bcredist::): bcredist, bcredist_static,
# fortran, fortran_static (when built with Fortran), scalapack_dropin,
# scalapack_dropin_static.
include(CMakePackageConfigHelpers)

set(BCR_CONFIG_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/bcredist)

# The fallback ScaLAPACK target (no pkg-config) is ours, so it is exported
# with the libraries; the pkg-config one is recreated by the config file.
if(BCR_SCALAPACK_TARGET STREQUAL "bcr_scalapack")
  install(TARGETS bcr_scalapack EXPORT bcredistTargets)
  set(BCR_CONFIG_SCALAPACK_PKGCONFIG OFF)
else()
  set(BCR_CONFIG_SCALAPACK_PKGCONFIG ON)
endif()
set(BCR_CONFIG_FORTRAN ${BCREDIST_FORTRAN})
# The config file finds the same MPI and ScaLAPACK as this build
# (bcredistDependencies.cmake, installed beside it).
get_filename_component(BCR_CONFIG_MPI_C_COMPILER "${MPI_C_COMPILER}" NAME)
get_filename_component(BCR_CONFIG_MPI_Fortran_COMPILER "${MPI_Fortran_COMPILER}" NAME)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/bcredistDependencies.cmake
  DESTINATION ${BCR_CONFIG_INSTALL_DIR})
install(FILES ${CMAKE_CURRENT_LIST_DIR}/no-mpi/mpi.pc
  DESTINATION ${BCR_CONFIG_INSTALL_DIR}/no-mpi)

install(EXPORT bcredistTargets
  NAMESPACE bcredist::
  FILE bcredistTargets.cmake
  DESTINATION ${BCR_CONFIG_INSTALL_DIR})

configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/bcredistConfig.cmake.in
  ${PROJECT_BINARY_DIR}/bcredistConfig.cmake
  INSTALL_DESTINATION ${BCR_CONFIG_INSTALL_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_LIBDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/bcredistConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/bcredistConfig.cmake
  ${PROJECT_BINARY_DIR}/bcredistConfigVersion.cmake
  DESTINATION ${BCR_CONFIG_INSTALL_DIR})

# pkg-config: bcredist (the C library), bcredist-fortran (the module and
# libbcredist_fortran), bcredist-scalapack (the drop-in; put its --libs
# before ScaLAPACK's).  prefix is derived from ${pcfiledir}.
set(BCR_PC_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(BCR_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(BCR_PC_LIBDIR "${CMAKE_INSTALL_FULL_LIBDIR}")
  set(BCR_PC_INCLUDEDIR "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
else()
  file(RELATIVE_PATH _bcr_up "/_/${BCR_PC_INSTALL_DIR}" "/_")
  string(REGEX REPLACE "/$" "" _bcr_up "${_bcr_up}")
  set(BCR_PC_PREFIX "\${pcfiledir}/${_bcr_up}")
  set(BCR_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(BCR_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
# The flavour's ScaLAPACK (BCR_SCALAPACK_MODULE, e.g. scalapack-mpich) by
# name, and what it resolved to without its MPI as Libs.private: a
# Requires.private would bring, through Debian's scalapack-<flavour>.pc,
# the MPI the system's alternatives select (its include directories even
# into --cflags), which need not be the one bcredist was built with.
if(BCR_CONFIG_SCALAPACK_PKGCONFIG)
  string(JOIN " " BCR_PC_LIBS_PRIVATE ${BCR_SCALAPACK_LDFLAGS})
else()
  set(BCR_PC_LIBS_PRIVATE "")
  foreach(_bcr_lib IN LISTS SCALAPACK_LIBRARY LAPACK_LIBRARIES)
    string(APPEND BCR_PC_LIBS_PRIVATE " ${_bcr_lib}")
  endforeach()
  string(STRIP "${BCR_PC_LIBS_PRIVATE}" BCR_PC_LIBS_PRIVATE)
endif()
# Built with OpenMP: a static link needs the compiler's OpenMP flag.
set(BCR_CONFIG_OPENMP ${BCREDIST_OPENMP})
if(BCREDIST_OPENMP)
  string(APPEND BCR_PC_LIBS_PRIVATE " ${OpenMP_C_FLAGS}")
  string(STRIP "${BCR_PC_LIBS_PRIVATE}" BCR_PC_LIBS_PRIVATE)
endif()
set(_bcr_pc_files bcredist bcredist-scalapack)
if(BCREDIST_FORTRAN)
  list(APPEND _bcr_pc_files bcredist-fortran)
endif()
foreach(pc IN LISTS _bcr_pc_files)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/${pc}.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc DESTINATION ${BCR_PC_INSTALL_DIR})
endforeach()
