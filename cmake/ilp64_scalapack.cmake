# The ILP64 BLACS/ScaLAPACK that libbcredist_ilp64 links (CMakeLists.txt,
# -DBCREDIST_ILP64=ON): named by BCREDIST_ILP64_SCALAPACK, checked, and
# given back as BCR_ILP64_SCALAPACK_LIBS (library files and flags) and
# BCR_ILP64_SCALAPACK_PC (its pkg-config module, or empty).
#
# libbcredist_ilp64 passes the BLACS 8-byte integers and reads 8 bytes
# back, so against a BLACS with 4-byte integers it would write past the
# BLACS's variables and misread its own.  Configuration therefore stops
# unless the library is named, is not one of Debian's LP64 ScaLAPACKs, and
# (BCREDIST_ILP64_PROBE, on by default) cmake/ilp64_probe.c, linked to it
# and run, finds that its Cblacs_pinfo writes 8-byte integers.

set(_bcr_ilp64_works "What works: the LP64 libbcredist (always built) with \
Debian's scalapack-openmpi or scalapack-mpich; libbcredist_ilp64 with an \
ILP64 BLACS and ScaLAPACK, such as MKL's (mkl_scalapack_ilp64 with \
mkl_blacs_openmpi_ilp64 or mkl_blacs_intelmpi_ilp64) or a netlib ScaLAPACK \
built with 64-bit integers.  See docs/api.md, \"ILP64\".")

set(_bcr_v "${BCREDIST_ILP64_SCALAPACK}")
if(_bcr_v STREQUAL "")
  message(FATAL_ERROR "BCREDIST_ILP64=ON needs an ILP64 BLACS and ScaLAPACK to link "
    "libbcredist_ilp64 against (it calls the BLACS with 8-byte integers).  Name it with "
    "-DBCREDIST_ILP64_SCALAPACK=<pkg-config module>, or =<library files and -l/-L flags, "
    "separated by ;>.  ${_bcr_ilp64_works}")
endif()

set(_bcr_debian_lp64 "(^|[/;]|-l)(lib)?scalapack-(openmpi|mpich)([.;]|$)")
macro(_bcr_refuse_debian what)
  if("${what}" MATCHES "${_bcr_debian_lp64}")
    message(FATAL_ERROR "BCREDIST_ILP64_SCALAPACK: ${what} is Debian's LP64 ScaLAPACK, whose "
      "BLACS takes 4-byte integers: libbcredist_ilp64 would pass it 8-byte ones.  "
      "${_bcr_ilp64_works}")
  endif()
endmacro()
_bcr_refuse_debian("${_bcr_v}")

# A pkg-config module, or library files and flags.
set(BCR_ILP64_SCALAPACK_PC "")
list(LENGTH _bcr_v _bcr_n)
list(GET _bcr_v 0 _bcr_first)
if(_bcr_n EQUAL 1 AND NOT _bcr_first MATCHES "^-" AND NOT IS_ABSOLUTE "${_bcr_first}"
   AND NOT EXISTS "${_bcr_first}")
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(BCR_ILP64_PKG QUIET ${_bcr_v})
  if(NOT BCR_ILP64_PKG_FOUND)
    message(FATAL_ERROR "BCREDIST_ILP64_SCALAPACK: ${_bcr_v} is neither a file nor a "
      "pkg-config module pkg-config finds (PKG_CONFIG_PATH?)")
  endif()
  set(BCR_ILP64_SCALAPACK_LIBS ${BCR_ILP64_PKG_LINK_LIBRARIES} ${BCR_ILP64_PKG_LDFLAGS_OTHER})
  set(BCR_ILP64_SCALAPACK_PC ${_bcr_v})
  _bcr_refuse_debian("${BCR_ILP64_SCALAPACK_LIBS}")
else()
  foreach(_bcr_item IN LISTS _bcr_v)
    if(NOT _bcr_item MATCHES "^-" AND NOT EXISTS "${_bcr_item}")
      message(FATAL_ERROR "BCREDIST_ILP64_SCALAPACK: ${_bcr_item} does not exist")
    endif()
  endforeach()
  set(BCR_ILP64_SCALAPACK_LIBS ${_bcr_v})
endif()

option(BCREDIST_ILP64_PROBE
  "Run a program against BCREDIST_ILP64_SCALAPACK to check that its BLACS takes 8-byte integers"
  ON)
if(BCREDIST_ILP64_PROBE)
  try_run(_bcr_probe_run _bcr_probe_built ${PROJECT_BINARY_DIR}/ilp64_probe
    ${CMAKE_CURRENT_LIST_DIR}/ilp64_probe.c
    LINK_LIBRARIES MPI::MPI_C ${BCR_ILP64_SCALAPACK_LIBS}
    COMPILE_OUTPUT_VARIABLE _bcr_probe_build_out
    RUN_OUTPUT_VARIABLE _bcr_probe_out)
  string(STRIP "${_bcr_probe_out}" _bcr_probe_out)
  if(NOT _bcr_probe_built)
    message(FATAL_ERROR "BCREDIST_ILP64_SCALAPACK: a program calling Cblacs_pinfo does not "
      "link against ${BCR_ILP64_SCALAPACK_LIBS}:\n${_bcr_probe_build_out}")
  endif()
  if(_bcr_probe_out MATCHES "blacs integers: LP64")
    message(FATAL_ERROR "BCREDIST_ILP64_SCALAPACK: the BLACS of ${BCR_ILP64_SCALAPACK_LIBS} "
      "takes 4-byte integers (its Cblacs_pinfo wrote only the low halves of 8-byte ones: "
      "${_bcr_probe_out}).  ${_bcr_ilp64_works}")
  endif()
  if(NOT _bcr_probe_run EQUAL 0 OR NOT _bcr_probe_out MATCHES "blacs integers: ILP64")
    message(FATAL_ERROR "BCREDIST_ILP64_SCALAPACK: could not tell the integer width of the "
      "BLACS of ${BCR_ILP64_SCALAPACK_LIBS} (cmake/ilp64_probe.c, exit ${_bcr_probe_run}): "
      "${_bcr_probe_out}\nWhere configure cannot run an MPI program, "
      "-DBCREDIST_ILP64_PROBE=OFF skips the check.")
  endif()
  message(STATUS "BCREDIST_ILP64_SCALAPACK: the BLACS takes 8-byte integers (${_bcr_probe_out})")
else()
  message(STATUS "BCREDIST_ILP64_SCALAPACK: not probed (BCREDIST_ILP64_PROBE=OFF); "
    "the library's BLACS must take 8-byte integers")
endif()
