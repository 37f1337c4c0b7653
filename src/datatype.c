#include "datatype.h"

#include <stdlib.h>
#include <string.h>

/* Read at every plan, so a timing driver can switch it with setenv; the
 * plan cache keys on it. */
int bcr_datatypes_enabled(void)
{
    const char *env = getenv("BCR_PACK");
    return !(env && !strcmp(env, "buffer"));
}

/* Pieces of one column: the row runs the mask keeps, as (bytes, offset). */
static bcr_idx column_pieces(bcr_groupspan rows, bcr_idx lo, bcr_idx hi, size_t es,
                             MPI_Aint base, int *len, MPI_Aint *disp)
{
    bcr_idx n = 0;
    for (bcr_idx gi = 0; gi < rows.n; gi++) {
        const bcr_rungroup *g = &rows.g[gi];
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

static bcr_idx row_runs(bcr_groupspan rows)
{
    bcr_idx n = 0;
    for (bcr_idx i = 0; i < rows.n; i++)
        n += rows.g[i].count;
    return n;
}

int bcr_datatype_build(bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk, bcr_idx ld,
                       size_t es, MPI_Datatype *out)
{
    *out = MPI_DATATYPE_NULL;
    bcr_idx nruns = row_runs(rows), ncols = 0;
    for (bcr_idx i = 0; i < cols.n; i++)
        ncols += cols.runs[i].len;
    /* Full columns share one column type placed at every column; a
     * trapezoid cuts each column differently, so it lists every piece. */
    bcr_idx npieces = mk->trapezoid ? nruns * ncols : nruns;
    int *len = malloc((size_t)(npieces ? npieces : 1) * sizeof *len);
    MPI_Aint *disp = malloc((size_t)((npieces > ncols ? npieces : ncols) + 1) * sizeof *disp);
    int rc = -1;
    if (!len || !disp || npieces > 0x7fffffff || ncols > 0x7fffffff)
        goto out;
    if (mk->trapezoid) {
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
    } else {
        MPI_Datatype column;
        bcr_idx n = column_pieces(rows, 0, mk->m, es, 0, len, disp);
        if (MPI_Type_create_hindexed((int)n, len, disp, MPI_BYTE, &column) != MPI_SUCCESS)
            goto out;
        bcr_idx k = 0;
        for (bcr_idx ci = 0; ci < cols.n; ci++)
            for (bcr_idx t = 0; t < cols.runs[ci].len; t++)
                disp[k++] = (MPI_Aint)((cols.runs[ci].mine + t) * ld * (bcr_idx)es);
        if (MPI_Type_create_hindexed_block((int)ncols, 1, disp, column, out) == MPI_SUCCESS)
            rc = 0;
        MPI_Type_free(&column);
    }
    if (rc == 0 && MPI_Type_commit(out) != MPI_SUCCESS) {
        MPI_Type_free(out);
        rc = -1;
    }
out:
    if (rc)
        *out = MPI_DATATYPE_NULL;
    free(len);
    free(disp);
    return rc;
}
