/* exec/rounds.h under the name the tests include; nothing in src/ uses this
 * one. */
#ifndef BCR_API_ROUNDS_H
#define BCR_API_ROUNDS_H

#include "exec/rounds.h"

#endif
