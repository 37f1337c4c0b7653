/* Reading the three case formats (see timing_case.h). */
#include "timing_case.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int blank(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return *s == '\0' || *s == '#';
}

int timing_next_line(FILE *in, char *line, int size)
{
    while (fgets(line, size, in)) {
        if (blank(line))
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        return 1;
    }
    return 0;
}

/* Integers on the line, up to max; stops at the first word that is not one. */
static int read_ints(const char *line, int *v, int max)
{
    int n = 0;
    const char *p = line;
    while (n < max) {
        char *end;
        long x = strtol(p, &end, 10);
        if (end == p || (*end && !isspace((unsigned char)*end)))
            break;
        v[n++] = (int)x;
        p = end;
    }
    return n;
}

int timing_detect(FILE *in)
{
    char line[512];
    int fmt = FORMAT_EMPTY, v[2];
    if (timing_next_line(in, line, sizeof line)) {
        char word[16] = "";
        sscanf(line, "%15s", word);
        if (!strcmp(word, "experiment"))
            fmt = FORMAT_EXPERIMENT;
        else /* ScaLAPACK's files open with the number of tests, alone */
            fmt = read_ints(line, v, 2) == 1 ? FORMAT_SCALAPACK : FORMAT_NATIVE;
    }
    rewind(in);
    return fmt;
}

static void whole_matrix(tcase *c, int M, int N)
{
    c->m = M;
    c->n = N;
    for (int s = 0; s < 2; s++) {
        c->s[s].M = M;
        c->s[s].N = N;
        c->s[s].rsrc = c->s[s].csrc = 0;
        c->s[s].i = c->s[s].j = 1;
    }
}

int timing_parse_native(const char *line, char deftype, tcase *c)
{
    char type[8] = "";
    int M, N, ia = 1, ja = 1, ib = 1, jb = 1, m = 0, n = 0;
    memset(c, 0, sizeof *c);
    int k = sscanf(line, "%d %d %d %d %d %d %d %d %d %d %7s %d %d %d %d %d %d", &M, &N,
                   &c->s[0].P, &c->s[0].Q, &c->s[0].MB, &c->s[0].NB, &c->s[1].P, &c->s[1].Q,
                   &c->s[1].MB, &c->s[1].NB, type, &ia, &ja, &ib, &jb, &m, &n);
    if (k < 10)
        return 0;
    whole_matrix(c, M, N);
    c->type = type[0] && strcmp(type, "-") ? type[0] : deftype; /* "-": none named */
    if (k >= 17) {
        c->s[0].i = ia;
        c->s[0].j = ja;
        c->s[1].i = ib;
        c->s[1].j = jb;
        c->m = m;
        c->n = n;
    }
    return 1;
}

/* ScaLAPACK's REDIST testers (pdgemrdrv.c, pdtrmrdrv.c) read, in order:
 * m n, then for A: M N RSRC CSRC IA JA P Q MB NB, then the same for B, and
 * for trmr2d "up unit" (1 = upper, 1 = unit diagonal). */
int timing_parse_scalapack(const char *line, char deftype, tcase *c)
{
    int v[25];
    int k = read_ints(line, v, 25);
    memset(c, 0, sizeof *c);
    if (k != 22 && k != 24)
        return 0;
    c->m = v[0];
    c->n = v[1];
    for (int s = 0; s < 2; s++) {
        const int *w = v + 2 + 10 * s;
        tside *d = &c->s[s];
        d->M = w[0];
        d->N = w[1];
        d->rsrc = w[2];
        d->csrc = w[3];
        d->i = w[4];
        d->j = w[5];
        d->P = w[6];
        d->Q = w[7];
        d->MB = w[8];
        d->NB = w[9];
    }
    c->type = deftype;
    c->trapezoid = k == 24;
    c->uplo = k == 24 && v[22] ? 'U' : 'L';
    c->diag = k == 24 && v[23] ? 'U' : 'N';
    return 1;
}

/* The squarest P x Q = nprocs with P <= Q. */
static void squarest(int nprocs, int *P, int *Q)
{
    int p = 1;
    for (int d = 1; d * d <= nprocs; d++)
        if (nprocs % d == 0)
            p = d;
    *P = p;
    *Q = nprocs / p;
}

static int parse_grid(const char *tok, int nprocs, int *P, int *Q)
{
    char r[8], q[8];
    if (!strcmp(tok, "sq")) {
        squarest(nprocs, P, Q);
        return 1;
    }
    if (sscanf(tok, "%7[^x]x%7s", r, q) != 2)
        return 0;
    *P = !strcmp(r, "P") ? nprocs : atoi(r);
    *Q = !strcmp(q, "P") ? nprocs : atoi(q);
    return *P > 0 && *Q > 0;
}

static int parse_block(const char *tok, int extent, int procs)
{
    if (!strcmp(tok, "block"))
        return (extent + procs - 1) / procs;
    if (!strcmp(tok, "cyclic"))
        return 1;
    if (!strcmp(tok, "*"))
        return extent;
    return atoi(tok);
}

int timing_parse_experiment_case(const char *line, int nprocs, char deftype, tcase *c)
{
    char kind[4], label[40], t[6][16], type[8] = "";
    int M, N = 1;
    memset(c, 0, sizeof *c);
    if (sscanf(line, "%3s", kind) != 1)
        return 0;
    if (!strcmp(kind, "1d")) {
        if (sscanf(line, "%*s %39s %d %15s %15s %7s", label, &M, t[1], t[4], type) < 4)
            return 0;
        strcpy(t[0], "Px1");
        strcpy(t[3], "Px1");
        strcpy(t[2], "1");
        strcpy(t[5], "1");
    } else if (!strcmp(kind, "2d")) {
        if (sscanf(line, "%*s %39s %d %d %15s %15s %15s %15s %15s %15s %7s", label, &M, &N,
                   t[0], t[1], t[2], t[3], t[4], t[5], type) < 9)
            return 0;
    } else {
        return 0;
    }
    if (strchr(label, ','))
        return 0; /* it goes into a CSV field */
    whole_matrix(c, M, N);
    for (int s = 0; s < 2; s++) {
        tside *d = &c->s[s];
        if (!parse_grid(t[3 * s], nprocs, &d->P, &d->Q))
            return 0;
        d->MB = parse_block(t[3 * s + 1], M, d->P);
        d->NB = parse_block(t[3 * s + 2], N, d->Q);
        if (d->MB < 1 || d->NB < 1)
            return 0;
    }
    snprintf(c->label, sizeof c->label, "%s", label);
    c->type = type[0] ? type[0] : deftype;
    return 1;
}
