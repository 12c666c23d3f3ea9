/* granrepro harness: files written atomically.
 *
 * Every output file is written under a temporary name in its final folder
 * and renamed into place only when complete, so a failed run never leaves a
 * half-written file and the last good report stays intact.
 */
#ifndef GR_FSIO_H
#define GR_FSIO_H

#include "status.h"

#include <stddef.h>
#include <stdio.h>

struct gr_buf;
struct gr_error;

/* Create path and its parents (like mkdir -p); GR_EIO with the reason. */
int gr_fsio_mkdirs(const char *path, struct gr_error *err) GR_MUST_CHECK;

/* Fail with a clear message unless dir exists and files can be created in it. */
int gr_fsio_check_writable(const char *dir, struct gr_error *err) GR_MUST_CHECK;

/* Write len bytes to path atomically (temporary file <path>.tmp.<pid>.XXXXXX
 * + rename; a killed run's temporaries are found by their pid). */
int gr_fsio_write(const char *path, const char *text, size_t len,
                  struct gr_error *err) GR_MUST_CHECK;

/* Write the text of a buffer assembled with unchecked gr_buf_printf /
 * gr_buf_append calls (the buffer's failure is sticky, buf.h): GR_ENOMEM
 * "out of memory" when one of them failed, else gr_fsio_write. */
int gr_fsio_write_buf(const char *path, const struct gr_buf *b,
                      struct gr_error *err) GR_MUST_CHECK;

/* Read a whole regular file into a new NUL-terminated string (caller
 * frees); GR_EINPUT for a folder, FIFO or device (never blocks). */
int gr_fsio_read(const char *path, char **text, size_t *len,
                 struct gr_error *err) GR_MUST_CHECK;

/* Text of len bytes read from name: GR_EINPUT with "name:line: ..." at
 * the first NUL byte, and with controls set also at the first control
 * byte other than tab, CR and LF. */
int gr_fsio_check_text(const char *name, const char *text, size_t len,
                       int controls, struct gr_error *err) GR_MUST_CHECK;

/* Does path name an existing regular file? */
int gr_fsio_exists(const char *path);

/* Join a folder and a file name into out (size n); GR_EINPUT if too long. */
int gr_fsio_join(char *out, size_t n, const char *dir, const char *name,
                 struct gr_error *err) GR_MUST_CHECK;

/* Remove a folder holding only files (hidden ones included); errors are
 * ignored (used to clean up temporary report folders). */
void gr_fsio_remove_flat(const char *dir);

/* The first line read from fp, without its newline ("" when fp is NULL
 * or empty). */
void gr_fsio_first_line(FILE *fp, char *out, size_t n);

/* Sorted names of the entries of dir ending with suffix ("" for all,
 * hidden ones skipped); free with gr_fsio_free_list.  GR_EIO when dir
 * cannot be read. */
int gr_fsio_list(const char *dir, const char *suffix, char ***names, size_t *n) GR_MUST_CHECK;
void gr_fsio_free_list(char **names, size_t n);

#endif
