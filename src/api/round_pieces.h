/* plan/round_pieces.h under the name the tests include; nothing in src/ uses this
 * one. */
#ifndef BCR_API_ROUND_PIECES_H
#define BCR_API_ROUND_PIECES_H

#include "plan/round_pieces.h"

#endif
