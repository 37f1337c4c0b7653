/* A shared segment's file (exec/shm.h): made by its owner under a name
 * nobody can guess, mapped by its peers only when it is the file the owner
 * made, and its pages reserved before anyone writes them.
 *
 * A page of a file on a full tmpfs cannot be had when it is first written,
 * and the process writing it dies of SIGBUS.  So no page of a segment is
 * written before it is reserved (posix_fallocate), and a reservation that
 * fails is a failure the processes agree on before any data moves. */
#ifndef BCR_EXEC_SHM_FILE_H
#define BCR_EXEC_SHM_FILE_H

#include <stddef.h>

/* Bytes of a segment file's path, its terminating zero included; a
 * directory whose paths would be longer is not used. */
#define BCR_SHM_PATH 256

/* Where this process makes its segments: BCR_SHM_DIR, else /dev/shm (a
 * tmpfs, so pages never written take no memory).  Its peers are told each
 * file's whole path, so processes may be told different directories. */
const char *bcr_shm_file_dir(void);

/* Bytes free in dir, or -1 when unknown. */
long long bcr_shm_file_space(const char *dir);

/* Makes a file of len bytes in dir, readable and writable by this user
 * alone, its first `backed` bytes reserved, and maps it: its path goes to
 * path, and *fd stays open for bcr_shm_file_back.  NULL on any failure,
 * and then no file is left behind. */
char *bcr_shm_file_make(const char *dir, size_t len, size_t backed, char path[BCR_SHM_PATH],
                        int *fd);

/* Maps a peer's file of len bytes, or NULL: only a regular file of this
 * user's, at least len bytes long, reached without a symbolic link at the
 * end of path. */
char *bcr_shm_file_map_peer(const char *path, size_t len);

/* Reserves bytes [from, to) of the file open as fd: 0, or -1 when its
 * store has no room (or cannot reserve). */
int bcr_shm_file_back(int fd, size_t from, size_t to);

#endif
