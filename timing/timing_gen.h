/* The generator bcredist chooses per dimension for a case ("kr_to_r",
 * "block_to_cyclic", "general", ...), honouring BCR_GENERATOR as set now.
 * The names are static strings. */
#ifndef BCR_TIMING_GEN_H
#define BCR_TIMING_GEN_H

#include "timing_case.h"

void timing_generators(const tcase *c, const char **rows, const char **cols);

#endif
