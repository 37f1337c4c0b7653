# The element types and the routines of bcredist's typed bindings.  Every
# typed signature (bcredist.h, src/api/routines.c, the Fortran wrappers and
# module, the ScaLAPACK drop-in's wrappers) is generated from this list by
# cmake/generate_bindings.cmake; run it after changing the list.
#
# bcr_type(ch c_type dropin_c_type fortran_type) adds a type:
#   ch             its letter in the names (bcr_p<ch>gemr2d, Cp<ch>gemr2d)
#   c_type         the element in bcredist.h, libbcredist and its by-reference
#                  wrappers (bcr_int follows BCREDIST_ILP64)
#   dropin_c_type  the element in the ScaLAPACK drop-in, which is LP64
#   fortran_type   the element in the `bcredist` module; its kind is imported
#                  from iso_c_binding unless it is the module's bcr_int
set(BCR_TYPES "")
macro(bcr_type ch c_type dropin_c_type fortran_type)
  list(APPEND BCR_TYPES ${ch})
  set(BCR_TYPE_${ch}_C "${c_type}")
  set(BCR_TYPE_${ch}_DROPIN_C "${dropin_c_type}")
  set(BCR_TYPE_${ch}_FORTRAN "${fortran_type}")
endmacro()

#        ch  c_type            dropin_c_type     fortran_type
bcr_type(s   "float"           "float"           "real(c_float)")
bcr_type(d   "double"          "double"          "real(c_double)")
bcr_type(c   "float _Complex"  "float _Complex"  "complex(c_float_complex)")
bcr_type(z   "double _Complex" "double _Complex" "complex(c_double_complex)")
bcr_type(i   "bcr_int"         "int"             "integer(bcr_int)")

# The routines, each with one template per generated file
# (cmake/templates/<file>.<routine>.in).  A routine exists for every type
# unless BCR_ROUTINE_<routine>_TYPES lists its types; the ScaLAPACK drop-in
# defines it for BCR_ROUTINE_<routine>_DROPIN_TYPES when that is set (the
# PBLAS names exist only for those types).
set(BCR_ROUTINES gemr2d trmr2d tran tranu tranc geadd)
set(BCR_ROUTINE_tran_TYPES s d i)
set(BCR_ROUTINE_tranu_TYPES c z)
set(BCR_ROUTINE_tranc_TYPES c z)
set(BCR_ROUTINE_tran_DROPIN_TYPES s d)
set(BCR_ROUTINE_tranu_DROPIN_TYPES c z)
set(BCR_ROUTINE_tranc_DROPIN_TYPES c z)
set(BCR_ROUTINE_geadd_DROPIN_TYPES s d c z)
# tranu and tranc share tran's templates (BCR_ROUTINE_<routine>_TEMPLATE),
# which see the operation applied to A as @OP@: T transposes, C conjugates
# and transposes.
set(BCR_ROUTINE_tran_OP T)
set(BCR_ROUTINE_tranu_OP T)
set(BCR_ROUTINE_tranc_OP C)
set(BCR_ROUTINE_tranu_TEMPLATE tran)
set(BCR_ROUTINE_tranc_TEMPLATE tran)
