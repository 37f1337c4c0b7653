#define _GNU_SOURCE /* O_CLOEXEC, O_NOFOLLOW with every libc */
#include "exec/shm_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "base/failsafe.h"

const char *bcr_shm_file_dir(void)
{
    const char *d = getenv("BCR_SHM_DIR");
    return d && *d ? d : "/dev/shm";
}

long long bcr_shm_file_space(const char *dir)
{
    struct statvfs fs;
    if (statvfs(dir, &fs))
        return -1;
    return (long long)fs.f_bavail * (long long)fs.f_frsize;
}

int bcr_shm_file_back(int fd, size_t from, size_t to)
{
    if (to <= from)
        return 0;
    if (bcr_fault("shm_full")) /* as a full store answers */
        return -1;
    return posix_fallocate(fd, (off_t)from, (off_t)(to - from)) ? -1 : 0;
}

/* For the tests of the peers' checks (docs/testing.md): once the owner has
 * mapped its file, something else takes the file's name, as someone who
 * could write to the directory might put there: a symbolic link to the
 * directory's file "planted" (the test makes it, large enough to map), an
 * empty file, or a file of the right size that another user owns. */
static void plant(const char *dir, const char *path, size_t len)
{
    int link_ = bcr_fault("shm_plant_link"), small = bcr_fault("shm_plant_small"),
        foreign = bcr_fault("shm_plant_foreign");
    if (!link_ && !small && !foreign)
        return;
    unlink(path);
    if (link_) {
        char target[BCR_SHM_PATH + 16];
        snprintf(target, sizeof target, "%s/planted", dir);
        if (symlink(target, path))
            perror("bcredist: planting a symbolic link");
        return;
    }
    int fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0 || (foreign && (ftruncate(fd, (off_t)len) || fchown(fd, 65534, 65534))))
        perror("bcredist: planting a file");
    if (fd >= 0)
        close(fd);
}

/* A name nobody can guess: the process's id and 128 random bits. */
static int random_path(const char *dir, char path[BCR_SHM_PATH])
{
    unsigned long long r[2];
    if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
        return -1;
    int n = snprintf(path, BCR_SHM_PATH, "%s/bcredist-%ld-%016llx%016llx", dir, (long)getpid(),
                     r[0], r[1]);
    return n > 0 && n < BCR_SHM_PATH ? 0 : -1;
}

char *bcr_shm_file_make(const char *dir, size_t len, size_t backed, char path[BCR_SHM_PATH],
                        int *fd)
{
    *fd = -1;
    int f = -1;
    for (int attempt = 0; f < 0 && attempt < 4; attempt++) {
        if (random_path(dir, path))
            return NULL;
        f = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (f < 0 && errno != EEXIST)
            return NULL;
    }
    if (f < 0)
        return NULL;
    void *p = MAP_FAILED;
    if (ftruncate(f, (off_t)len) == 0 && bcr_shm_file_back(f, 0, backed) == 0)
        p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, f, 0);
    if (p == MAP_FAILED) {
        close(f);
        unlink(path);
        return NULL;
    }
    *fd = f;
    plant(dir, path, len);
    return p;
}

char *bcr_shm_file_map_peer(const char *path, size_t len)
{
    int f = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
    if (f < 0)
        return NULL;
    struct stat st;
    void *p = MAP_FAILED;
    if (fstat(f, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
        st.st_size >= (off_t)len)
        p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, f, 0);
    close(f);
    return p == MAP_FAILED ? NULL : p;
}
