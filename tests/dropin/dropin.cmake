# The ScaLAPACK drop-in (fortran-bindings/scalapack_dropin*.c): programs
# written against plain ScaLAPACK, run three ways on 4 processes:
#   ref      built and run unmodified, no drop-in: the reference bytes
#   link     the same source linked with the drop-in before ScaLAPACK
#            (Fortran: libbcredist_scalapack.so; C: libbcredist_scalapack.a)
#   preload  the unmodified binary with the drop-in in LD_PRELOAD
# link and preload must give the reference's bytes, and BCR_VERBOSE must
# show that every call (p?gemr2d_, p?trmr2d_, Cp?gemr2d, ..., and the
# legacy ...o variants) reached bcredist.  See dropin_check.cmake.  Label
# dropin.
set(_bcr_dropin_dir ${CMAKE_CURRENT_BINARY_DIR}/dropin_out)
# This folder, for bcr_dropin_tests (a function sees its caller's list dir).
set(_bcr_dropin_src ${CMAKE_CURRENT_LIST_DIR})

# bcr_dropin_tests(tag plain-exe linked-exe entry...)
function(bcr_dropin_tests tag plain linked)
  string(REPLACE ";" ":" entries "${ARGN}")
  set(common ${BCR_MPI_SCRIPT_ARGS} -DNP=4 -DTAG=${tag}
    -DREFDIR=${_bcr_dropin_dir}/${tag}_ref
    -DDROPIN=$<TARGET_FILE:bcredist_scalapack> -DENTRIES=${entries}
    -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR})
  add_test(NAME dropin_${tag}_ref
    COMMAND ${CMAKE_COMMAND} ${common} -DMODE=ref -DEXE=$<TARGET_FILE:${plain}>
            -DOUTDIR=${_bcr_dropin_dir}/${tag}_ref -P ${_bcr_dropin_src}/dropin_check.cmake)
  add_test(NAME dropin_${tag}_link
    COMMAND ${CMAKE_COMMAND} ${common} -DMODE=link -DEXE=$<TARGET_FILE:${linked}>
            -DOUTDIR=${_bcr_dropin_dir}/${tag}_link -P ${_bcr_dropin_src}/dropin_check.cmake)
  add_test(NAME dropin_${tag}_preload
    COMMAND ${CMAKE_COMMAND} ${common} -DMODE=preload -DEXE=$<TARGET_FILE:${plain}>
            -DOUTDIR=${_bcr_dropin_dir}/${tag}_preload -P ${_bcr_dropin_src}/dropin_check.cmake)
  set_tests_properties(dropin_${tag}_ref PROPERTIES
    FIXTURES_SETUP dropin_${tag}_ref LABELS dropin PROCESSORS 1)
  set_tests_properties(dropin_${tag}_link dropin_${tag}_preload PROPERTIES
    FIXTURES_REQUIRED dropin_${tag}_ref LABELS dropin PROCESSORS 1)
  bcr_test_timeout(90 dropin_${tag}_ref dropin_${tag}_link dropin_${tag}_preload)
endfunction()

set(_bcr_entries_c "")
set(_bcr_entries_f "")
foreach(t s d c z i)
  list(APPEND _bcr_entries_c Cp${t}gemr2d Cp${t}trmr2d Cp${t}gemr2do Cp${t}trmr2do)
  list(APPEND _bcr_entries_f p${t}gemr2d_ p${t}trmr2d_ p${t}gemr2do_ p${t}trmr2do_)
endforeach()

# C: Cp?gemr2d, Cp?trmr2d, Cp?gemr2do, Cp?trmr2do.  Linked with the static
# drop-in, which must come before ScaLAPACK on the link line.
add_executable(bcr_dropin_c_plain ${CMAKE_CURRENT_LIST_DIR}/dropin_prog.c)
add_executable(bcr_dropin_c_linked ${CMAKE_CURRENT_LIST_DIR}/dropin_prog.c)
target_link_libraries(bcr_dropin_c_plain PRIVATE ${BCR_SCALAPACK_TARGET} MPI::MPI_C)
target_link_libraries(bcr_dropin_c_linked PRIVATE
  bcredist_scalapack_static ${BCR_SCALAPACK_TARGET} MPI::MPI_C)
foreach(t bcr_dropin_c_plain bcr_dropin_c_linked)
  target_include_directories(${t} PRIVATE ${BCR_TESTS_COMMON})
  target_compile_options(${t} PRIVATE ${BCR_WARNINGS})
endforeach()
bcr_dropin_tests(c bcr_dropin_c_plain bcr_dropin_c_linked ${_bcr_entries_c})

# BCR_STATS on some processes only: agreed off (dropin_stats_check.cmake).
add_test(NAME dropin_stats_disagree
  COMMAND ${CMAKE_COMMAND} ${BCR_MPI_SCRIPT_ARGS} -DTAG=c
          -DEXE=$<TARGET_FILE:bcr_dropin_c_plain> -DDROPIN=$<TARGET_FILE:bcredist_scalapack>
          -DOUTDIR=${_bcr_dropin_dir}/stats_disagree -DREFDIR=${_bcr_dropin_dir}/c_ref
          -DTIMEOUT_FACTOR=${BCR_TIMEOUT_FACTOR}
          -P ${CMAKE_CURRENT_LIST_DIR}/dropin_stats_check.cmake)
set_tests_properties(dropin_stats_disagree PROPERTIES
  FIXTURES_REQUIRED dropin_c_ref LABELS dropin PROCESSORS 1)
bcr_test_timeout(90 dropin_stats_disagree)

# Fortran: p?gemr2d, p?trmr2d, p?gemr2do, p?trmr2do.  Linked with the
# shared drop-in first.
if(CMAKE_Fortran_COMPILER_LOADED)
  find_package(MPI REQUIRED COMPONENTS Fortran)
  include(${BCR_TESTS_COMMON}/ftest_layout.cmake)
  add_executable(bcr_dropin_f_plain ${CMAKE_CURRENT_LIST_DIR}/dropin_prog.f90)
  add_executable(bcr_dropin_f_linked ${CMAKE_CURRENT_LIST_DIR}/dropin_prog.f90)
  # Preprocessed: one routine per element type from dropin_run.inc.
  set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/dropin_prog.f90
    PROPERTIES Fortran_PREPROCESS ON)
  target_link_libraries(bcr_dropin_f_plain PRIVATE
    bcr_ftest_layout ${BCR_SCALAPACK_TARGET} MPI::MPI_Fortran)
  target_link_libraries(bcr_dropin_f_linked PRIVATE
    bcr_ftest_layout bcredist_scalapack ${BCR_SCALAPACK_TARGET} MPI::MPI_Fortran)
  foreach(t bcr_dropin_f_plain bcr_dropin_f_linked)
    target_compile_options(${t} PRIVATE -Wall -Wextra)
    set_target_properties(${t} PROPERTIES
      Fortran_MODULE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/mod/${t})
  endforeach()
  bcr_dropin_tests(f bcr_dropin_f_plain bcr_dropin_f_linked ${_bcr_entries_f})
endif()

# The PBLAS entry points with PBLAS's own routines out of reach
# (dropin_unreachable.c): bcredist runs what it can take, and refuses, on
# every process, what it cannot, instead of running it on a descriptor it
# never filled in.
add_executable(bcr_dropin_unreachable ${CMAKE_CURRENT_LIST_DIR}/dropin_unreachable.c)
target_include_directories(bcr_dropin_unreachable PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_compile_options(bcr_dropin_unreachable PRIVATE ${BCR_WARNINGS})
target_link_libraries(bcr_dropin_unreachable PRIVATE
  bcredist_scalapack_static ${BCR_SCALAPACK_TARGET} MPI::MPI_C)
bcr_add_mpi_test(dropin_pblas_unreachable_np4 4 TIMEOUT 60 LABELS "dropin;errors"
  COMMAND $<TARGET_FILE:bcr_dropin_unreachable>)
set_property(TEST dropin_pblas_unreachable_np4 APPEND PROPERTY ENVIRONMENT
  BCR_FAIL=dropin_reference@all)
