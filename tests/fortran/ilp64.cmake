# ILP64: the ILP64 library (bcr_int = int64_t, every BLACS integer 8 bytes)
# against the stand-in ILP64 BLACS (tests/common/ilp64_blacs), beside the LP64
# library against ScaLAPACK.  Label ilp64.
#
#   ilp64_np{1..4}        one program (test_ilp64.c) built twice: LP64 with
#                         ScaLAPACK, each B checked against ScaLAPACK and
#                         against an element-wise formula; ILP64 with the
#                         stand-in and no ScaLAPACK, each B checked against
#                         the formula.  The two builds' B must be the same
#                         bytes (ilp64_compare.cmake).  Values past 32 bits
#                         reported, contexts at their full 8 bytes.
#   ilp64_fortran_np4     the ILP64 Fortran module (`use bcredist`,
#                         integer(8)) with the stand-in, checked element-wise
#   blacs_internals_ilp64 no object of the ILP64 library refers to a BI_*
#                         symbol (netlib BLACS internals)
#   ilp64_blacs_types     the ILP64 test program linked with
#                         -flto -Werror=lto-type-mismatch (GCC): every BLACS
#                         prototype bcredist declares must match the
#                         stand-in's 8-byte definitions
#   ilp64_probe_lp64      cmake/ilp64_probe.c says LP64 for Debian's ScaLAPACK
#   ilp64_probe_standin   and ILP64 for the stand-in
#   ilp64_configure_*     -DBCREDIST_ILP64=ON refused without a named ILP64
#                         BLACS and with Debian's LP64 one; accepted, and
#                         libbcredist_ilp64 built, with the stand-in
#
# The ILP64 library under test is compiled here from the library's sources
# with the ILP64 library's definitions (BCREDIST_ILP64, no BLACS internals),
# so CI needs no second configure and the programs link the stand-in, not
# the ILP64 ScaLAPACK an -DBCREDIST_ILP64=ON build installs against.

# GCC keeps each unit's declarations in its LTO objects, beside ordinary
# code (-ffat-lto-objects), which the programs link as usual (-fno-lto).
set(_bcr_lto_compile "")
set(_bcr_lto_off "")
if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
  set(_bcr_lto_compile -flto -ffat-lto-objects)
  set(_bcr_lto_off -fno-lto)
endif()

# --- the stand-in ILP64 BLACS ------------------------------------------------
add_library(bcr_ilp64_blacs STATIC ${BCR_TESTS_COMMON}/ilp64_blacs/ilp64_blacs.c)
target_compile_options(bcr_ilp64_blacs PRIVATE ${BCR_WARNINGS} ${_bcr_lto_compile})
target_link_libraries(bcr_ilp64_blacs PUBLIC MPI::MPI_C)

# --- the ILP64 library, linked to the stand-in -------------------------------
list(TRANSFORM BCR_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/ OUTPUT_VARIABLE _bcr_ilp64_src)
add_library(bcr_test_ilp64_lib STATIC ${_bcr_ilp64_src})
target_compile_definitions(bcr_test_ilp64_lib PUBLIC BCREDIST_ILP64
  PRIVATE ${BCR_ILP64_DEFINITIONS})
target_include_directories(bcr_test_ilp64_lib PUBLIC ${PROJECT_SOURCE_DIR}/include
  PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_compile_options(bcr_test_ilp64_lib PRIVATE ${BCR_WARNINGS} ${_bcr_lto_compile})
target_link_libraries(bcr_test_ilp64_lib PUBLIC MPI::MPI_C bcr_ilp64_blacs)

# --- the C programs -------------------------------------------------------------
set(_bcr_ilp64_sources ${CMAKE_CURRENT_LIST_DIR}/test_ilp64.c
  ${BCR_TESTS_COMMON}/test_threads_cases.c)
bcr_add_test_program(bcr_test_ilp64_lp64 ${_bcr_ilp64_sources})

function(bcr_ilp64_program target)
  add_executable(${target} ${_bcr_ilp64_sources})
  target_include_directories(${target} PRIVATE ${BCR_TESTS_COMMON})
  target_compile_options(${target} PRIVATE ${BCR_WARNINGS} ${_bcr_lto_compile})
  target_link_libraries(${target} PRIVATE bcr_test_ilp64_lib bcr_ilp64_blacs MPI::MPI_C m)
endfunction()
bcr_ilp64_program(bcr_test_ilp64_ilp64)
target_link_options(bcr_test_ilp64_ilp64 PRIVATE ${_bcr_lto_off})

foreach(np 1 2 3 4)
  add_test(NAME ilp64_np${np}
    COMMAND ${CMAKE_COMMAND} ${BCR_MPI_SCRIPT_ARGS} -DNP=${np}
            -DEXE_lp64=$<TARGET_FILE:bcr_test_ilp64_lp64>
            -DEXE_ilp64=$<TARGET_FILE:bcr_test_ilp64_ilp64>
            -DDIR=${CMAKE_CURRENT_BINARY_DIR} -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR}
            -P ${CMAKE_CURRENT_LIST_DIR}/ilp64_compare.cmake)
  set_tests_properties(ilp64_np${np} PROPERTIES LABELS ilp64 PROCESSORS 1)
  bcr_test_timeout(420 ilp64_np${np})
endforeach()

# No netlib BLACS internals in the ILP64 library (blacs_internals.sh): the
# objects under test, and the installed library's when it is built.
set(_bcr_ilp64_objects $<TARGET_FILE:bcr_test_ilp64_lib>)
if(TARGET bcredist_ilp64_obj)
  list(APPEND _bcr_ilp64_objects "$<TARGET_OBJECTS:bcredist_ilp64_obj>")
endif()
add_test(NAME blacs_internals_ilp64
  COMMAND bash ${BCR_TESTS_DIR}/unit/blacs_internals.sh off ${_bcr_ilp64_objects}
  COMMAND_EXPAND_LISTS)
set_tests_properties(blacs_internals_ilp64 PROPERTIES LABELS "ilp64;unit")
bcr_test_timeout(60 blacs_internals_ilp64)

# --- declarations across units (GCC) ------------------------------------------
# Built only by its test: a width mismatch fails the test, not the build.
if(_bcr_lto_compile)
  bcr_ilp64_program(bcr_test_ilp64_lto)
  set_target_properties(bcr_test_ilp64_lto PROPERTIES EXCLUDE_FROM_ALL ON)
  target_link_options(bcr_test_ilp64_lto PRIVATE -flto=auto -Werror=lto-type-mismatch)
  add_test(NAME ilp64_blacs_types
    COMMAND ${CMAKE_COMMAND} --build ${PROJECT_BINARY_DIR} --target bcr_test_ilp64_lto)
  set_tests_properties(ilp64_blacs_types PROPERTIES LABELS ilp64 PROCESSORS 1)
  bcr_test_timeout(600 ilp64_blacs_types)
endif()

# --- the Fortran module in ILP64 mode ------------------------------------------
if(BCREDIST_FORTRAN)
  find_package(MPI REQUIRED COMPONENTS Fortran)
  set(_bcr_fmod ${CMAKE_CURRENT_BINARY_DIR}/mod/ilp64_module)
  add_library(bcr_test_fortran_ilp64_lib STATIC
    ${PROJECT_SOURCE_DIR}/fortran-bindings/bcredist.f90
    ${PROJECT_SOURCE_DIR}/fortran-bindings/bcredist_f.c)
  set_source_files_properties(${PROJECT_SOURCE_DIR}/fortran-bindings/bcredist.f90
    TARGET_DIRECTORY bcr_test_fortran_ilp64_lib PROPERTIES Fortran_PREPROCESS ON)
  set_target_properties(bcr_test_fortran_ilp64_lib PROPERTIES Fortran_MODULE_DIRECTORY ${_bcr_fmod})
  target_compile_definitions(bcr_test_fortran_ilp64_lib PRIVATE BCREDIST_ILP64)
  target_include_directories(bcr_test_fortran_ilp64_lib PRIVATE ${PROJECT_SOURCE_DIR}/include
    INTERFACE ${_bcr_fmod})
  target_compile_options(bcr_test_fortran_ilp64_lib PRIVATE
    $<$<COMPILE_LANGUAGE:C>:${BCR_WARNINGS}> $<$<COMPILE_LANGUAGE:Fortran>:-Wall -Wextra>)
  target_link_libraries(bcr_test_fortran_ilp64_lib PUBLIC bcr_test_ilp64_lib)

  add_executable(bcr_test_fortran_ilp64 ${CMAKE_CURRENT_LIST_DIR}/fortran_ilp64_test.f90)
  # Preprocessed: one routine per element type from filp64_run.inc.
  set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/fortran_ilp64_test.f90
    PROPERTIES Fortran_PREPROCESS ON)
  set_target_properties(bcr_test_fortran_ilp64 PROPERTIES
    Fortran_MODULE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/mod/bcr_test_fortran_ilp64
    LINKER_LANGUAGE Fortran)
  target_compile_options(bcr_test_fortran_ilp64 PRIVATE -Wall -Wextra)
  target_link_libraries(bcr_test_fortran_ilp64 PRIVATE bcr_test_fortran_ilp64_lib
    bcr_ilp64_blacs MPI::MPI_Fortran)
  target_link_options(bcr_test_fortran_ilp64 PRIVATE ${_bcr_lto_off})
  include(${BCR_TESTS_COMMON}/expect.cmake)
  bcr_add_mpi_expect_test(ilp64_fortran_np4 4 TIMEOUT 60
    EXPECT "fortran ilp64 \\(process 0\\): [1-9][0-9]* checks, 0 mismatches"
    COMMAND $<TARGET_FILE:bcr_test_fortran_ilp64> LABELS ilp64 fortran)
endif()

# --- the width probe -------------------------------------------------------------
add_executable(bcr_ilp64_probe_lp64 ${PROJECT_SOURCE_DIR}/cmake/ilp64_probe.c)
target_link_libraries(bcr_ilp64_probe_lp64 PRIVATE ${BCR_SCALAPACK_TARGET} MPI::MPI_C)
add_executable(bcr_ilp64_probe_standin ${PROJECT_SOURCE_DIR}/cmake/ilp64_probe.c)
target_link_libraries(bcr_ilp64_probe_standin PRIVATE bcr_ilp64_blacs MPI::MPI_C)
target_link_options(bcr_ilp64_probe_standin PRIVATE ${_bcr_lto_off})
include(${BCR_TESTS_COMMON}/expect.cmake)
bcr_add_mpi_expect_test(ilp64_probe_lp64 1 TIMEOUT 60 EXPECT "blacs integers: LP64 "
  COMMAND $<TARGET_FILE:bcr_ilp64_probe_lp64> LABELS ilp64)
bcr_add_mpi_expect_test(ilp64_probe_standin 1 TIMEOUT 60 EXPECT "blacs integers: ILP64 "
  COMMAND $<TARGET_FILE:bcr_ilp64_probe_standin> LABELS ilp64)

# --- configuring -DBCREDIST_ILP64=ON ------------------------------------------
# (ilp64_configure_check.cmake: a scratch configure of this source tree.)
set(_bcr_cfg_common -DSOURCE=${PROJECT_SOURCE_DIR} -DGENERATOR=${CMAKE_GENERATOR}
  -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR} -DMPI_FLAVOUR=${BCR_MPI_FLAVOUR})
add_test(NAME ilp64_configure_unnamed
  COMMAND ${CMAKE_COMMAND} ${_bcr_cfg_common} -DWORK=${CMAKE_CURRENT_BINARY_DIR}/ilp64_cfg_unnamed
          "-DEXPECT_FAILURE=needs an ILP64 BLACS"
          -P ${CMAKE_CURRENT_LIST_DIR}/ilp64_configure_check.cmake)
add_test(NAME ilp64_configure_debian_lp64
  COMMAND ${CMAKE_COMMAND} ${_bcr_cfg_common} -DWORK=${CMAKE_CURRENT_BINARY_DIR}/ilp64_cfg_lp64
          -DSCALAPACK=scalapack-${BCR_MPI_FLAVOUR} "-DEXPECT_FAILURE=is Debian's LP64 ScaLAPACK"
          -P ${CMAKE_CURRENT_LIST_DIR}/ilp64_configure_check.cmake)
# The same library under a name that does not give it away: only the
# probe can tell.
set(_bcr_lp64_file "")
foreach(l IN LISTS BCR_SCALAPACK_LINK_LIBRARIES SCALAPACK_LIBRARY)
  if(NOT _bcr_lp64_file AND l MATCHES "scalapack[^/]*$" AND EXISTS "${l}")
    set(_bcr_lp64_file "${l}")
  endif()
endforeach()
if(_bcr_lp64_file)
  add_test(NAME ilp64_configure_lp64_probed
    COMMAND ${CMAKE_COMMAND} ${_bcr_cfg_common} -DWORK=${CMAKE_CURRENT_BINARY_DIR}/ilp64_cfg_probed
            -DLP64_LIBRARY=${_bcr_lp64_file} "-DEXPECT_FAILURE=takes 4-byte integers"
            -P ${CMAKE_CURRENT_LIST_DIR}/ilp64_configure_check.cmake)
  set_tests_properties(ilp64_configure_lp64_probed PROPERTIES LABELS ilp64 PROCESSORS 1)
  bcr_test_timeout(120 ilp64_configure_lp64_probed)
else()
  message(WARNING "ilp64_configure_lp64_probed not added: no ScaLAPACK library file found")
endif()
add_test(NAME ilp64_configure_standin
  COMMAND ${CMAKE_COMMAND} ${_bcr_cfg_common} -DWORK=${CMAKE_CURRENT_BINARY_DIR}/ilp64_cfg_standin
          -DSCALAPACK=$<TARGET_FILE:bcr_ilp64_blacs> -DBUILD_TARGET=bcredist_ilp64
          -P ${CMAKE_CURRENT_LIST_DIR}/ilp64_configure_check.cmake)
set_tests_properties(ilp64_configure_unnamed ilp64_configure_debian_lp64
  ilp64_configure_standin PROPERTIES LABELS ilp64 PROCESSORS 1)
bcr_test_timeout(120 ilp64_configure_unnamed ilp64_configure_debian_lp64)
bcr_test_timeout(600 ilp64_configure_standin)
