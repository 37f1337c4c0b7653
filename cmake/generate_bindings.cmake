# Writes bcredist's typed bindings from the type list (cmake/bcr_types.cmake)
# and the templates (cmake/templates/):
#
#   cmake -P cmake/generate_bindings.cmake                # into the source tree
#   cmake -DOUT_DIR=dir -P cmake/generate_bindings.cmake  # into dir, same paths
#
# (the build's target bcr_generate runs the first).  A file is rewritten
# only when its text changes.
#
# Each generated file F is cmake/templates/F.in, after one line saying it is
# generated.  In F.in,
#   @BCR_PER_ROUTINE_AND_TYPE@  is F.<routine>.in for every routine and type,
#                               routine by routine, a blank line between two;
#   @BCR_PER_TYPE@              is F.per_type.in for every type, line by line;
#   @BCR_PER_ROUTINE@           is F.per_routine.in for every routine.
# Every F that has @BCR_PER_ROUTINE...@ has a template for every routine of
# BCR_ROUTINES (filled in for the routine's types, bcr_types.cmake); the
# per-type one is optional.  The pieces see
#   @CH@ @ROUTINE@              the type's letter and the routine (gemr2d);
#   @C_TYPE@ @DROPIN_C_TYPE@ @FORTRAN_TYPE@  the type's columns in the list;
#   @FORTRAN_IMPORT@            ", <kind>" for the module's import line, or
#                               nothing when the kind is the module's bcr_int;
#   @NAMES@                     (per routine) bcr_p<ch><routine> for every
#                               type, comma separated;
#   @OP@                        the routine's BCR_ROUTINE_<routine>_OP.
cmake_minimum_required(VERSION 3.18)

get_filename_component(BCR_ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(BCR_TEMPLATES "${CMAKE_CURRENT_LIST_DIR}/templates")
include("${CMAKE_CURRENT_LIST_DIR}/bcr_types.cmake")
if(NOT DEFINED OUT_DIR)
  set(OUT_DIR "${BCR_ROOT}")
endif()

set(BCR_GENERATED_FILES
  include/bcredist.h
  src/api/routines.c
  src/kernels/types.h
  fortran-bindings/bcredist_f.c
  fortran-bindings/scalapack_dropin_wrappers.c
  fortran-bindings/bcredist.f90
)

# The pieces' variables for type ch.
macro(bcr_set_type ch)
  set(CH "${ch}")
  set(C_TYPE "${BCR_TYPE_${ch}_C}")
  set(DROPIN_C_TYPE "${BCR_TYPE_${ch}_DROPIN_C}")
  set(FORTRAN_TYPE "${BCR_TYPE_${ch}_FORTRAN}")
  set(FORTRAN_IMPORT "")
  if(NOT FORTRAN_TYPE MATCHES "^[a-z]+\\(([a-z0-9_]+)\\)$")
    message(FATAL_ERROR "type ${ch}: Fortran type '${FORTRAN_TYPE}' is not type(kind)")
  endif()
  if(NOT CMAKE_MATCH_1 STREQUAL "bcr_int")
    set(FORTRAN_IMPORT ", ${CMAKE_MATCH_1}")
  endif()
endmacro()

# var := template filled in with the caller's variables, without the
# newlines that end it.
function(bcr_fill var template)
  if(NOT EXISTS "${template}")
    message(FATAL_ERROR "missing template ${template}")
  endif()
  file(READ "${template}" text)
  string(CONFIGURE "${text}" text @ONLY)
  string(REGEX REPLACE "\n+$" "" text "${text}")
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

# var := var, then separator and text (just text when var is empty).
function(bcr_append var separator text)
  if("${${var}}" STREQUAL "")
    set(${var} "${text}" PARENT_SCOPE)
  else()
    set(${var} "${${var}}${separator}${text}" PARENT_SCOPE)
  endif()
endfunction()

function(bcr_generate file)
  set(template "${BCR_TEMPLATES}/${file}")
  set(BCR_PER_ROUTINE_AND_TYPE "")
  set(BCR_PER_TYPE "")
  set(BCR_PER_ROUTINE "")
  file(READ "${template}.in" body_text)
  set(routines ${BCR_ROUTINES})
  if(NOT body_text MATCHES "@BCR_PER_ROUTINE")
    set(routines "") # a file of types alone
  endif()
  foreach(ROUTINE IN LISTS routines)
    set(NAMES "")
    set(types ${BCR_TYPES})
    if(DEFINED BCR_ROUTINE_${ROUTINE}_TYPES)
      set(types ${BCR_ROUTINE_${ROUTINE}_TYPES})
    endif()
    if(file MATCHES "dropin" AND DEFINED BCR_ROUTINE_${ROUTINE}_DROPIN_TYPES)
      set(types ${BCR_ROUTINE_${ROUTINE}_DROPIN_TYPES})
    endif()
    set(piece_name ${ROUTINE})
    if(DEFINED BCR_ROUTINE_${ROUTINE}_TEMPLATE)
      set(piece_name ${BCR_ROUTINE_${ROUTINE}_TEMPLATE})
    endif()
    set(OP "${BCR_ROUTINE_${ROUTINE}_OP}")
    foreach(ch IN LISTS types)
      bcr_set_type(${ch})
      bcr_fill(piece "${template}.${piece_name}.in")
      bcr_append(BCR_PER_ROUTINE_AND_TYPE "\n\n" "${piece}")
      bcr_append(NAMES ", " "bcr_p${ch}${ROUTINE}")
    endforeach()
    if(EXISTS "${template}.per_routine.in")
      bcr_fill(piece "${template}.per_routine.in")
      bcr_append(BCR_PER_ROUTINE "\n" "${piece}")
    endif()
  endforeach()
  if(EXISTS "${template}.per_type.in")
    foreach(ch IN LISTS BCR_TYPES)
      bcr_set_type(${ch})
      bcr_fill(piece "${template}.per_type.in")
      bcr_append(BCR_PER_TYPE "\n" "${piece}")
    endforeach()
  endif()
  bcr_fill(body "${template}.in")

  set(note "Generated from cmake/bcr_types.cmake by cmake/generate_bindings.cmake: do not edit by hand.")
  if(file MATCHES "\\.f90$")
    set(text "! ${note}\n${body}\n")
  else()
    set(text "/* ${note} */\n${body}\n")
  endif()

  set(out "${OUT_DIR}/${file}")
  if(EXISTS "${out}")
    file(READ "${out}" old)
    if("${old}" STREQUAL "${text}")
      return()
    endif()
  endif()
  file(WRITE "${out}" "${text}")
  message(STATUS "wrote ${out}")
endfunction()

foreach(file IN LISTS BCR_GENERATED_FILES)
  bcr_generate(${file})
endforeach()
