/* granrepro harness: the report folder as a whole (see outdir.h).
 * Issue 13, "nothing half-written, for the whole report". */
#define _GNU_SOURCE /* renameat2 and RENAME_EXCHANGE (glibc >= 2.28) */
#include "harness/outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "harness/error.h"
#include "harness/fsio.h"

int gr_outdir_check(const char *out, struct gr_error *err)
{
  char path[4200];
  struct stat st;
  snprintf(path, sizeof path, "%s/index.html", out);
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
    return gr_error_set(err, GR_EINPUT, "'%s' is not a file (the report's front page goes there: remove or rename it, or choose another --out folder)", path);
  snprintf(path, sizeof path, "%s/records", out);
  if (stat(path, &st) == 0 && !S_ISDIR(st.st_mode))
    return gr_error_set(err, GR_EINPUT, "'%s' is not a folder (the run records go there: remove or rename it, or choose another --out folder)", path);
  return GR_OK;
}

/* The topmost folder of path that does not exist yet, or "". */
static void outdir_first_missing(const char *path, char *out, size_t n)
{
  struct stat st;
  size_t i, len = strlen(path);
  out[0] = '\0';
  for (i = 1; i <= len && len < n; i++) {
    if (path[i] != '/' && path[i] != '\0')
      continue;
    snprintf(out, n, "%.*s", (int)i, path);
    if (stat(out, &st) != 0)
      return;
  }
  out[0] = '\0';
}

int gr_outdir_prepare(struct gr_outdir *o, const char *out,
                      struct gr_error *err)
{
  int rc;
  outdir_first_missing(out, o->created, sizeof o->created);
  if (o->created[0] == '\0' && (rc = gr_outdir_check(out, err)) != GR_OK)
    return rc;
  if ((rc = gr_fsio_mkdirs(out, err)) != GR_OK || (rc = gr_fsio_check_writable(out, err)) != GR_OK) {
    gr_outdir_abandon(o, out);
    return rc;
  }
  gr_outdir_clean_stale(out);
  return GR_OK;
}

void gr_outdir_abandon(const struct gr_outdir *o, const char *out)
{
  char path[4096], *slash;
  size_t top = strlen(o->created);
  if (top == 0 || snprintf(path, sizeof path, "%s", out) >= (int)sizeof path)
    return;
  while (strlen(path) >= top && rmdir(path) == 0 && (slash = strrchr(path, '/')) != NULL)
    *slash = '\0';
}

/* The pid of a ".<exp>.new-<pid>" or ".<exp>.old-<pid>" name (its kind in
 * *old, the length of <exp> in *klen), or 0. */
static long outdir_temp_pid(const char *name, int *old, size_t *klen)
{
  const char *dash = strrchr(name, '-'), *p;
  if (name[0] != '.' || dash == NULL || dash - name < 6 || dash[1] == '\0')
    return 0;
  for (p = dash + 1; *p; p++)
    if (*p < '0' || *p > '9')
      return 0;
  if (strncmp(dash - 4, ".new", 4) != 0 && strncmp(dash - 4, ".old", 4) != 0)
    return 0;
  *old = dash[-3] == 'o';
  *klen = (size_t)(dash - 4 - (name + 1));
  return strtol(dash + 1, NULL, 10);
}

/* Is process pid alive (or not ours to ask)? */
static int outdir_alive(long pid)
{
  if (pid <= 0 || pid > 0x7fffffffL || (pid_t)pid == getpid())
    return 1;
  return kill((pid_t)pid, 0) == 0 || errno != ESRCH;
}

/* The pid of a file temporary "<name>.tmp.<pid>.XXXXXX" (gr_fsio_write),
 * or 0. */
static long outdir_file_pid(const char *name)
{
  const char *t = strstr(name, ".tmp."), *p;
  size_t n = strlen(name);
  if (t == NULL || n < 7 || name[n - 7] != '.')
    return 0;
  for (p = t + 5; p < name + n - 7; p++)
    if (*p < '0' || *p > '9')
      return 0;
  return p == t + 5 ? 0 : strtol(t + 5, NULL, 10);
}

/* Handle one stale entry of a dead run (see gr_outdir_clean_stale). */
static void outdir_clean_one(const char *dir, const char *name, int old,
                             size_t klen)
{
  char path[4400], exp[4400];
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  if (lstat(path, &st) != 0)
    return;
  if (S_ISREG(st.st_mode)) {
    unlink(path);
    return;
  }
  if (!S_ISDIR(st.st_mode) || klen == 0)
    return;
  snprintf(exp, sizeof exp, "%s/%.*s", dir, (int)klen, name + 1);
  if (!(old && lstat(exp, &st) != 0 && rename(path, exp) == 0))
    gr_fsio_remove_flat(path);
}

/* Clean the stale temporaries directly in dir; folders only when dirs. */
static int outdir_clean_in(const char *dir, int dirs)
{
  DIR *d = opendir(dir);
  struct dirent *e;
  int old = 0, n = 0;
  size_t klen = 0;
  long pid;
  if (d == NULL)
    return 0;
  while ((e = readdir(d)) != NULL) {
    old = 0;
    klen = 0;
    pid = dirs ? outdir_temp_pid(e->d_name, &old, &klen) : 0;
    if (pid == 0 || klen == 0) {
      klen = 0;
      pid = outdir_file_pid(e->d_name);
    }
    if (pid == 0 || outdir_alive(pid))
      continue;
    outdir_clean_one(dir, e->d_name, old, klen);
    n++;
  }
  closedir(d);
  return n;
}

int gr_outdir_clean_stale(const char *out)
{
  char records[4200];
  snprintf(records, sizeof records, "%s/records", out);
  return outdir_clean_in(out, 1) + outdir_clean_in(records, 0);
}

int gr_outdir_replace(const char *tmp, const char *dir, const char *old,
                      struct gr_error *err)
{
  int e;
#ifdef RENAME_EXCHANGE
  if (renameat2(AT_FDCWD, tmp, AT_FDCWD, dir, RENAME_EXCHANGE) == 0) {
    gr_fsio_remove_flat(tmp);
    return GR_OK;
  }
#endif
  if (rename(dir, old) != 0 && errno != ENOENT)
    return gr_error_set(err, GR_EIO, "cannot replace '%s': %s", dir, strerror(errno));
  if (rename(tmp, dir) != 0) {
    e = errno;
    rename(old, dir);
    return gr_error_set(err, GR_EIO, "cannot replace '%s': %s", dir, strerror(e));
  }
  gr_fsio_remove_flat(old);
  return GR_OK;
}
