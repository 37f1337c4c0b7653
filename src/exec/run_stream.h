/* Messages through MPI of an exchange that writes its B as updates
 * (bcr_arrays.update), streamed.
 *
 * An update cannot be received into C, so each message is received into
 * a ring of two chunks of its partner's and added into C chunk by chunk
 * as they arrive, while the next chunk and other messages are in flight:
 * what a process holds for its messages is two chunks per partner, never
 * the size of C.  A message of more than one chunk is sent as that many
 * MPI messages of one tag (MPI keeps them in order), each packed into the
 * sender's ring; a message of one chunk goes as a copy's does (in place,
 * as a datatype, or packed), and is received into a ring all the same.
 *
 * A chunk is a tile of the message (kernels/update_pieces.h) of about
 * BCR_STREAM_CHUNK bytes (an agreed switch, base/options.h): whole
 * columns where they fit, else rows enough for a cache line or more of
 * each of at least TILE_EDGE bytes' worth of columns, so that a tile adds
 * into C whole lines at a time whether the operation transposes or not.
 * Tiles go column panel by column panel, row panel by row panel within.
 * Both ends cut a message alike from its rows per column, its columns and
 * the agreed chunk size, which they share. */
#ifndef BCR_EXEC_RUN_STREAM_H
#define BCR_EXEC_RUN_STREAM_H

#include "exec/exchange_flight.h"

/* The most elements one tile of a message can hold, for chunks of
 * `bytes`. */
bcr_idx bcr_stream_tile_most(size_t es, bcr_idx bytes);

/* Elements of the rings of half h's parts, for chunks of `bytes`: where
 * the arrays are not NULL, each part's ring offset (-1 for a part that
 * needs none), its rows per column, tile rows and tile columns. */
bcr_idx bcr_stream_rings(const bcr_half *h, size_t es, bcr_idx bytes, int sending,
                         bcr_idx *ring, bcr_idx *rows, bcr_idx *tile_rows, bcr_idx *tile_cols);

/* Post part k's first chunks (as many as its ring holds) in a direction. */
int bcr_stream_post(bcr_exchange_flight *f, int sending, int k);

/* Request idx is complete: a received chunk is added into C, and the
 * part's next chunk posted in its place.  *message_done: that was the
 * part's last. */
int bcr_stream_completed(bcr_exchange_flight *f, int idx, int *message_done);

#endif
