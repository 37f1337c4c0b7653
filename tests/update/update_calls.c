/* bcr_test_update: one call of bcredist, of PBLAS or of Cp?gemr2d for a
 * configuration, by element type and routine. */
#include "update.h"

#include <complex.h>

#include "bcredist.h"
#include "pblas_ref.h"

#define SCAL_S(v) ((float)(v)[0])
#define SCAL_D(v) ((v)[0])
#define SCAL_C(v) CMPLXF((float)(v)[0], (float)(v)[1])
#define SCAL_Z(v) CMPLX((v)[0], (v)[1])
#define SCAL_I(v) ((int)(v)[0])

int g_update_via = U_VIA_ROUTINE;

/* The configuration through an update plan: executed, or started, tested a
 * few times and waited for. */
static void call_plan(const u_config *c, const void *a, const int *desca, void *cc,
                      const int *descc, int ictxt)
{
    static const char letter[] = {[U_S] = 's', [U_D] = 'd', [U_C] = 'c', [U_Z] = 'z',
                                  [U_I] = 'i'};
    char op = c->routine == U_GEADD ? c->trans : c->routine == U_TRANC ? 'C' : 'T';
    char tr[2] = {op, 0};
    union {
        float s;
        double d;
        float _Complex c;
        double _Complex z;
        int i;
    } al, be;
    switch (c->type) {
    case U_S: al.s = SCAL_S(c->alpha), be.s = SCAL_S(c->beta); break;
    case U_D: al.d = SCAL_D(c->alpha), be.d = SCAL_D(c->beta); break;
    case U_C: al.c = SCAL_C(c->alpha), be.c = SCAL_C(c->beta); break;
    case U_Z: al.z = SCAL_Z(c->alpha), be.z = SCAL_Z(c->beta); break;
    default: al.i = SCAL_I(c->alpha), be.i = SCAL_I(c->beta); break;
    }
    bcr_plan_t p = bcr_plan_create_update(letter[c->type], tr, c->m, c->n, c->a.i, c->a.j,
                                          desca, c->c.i, c->c.j, descc, ictxt);
    if (!p)
        return;
    if (g_update_via == U_VIA_PLAN) {
        bcr_plan_execute_update(p, &al, a, &be, cc);
    } else {
        bcr_plan_start_update(p, &al, a, &be, cc);
        al = be; /* the plan keeps the scalars it started with */
        int flag = 0;
        for (int k = 0; k < 3 && !flag; k++)
            bcr_plan_test(p, &flag);
        bcr_plan_wait(p);
    }
    bcr_plan_destroy(p);
}

void u_call_bcr(const u_config *c, const void *a, const int *desca, void *cc,
                const int *descc, int ictxt)
{
    if (g_update_via != U_VIA_ROUTINE) {
        call_plan(c, a, desca, cc, descc, ictxt);
        return;
    }
    char tr[2] = {c->trans, 0};
#define TRAN(ch, T, SC, name)                                                             \
    name(c->m, c->n, SC(c->alpha), (const T *)a, c->a.i, c->a.j, desca, SC(c->beta), (T *)cc, \
         c->c.i, c->c.j, descc, ictxt)
#define GEADD(ch, T, SC)                                                                  \
    bcr_p##ch##geadd(tr, c->m, c->n, SC(c->alpha), (const T *)a, c->a.i, c->a.j, desca,     \
                     SC(c->beta), (T *)cc, c->c.i, c->c.j, descc, ictxt)
    if (c->routine == U_GEADD) {
        switch (c->type) {
        case U_S: GEADD(s, float, SCAL_S); break;
        case U_D: GEADD(d, double, SCAL_D); break;
        case U_C: GEADD(c, float _Complex, SCAL_C); break;
        case U_Z: GEADD(z, double _Complex, SCAL_Z); break;
        default: GEADD(i, int, SCAL_I); break;
        }
        return;
    }
    int cj = c->routine == U_TRANC;
    switch (c->type) {
    case U_S: TRAN(s, float, SCAL_S, bcr_pstran); break;
    case U_D: TRAN(d, double, SCAL_D, bcr_pdtran); break;
    case U_C:
        if (cj)
            TRAN(c, float _Complex, SCAL_C, bcr_pctranc);
        else
            TRAN(c, float _Complex, SCAL_C, bcr_pctranu);
        break;
    case U_Z:
        if (cj)
            TRAN(z, double _Complex, SCAL_Z, bcr_pztranc);
        else
            TRAN(z, double _Complex, SCAL_Z, bcr_pztranu);
        break;
    default: TRAN(i, int, SCAL_I, bcr_pitran); break;
    }
#undef TRAN
#undef GEADD
}

void u_call_pblas(const u_config *c, void *a, int *desca, void *cc, int *descc)
{
    int m = c->m, n = c->n, ia = c->a.i, ja = c->a.j, ic = c->c.i, jc = c->c.j;
    char tr = c->trans;
#define PB(T, SC, call)                                                                   \
    do {                                                                                  \
        T al = SC(c->alpha), be = SC(c->beta);                                            \
        call;                                                                             \
    } while (0)
#define PTRAN(T, name) name(&m, &n, &al, (T *)a, &ia, &ja, desca, &be, (T *)cc, &ic, &jc, descc)
#define PGEADD(T, name)                                                                    \
    name(&tr, &m, &n, &al, (T *)a, &ia, &ja, desca, &be, (T *)cc, &ic, &jc, descc)
    int cj = c->routine == U_TRANC;
    if (c->routine == U_GEADD) {
        switch (c->type) {
        case U_S: PB(float, SCAL_S, PGEADD(float, psgeadd_)); break;
        case U_D: PB(double, SCAL_D, PGEADD(double, pdgeadd_)); break;
        case U_C: PB(float _Complex, SCAL_C, PGEADD(float _Complex, pcgeadd_)); break;
        default: PB(double _Complex, SCAL_Z, PGEADD(double _Complex, pzgeadd_)); break;
        }
        return;
    }
    switch (c->type) {
    case U_S: PB(float, SCAL_S, PTRAN(float, pstran_)); break;
    case U_D: PB(double, SCAL_D, PTRAN(double, pdtran_)); break;
    case U_C:
        if (cj)
            PB(float _Complex, SCAL_C, PTRAN(float _Complex, pctranc_));
        else
            PB(float _Complex, SCAL_C, PTRAN(float _Complex, pctranu_));
        break;
    default:
        if (cj)
            PB(double _Complex, SCAL_Z, PTRAN(double _Complex, pztranc_));
        else
            PB(double _Complex, SCAL_Z, PTRAN(double _Complex, pztranu_));
        break;
    }
#undef PB
#undef PTRAN
#undef PGEADD
}

void u_call_gemr2d(const u_config *c, void *a, int *desca, void *t, int *desct, int ictxt)
{
    int tr = u_transposes(c);
    int rows = tr ? c->n : c->m, cols = tr ? c->m : c->n;
    int it = tr ? c->c.j : c->c.i, jt = tr ? c->c.i : c->c.j;
#define GE(ch, T)                                                                        \
    Cp##ch##gemr2d(rows, cols, (T *)a, c->a.i, c->a.j, desca, (T *)t, it, jt, desct, ictxt)
    switch (c->type) {
    case U_S: GE(s, float); break;
    case U_D: GE(d, double); break;
    case U_C: GE(c, float _Complex); break;
    case U_Z: GE(z, double _Complex); break;
    default: GE(i, int); break;
    }
#undef GE
}
