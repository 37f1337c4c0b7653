/* Which per-dimension generator bcredist picks for a case, so the tables can
 * show that the specialised closed form really ran (or that BCR_GENERATOR
 * forced the general merge).  Asks the library's own dispatcher (internal
 * header plan/runlist.h) the question it asks when planning, from A's
 * process (0, 0) towards B: the sender's view, where kr -> r reads as the
 * papers name it. */
#include "timing_gen.h"

#include "base/options.h"
#include "plan/gen.h"

static const char *axis_generator(int len, int nbA, int srcA, int PA, int offA, int nbB,
                                  int srcB, int PB, int offB)
{
    bcr_axis a = {nbA, srcA, PA, offA}, b = {nbB, srcB, PB, offB};
    bcr_runlist rl;
    bcr_options opt;
    bcr_options_read(&opt);
    if (bcr_runlist_build(&rl, len, &a, srcA, &b, opt.plan.general ? BCR_GEN_GENERAL : BCR_GEN_AUTO))
        return "?";
    const char *name = bcr_generator_name(rl.generator);
    bcr_runlist_free(&rl);
    return name;
}

void timing_generators(const tcase *c, const char **rows, const char **cols)
{
    const tside *A = &c->s[0], *B = &c->s[1];
    *rows = axis_generator(c->m, A->MB, A->rsrc, A->P, A->i - 1, B->MB, B->rsrc, B->P, B->i - 1);
    *cols = axis_generator(c->n, A->NB, A->csrc, A->Q, A->j - 1, B->NB, B->csrc, B->Q, B->j - 1);
}
