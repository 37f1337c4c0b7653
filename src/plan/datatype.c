#include "plan/datatype.h"

#include <stdlib.h>

/* Pieces of one column: the row runs the mask keeps, as (bytes, offset). */
static bcr_idx column_pieces(bcr_groupspan rows, bcr_idx lo, bcr_idx hi, size_t es,
                             MPI_Aint base, int *len, MPI_Aint *disp)
{
    bcr_idx n = 0;
    bcr_group_iter it = bcr_groups_begin(&rows);
    bcr_rungroup group;
    while (bcr_groups_next(&it, &group)) {
        const bcr_rungroup *g = &group;
        for (bcr_idx c = 0; c < g->count; c++) {
            bcr_idx k0 = g->k0 + c * g->kstep;
            bcr_idx s = k0 > lo ? k0 : lo, e = k0 + g->len < hi ? k0 + g->len : hi;
            if (e <= s)
                continue;
            len[n] = (int)((e - s) * (bcr_idx)es);
            disp[n] = base + (MPI_Aint)((g->mine + c * g->mstep + s - k0) * (bcr_idx)es);
            n++;
        }
    }
    return n;
}

/* count blocks of len bytes, stride bytes apart, as one type whose extent
 * starts at the first block: vectors let MPI walk a regular pattern from
 * three numbers instead of reading one descriptor per block. */
static int strided_type(bcr_idx count, bcr_idx len, bcr_idx stride, MPI_Datatype inner,
                        MPI_Datatype *out)
{
    if (count > 0x7fffffff || len > 0x7fffffff)
        return -1;
    if (count == 1)
        return MPI_Type_contiguous((int)len, inner, out) == MPI_SUCCESS ? 0 : -1;
    return MPI_Type_create_hvector((int)count, (int)len, (MPI_Aint)stride, inner, out) ==
                   MPI_SUCCESS
               ? 0
               : -1;
}

/* A struct of n member types at disp[]; frees the members. */
static int struct_of(bcr_idx n, MPI_Datatype *member, MPI_Aint *disp, MPI_Datatype *out)
{
    int rc = -1;
    int *ones = malloc((size_t)(n ? n : 1) * sizeof *ones);
    if (ones && n <= 0x7fffffff) {
        for (bcr_idx i = 0; i < n; i++)
            ones[i] = 1;
        if (MPI_Type_create_struct((int)n, ones, disp, member, out) == MPI_SUCCESS)
            rc = 0;
    }
    for (bcr_idx i = 0; i < n; i++)
        if (member[i] != MPI_DATATYPE_NULL)
            MPI_Type_free(&member[i]);
    free(ones);
    return rc;
}

/* Group g as a vector of its runs, placed at *disp. */
static int group_type(const bcr_rungroup *g, size_t es, MPI_Datatype *out, MPI_Aint *disp)
{
    *disp = (MPI_Aint)(g->mine * (bcr_idx)es);
    return strided_type(g->count, g->len * (bcr_idx)es, g->mstep * (bcr_idx)es, MPI_BYTE, out);
}

/* One full column: each row group a vector of its runs; a repeated body
 * (kernels/pieces.h), its groups' struct as a vector of reps. */
static int column_type(bcr_groupspan rows, size_t es, MPI_Datatype *out)
{
    bcr_idx nb = rows.reps ? rows.nbody : 0;
    bcr_idx nm = rows.n - nb + (nb > 0);
    MPI_Datatype *member = malloc((size_t)(nm ? nm : 1) * sizeof *member);
    MPI_Aint *disp = malloc((size_t)(nm ? nm : 1) * sizeof *disp);
    int rc = member && disp ? 0 : -1;
    bcr_idx m = 0;
    for (bcr_idx i = 0; !rc && i < rows.n; m++) {
        member[m] = MPI_DATATYPE_NULL;
        if (nb > 0 && i == rows.nhead) {
            bcr_groupspan body = {rows.g + i, nb, 0, 0, 0, 0, 0, 0};
            MPI_Datatype one;
            disp[m] = 0;
            rc = column_type(body, es, &one);
            if (!rc) {
                rc = strided_type(rows.reps, 1, rows.mstep * (bcr_idx)es, one, &member[m]);
                MPI_Type_free(&one);
            }
            i += nb;
        } else {
            rc = group_type(&rows.g[i], es, &member[m], &disp[m]);
            i++;
        }
    }
    if (!rc) {
        rc = struct_of(m, member, disp, out);
    } else {
        for (bcr_idx i = 0; i < m; i++)
            if (member[i] != MPI_DATATYPE_NULL)
                MPI_Type_free(&member[i]);
    }
    free(member);
    free(disp);
    return rc;
}

/* The columns of cols, each a copy of `column`: runs of equal length at a
 * constant step become one vector of vectors. */
static int columns_type(bcr_runspan cols, bcr_idx ld, size_t es, MPI_Datatype column,
                        MPI_Datatype *out)
{
    bcr_idx colbytes = ld * (bcr_idx)es;
    bcr_rungroup *g = malloc((size_t)(cols.n ? cols.n : 1) * sizeof *g);
    MPI_Datatype *member = malloc((size_t)(cols.n ? cols.n : 1) * sizeof *member);
    MPI_Aint *disp = malloc((size_t)(cols.n ? cols.n : 1) * sizeof *disp);
    int rc = -1;
    if (g && member && disp) {
        bcr_idx ng = bcr_group_runs(cols.runs, cols.n, g);
        rc = 0;
        for (bcr_idx i = 0; i < ng; i++) {
            MPI_Datatype run = MPI_DATATYPE_NULL;
            member[i] = MPI_DATATYPE_NULL;
            disp[i] = (MPI_Aint)(g[i].mine * colbytes);
            if (!rc)
                rc = strided_type(g[i].len, 1, colbytes, column, &run);
            if (!rc)
                rc = strided_type(g[i].count, 1, g[i].mstep * colbytes, run, &member[i]);
            if (run != MPI_DATATYPE_NULL)
                MPI_Type_free(&run);
        }
        rc = struct_of(ng, member, disp, out) || rc ? -1 : 0;
    }
    free(g);
    free(member);
    free(disp);
    return rc;
}

/* A trapezoid cuts each column differently, so it lists every piece. */
static int trapezoid_type(bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk, bcr_idx ld,
                          size_t es, MPI_Datatype *out)
{
    bcr_idx nruns = bcr_groupspan_runs(rows), ncols = 0;
    for (bcr_idx i = 0; i < cols.n; i++)
        ncols += cols.runs[i].len;
    bcr_idx npieces = nruns * ncols;
    int *len = malloc((size_t)(npieces ? npieces : 1) * sizeof *len);
    MPI_Aint *disp = malloc((size_t)(npieces ? npieces : 1) * sizeof *disp);
    int rc = -1;
    if (len && disp && npieces <= 0x7fffffff) {
        bcr_idx n = 0;
        for (bcr_idx ci = 0; ci < cols.n; ci++)
            for (bcr_idx t = 0; t < cols.runs[ci].len; t++) {
                bcr_idx lo, hi;
                bcr_mask_rows(mk, cols.runs[ci].k0 + t, &lo, &hi);
                MPI_Aint base = (MPI_Aint)((cols.runs[ci].mine + t) * ld * (bcr_idx)es);
                n += column_pieces(rows, lo, hi, es, base, len + n, disp + n);
            }
        if (MPI_Type_create_hindexed((int)n, len, disp, MPI_BYTE, out) == MPI_SUCCESS)
            rc = 0;
    }
    free(len);
    free(disp);
    return rc;
}

int bcr_datatype_build(bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk, bcr_idx ld,
                       size_t es, MPI_Datatype *out)
{
    *out = MPI_DATATYPE_NULL;
    int rc;
    if (mk->trapezoid) {
        rc = trapezoid_type(rows, cols, mk, ld, es, out);
    } else {
        MPI_Datatype column;
        rc = column_type(rows, es, &column);
        if (!rc) {
            rc = columns_type(cols, ld, es, column, out);
            MPI_Type_free(&column);
        }
    }
    if (rc == 0 && MPI_Type_commit(out) != MPI_SUCCESS) {
        MPI_Type_free(out);
        rc = -1;
    }
    if (rc)
        *out = MPI_DATATYPE_NULL;
    return rc;
}
