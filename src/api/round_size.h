/* exec/round_size.h under the name the tests include; nothing in src/ uses this
 * one. */
#ifndef BCR_API_ROUND_SIZE_H
#define BCR_API_ROUND_SIZE_H

#include "exec/round_size.h"

#endif
