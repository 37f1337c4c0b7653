/* Generated from cmake/bcr_types.cmake by cmake/generate_bindings.cmake: do not edit by hand. */
/* The element types, for code generic over them: BCR_FOR_EACH_TYPE(X)
 * expands X(letter, its character constant, C type) for each. */
#ifndef BCR_KERNELS_TYPES_H
#define BCR_KERNELS_TYPES_H

#include "bcredist.h"

#define BCR_FOR_EACH_TYPE(X) \
    X(s, 's', float) \
    X(d, 'd', double) \
    X(c, 'c', float _Complex) \
    X(z, 'z', double _Complex) \
    X(i, 'i', bcr_int) \

#endif
