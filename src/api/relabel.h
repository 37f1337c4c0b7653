/* bcr_relabel with the whole result (plan/relabel.h): the greedy pass's
 * bytes beside the exact ones, for the timing driver's comparison. */
#ifndef BCR_API_RELABEL_H
#define BCR_API_RELABEL_H

#include "bcredist.h"
#include "plan/relabel.h"

int bcr_relabel_run(bcr_layout_t src, bcr_layout_t dst, char type, int nprocs, int *perm,
                    bcr_relabel_result *res);

#endif
