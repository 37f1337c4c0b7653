/* Check counting and failure reports for the unit tests; see unit_check.h. */
#include "unit_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

long long n_checks, n_failed;

void failf(const char *fmt, ...)
{
    n_failed++;
    if (n_failed <= unit_max_reports) {
        va_list ap;
        va_start(ap, fmt);
        fputs("FAIL: ", stdout);
        vprintf(fmt, ap);
        fputc('\n', stdout);
        va_end(ap);
    } else if (n_failed == unit_max_reports + 1) {
        printf("FAIL: (further failures not shown)\n");
    }
}

void unit_deal(int nb, int nprocs, int src, int n, int *owner, int *local)
{
    int *count = calloc((size_t)nprocs, sizeof *count);
    if (!count) {
        perror("calloc");
        exit(2);
    }
    int p = src;
    for (int g = 0; g < n; g++) {
        if (g > 0 && g % nb == 0)
            p = (p + 1) % nprocs;
        owner[g] = p;
        local[g] = count[p]++;
    }
    free(count);
}
