/* granrepro harness: the report folder as a whole (--out DIR).
 *
 * A run checks the folder before it changes anything in it, removes the
 * hidden temporaries that killed runs left (.<exp>.new-<pid>,
 * .<exp>.old-<pid> of processes that no longer exist), replaces an
 * experiment's folder in one step, and does not leave behind an empty
 * folder it created when it fails.
 */
#ifndef GR_OUTDIR_H
#define GR_OUTDIR_H

#include "status.h"

struct gr_error;

struct gr_outdir {
  char created[4096];  /* topmost folder this run created ("" if none) */
};

/* Check out (index.html, if any, is a regular file; records, if any, is a
 * folder), create it and its parents, check it is writable, and clean
 * stale temporaries.  GR_EIO or GR_EINPUT with a message naming the fix;
 * nothing is changed when the checks fail. */
int gr_outdir_prepare(struct gr_outdir *o, const char *out,
                      struct gr_error *err) GR_MUST_CHECK;

/* The checks of gr_outdir_prepare on an existing folder, without creating
 * anything (for `granrepro report`). */
int gr_outdir_check(const char *out, struct gr_error *err) GR_MUST_CHECK;

/* Remove the temporaries of dead runs in out: a .<exp>.new-<pid> folder
 * is deleted; an .<exp>.old-<pid> folder is put back as <exp> when that
 * is missing (the run died between its two renames), else deleted.
 * Returns the number of folders handled. */
int gr_outdir_clean_stale(const char *out);

/* After a failed run: remove the folders gr_outdir_prepare created, when
 * they are empty. */
void gr_outdir_abandon(const struct gr_outdir *o, const char *out);

/* Replace folder dir by the complete folder tmp in one step where the
 * system can (Linux renameat2 RENAME_EXCHANGE), else by two renames
 * through old; the previous contents are removed.  On failure dir is as
 * it was. */
int gr_outdir_replace(const char *tmp, const char *dir, const char *old,
                      struct gr_error *err) GR_MUST_CHECK;

#endif
