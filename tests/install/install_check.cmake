# cmake -P script for the install test (install.cmake):
#  1. cmake --install the build tree into WORK/prefix and check its files;
#  2. configure, build and run the outside project install_project/ with
#     find_package(bcredist CONFIG REQUIRED), then again with pkg-config;
#  3. preload the installed drop-in (found through its own RUNPATH, no
#     LD_LIBRARY_PATH) into the unmodified plain-ScaLAPACK program of the
#     drop-in tests and compare with that test's reference bytes.
# Variables: BUILD, WORK, SOURCE (install_project), BCR_MPI_SCRIPT_ARGS
# (tests/common/mpi_launch.cmake), MPI_C_COMPILER and MPI_Fortran_COMPILER (the
# wrappers bcredist was built with, for the outside project),
# OTHER_MPI_C_COMPILER and OTHER_MPI_Fortran_COMPILER (the other MPI's, where
# installed), GENERATOR, PLAIN_EXE, REFDIR, TIMEOUT_FACTOR (time limits
# multiplied by it; default 1).
foreach(v BUILD WORK SOURCE MPI_LAUNCH MPI_C_COMPILER MPI_Fortran_COMPILER PLAIN_EXE REFDIR)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "install_check.cmake: ${v} is not set")
  endif()
endforeach()
if(NOT TIMEOUT_FACTOR)
  set(TIMEOUT_FACTOR 1)
endif()
math(EXPR limit "60 * ${TIMEOUT_FACTOR}")
unset(ENV{LD_PRELOAD})
unset(ENV{LD_LIBRARY_PATH})
unset(ENV{BCR_VERBOSE})
unset(ENV{PKG_CONFIG_PATH})
unset(ENV{CMAKE_PREFIX_PATH})
include(${MPI_LAUNCH})

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rv EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rv}):\n${out}\n${err}")
  endif()
  set(run_out "${out}" PARENT_SCOPE)
  set(run_err "${err}" PARENT_SCOPE)
endfunction()

set(prefix ${WORK}/prefix)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# 1. Install.
run("cmake --install" ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix})
file(GLOB libdir LIST_DIRECTORIES true ${prefix}/lib ${prefix}/lib64 ${prefix}/lib/*-linux-gnu)
foreach(d IN LISTS libdir)
  if(EXISTS ${d}/libbcredist.so)
    set(lib ${d})
  endif()
endforeach()
if(NOT lib)
  message(FATAL_ERROR "no libbcredist.so under ${prefix}")
endif()
foreach(f
    include/bcredist.h include/bcredist.mod
    LIB/libbcredist.so LIB/libbcredist.a
    LIB/libbcredist_fortran.so LIB/libbcredist_fortran.a
    LIB/libbcredist_scalapack.so LIB/libbcredist_scalapack.a
    LIB/cmake/bcredist/bcredistConfig.cmake LIB/cmake/bcredist/bcredistConfigVersion.cmake
    LIB/cmake/bcredist/bcredistTargets.cmake
    LIB/pkgconfig/bcredist.pc LIB/pkgconfig/bcredist-fortran.pc
    LIB/pkgconfig/bcredist-scalapack.pc)
  string(REPLACE "LIB/" "${lib}/" f "${f}")
  string(REPLACE "include/" "${prefix}/include/" f "${f}")
  if(NOT EXISTS ${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
message(STATUS "installed into ${prefix} (libraries in ${lib})")

# 2. The outside project, both ways, and its three programs on 4 processes.
foreach(mode config pkgconfig)
  set(bdir ${WORK}/consumer-${mode})
  if(mode STREQUAL "config")
    set(ENV{CMAKE_PREFIX_PATH} ${prefix})
    unset(ENV{PKG_CONFIG_PATH})
    set(opt -DUSE_PKGCONFIG=OFF)
  else()
    unset(ENV{CMAKE_PREFIX_PATH})
    set(ENV{PKG_CONFIG_PATH} ${lib}/pkgconfig)
    set(opt -DUSE_PKGCONFIG=ON)
  endif()
  set(gen)
  if(GENERATOR)
    set(gen -G ${GENERATOR})
  endif()
  run("configure (${mode})" ${CMAKE_COMMAND} -S ${SOURCE} -B ${bdir} ${gen} ${opt}
      -DMPI_C_COMPILER=${MPI_C_COMPILER} -DMPI_Fortran_COMPILER=${MPI_Fortran_COMPILER})
  message(STATUS "${mode}: configured\n${run_out}")
  if(mode STREQUAL "config" AND NOT run_out MATCHES "bcredist [0-9.]+ from ${lib}/cmake/bcredist")
    message(FATAL_ERROR "config: bcredist was not found in the installed tree")
  endif()
  if(mode STREQUAL "pkgconfig" AND NOT run_out MATCHES "from pkg-config: [^\n]*${prefix}")
    message(FATAL_ERROR "pkgconfig: bcredist was not found in the installed tree")
  endif()
  run("build (${mode})" ${CMAKE_COMMAND} --build ${bdir})
  set(ENV{BCR_VERBOSE} 1)
  foreach(prog consumer_c consumer_f consumer_dropin)
    execute_process(
      COMMAND ${MPIEXEC} -n 4 ${MPIEXEC_PREFLAGS} ${bdir}/${prog}
      RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT ${limit})
    if(NOT rv EQUAL 0 OR NOT out MATCHES "${prog} OK")
      message(FATAL_ERROR "${mode}: ${prog} failed (${rv}):\n${out}\n${err}")
    endif()
    if(prog STREQUAL "consumer_dropin")
      if(NOT err MATCHES "bcredist: Cpdgemr2d -> bcr_pdgemr2d"
         OR NOT err MATCHES "bcredist: pdgemr2do_ -> bcr_pdgemr2d")
        message(FATAL_ERROR "${mode}: Cpdgemr2d / pdgemr2do_ did not go through the drop-in:\n${err}")
      endif()
    elseif(err MATCHES "bcredist:")
      message(FATAL_ERROR "${mode}: ${prog} does not use the drop-in, yet it printed:\n${err}")
    endif()
    message(STATUS "${mode}: ${prog} OK")
  endforeach()
  unset(ENV{BCR_VERBOSE})
endforeach()

# pkg-config also names the drop-in for LD_PRELOAD.
find_program(PKG_CONFIG_EXE NAMES pkg-config pkgconf REQUIRED)
run("pkg-config --variable=dropin" ${PKG_CONFIG_EXE} --variable=dropin bcredist)
string(STRIP "${run_out}" dropin)
if(NOT EXISTS "${dropin}")
  message(FATAL_ERROR "pkg-config --variable=dropin bcredist gave '${dropin}', which does not exist")
endif()

# bcredist.pc names the ScaLAPACK it was built with and brings no MPI of its
# own (Debian's scalapack-<flavour>.pc would bring the system's default).
run("pkg-config --variable=scalapack" ${PKG_CONFIG_EXE} --variable=scalapack bcredist)
string(STRIP "${run_out}" scalapack)
if(NOT scalapack STREQUAL "scalapack-${MPI_FLAVOUR}")
  message(FATAL_ERROR "bcredist.pc names ScaLAPACK '${scalapack}', not scalapack-${MPI_FLAVOUR}")
endif()
run("pkg-config --cflags --static --libs" ${PKG_CONFIG_EXE} --cflags --static --libs bcredist)
string(REGEX MATCHALL "-I[^ \n]+" incs "${run_out}")
foreach(i IN LISTS incs)
  string(SUBSTRING "${i}" 2 -1 dir)
  if(EXISTS "${dir}/mpi.h")
    message(FATAL_ERROR "bcredist.pc brings an MPI's mpi.h (${dir}): ${run_out}")
  endif()
endforeach()
if(run_out MATCHES "(^| )-l(mpi|mpich)( |$)")
  message(FATAL_ERROR "bcredist.pc brings an MPI library: ${run_out}")
endif()
message(STATUS "bcredist.pc: ${scalapack}, no MPI of its own")

# A project built with the other MPI is refused by the CMake package, which
# says with which it was built.
if(OTHER_MPI_C_COMPILER)
  set(ENV{CMAKE_PREFIX_PATH} ${prefix})
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/consumer-other-mpi ${gen}
            -DUSE_PKGCONFIG=OFF -DMPI_C_COMPILER=${OTHER_MPI_C_COMPILER}
            -DMPI_Fortran_COMPILER=${OTHER_MPI_Fortran_COMPILER}
    RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err)
  unset(ENV{CMAKE_PREFIX_PATH})
  if(rv EQUAL 0 OR NOT "${out}${err}" MATCHES "bcredist was built with ${MPI_FLAVOUR}")
    message(FATAL_ERROR "a project with ${OTHER_MPI_C_COMPILER} was not refused:\n${out}\n${err}")
  endif()
  message(STATUS "a project with ${OTHER_MPI_C_COMPILER} is refused")
endif()

# 3. The installed drop-in, preloaded, finds libbcredist.so by itself.
unset(ENV{PKG_CONFIG_PATH})
file(MAKE_DIRECTORY ${WORK}/preload)
set(ENV{BCR_VERBOSE} 1)
bcr_mpi_preload(preload ${dropin})
execute_process(
  COMMAND ${MPIEXEC} -n 4 ${MPIEXEC_PREFLAGS} ${preload} ${PLAIN_EXE} ${WORK}/preload
  RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT ${limit})
if(NOT rv EQUAL 0 OR NOT out MATCHES "CALLS ([0-9]+)")
  message(FATAL_ERROR "installed drop-in preloaded: the program failed (${rv}):\n${out}\n${err}")
endif()
set(ncalls ${CMAKE_MATCH_1})
string(REGEX MATCHALL "bcredist: [A-Za-z0-9_]+ -> bcr_" lines "${err}")
list(LENGTH lines nlines)
if(NOT nlines EQUAL ncalls)
  message(FATAL_ERROR "installed drop-in preloaded: ${ncalls} calls, ${nlines} BCR_VERBOSE lines:\n${err}")
endif()
foreach(r 0 1 2 3)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files
    ${WORK}/preload/c_${r}.bin ${REFDIR}/c_${r}.bin RESULT_VARIABLE diff)
  if(NOT diff EQUAL 0)
    message(FATAL_ERROR "installed drop-in preloaded: process ${r}'s bytes differ from the reference")
  endif()
endforeach()
message(STATUS "installed drop-in preloaded: ${ncalls} calls through bcredist, bytes equal the reference")
