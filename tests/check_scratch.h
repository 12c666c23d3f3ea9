/* granrepro tests: the scratch folder of the Check suites that write
 * files (check_<module>.c of src/harness), and helpers to make and read
 * files there.  gr_check_scratch() makes a mkdtemp folder in /tmp, removed
 * at exit, and sets GNUPLOT to a missing file so nothing is rendered. */
#ifndef GR_CHECK_SCRATCH_H
#define GR_CHECK_SCRATCH_H

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "harness/error.h"
#include "harness/fsio.h"

static char scratch[] = "/tmp/granrepro-check-XXXXXX";

/* out = scratch/rel. */
static inline void at(char *out, size_t n, const char *rel)
{
  int k = snprintf(out, n, "%s/%s", scratch, rel);
  ck_assert_msg(k > 0 && (size_t)k < n, "path too long: %s", rel);
}

/* A fresh folder scratch/rel; its path in out. */
static inline void fresh_dir(char *out, size_t n, const char *rel)
{
  at(out, n, rel);
  ck_assert_msg(mkdir(out, 0777) == 0, "mkdir %s: %s", out, strerror(errno));
}

/* Write text to path with stdio (independent of gr_fsio_write). */
static inline void spit(const char *path, const char *text)
{
  FILE *fp = fopen(path, "wb");
  ck_assert_msg(fp != NULL, "cannot write %s: %s", path, strerror(errno));
  ck_assert_int_eq(fputs(text, fp) >= 0, 1);
  ck_assert_int_eq(fclose(fp), 0);
}

/* The whole file (caller frees); fails the test when unreadable.  Not
 * inlined: inlined once, gcc 12 takes the result for a pointer to the
 * local text (-Wdangling-pointer). */
static __attribute__((unused, noinline)) char *slurp(const char *path)
{
  struct gr_error err = {0, ""};
  char *text = NULL;
  int rc = gr_fsio_read(path, &text, NULL, &err);
  ck_assert_msg(rc == GR_OK, "cannot read %s: %s", path, err.msg);
  return text;
}

/* Does file path contain the string want? */
static inline int file_has(const char *path, const char *want)
{
  char *text = slurp(path);
  int found = strstr(text, want) != NULL;
  free(text);
  return found;
}

/* Number of entries of dir, hidden ones included (not . and ..). */
static inline int count_entries(const char *dir)
{
  DIR *d = opendir(dir);
  struct dirent *e;
  int n = 0;
  ck_assert_msg(d != NULL, "cannot open %s", dir);
  while ((e = readdir(d)) != NULL)
    n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
  closedir(d);
  return n;
}

/* Is path a folder? */
static inline int is_dir(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Remove path and everything below it. */
static inline void rm_rf(const char *path)
{
  struct stat st;
  DIR *d;
  struct dirent *e;
  char sub[4096];
  int k;
  if (lstat(path, &st) != 0)
    return;
  if (S_ISDIR(st.st_mode) && (d = opendir(path)) != NULL) {
    while ((e = readdir(d)) != NULL) {
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
        continue;
      k = snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
      if (k > 0 && (size_t)k < sizeof sub)
        rm_rf(sub);
    }
    closedir(d);
    rmdir(path);
  } else {
    unlink(path);
  }
}

/* The line of text starting with prefix, copied to out ("" if none). */
static inline const char *line_of(const char *text, const char *prefix, char *out,
                           size_t n)
{
  const char *p = text;
  size_t k = strlen(prefix), len;
  out[0] = '\0';
  while (p && *p) {
    const char *nl = strchr(p, '\n');
    len = nl ? (size_t)(nl - p) : strlen(p);
    if (len >= k && strncmp(p, prefix, k) == 0) {
      snprintf(out, n, "%.*s", (int)len, p);
      break;
    }
    p = nl ? nl + 1 : NULL;
  }
  return out;
}

/* Field i (0-based) of a tab-separated line, copied to out. */
static inline const char *field(const char *line, int i, char *out, size_t n)
{
  const char *p = line, *tab;
  int k;
  for (k = i; k > 0 && p; k--)
    p = (tab = strchr(p, '\t')) ? tab + 1 : NULL;
  ck_assert_msg(p != NULL, "no field %d in '%s'", i, line);
  snprintf(out, n, "%.*s", (int)strcspn(p, "\t\n"), p);
  return out;
}

/* Remove the scratch folder (atexit). */
static inline void rm_scratch(void)
{
  rm_rf(scratch);
}

/* Make the scratch folder (exit on failure), removed at exit. */
static inline void gr_check_scratch(void)
{
  if (mkdtemp(scratch) == NULL) {
    perror("mkdtemp");
    exit(EXIT_FAILURE);
  }
  atexit(rm_scratch);
  setenv("GNUPLOT", "/nonexistent", 1);
}

#endif
