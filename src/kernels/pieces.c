#include "kernels/pieces.h"

bcr_idx bcr_group_runs(const bcr_run *runs, bcr_idx n, bcr_rungroup *out)
{
    bcr_idx ng = 0;
    for (bcr_idx i = 0; i < n;) {
        bcr_rungroup g = {runs[i].k0, runs[i].len, runs[i].mine, runs[i].other, 1, 0, 0, 0};
        bcr_idx j = i + 1;
        if (j < n && runs[j].len == g.len) {
            g.kstep = runs[j].k0 - g.k0;
            g.mstep = runs[j].mine - g.mine;
            g.ostep = runs[j].other - g.other;
            while (j < n && runs[j].len == g.len && runs[j].k0 - runs[j - 1].k0 == g.kstep &&
                   runs[j].mine - runs[j - 1].mine == g.mstep &&
                   runs[j].other - runs[j - 1].other == g.ostep)
                j++;
            g.count = j - i;
        }
        out[ng++] = g;
        i += g.count;
    }
    return ng;
}

bcr_idx bcr_groupspan_groups(bcr_groupspan s)
{
    return s.reps ? s.n + s.nbody * (s.reps - 1) : s.n;
}

/* Runs a span stands for, or with elems its elements. */
static bcr_idx span_sum(bcr_groupspan s, int elems)
{
    bcr_idx body = 0, rest = 0;
    for (bcr_idx i = 0; i < s.n; i++) {
        bcr_idx v = s.g[i].count * (elems ? s.g[i].len : 1);
        if (i >= s.nhead && i < s.nhead + s.nbody)
            body += v;
        else
            rest += v;
    }
    return body * s.reps + rest;
}

bcr_idx bcr_groupspan_runs(bcr_groupspan s)
{
    return span_sum(s, 0);
}

bcr_idx bcr_groupspan_elems(bcr_groupspan s)
{
    return span_sum(s, 1);
}

