/* The BLACS's integer, bcr_blacs_int: every integer the BLACS takes or
 * gives, context and system handles included.  The BLACS's Int is the
 * Fortran INTEGER of its ScaLAPACK, so this is bcredist.h's bcr_int: int,
 * or int64_t in the ILP64 build (runtime/blacs.h checks that they are one
 * type).  Defined here, apart from the BLACS's prototypes, so that a
 * request (base/request.h) carries contexts at this width without
 * including bcredist.h. */
#ifndef BCR_BASE_BLACS_INT_H
#define BCR_BASE_BLACS_INT_H

#include <stdint.h>

#ifdef BCREDIST_ILP64
typedef int64_t bcr_blacs_int;
#else
typedef int bcr_blacs_int;
#endif

#endif
