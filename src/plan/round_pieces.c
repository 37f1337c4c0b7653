#include "plan/round_pieces.h"

static bcr_idx clamp(bcr_idx x, bcr_idx lo, bcr_idx hi) { return x < lo ? lo : x > hi ? hi : x; }

static bcr_round piece(bcr_idx r, bcr_idx c, bcr_idx m, bcr_idx n, int trapezoid, int upper)
{
    bcr_round p = {r, c, {trapezoid, trapezoid && upper, 0, m, n}};
    return p;
}

/* Upper: column k of the whole submatrix copies rows [0, k + e0) (within
 * [0, m)), e0 = max(0, m - n) + 1 - unit (base/mask.h).  In the tile,
 * its column k' copies rows [0, k' + e) of the tile, e = e0 + c - r:
 * none before column 1 - e, all from column h - e on. */
static int upper_pieces(const bcr_mask *mk, bcr_idx r, bcr_idx c, bcr_idx h, bcr_idx w,
                        bcr_round *out)
{
    bcr_idx m = mk->m, n = mk->n;
    bcr_idx e = (m > n ? m - n : 0) + 1 - mk->unit + c - r;
    bcr_idx band = clamp(1 - e, 0, w), full = clamp(h - e, band, w);
    int k = 0;
    /* The band's column j copies rows [0, band + e + j), band + e >= 1:
     * the upper non-unit trapezoid of (full - 1 + e) x (full - band), whose
     * first column holds m - n + 1 rows. */
    if (full > band)
        out[k++] = piece(r, c + band, full - 1 + e, full - band, 1, 1);
    if (w > full)
        out[k++] = piece(r, c + full, h, w - full, 0, 0);
    return k;
}

/* Lower: column k of the whole submatrix copies rows [k - f0, m), f0 =
 * max(0, n - m) - unit.  In the tile, its column k' copies rows
 * [k' + f, h), f = c - r - f0: all before column 1 - f, none from column
 * h - f on. */
static int lower_pieces(const bcr_mask *mk, bcr_idx r, bcr_idx c, bcr_idx h, bcr_idx w,
                        bcr_round *out)
{
    bcr_idx m = mk->m, n = mk->n;
    bcr_idx f = c - r - ((n > m ? n - m : 0) - mk->unit);
    bcr_idx full = clamp(1 - f, 0, w), none = clamp(h - f, full, w);
    int k = 0;
    if (full > 0)
        out[k++] = piece(r, c, h, full, 0, 0);
    /* The band's column j copies rows [full + f + j, h), full + f >= 0:
     * the lower non-unit trapezoid of its rows from full + f, which are at
     * least as many as its columns. */
    if (none > full)
        out[k++] = piece(r + full + f, c + full, h - full - f, none - full, 1, 0);
    return k;
}

int bcr_round_pieces(const bcr_mask *whole, bcr_idx r, bcr_idx c, bcr_idx h, bcr_idx w,
                     bcr_round out[2])
{
    if (h <= 0 || w <= 0)
        return 0;
    if (!whole->trapezoid) {
        out[0] = piece(r, c, h, w, 0, 0);
        return 1;
    }
    return whole->upper ? upper_pieces(whole, r, c, h, w, out)
                        : lower_pieces(whole, r, c, h, w, out);
}

bcr_idx bcr_round_list(const bcr_mask *whole, bcr_idx h, bcr_idx w, bcr_round *out)
{
    bcr_idx count = 0;
    bcr_round two[2];
    for (bcr_idx c = 0; c < whole->n; c += w)
        for (bcr_idx r = 0; r < whole->m; r += h) {
            bcr_idx th = whole->m - r < h ? whole->m - r : h;
            bcr_idx tw = whole->n - c < w ? whole->n - c : w;
            int k = bcr_round_pieces(whole, r, c, th, tw, two);
            for (int i = 0; i < k; i++, count++)
                if (out)
                    out[count] = two[i];
        }
    return count;
}
