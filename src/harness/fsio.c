/* granrepro harness: atomic file output (see fsio.h). */
#include "harness/fsio.h"
#include "harness/buf.h"
#include "harness/error.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

int gr_fsio_join(char *out, size_t n, const char *dir, const char *name,
                 struct gr_error *err)
{
  int k = snprintf(out, n, "%s/%s", dir, name);
  if (k < 0 || (size_t)k >= n)
    return gr_error_set(err, GR_EINPUT, "path too long: %s/%s (use a shorter --out folder)", dir, name);
  return GR_OK;
}

int gr_fsio_mkdirs(const char *path, struct gr_error *err)
{
  char tmp[4096];
  size_t i, n = strlen(path);
  struct stat st;
  if (n == 0 || n >= sizeof tmp)
    return gr_error_set(err, GR_EINPUT, "bad folder name '%s'", path);
  memcpy(tmp, path, n + 1);
  for (i = 1; i <= n; i++) {
    if (tmp[i] != '/' && tmp[i] != '\0')
      continue;
    tmp[i] = '\0';
    if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
      return gr_error_set(err, GR_EIO, "cannot create folder '%s': %s (choose another --out folder)", tmp, strerror(errno));
    if (stat(tmp, &st) != 0 || !S_ISDIR(st.st_mode))
      return gr_error_set(err, GR_EIO, "'%s' exists and is not a folder (choose another --out folder)", tmp);
    if (i < n)
      tmp[i] = '/';
  }
  return GR_OK;
}

int gr_fsio_check_writable(const char *dir, struct gr_error *err)
{
  struct stat st;
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
    return gr_error_set(err, GR_EIO, "output folder '%s' does not exist", dir);
  if (access(dir, W_OK | X_OK) != 0)
    return gr_error_set(err, GR_EIO, "output folder '%s' is not writable: %s (fix its permissions or choose another --out folder)", dir, strerror(errno));
  return GR_OK;
}

int gr_fsio_write(const char *path, const char *text, size_t len,
                  struct gr_error *err)
{
  char tmp[4096];
  int fd, k;
  FILE *fp;
  k = snprintf(tmp, sizeof tmp, "%s.tmp.%ld.XXXXXX", path, (long)getpid());
  if (k < 0 || (size_t)k >= sizeof tmp)
    return gr_error_set(err, GR_EINPUT, "path too long: %s", path);
  fd = mkstemp(tmp);
  if (fd < 0)
    return gr_error_set(err, GR_EIO, "cannot write '%s': %s (check the folder's permissions or choose another --out folder)", path, strerror(errno));
  fchmod(fd, 0644);
  fp = fdopen(fd, "wb");
  if (fp == NULL) {
    close(fd);
    unlink(tmp);
    return gr_error_set(err, GR_EIO, "cannot write '%s': %s", path, strerror(errno));
  }
  int bad = len > 0 && fwrite(text, 1, len, fp) != len;
  if (fclose(fp) != 0) /* closed whether or not the write failed */
    bad = 1;
  if (bad) {
    unlink(tmp);
    return gr_error_set(err, GR_EIO, "cannot write '%s': %s (disk full?)", path, strerror(errno));
  }
  if (rename(tmp, path) != 0) {
    int e = errno;
    unlink(tmp);
    return gr_error_set(err, GR_EIO, "cannot replace '%s': %s", path, strerror(e));
  }
  return GR_OK;
}

int gr_fsio_write_buf(const char *path, const struct gr_buf *b, struct gr_error *err)
{
  if (b->failed)
    return gr_error_set(err, GR_ENOMEM, "out of memory");
  return gr_fsio_write(path, gr_buf_str(b), b->len, err);
}

/* Open path for reading into *fp, refusing anything but a regular file
 * (a FIFO would block forever, a folder reads as an error or nothing). */
static int fsio_open_regular(const char *path, FILE **fp, struct gr_error *err)
{
  struct stat st;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return gr_error_set(err, GR_EINPUT, "cannot read '%s': %s", path, strerror(errno));
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return gr_error_set(err, GR_EINPUT, "cannot read '%s': not a regular file (a folder, FIFO or device; name a plain file)", path);
  }
  if ((*fp = fdopen(fd, "rb")) == NULL) {
    int e = errno;
    close(fd);
    return gr_error_set(err, GR_EIO, "cannot read '%s': %s", path, strerror(e));
  }
  return GR_OK;
}

int gr_fsio_read(const char *path, char **text, size_t *len,
                 struct gr_error *err)
{
  FILE *fp = NULL;
  char *s = NULL, *t;
  size_t n = 0, cap = 0, k;
  int rc = fsio_open_regular(path, &fp, err);
  if (rc != GR_OK)
    return rc;
  for (;;) {
    if (cap - n < 4096) {
      cap = cap ? 2 * cap : 8192;
      t = realloc(s, cap);
      if (t == NULL) {
        free(s);
        fclose(fp);
        return gr_error_set(err, GR_ENOMEM, "out of memory reading '%s'", path);
      }
      s = t;
    }
    k = fread(s + n, 1, cap - n - 1, fp);
    n += k;
    if (k == 0)
      break;
  }
  if (ferror(fp)) {
    free(s);
    fclose(fp);
    return gr_error_set(err, GR_EIO, "cannot read '%s': read error", path);
  }
  fclose(fp);
  s[n] = '\0';
  *text = s;
  if (len)
    *len = n;
  return GR_OK;
}

int gr_fsio_exists(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* qsort comparator for an array of strings. */
static int fsio_cmp(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted list of the names in dir ending with suffix (caller frees). */
int gr_fsio_list(const char *dir, const char *suffix, char ***names,
                       size_t *n)
{
  DIR *d = opendir(dir);
  struct dirent *e;
  size_t cap = 0, ls = strlen(suffix), len;
  char **v = NULL, **t;
  *n = 0;
  if (d == NULL)
    return GR_EIO;
  while ((e = readdir(d)) != NULL) {
    len = strlen(e->d_name);
    if (e->d_name[0] == '.' || len <= ls || strcmp(e->d_name + len - ls, suffix) != 0)
      continue;
    if (*n == cap) {
      cap = cap ? 2 * cap : 16;
      if ((t = realloc(v, cap * sizeof *v)) == NULL)
        break;
      v = t;
    }
    if ((v[*n] = strdup(e->d_name)) != NULL)
      (*n)++;
  }
  closedir(d);
  if (*n > 1)
    qsort(v, *n, sizeof *v, fsio_cmp);
  *names = v;
  return GR_OK;
}

void gr_fsio_free_list(char **v, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    free(v[i]);
  free(v);
}


void gr_fsio_first_line(FILE *fp, char *out, size_t n)
{
  out[0] = '\0';
  if (fp == NULL || fgets(out, (int)n, fp) == NULL)
    out[0] = '\0';
  out[strcspn(out, "\n")] = '\0';
}

void gr_fsio_remove_flat(const char *dir)
{
  char path[4400];
  DIR *d = opendir(dir);
  struct dirent *e;
  if (d != NULL) {
    while ((e = readdir(d)) != NULL) {
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
        continue;
      snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
      unlink(path);
    }
    closedir(d);
  }
  rmdir(dir);
}

int gr_fsio_check_text(const char *name, const char *text, size_t len,
                       int controls, struct gr_error *err)
{
  size_t i;
  int line = 1;
  for (i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)text[i];
    if (ch == '\n')
      line++;
    else if (ch == 0)
      return gr_error_set(err, GR_EINPUT, "%s:%d: NUL byte (this is not a text file, or it is corrupt: restore it from the project)", name, line);
    else if (controls && ((ch < 0x20 && ch != '\t' && ch != '\r') || ch == 0x7f))
      return gr_error_set(err, GR_EINPUT, "%s:%d: control byte 0x%02x (only tabs and line ends are allowed: remove it)", name, line, ch);
  }
  return GR_OK;
}
