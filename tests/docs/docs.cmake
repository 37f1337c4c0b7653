# What README.md and docs/api.md show must hold for the code (label docs):
#   docs_switches_alike  the switches marked as needing to be alike are the
#                        agreement's list (switches_check.cmake)
#   docs_code_blocks     every C and Fortran block compiles against the
#                        interface (code_blocks_check.cmake)
add_test(NAME docs_switches_alike
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
          -P ${CMAKE_CURRENT_LIST_DIR}/switches_check.cmake)

string(JOIN "|" _bcr_doc_includes ${PROJECT_SOURCE_DIR}/include ${MPI_C_INCLUDE_DIRS})
set(_bcr_doc_fortran "")
set(_bcr_doc_modules "")
if(TARGET bcredist_fortran_obj AND MPI_Fortran_FOUND)
  set(_bcr_doc_fortran ${CMAKE_Fortran_COMPILER})
  string(JOIN "|" _bcr_doc_modules
    "$<TARGET_PROPERTY:bcredist_fortran_obj,Fortran_MODULE_DIRECTORY>"
    ${MPI_Fortran_MODULE_DIR} ${MPI_Fortran_INCLUDE_DIRS})
endif()
add_test(NAME docs_code_blocks
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
          -DWORK=${CMAKE_CURRENT_BINARY_DIR}/docs_code_blocks
          -DC_COMPILER=${CMAKE_C_COMPILER} "-DINCLUDE=${_bcr_doc_includes}"
          -DFortran_COMPILER=${_bcr_doc_fortran} "-DMODULE_DIR=${_bcr_doc_modules}"
          -P ${CMAKE_CURRENT_LIST_DIR}/code_blocks_check.cmake)
set_tests_properties(docs_switches_alike docs_code_blocks PROPERTIES LABELS docs PROCESSORS 1)
bcr_test_timeout(60 docs_switches_alike docs_code_blocks)
