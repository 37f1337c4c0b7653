/* One redistribution, start to end: check and agree, plan, execute. */
#ifndef BCR_REDIST_H
#define BCR_REDIST_H

#include "request.h"

/* Runs the request and reports any error; returns its code. */
int bcr_redistribute(const bcr_request *rq);

#endif
