/* The plans in flight on this process (started, not yet complete here),
 * and who may move each on.
 *
 * A plan is moved on by one thread at a time: whoever holds its `busy`
 * flag (its own start, test or wait, or a wait on another plan that moves
 * the others on in passing).  A wait moves the process's other plans in
 * flight on too, so that plans may be waited for in any order: a partner
 * may be waiting in its own wait for a message this process posts only
 * once its plan moves on (a second exchange, a schedule that holds sends
 * back).  The list changes only under its lock, by the thread that holds
 * the plan's flag, so a plan taken off it is touched by no other thread. */
#ifndef BCR_API_PLAN_FLYING_H
#define BCR_API_PLAN_FLYING_H

#include "api/plan_object.h"

/* Take p's flag: at once if free (returns 1), else 0. */
int bcr_flying_try_hold(bcr_plan_t p);
/* Take p's flag, waiting for whoever moves it on now. */
void bcr_flying_hold(bcr_plan_t p);
void bcr_flying_let_go(bcr_plan_t p);

/* Put p on the list, or take it off (the caller holds p's flag). */
void bcr_flying_add(bcr_plan_t p);
void bcr_flying_remove(bcr_plan_t p);

/* Plans on the list. */
int bcr_flying_count(void);

/* Move every plan on the list but `except` on, without waiting, those no
 * thread holds; returns whether any is complete here now. */
int bcr_flying_advance_others(bcr_plan_t except);

/* Move p on (the caller holds its flag), in p's own buffers; block as for
 * bcr_plan_flight_advance.  A failure aborts the job (its partners may be
 * waiting for it, and cannot be told).  Returns whether p's part is done. */
int bcr_flying_advance(bcr_plan_t p, int block);

#endif
