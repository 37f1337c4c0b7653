/* The update routines against PBLAS (see timing_update.h). */
#include "timing_update.h"

#include <stdint.h>
#include <string.h>

#include "bcredist.h"

#include "scalapack_ref.h"

/* PBLAS's Fortran entries (LP64, everything by reference). */
#define PBLAS_TRAN(name, T)                                                                   \
    void name(int *m, int *n, T *alpha, T *a, int *ia, int *ja, int *desca, T *beta, T *c,   \
              int *ic, int *jc, int *descc);
#define PBLAS_GEADD(name, T)                                                                  \
    void name(char *trans, int *m, int *n, T *alpha, T *a, int *ia, int *ja, int *desca,      \
              T *beta, T *c, int *ic, int *jc, int *descc);
PBLAS_TRAN(pstran_, float)
PBLAS_TRAN(pdtran_, double)
PBLAS_TRAN(pctranu_, float _Complex)
PBLAS_TRAN(pztranu_, double _Complex)
PBLAS_TRAN(pctranc_, float _Complex)
PBLAS_TRAN(pztranc_, double _Complex)
PBLAS_GEADD(psgeadd_, float)
PBLAS_GEADD(pdgeadd_, double)
PBLAS_GEADD(pcgeadd_, float _Complex)
PBLAS_GEADD(pzgeadd_, double _Complex)
#undef PBLAS_TRAN
#undef PBLAS_GEADD

/* One call's arguments, the routines' own: sub(C) is m x n. */
typedef struct {
    char op; /* 'T', 'C', 'N' */
    int m, n;
    void *a;
    int ia, ja, *desca;
    void *c;
    int ic, jc, *descc;
    int ictxt;
} update_args;

/* Per type, the reference and bcredist's call.  s and d have no tranc
 * (timing_update_skip refuses the case before any call), so their rows
 * name tran in its place. */
#define UPDATE_TYPE(ch, T, PTRAN, PTRANC, BTRAN, BTRANC)                                      \
    static void ref_##ch(update_args *u)                                                      \
    {                                                                                         \
        T alpha = 2, beta = 0.5f;                                                             \
        char trans = 'N';                                                                     \
        if (u->op == 'N')                                                                     \
            p##ch##geadd_(&trans, &u->m, &u->n, &alpha, u->a, &u->ia, &u->ja, u->desca,      \
                          &beta, u->c, &u->ic, &u->jc, u->descc);                             \
        else                                                                                  \
            (u->op == 'T' ? PTRAN : PTRANC)(&u->m, &u->n, &alpha, u->a, &u->ia, &u->ja,       \
                                            u->desca, &beta, u->c, &u->ic, &u->jc, u->descc); \
    }                                                                                         \
    static void bcr_##ch(const update_args *u)                                                \
    {                                                                                         \
        if (u->op == 'N')                                                                     \
            bcr_p##ch##geadd("N", u->m, u->n, 2, u->a, u->ia, u->ja, u->desca, 0.5f, u->c,   \
                             u->ic, u->jc, u->descc, u->ictxt);                               \
        else                                                                                  \
            (u->op == 'T' ? BTRAN : BTRANC)(u->m, u->n, 2, u->a, u->ia, u->ja, u->desca,      \
                                            0.5f, u->c, u->ic, u->jc, u->descc, u->ictxt);    \
    }
UPDATE_TYPE(s, float, pstran_, pstran_, bcr_pstran, bcr_pstran)
UPDATE_TYPE(d, double, pdtran_, pdtran_, bcr_pdtran, bcr_pdtran)
UPDATE_TYPE(c, float _Complex, pctranu_, pctranc_, bcr_pctranu, bcr_pctranc)
UPDATE_TYPE(z, double _Complex, pztranu_, pztranc_, bcr_pztranu, bcr_pztranc)
#undef UPDATE_TYPE

static const struct {
    char type;
    void (*ref)(update_args *);
    void (*bcr)(const update_args *);
} calls[] = {{'s', ref_s, bcr_s}, {'d', ref_d, bcr_d}, {'c', ref_c, bcr_c}, {'z', ref_z, bcr_z}};

static int transposes(const tcase *c) { return c->update == 'T' || c->update == 'C'; }

const char *timing_update_skip(const tcase *c)
{
    if (!c->update)
        return NULL;
    if (!strchr("sdcz", c->type))
        return "PBLAS has no p?tran or p?geadd for this type";
    if (c->update == 'C' && strchr("sd", c->type))
        return "p?tranc is for c and z (tran is the real types' transpose)";
    const tside *C = &c->s[1];
    int rows = transposes(c) ? c->n : c->m, cols = transposes(c) ? c->m : c->n;
    if (C->i < 1 || C->j < 1 || C->i - 1 + rows > C->M || C->j - 1 + cols > C->N)
        return "sub(C) does not lie inside C";
    return NULL;
}

/* -32 to 31 from a multiplicative hash of the place: no short period. */
static int small_at(size_t i, size_t salt)
{
    return (int)(((uint64_t)(i + salt) * UINT64_C(0x9E3779B97F4A7C15)) >> 58) - 32;
}

void timing_update_fill(char type, char *data, size_t bytes, size_t salt)
{
    switch (type) {
    case 's':
    case 'c': /* a complex element is two floats */
        for (size_t k = 0; k < bytes / sizeof(float); k++)
            ((float *)data)[k] = (float)small_at(k, salt);
        break;
    case 'd':
    case 'z':
        for (size_t k = 0; k < bytes / sizeof(double); k++)
            ((double *)data)[k] = small_at(k, salt);
        break;
    default:
        for (size_t k = 0; k < bytes / sizeof(int); k++)
            ((int *)data)[k] = small_at(k, salt);
    }
}

tside timing_update_temp_side(const tcase *c)
{
    const tside *C = &c->s[1];
    tside s = *C;
    s.M = c->m;
    s.N = c->n;
    s.i = s.j = 1;
    if (transposes(c)) { /* T's rows become C's columns */
        s.MB = C->NB;
        s.NB = C->MB;
    }
    return s;
}

static update_args args_of(const trial *t, local_matrix *c)
{
    const tcase *k = t->c;
    int tr = transposes(k);
    update_args u = {k->update, tr ? k->n : k->m, tr ? k->m : k->n, t->a.data, k->s[0].i,
                     k->s[0].j, (int *)t->a.desc, c->data, k->s[1].i, k->s[1].j, c->desc,
                     t->ictxt};
    return u;
}

void timing_update_call(trial *t, int bcr, local_matrix *c)
{
    size_t k = 0;
    while (calls[k].type != t->c->type)
        k++;
    update_args u = args_of(t, c);
    if (bcr) {
        calls[k].bcr(&u);
        return;
    }
    if (!t->one_context) { /* sub(A) onto C's grid first, T at (1, 1) */
        t->ty->ref_ge(t->c->m, t->c->n, t->a.data, u.ia, u.ja, t->a.desc, t->tmp.data, 1, 1,
                      t->tmp.desc, t->ictxt);
        u.a = t->tmp.data;
        u.ia = u.ja = 1;
        u.desca = t->tmp.desc;
    }
    if (c->desc[1] >= 0) /* PBLAS is called on C's grid only */
        calls[k].ref(&u);
}

const char *timing_reference_name(const trial *t)
{
    if (!t->c->update)
        return "scalapack";
    return t->one_context ? "pblas" : "gemr2d+pblas";
}
