/* granrepro tests: the harness (src/harness): text buffers, atomic files,
 * records, record comparison, figure scripts, the run context and the
 * HTML index.  Everything is written below a mkdtemp folder in /tmp,
 * removed at the end; GNUPLOT is set to a missing file so nothing is
 * rendered. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "harness/buf.h"
#include "harness/compare.h"
#include "harness/ctx.h"
#include "harness/error.h"
#include "harness/experiment.h"
#include "harness/fsio.h"
#include "harness/probe.h"
#include "harness/record.h"
#include "harness/ref.h"
#include "harness/report.h"
#include "harness/rng.h"
#include "harness/speed.h"
#include "harness/timer.h"
#include "tests/check_run.h"

static char scratch[] = "/tmp/granrepro-check-harness-XXXXXX";

/* ------------------------------------------------------------ helpers */

/* out = scratch/rel. */
static void at(char *out, size_t n, const char *rel)
{
  int k = snprintf(out, n, "%s/%s", scratch, rel);
  ck_assert_msg(k > 0 && (size_t)k < n, "path too long: %s", rel);
}

/* A fresh folder scratch/rel; its path in out. */
static void fresh_dir(char *out, size_t n, const char *rel)
{
  at(out, n, rel);
  ck_assert_msg(mkdir(out, 0777) == 0, "mkdir %s: %s", out, strerror(errno));
}

/* Write text to path with stdio (independent of gr_fsio_write). */
static void spit(const char *path, const char *text)
{
  FILE *fp = fopen(path, "wb");
  ck_assert_msg(fp != NULL, "cannot write %s: %s", path, strerror(errno));
  ck_assert_int_eq(fputs(text, fp) >= 0, 1);
  ck_assert_int_eq(fclose(fp), 0);
}

/* The whole file (caller frees); fails the test when unreadable. */
static char *slurp(const char *path)
{
  struct gr_error err = {0, ""};
  char *text = NULL;
  int rc = gr_fsio_read(path, &text, NULL, &err);
  ck_assert_msg(rc == GR_OK, "cannot read %s: %s", path, err.msg);
  return text;
}

/* Does file path contain the string want? */
static int file_has(const char *path, const char *want)
{
  char *text = slurp(path);
  int found = strstr(text, want) != NULL;
  free(text);
  return found;
}

/* Number of entries of dir, hidden ones included (not . and ..). */
static int count_entries(const char *dir)
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
static int is_dir(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Remove path and everything below it. */
static void rm_rf(const char *path)
{
  struct stat st;
  DIR *d;
  struct dirent *e;
  char sub[4096];
  if (lstat(path, &st) != 0)
    return;
  if (S_ISDIR(st.st_mode) && (d = opendir(path)) != NULL) {
    while ((e = readdir(d)) != NULL) {
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
        continue;
      snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
      rm_rf(sub);
    }
    closedir(d);
    rmdir(path);
  } else {
    unlink(path);
  }
}

/* The line of text starting with prefix, copied to out ("" if none). */
static const char *line_of(const char *text, const char *prefix, char *out,
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
static const char *field(const char *line, int i, char *out, size_t n)
{
  const char *p = line, *tab;
  int k;
  for (k = i; k > 0 && p; k--)
    p = (tab = strchr(p, '\t')) ? tab + 1 : NULL;
  ck_assert_msg(p != NULL, "no field %d in '%s'", i, line);
  snprintf(out, n, "%.*s", (int)strcspn(p, "\t\n"), p);
  return out;
}

/* ------------------------------------------------------------ gr_buf */

/* Many small printfs grow the buffer; the text and length stay exact. */
START_TEST(test_buf_growth)
{
  struct gr_buf b = GR_BUF_INIT;
  char want[16];
  size_t i;
  ck_assert_str_eq(gr_buf_str(&b), "");
  for (i = 0; i < 1000; i++)
    ck_assert_int_eq(gr_buf_printf(&b, "%04zu;", i), GR_OK);
  ck_assert_uint_eq(b.len, 5000);
  ck_assert_uint_gt(b.cap, b.len);
  ck_assert_uint_eq(strlen(gr_buf_str(&b)), 5000);
  for (i = 0; i < 1000; i++) {
    snprintf(want, sizeof want, "%04zu;", i);
    ck_assert_msg(memcmp(b.s + 5 * i, want, 5) == 0, "piece %zu wrong", i);
  }
  ck_assert_int_eq(b.failed, 0);
  gr_buf_free(&b);
  ck_assert_ptr_null(b.s);
  ck_assert_uint_eq(b.len, 0);
  ck_assert_uint_eq(b.cap, 0);
  ck_assert_str_eq(gr_buf_str(&b), "");
}
END_TEST

/* One printf far larger than the first block, then appends. */
START_TEST(test_buf_printf_large)
{
  struct gr_buf b = GR_BUF_INIT;
  static char big[10001];
  memset(big, 'x', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  ck_assert_int_eq(gr_buf_printf(&b, "<%s>%d", big, 42), GR_OK);
  ck_assert_uint_eq(b.len, 10000 + 4);
  ck_assert_int_eq(b.s[0], '<');
  ck_assert_int_eq(b.s[10001], '>');
  ck_assert_str_eq(b.s + 10002, "42");
  ck_assert_int_eq(gr_buf_append(&b, "tail", 2), GR_OK);
  ck_assert_str_eq(b.s + 10002, "42ta");
  ck_assert_int_eq(gr_buf_printf(&b, "%s", ""), GR_OK);
  ck_assert_uint_eq(b.len, 10006);
  gr_buf_free(&b);
}
END_TEST

/* ------------------------------------------------------------ fsio */

/* gr_fsio_write: right content, mode 0644, no temporary left, overwrites
 * (also with shorter and empty text); failures leave nothing behind. */
START_TEST(test_fsio_write)
{
  char dir[256], path[300], bad[300];
  struct gr_error err = {0, ""};
  struct stat st;
  char *text;
  size_t len;
  fresh_dir(dir, sizeof dir, "fsio-write");
  snprintf(path, sizeof path, "%s/out.txt", dir);
  ck_assert_int_eq(gr_fsio_write(path, "hello\nworld\n", 12, &err), GR_OK);
  ck_assert_int_eq(gr_fsio_read(path, &text, &len, &err), GR_OK);
  ck_assert_uint_eq(len, 12);
  ck_assert_str_eq(text, "hello\nworld\n");
  free(text);
  ck_assert_int_eq(count_entries(dir), 1);
  ck_assert_int_eq(stat(path, &st), 0);
  ck_assert_int_eq(st.st_mode & 0777, 0644);

  ck_assert_int_eq(gr_fsio_write(path, "short", 5, &err), GR_OK);
  text = slurp(path);
  ck_assert_str_eq(text, "short");
  free(text);
  ck_assert_int_eq(gr_fsio_write(path, "", 0, &err), GR_OK);
  ck_assert_int_eq(gr_fsio_read(path, &text, &len, &err), GR_OK);
  ck_assert_uint_eq(len, 0);
  free(text);
  ck_assert_int_eq(count_entries(dir), 1);
  ck_assert_int_eq(err.code, GR_OK);

  /* a folder in the way: the rename fails, the temporary is removed */
  snprintf(bad, sizeof bad, "%s/sub", dir);
  ck_assert_int_eq(mkdir(bad, 0777), 0);
  ck_assert_int_eq(gr_fsio_write(bad, "x", 1, &err), GR_EIO);
  ck_assert_ptr_nonnull(strstr(err.msg, bad));
  ck_assert_ptr_null(strchr(err.msg, '\n'));
  ck_assert(is_dir(bad));
  ck_assert_int_eq(count_entries(dir), 2);
  ck_assert_int_eq(count_entries(bad), 0);

  /* a missing folder: GR_EIO naming the path, nothing created */
  gr_error_clear(&err);
  snprintf(bad, sizeof bad, "%s/nosuch/out.txt", dir);
  ck_assert_int_eq(gr_fsio_write(bad, "x", 1, &err), GR_EIO);
  ck_assert_ptr_nonnull(strstr(err.msg, bad));
  ck_assert_int_eq(count_entries(dir), 2);

  /* gr_fsio_read of a missing file fails with the path */
  gr_error_clear(&err);
  text = NULL;
  ck_assert_int_ne(gr_fsio_read(bad, &text, NULL, &err), GR_OK);
  ck_assert_ptr_nonnull(strstr(err.msg, bad));
  ck_assert(!gr_fsio_exists(bad));
  ck_assert(gr_fsio_exists(path));
  ck_assert(!gr_fsio_exists(dir));
}
END_TEST

/* gr_fsio_mkdirs: nested folders, idempotent, trailing slash; a regular
 * file on the way is an error naming it. */
START_TEST(test_fsio_mkdirs)
{
  char base[256], path[400], file[400];
  struct gr_error err = {0, ""};
  fresh_dir(base, sizeof base, "fsio-mkdirs");
  snprintf(path, sizeof path, "%s/a/b/c/d", base);
  ck_assert_int_eq(gr_fsio_mkdirs(path, &err), GR_OK);
  ck_assert(is_dir(path));
  snprintf(path, sizeof path, "%s/a/b", base);
  ck_assert(is_dir(path));
  snprintf(path, sizeof path, "%s/a/b/c/d", base);
  ck_assert_int_eq(gr_fsio_mkdirs(path, &err), GR_OK);
  snprintf(path, sizeof path, "%s/a/e/", base);
  ck_assert_int_eq(gr_fsio_mkdirs(path, &err), GR_OK);
  snprintf(path, sizeof path, "%s/a/e", base);
  ck_assert(is_dir(path));
  ck_assert_int_eq(err.code, GR_OK);
  ck_assert_int_eq(gr_fsio_check_writable(path, &err), GR_OK);

  snprintf(file, sizeof file, "%s/afile", base);
  spit(file, "x");
  snprintf(path, sizeof path, "%s/afile/sub/deeper", base);
  ck_assert_int_eq(gr_fsio_mkdirs(path, &err), GR_EIO);
  ck_assert_ptr_nonnull(strstr(err.msg, file));
  ck_assert(!is_dir(path));
  gr_error_clear(&err);
  ck_assert_int_eq(gr_fsio_check_writable(file, &err), GR_EIO);
  gr_error_clear(&err);
  ck_assert_int_eq(gr_fsio_mkdirs("", &err), GR_EINPUT);
}
END_TEST

/* gr_fsio_list: sorted, filtered by suffix, hidden names skipped, more
 * names than the first allocation; a missing folder is GR_EIO. */
START_TEST(test_fsio_list)
{
  static const char *names[] = {"b.dat", "a.dat", "z.dat", "c.gp", ".hidden.dat", "dat", "mid.dat.bak"};
  char dir[256], path[400], want[32], **v = NULL;
  size_t n = 0, i;
  fresh_dir(dir, sizeof dir, "fsio-list");
  ck_assert_int_eq(gr_fsio_list(dir, "", &v, &n), GR_OK);
  ck_assert_uint_eq(n, 0);
  gr_fsio_free_list(v, n);
  for (i = 0; i < sizeof names / sizeof names[0]; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    spit(path, "");
  }
  ck_assert_int_eq(gr_fsio_list(dir, ".dat", &v, &n), GR_OK);
  ck_assert_uint_eq(n, 3);
  ck_assert_str_eq(v[0], "a.dat");
  ck_assert_str_eq(v[1], "b.dat");
  ck_assert_str_eq(v[2], "z.dat");
  gr_fsio_free_list(v, n);
  ck_assert_int_eq(gr_fsio_list(dir, "", &v, &n), GR_OK);
  ck_assert_uint_eq(n, 6);
  ck_assert_str_eq(v[0], "a.dat");
  ck_assert_str_eq(v[1], "b.dat");
  ck_assert_str_eq(v[2], "c.gp");
  ck_assert_str_eq(v[3], "dat");
  ck_assert_str_eq(v[4], "mid.dat.bak");
  ck_assert_str_eq(v[5], "z.dat");
  gr_fsio_free_list(v, n);

  /* 40 names created in reverse order come back sorted */
  for (i = 40; i-- > 0;) {
    snprintf(path, sizeof path, "%s/f%02zu.x", dir, i);
    spit(path, "");
  }
  ck_assert_int_eq(gr_fsio_list(dir, ".x", &v, &n), GR_OK);
  ck_assert_uint_eq(n, 40);
  for (i = 0; i < n; i++) {
    snprintf(want, sizeof want, "f%02zu.x", i);
    ck_assert_str_eq(v[i], want);
  }
  gr_fsio_free_list(v, n);

  snprintf(path, sizeof path, "%s/nosuch", dir);
  ck_assert_int_eq(gr_fsio_list(path, "", &v, &n), GR_EIO);
  ck_assert_uint_eq(n, 0);
}
END_TEST

/* gr_fsio_first_line: the first line without its newline. */
START_TEST(test_fsio_first_line)
{
  char dir[256], path[400], line[64];
  FILE *fp;
  fresh_dir(dir, sizeof dir, "fsio-first-line");
  snprintf(path, sizeof path, "%s/two", dir);
  spit(path, "first line\nsecond\n");
  fp = fopen(path, "r");
  gr_fsio_first_line(fp, line, sizeof line);
  ck_assert_str_eq(line, "first line");
  fclose(fp);
  fp = fopen(path, "r");
  gr_fsio_first_line(fp, line, 4);
  ck_assert_str_eq(line, "fir");
  fclose(fp);
  snprintf(path, sizeof path, "%s/empty", dir);
  spit(path, "");
  fp = fopen(path, "r");
  strcpy(line, "junk");
  gr_fsio_first_line(fp, line, sizeof line);
  ck_assert_str_eq(line, "");
  fclose(fp);
  strcpy(line, "junk");
  gr_fsio_first_line(NULL, line, sizeof line);
  ck_assert_str_eq(line, "");
}
END_TEST

/* ------------------------------------------------------------ records */

/* A bench record with every header field set. */
static void sample_record(struct gr_record *r)
{
  memset(r, 0, sizeof *r);
  snprintf(r->machine.host, sizeof r->machine.host, "test host/1");
  snprintf(r->machine.cpu, sizeof r->machine.cpu, "Test CPU @ 1.00GHz");
  r->machine.cores = 8;
  r->machine.memory_kib = 16384000;
  snprintf(r->machine.os, sizeof r->machine.os, "TestOS 1.0 (x)");
  snprintf(r->machine.compiler, sizeof r->machine.compiler, "gcc 99.1");
  snprintf(r->machine.cflags, sizeof r->machine.cflags, "-O2 -g -fopenmp");
  snprintf(r->machine.gsl, sizeof r->machine.gsl, "2.7.1");
  snprintf(r->machine.revision, sizeof r->machine.revision, "0123456789ab-dirty");
  snprintf(r->kind, sizeof r->kind, "bench");
  snprintf(r->experiment, sizeof r->experiment, "c12");
  snprintf(r->date, sizeof r->date, "2026-01-02T03:04:05Z");
  snprintf(r->mode, sizeof r->mode, "quick");
  r->seed = 4294967295UL;
  r->threads = 3;
  ck_assert_int_eq(gr_record_add(r, "c12/sweep", 1, 0.125, 0.25, 10001, "collisions"), GR_OK);
  ck_assert_int_eq(gr_record_add(r, "c12/sweep", 2, 0.0015, 2.5e-3, 0.1, "collisions"), GR_OK);
  ck_assert_int_eq(gr_record_add(r, "c12/phase x", 0, 3.0, 2.0, 0.0, ""), GR_OK);
}

/* gr_record_write then gr_record_load: the file name and every header
 * field and row come back. */
START_TEST(test_record_roundtrip)
{
  char dir[256], want[512], path[512];
  struct gr_record r, l;
  struct gr_error err = {0, ""};
  size_t i;
  at(dir, sizeof dir, "records/new");  /* created by gr_record_write */
  sample_record(&r);
  ck_assert_int_eq(gr_record_write(dir, &r, path, sizeof path, &err), GR_OK);
  snprintf(want, sizeof want, "%s/test_host_1-20260102T030405Z-c12-bench.tsv", dir);
  ck_assert_str_eq(path, want);
  ck_assert_int_eq(count_entries(dir), 1);
  ck_assert(file_has(path, "# granrepro record\n# kind: bench\n"));

  ck_assert_int_eq(gr_record_load(path, &l, &err), GR_OK);
  ck_assert_str_eq(l.kind, "bench");
  ck_assert_str_eq(l.experiment, "c12");
  ck_assert_str_eq(l.date, "2026-01-02T03:04:05Z");
  ck_assert_str_eq(l.mode, "quick");
  ck_assert_uint_eq(l.seed, 4294967295UL);
  ck_assert_int_eq(l.threads, 3);
  ck_assert_str_eq(l.machine.host, "test host/1");
  ck_assert_str_eq(l.machine.cpu, "Test CPU @ 1.00GHz");
  ck_assert_int_eq(l.machine.cores, 8);
  ck_assert_int_eq(l.machine.memory_kib, 16384000);
  ck_assert_str_eq(l.machine.os, "TestOS 1.0 (x)");
  ck_assert_str_eq(l.machine.compiler, "gcc 99.1");
  ck_assert_str_eq(l.machine.cflags, "-O2 -g -fopenmp");
  ck_assert_str_eq(l.machine.gsl, "2.7.1");
  ck_assert_str_eq(l.machine.revision, "0123456789ab-dirty");
  ck_assert_uint_eq(l.nrows, 3);
  for (i = 0; i < 3; i++) {
    ck_assert_str_eq(l.rows[i].name, r.rows[i].name);
    ck_assert_int_eq(l.rows[i].sample, r.rows[i].sample);
    ck_assert_double_eq(l.rows[i].wall, r.rows[i].wall);
    ck_assert_double_eq(l.rows[i].cpu, r.rows[i].cpu);
    ck_assert_double_eq(l.rows[i].work, r.rows[i].work);
  }
  ck_assert_str_eq(l.rows[0].unit, "collisions");
  ck_assert_str_eq(l.rows[2].unit, "-");
  gr_record_free(&l);
  ck_assert_ptr_null(l.rows);

  /* a run record has no "-bench" suffix */
  snprintf(r.kind, sizeof r.kind, "run");
  ck_assert_int_eq(gr_record_write(dir, &r, path, sizeof path, &err), GR_OK);
  snprintf(want, sizeof want, "%s/test_host_1-20260102T030405Z-c12.tsv", dir);
  ck_assert_str_eq(path, want);
  ck_assert_int_eq(count_entries(dir), 2);
  gr_record_free(&r);
  ck_assert_int_eq(err.code, GR_OK);
}
END_TEST

/* gr_record_machine describes this machine and build. */
START_TEST(test_record_machine)
{
  struct gr_machine m;
  gr_record_machine(&m);
  ck_assert_str_ne(m.host, "");
  ck_assert_str_ne(m.cpu, "");
  ck_assert_int_ge(m.cores, 1);
  ck_assert_str_ne(m.gsl, "");
  ck_assert_str_ne(m.revision, "");
  ck_assert_ptr_null(strchr(m.cpu, '\t'));
  ck_assert_ptr_null(strchr(m.os, '\n'));
}
END_TEST

/* Load text as a record at scratch/records/bad/name: expect GR_EINPUT with
 * "path:line:" and the fragment what, and no rows kept. */
static void record_bad(const char *name, const char *text, int line,
                       const char *what)
{
  char path[512], prefix[600];
  struct gr_record r;
  struct gr_error err = {0, ""};
  at(path, sizeof path, "records/bad");
  ck_assert_int_eq(gr_fsio_mkdirs(path, &err), GR_OK);
  at(path, sizeof path, "records/bad/");
  strncat(path, name, sizeof path - strlen(path) - 1);
  spit(path, text);
  ck_assert_msg(gr_record_load(path, &r, &err) == GR_EINPUT, "%s accepted", name);
  snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
  ck_assert_msg(strncmp(err.msg, prefix, strlen(prefix)) == 0, "want '%s', got '%s'", prefix, err.msg);
  ck_assert_msg(strstr(err.msg, what) != NULL, "want '%s' in '%s'", what, err.msg);
  ck_assert_ptr_null(r.rows);
  ck_assert_uint_eq(r.nrows, 0);
}

#define REC_HEAD "# granrepro record\n# kind: bench\nname\tsample\twall_s\tcpu_s\twork\tunit\n"

/* Malformed records are rejected with "path:line: ..."; CRLF is fine. */
START_TEST(test_record_malformed)
{
  char path[512];
  struct gr_record r;
  struct gr_error err = {0, ""};
  record_bad("notrec.tsv", "hello\tworld\n", 1, "not a granrepro record");
  record_bad("empty.tsv", "", 1, "not a granrepro record");
  record_bad("fields.tsv", REC_HEAD "k\t1\t0.5\t0.5\t1\tu\nk\t2\t0.5\t0.5\t1\n", 5, "6 tab-separated fields");
  record_bad("extra.tsv", REC_HEAD "k\t1\t0.5\t0.5\t1\tu\textra\n", 4, "6 tab-separated fields");
  record_bad("sample.tsv", REC_HEAD "k\tone\t0.5\t0.5\t1\tu\n", 4, "'one'");
  record_bad("wall.tsv", REC_HEAD "k\t1\tfast\t0.5\t1\tu\n", 4, "'fast'");
  record_bad("colhdr.tsv", "# granrepro record\n# kind: bench\nwrong\theader\n", 3, "column header");

  /* CRLF line ends: accepted, no CR kept */
  at(path, sizeof path, "records/bad/crlf.tsv");
  spit(path, "# granrepro record\r\n# kind: bench\r\n# experiment: c12\r\n"
             "name\tsample\twall_s\tcpu_s\twork\tunit\r\nk\t1\t0.5\t0.25\t10\truns\r\n");
  ck_assert_int_eq(gr_record_load(path, &r, &err), GR_OK);
  ck_assert_str_eq(r.experiment, "c12");
  ck_assert_uint_eq(r.nrows, 1);
  ck_assert_str_eq(r.rows[0].unit, "runs");
  ck_assert_double_eq(r.rows[0].wall, 0.5);
  gr_record_free(&r);

  at(path, sizeof path, "records/bad/nosuch.tsv");
  ck_assert_int_ne(gr_record_load(path, &r, &err), GR_OK);
  ck_assert_ptr_nonnull(strstr(err.msg, path));
}
END_TEST

/* ------------------------------------------------------------ compare */

/* Write a bench record to scratch/rel: 9 samples of "x/fast" with wall
 * f * (1 + i/100), 9 of "x/flat" (the same in every record) and 9 of
 * only_kernel; its path in path. */
static void bench_record(const char *rel, double f, const char *only_kernel,
                         char *path, size_t n)
{
  char dir[256];
  struct gr_record r;
  struct gr_error err = {0, ""};
  int i;
  at(dir, sizeof dir, rel);
  sample_record(&r);
  r.nrows = 0;
  for (i = 1; i <= 9; i++) {
    ck_assert_int_eq(gr_record_add(&r, "x/fast", i, f * (1.0 + i / 100.0), f, 1000, "runs"), GR_OK);
    ck_assert_int_eq(gr_record_add(&r, "x/flat", i, 0.2 + i / 1000.0, 0.2, 0, "-"), GR_OK);
    ck_assert_int_eq(gr_record_add(&r, only_kernel, i, 1.0, 1.0, 0, "-"), GR_OK);
  }
  ck_assert_int_eq(gr_record_write(dir, &r, path, n, &err), GR_OK);
  gr_record_free(&r);
}

/* The decision column of the kernel's row in a comparison text. */
static const char *decision(const char *text, const char *kernel, char *out,
                            size_t n)
{
  char line[512], prefix[64], name[64], d[32];
  int na, nb;
  snprintf(prefix, sizeof prefix, "%s ", kernel);
  line_of(text, prefix, line, sizeof line);
  ck_assert_msg(line[0] != '\0', "no row for %s in:\n%s", kernel, text);
  ck_assert_int_eq(sscanf(line, "%63s %d %d %*s %*s %*s %*s %*s %31s", name, &na, &nb, d), 4);
  ck_assert_int_eq(na, 9);
  ck_assert_int_eq(nb, 9);
  snprintf(out, n, "%s", d);
  return out;
}

/* gr_compare_records: B with half the wall times is "faster" (and A
 * against B "slower"), equal samples are "same", kernels in one record
 * only are listed; compare.dat and compare.gp are written. */
START_TEST(test_compare_records)
{
  char pa[512], pb[512], out[256], dat[300], gp[300], d[32], line[256], f[64];
  struct gr_buf text = GR_BUF_INIT;
  struct gr_error err = {0, ""};
  char *s;
  bench_record("cmp/a", 1.0, "x/gone", pa, sizeof pa);
  bench_record("cmp/b", 0.5, "x/new", pb, sizeof pb);
  at(out, sizeof out, "cmp/out");
  ck_assert_int_eq(gr_compare_records(pa, pb, out, &text, &err), GR_OK);
  s = text.s;
  ck_assert_str_eq(decision(s, "x/fast", d, sizeof d), "faster");
  ck_assert_str_eq(decision(s, "x/flat", d, sizeof d), "same");
  ck_assert_ptr_nonnull(strstr(s, "only in A: x/gone\n"));
  ck_assert_ptr_nonnull(strstr(s, "only in B: x/new\n"));
  ck_assert_ptr_nonnull(strstr(s, "not rendered"));
  ck_assert_ptr_nonnull(strstr(s, pa));
  ck_assert_ptr_nonnull(strstr(s, pb));
  gr_buf_free(&text);

  /* compare.dat: index kernel ratio p decision, kernels in both records */
  snprintf(dat, sizeof dat, "%s/compare.dat", out);
  s = slurp(dat);
  line_of(s, "0\t", line, sizeof line);
  ck_assert_str_eq(field(line, 1, f, sizeof f), "x/fast");
  ck_assert_str_eq(field(line, 2, f, sizeof f), "0.5");
  ck_assert_double_lt(strtod(field(line, 3, f, sizeof f), NULL), 0.01);
  ck_assert_str_eq(field(line, 4, f, sizeof f), "faster");
  line_of(s, "1\t", line, sizeof line);
  ck_assert_str_eq(field(line, 1, f, sizeof f), "x/flat");
  ck_assert_str_eq(field(line, 2, f, sizeof f), "1");
  ck_assert_str_eq(field(line, 4, f, sizeof f), "same");
  line_of(s, "2\t", line, sizeof line);
  ck_assert_str_eq(line, "");
  free(s);
  snprintf(gp, sizeof gp, "%s/compare.gp", out);
  ck_assert(file_has(gp, "\nplot "));
  ck_assert(file_has(gp, "compare.dat"));

  /* the other way round: slower; without outdir nothing is written */
  rm_rf(out);
  ck_assert_int_eq(gr_compare_records(pb, pa, NULL, &text, &err), GR_OK);
  ck_assert_str_eq(decision(text.s, "x/fast", d, sizeof d), "slower");
  ck_assert_str_eq(decision(text.s, "x/flat", d, sizeof d), "same");
  ck_assert(!is_dir(out));
  gr_buf_free(&text);

  /* a record against itself: every kernel the same */
  ck_assert_int_eq(gr_compare_records(pa, pa, NULL, &text, &err), GR_OK);
  ck_assert_str_eq(decision(text.s, "x/fast", d, sizeof d), "same");
  ck_assert_str_eq(decision(text.s, "x/flat", d, sizeof d), "same");
  ck_assert_str_eq(decision(text.s, "x/gone", d, sizeof d), "same");
  gr_buf_free(&text);
  ck_assert_int_eq(err.code, GR_OK);
}
END_TEST

/* gr_compare_records refuses records without bench samples and files
 * that are not records. */
START_TEST(test_compare_bad)
{
  char dir[256], run[512], bench[512], junk[300];
  struct gr_record r;
  struct gr_buf text = GR_BUF_INIT;
  struct gr_error err = {0, ""};
  at(dir, sizeof dir, "cmp-bad");
  sample_record(&r);
  r.nrows = 0;
  snprintf(r.kind, sizeof r.kind, "run");
  ck_assert_int_eq(gr_record_add(&r, "c12/total", 0, 1.0, 1.0, 0, "-"), GR_OK);
  ck_assert_int_eq(gr_record_write(dir, &r, run, sizeof run, &err), GR_OK);
  gr_record_free(&r);
  bench_record("cmp-bad", 1.0, "x/other", bench, sizeof bench);
  ck_assert_int_eq(gr_compare_records(run, bench, NULL, &text, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "no bench samples"));
  ck_assert_ptr_nonnull(strstr(err.msg, run));
  gr_error_clear(&err);
  snprintf(junk, sizeof junk, "%s/junk.tsv", dir);
  spit(junk, "not a record\n");
  ck_assert_int_eq(gr_compare_records(bench, junk, NULL, &text, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, junk));
  gr_buf_free(&text);
}
END_TEST

/* ------------------------------------------------------------ figures */

/* gr_report_write_figure: a script naming its data, with the title
 * (quotes escaped), labels, setup and the plot command. */
START_TEST(test_report_figure)
{
  char dir[256], path[300], missing[300];
  struct gr_error err = {0, ""};
  struct gr_figure f = {"fig1", "data1", "Title with \"quotes\" and \\", "x label", "y label",
                        "set logscale y\nset key off", "data using 1:2 with lines title 'a'"};
  char *s;
  fresh_dir(dir, sizeof dir, "figure");
  ck_assert_int_eq(gr_report_write_figure(dir, &f, &err), GR_OK);
  snprintf(path, sizeof path, "%s/fig1.gp", dir);
  s = slurp(path);
  ck_assert_ptr_nonnull(strstr(s, "set title \"Title with \\\"quotes\\\" and \\\\\"\n"));
  ck_assert_ptr_nonnull(strstr(s, "set xlabel \"x label\"\n"));
  ck_assert_ptr_nonnull(strstr(s, "set ylabel \"y label\"\n"));
  ck_assert_ptr_nonnull(strstr(s, "\nset logscale y\nset key off\nplot data using 1:2 with lines title 'a'\n"));
  ck_assert_ptr_nonnull(strstr(s, "\"data1.dat\""));
  ck_assert_ptr_nonnull(strstr(s, "\"fig1.svg\""));
  free(s);
  ck_assert_int_eq(count_entries(dir), 1);

  /* no setup lines */
  f.name = "fig2";
  f.setup = NULL;
  ck_assert_int_eq(gr_report_write_figure(dir, &f, &err), GR_OK);
  snprintf(path, sizeof path, "%s/fig2.gp", dir);
  ck_assert(file_has(path, "set ylabel \"y label\"\nplot data using 1:2"));

  snprintf(missing, sizeof missing, "%s/nosuch", dir);
  ck_assert_int_ne(gr_report_write_figure(missing, &f, &err), GR_OK);
  ck_assert_ptr_nonnull(strstr(err.msg, missing));

  /* GNUPLOT names a missing program: nothing is rendered */
  ck_assert_ptr_null(gr_report_gnuplot());
}
END_TEST

/* ------------------------------------------------------------ context */

/* The fake experiment: three comparisons (one off), an informative row,
 * a data set with a figure, a note and a timed phase; the published
 * number "unused" is never compared. */
static int fake_run(struct gr_ctx *ctx)
{
  struct gr_figure f = {"fake-fig", "fake-series", "Fake series", "t", "x", NULL,
                        "data using 1:2 with lines"};
  struct gr_data *d;
  gr_ctx_phase_begin(ctx, "compare");
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "good", "value", 1.25, 0.0, "computed"), GR_OK);
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "bad", "value", 2.6, 0.0, NULL), GR_OK);
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "bad", "other", 7.0, 0.0, NULL), GR_OK);
  gr_ctx_phase_end(ctx);
  ck_assert_int_eq(gr_ctx_informative(ctx, "fake/info", 42.0, "nothing published"), GR_OK);
  ck_assert_int_eq(gr_ctx_verdict(ctx, GR_KIND_CHECK, "fake/closed-form", 0.4845,
                                  gr_test_rel(0.4843, 1e-3), "against eq. 1"), GR_OK);
  ck_assert_int_eq(gr_ctx_not_computed(ctx, GR_KIND_RESULT, "fake/slope", "the fit failed"), GR_OK);
  d = gr_ctx_data(ctx, "fake-series", "t x");
  ck_assert_ptr_nonnull(d);
  ck_assert_int_eq(gr_data_printf(d, "%d %d\n", 0, 1), GR_OK);
  ck_assert_int_eq(gr_data_printf(d, "%d %d\n", 1, 4), GR_OK);
  ck_assert_int_eq(gr_ctx_figure(ctx, &f), GR_OK);
  return gr_ctx_note(ctx, "A note with %d parts.", 2);
}

static const struct gr_experiment fake_exp = {
  .key = "fake", .title = "A fake experiment & co", .citation = "Nobody, Nowhere 1 (2026)",
  .refdir = "fake", .run = fake_run};

#define FAKE_TABLE \
  "# source: granrepro test suite\n" \
  "# quantity: made-up numbers\n" \
  "# kind: result\n" \
  "key\tvalue\tother\tkind\tnote\n" \
  "good\t1.25\t-\t-\tfirst row\n" \
  "bad\t2.5\t7\tprinted\t-\n" \
  "unused\t3.0\t-\t-\t-\n"

/* base/ref/fake/tab.tsv holding FAKE_TABLE; refdir = base/ref. */
static void fake_reference(const char *base, char *refdir, size_t nr, char *tab,
                           size_t nt)
{
  snprintf(refdir, nr, "%s/ref", base);
  snprintf(tab, nt, "%s/fake", refdir);
  ck_assert_int_eq(mkdir(refdir, 0777), 0);
  ck_assert_int_eq(mkdir(tab, 0777), 0);
  strncat(tab, "/tab.tsv", nt - strlen(tab) - 1);
  spit(tab, FAKE_TABLE);
}

/* fake_reference under base, and options writing to base. */
static void fake_options(const char *base, char *refdir, size_t nr, char *tab,
                         size_t nt, struct gr_options *opt)
{
  fake_reference(base, refdir, nr, tab, nt);
  memset(opt, 0, sizeof *opt);
  opt->out = base;
  opt->refdir = refdir;
}

/* The summary row of quantity q (field 0), or fail. */
static const char *summary_row(const char *summary, const char *q, char *out,
                               size_t n)
{
  char prefix[128];
  snprintf(prefix, sizeof prefix, "%s\t", q);
  line_of(summary, prefix, out, n);
  ck_assert_msg(out[0] != '\0', "no row %s in summary:\n%s", q, summary);
  return out;
}

/* Row q of the summary has these fields (published, reproduced, test,
 * verdict, kind, note; NULL: not checked). */
static void row_is(const char *summary, const char *q, const char *pub, const char *val,
                   const char *test, const char *verdict, const char *kind, const char *note)
{
  const char *want[6] = {pub, val, test, verdict, kind, note};
  char row[512], f[128];
  int k;
  summary_row(summary, q, row, sizeof row);
  for (k = 0; k < 6; k++)
    if (want[k] != NULL)
      ck_assert_str_eq(field(row, k < 2 ? k + 1 : k + 2, f, sizeof f), want[k]);
}

/* A context of the fake experiment, run and accounted for. */
static struct gr_ctx *fake_ctx(const struct gr_options *opt)
{
  struct gr_ctx *ctx = gr_ctx_new(&fake_exp, opt);
  ck_assert_ptr_nonnull(ctx);
  ck_assert_int_eq(fake_exp.run(ctx), GR_OK);
  ck_assert_int_eq(gr_ctx_account(ctx), GR_OK);
  return ctx;
}

/* A whole run context: verdicts against a reference table, "not
 * computed" for the unused number, the report files; failed rewrites
 * leave the earlier report intact; the index shows the verdicts. */
START_TEST(test_ctx_lifecycle)
{
  char base[256], refdir[300], tab[400], out[300], rep[400], path[500], blocker[500];
  char afile[300], below[320];
  char row[512], *summary, *again;
  struct gr_options opt;
  struct gr_ctx *ctx;
  struct gr_record rec;
  int counts[4], kc[GR_NKINDS][4], nr = 0;

  fresh_dir(base, sizeof base, "ctx");
  fake_reference(base, refdir, sizeof refdir, tab, sizeof tab);
  snprintf(out, sizeof out, "%s/out", base);
  ck_assert_int_eq(mkdir(out, 0777), 0);
  snprintf(rep, sizeof rep, "%s/fake", out);

  memset(&opt, 0, sizeof opt);
  opt.quick = 1;
  opt.seed = 7;
  opt.out = out;
  opt.refdir = refdir;
  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_ptr_nonnull(ctx);
  ck_assert_int_eq(gr_ctx_quick(ctx), 1);
  ck_assert_uint_eq(gr_ctx_seed(ctx), 7);
  ck_assert_int_eq(fake_exp.run(ctx), GR_OK);
  gr_ctx_counts(ctx, counts);
  ck_assert_int_eq(counts[GR_REPRODUCED], 3);
  ck_assert_int_eq(counts[GR_DIFFERS], 2);
  ck_assert_int_eq(counts[GR_EXPECTED], 0);
  ck_assert_int_eq(counts[GR_INFORMATIVE], 1);
  ck_assert_int_eq(gr_ctx_account(ctx), GR_OK);
  gr_ctx_counts(ctx, counts);
  ck_assert_int_eq(counts[GR_REPRODUCED], 3);
  ck_assert_int_eq(counts[GR_DIFFERS], 3);
  ck_assert_int_eq(counts[GR_INFORMATIVE], 1);
  gr_ctx_kind_counts(ctx, kc);
  ck_assert_int_eq(kc[GR_KIND_RESULT][GR_REPRODUCED], 1);
  ck_assert_int_eq(kc[GR_KIND_RESULT][GR_DIFFERS], 2);
  ck_assert_int_eq(kc[GR_KIND_PRINTED][GR_REPRODUCED], 1);
  ck_assert_int_eq(kc[GR_KIND_PRINTED][GR_DIFFERS], 1);
  ck_assert_int_eq(kc[GR_KIND_CHECK][GR_REPRODUCED], 1);
  ck_assert_int_eq(kc[GR_KIND_UNCLASSIFIED][GR_INFORMATIVE], 1);
  ck_assert_int_eq(gr_ctx_write(ctx, &nr), GR_OK);
  ck_assert_int_eq(nr, -1);
  ck_assert_int_eq(gr_ctx_error(ctx)->code, GR_OK);

  /* phases go to the record */
  memset(&rec, 0, sizeof rec);
  ck_assert_int_eq(gr_ctx_record_phases(ctx, &rec), GR_OK);
  ck_assert_uint_eq(rec.nrows, 1);
  ck_assert_str_eq(rec.rows[0].name, "fake/compare");
  ck_assert_int_eq(rec.rows[0].sample, 0);
  ck_assert_double_ge(rec.rows[0].wall, 0.0);
  gr_record_free(&rec);
  gr_ctx_free(ctx);

  /* summary.tsv: provenance, header, one row per verdict */
  snprintf(path, sizeof path, "%s/summary.tsv", rep);
  summary = slurp(path);
  ck_assert_ptr_nonnull(strstr(summary, "# experiment: fake\n"));
  ck_assert_ptr_nonnull(strstr(summary, "# title: A fake experiment & co\n"));
  ck_assert_ptr_nonnull(strstr(summary, "# mode: quick\n# seed: 7\n"));
  ck_assert_ptr_nonnull(strstr(summary, "\nquantity\tpublished\treproduced\tdelta\ttest\tverdict\tkind\tnote\n"));
  row_is(summary, "tab/good", "1.25", "1.25", "half-unit 0.005 of 1.25", "reproduced", "result",
         "computed; first row");
  row_is(summary, "tab/bad", "2.5", "2.6", NULL, "differs", "printed", NULL);
  row_is(summary, "tab/bad/other", "7", NULL, NULL, "reproduced", "printed", NULL);
  row_is(summary, "tab/unused", "3.0", "-", "-", "differs", "result", NULL);
  ck_assert_ptr_nonnull(strstr(summary_row(summary, "tab/unused", row, sizeof row), "not computed"));
  row_is(summary, "fake/info", "-", "42", "informative", "informative", "unclassified", NULL);
  row_is(summary, "fake/closed-form", "-", "0.4845", "rel 0.001 of 0.4843", "reproduced", "check",
         "against eq. 1");
  row_is(summary, "fake/slope", "-", "-", "-", "differs", "result", "not computed: the fit failed");
  ck_assert_ptr_null(strstr(summary, "tab/good/other"));

  /* the other files of the report, and nothing else anywhere */
  snprintf(path, sizeof path, "%s/fake-series.dat", rep);
  again = slurp(path);
  ck_assert_str_eq(again, "# t x\n0 1\n1 4\n");
  free(again);
  snprintf(path, sizeof path, "%s/notes.md", rep);
  again = slurp(path);
  ck_assert_str_eq(again, "A note with 2 parts.\n\n");
  free(again);
  snprintf(path, sizeof path, "%s/fake-fig.gp", rep);
  ck_assert(file_has(path, "Fake series"));
  snprintf(path, sizeof path, "%s/index.html", rep);
  ck_assert(file_has(path, "Figures not rendered"));
  ck_assert_int_eq(count_entries(rep), 5);
  ck_assert_int_eq(count_entries(out), 1);

  /* a second write whose fresh folder cannot be created fails and
   * leaves the earlier report exactly as it was */
  opt.seed = 8;
  ctx = fake_ctx(&opt);
  snprintf(blocker, sizeof blocker, "%s/.fake.new-%ld", out, (long)getpid());
  spit(blocker, "in the way\n");
  ck_assert_int_ne(gr_ctx_write(ctx, &nr), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, ".fake.new-"));
  gr_ctx_free(ctx);
  ck_assert_int_eq(unlink(blocker), 0);
  snprintf(path, sizeof path, "%s/summary.tsv", rep);
  again = slurp(path);
  ck_assert_str_eq(again, summary);
  free(again);
  ck_assert_int_eq(count_entries(rep), 5);
  ck_assert_int_eq(count_entries(out), 1);

  /* a write failing half-way (a data set that cannot be written) too,
   * and its fresh folder is removed */
  ctx = fake_ctx(&opt);
  ck_assert_ptr_nonnull(gr_ctx_data(ctx, "nosuch/series", "a b"));
  ck_assert_int_ne(gr_ctx_write(ctx, &nr), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "nosuch/series"));
  gr_ctx_free(ctx);
  again = slurp(path);
  ck_assert_str_eq(again, summary);
  free(again);
  ck_assert_int_eq(count_entries(rep), 5);
  ck_assert_int_eq(count_entries(out), 1);

  /* two rows of one name: the write fails naming it, the report stays */
  ctx = fake_ctx(&opt);
  gr_ctx_inform(ctx, GR_KIND_CHECK, "twice/named", 1.0, "first");
  gr_ctx_inform(ctx, GR_KIND_CHECK, "twice/named", 2.0, "second");
  ck_assert_int_ne(gr_ctx_write(ctx, &nr), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "'twice/named'"));
  gr_ctx_free(ctx);
  again = slurp(path);
  ck_assert_str_eq(again, summary);
  free(again);
  ck_assert_int_eq(count_entries(out), 1);

  /* --out below a regular file: the target cannot be created */
  snprintf(afile, sizeof afile, "%s/afile", base);
  spit(afile, "a file\n");
  snprintf(below, sizeof below, "%s/sub", afile);
  opt.out = below;
  ctx = fake_ctx(&opt);
  ck_assert_int_ne(gr_ctx_write(ctx, &nr), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, afile));
  gr_ctx_free(ctx);
  again = slurp(afile);
  ck_assert_str_eq(again, "a file\n");
  free(again);
  ck_assert_int_eq(count_entries(out), 1);
  again = slurp(path);
  ck_assert_str_eq(again, summary);
  free(again);
  free(summary);

  /* a good second write replaces the report; no old folder is left */
  opt.out = out;
  ctx = fake_ctx(&opt);
  ck_assert_int_eq(gr_ctx_write(ctx, &nr), GR_OK);
  gr_ctx_free(ctx);
  ck_assert(file_has(path, "# seed: 8\n"));
  ck_assert_int_eq(count_entries(rep), 5);
  ck_assert_int_eq(count_entries(out), 1);

  /* the front page: counts, title escaped, a link to the page; the page:
   * verdict classes, the table of group "tab" beside no figure, the
   * unrendered figure under "Figures", data, notes */
  {
    struct gr_error err = {0, ""};
    char index[600];
    ck_assert_int_eq(gr_report_index(out, refdir, &err), GR_EINPUT); /* no report/index.html.in there */
    ck_assert(strstr(err.msg, "report/index.html.in' not found") != NULL);
    gr_error_clear(&err);
    ck_assert_int_eq(gr_report_index(out, GR_REFDIR_SRC, &err), GR_OK);
    snprintf(index, sizeof index, "%s/index.html", out);
    ck_assert(file_has(index, "<td class=\"differs\">1 reproduced, 2 differs</td><td>printed: 1 reproduced, "
                              "1 differs; our checks: 1 reproduced; unclassified: 1 informative</td>"));
    ck_assert(file_has(index, "<a href=\"fake/index.html\">fake</a>"));
    ck_assert(file_has(index, "A fake experiment &amp; co"));
    snprintf(index, sizeof index, "%s/index.html", rep);
    ck_assert(file_has(index, "<td class=\"reproduced\">reproduced</td>"));
    ck_assert(file_has(index, "<td class=\"differs\">differs</td>"));
    ck_assert(file_has(index, "<td class=\"informative\">informative</td>"));
    ck_assert(file_has(index, "A fake experiment &amp; co"));
    ck_assert(file_has(index, "<h2>tab</h2>"));
    ck_assert(file_has(index, "Figures not rendered"));
    ck_assert(file_has(index, "<a href=\"fake-fig.gp\">"));
    ck_assert(file_has(index, "<a href=\"fake-series.dat\">"));
    ck_assert(file_has(index, "A note with 2 parts."));
    ck_assert_int_eq(count_entries(out), 2);
  }
}
END_TEST

/* Comparisons with a row, column or table that is not there fail the run
 * with a message naming the table; the first error is kept. */
START_TEST(test_ctx_missing_reference)
{
  char base[256], refdir[300], tab[400];
  struct gr_options opt;
  struct gr_ctx *ctx;
  double v = 0.0;
  fresh_dir(base, sizeof base, "ctx-missing");
  fake_options(base, refdir, sizeof refdir, tab, sizeof tab, &opt);

  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_published(ctx, "tab", "bad", "other", &v), GR_OK);
  ck_assert_double_eq(v, 7.0);
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "nosuch", "value", 1.0, 0.0, NULL), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "tab.tsv"));
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "nosuch"));
  /* a later failure does not replace the first message */
  ck_assert_int_eq(gr_ctx_fail(ctx, GR_EFAIL, "later %d", 2), GR_EFAIL);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "nosuch"));
  ck_assert_int_ne(gr_ctx_account(ctx), GR_OK);
  gr_ctx_free(ctx);

  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "good", "other", 1.0, 0.0, NULL), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "other"));
  gr_ctx_free(ctx);

  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_ne(gr_ctx_compare(ctx, "absent", "good", "value", 1.0, 0.0, NULL), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "absent.tsv"));
  gr_ctx_free(ctx);
  ck_assert_int_eq(count_entries(base), 1);
}
END_TEST


/* Sticky errors: after the first failure every gr_ctx_* call is a no-op
 * returning the recorded code, and gr_ctx_run_tasks stops at the task
 * that failed (checked once per task, named when it returned a bare
 * status). */
static int task_ok_calls;
static int task_ok(struct gr_ctx *ctx) { (void)ctx; task_ok_calls++; return GR_OK; }
static int task_bare(struct gr_ctx *ctx) { (void)ctx; return GR_ENOMEM; }
static int task_bad_compare(struct gr_ctx *ctx)
{
  gr_ctx_compare(ctx, "tab", "nosuch", "value", 1.0, 0.0, NULL);
  return GR_OK; /* forgot to check: the context still knows */
}

START_TEST(test_ctx_errors_are_sticky)
{
  char base[256], refdir[300], tab[400];
  struct gr_options opt;
  struct gr_ctx *ctx;
  struct gr_data *d;
  int counts[4], nr = 0;
  double v = -1.0;
  const struct gr_task bare[] = {{"one", task_ok}, {"two", task_bare}, {"three", task_ok}};
  const struct gr_task unchecked[] = {{"one", task_bad_compare}, {"two", task_ok}};
  fresh_dir(base, sizeof base, "ctx-sticky");
  fake_options(base, refdir, sizeof refdir, tab, sizeof tab, &opt);

  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_fail(ctx, GR_EINPUT, "first"), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_compare(ctx, "tab", "good", "value", 1.25, 0.0, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_published(ctx, "tab", "good", "value", &v), GR_EINPUT);
  ck_assert_double_eq(v, -1.0);
  ck_assert_int_eq(gr_ctx_has(ctx, "tab", "good", "value"), 0);
  ck_assert_int_eq(gr_ctx_show(ctx, "tab", "good", "value", 1.0, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_informative(ctx, "q", 1.0, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_assert(ctx, "q", 1.0, 1.0, 1, NULL), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_note(ctx, "x"), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_value(ctx, "x", 1.0), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_text(ctx, "x", "y"), GR_EINPUT);
  ck_assert_ptr_null(gr_ctx_rng(ctx, "x"));
  d = gr_ctx_data(ctx, "d", "a b");
  ck_assert_ptr_null(d);
  ck_assert_int_ne(gr_data_printf(d, "%d\n", 1), GR_OK);
  ck_assert_int_eq(gr_ctx_account(ctx), GR_EINPUT);
  ck_assert_int_eq(gr_ctx_write(ctx, &nr), GR_EINPUT);
  gr_ctx_counts(ctx, counts);
  ck_assert_int_eq(counts[0] + counts[1] + counts[2] + counts[3], 0);
  ck_assert_str_eq(gr_ctx_error(ctx)->msg, "first");
  gr_ctx_free(ctx);

  task_ok_calls = 0;
  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_run_tasks(ctx, bare, 3), GR_ENOMEM);
  ck_assert_int_eq(task_ok_calls, 1);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "task 'two'"));
  gr_ctx_free(ctx);

  ctx = gr_ctx_new(&fake_exp, &opt);
  ck_assert_int_eq(gr_ctx_run_tasks(ctx, unchecked, 2), GR_EINPUT);
  ck_assert_int_eq(task_ok_calls, 1);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "nosuch"));
  gr_ctx_free(ctx);
  ck_assert_int_eq(count_entries(base), 1);
}
END_TEST

/* Notes template: reference/fake/fake.notes.md.in is filled from named
 * values and verdict rows, followed by the gr_ctx_note paragraphs; an
 * unknown placeholder fails the write with file:line and leaves no
 * report. */
START_TEST(test_ctx_notes_template)
{
  char base[256], refdir[300], tab[400], out[300], tmpl[400], path[500], *notes;
  struct gr_options opt;
  struct gr_ctx *ctx;
  int nr = 0;
  fresh_dir(base, sizeof base, "ctx-notes");
  fake_reference(base, refdir, sizeof refdir, tab, sizeof tab);
  snprintf(out, sizeof out, "%s/out", base);
  ck_assert_int_eq(mkdir(out, 0777), 0);
  snprintf(tmpl, sizeof tmpl, "%s/fake/fake.notes.md.in", refdir);
  spit(tmpl, "# Fake\n\nk = {{k:%.3f}} by {{who}}; tab/good is {{verdict:tab/good}} "
             "({{value:tab/good}}), tab/bad/other {{verdict:tab/bad/other}}.\n\n");
  memset(&opt, 0, sizeof opt);
  opt.out = out;
  opt.refdir = refdir;

  ctx = fake_ctx(&opt);
  ck_assert_int_eq(gr_ctx_value(ctx, "k", 2.0 / 3.0), GR_OK);
  ck_assert_int_eq(gr_ctx_text(ctx, "who", "the test"), GR_OK);
  ck_assert_int_eq(gr_ctx_write(ctx, &nr), GR_OK);
  gr_ctx_free(ctx);
  snprintf(path, sizeof path, "%s/fake/notes.md", out);
  notes = slurp(path);
  ck_assert_str_eq(notes, "# Fake\n\nk = 0.667 by the test; tab/good is reproduced (1.25), "
                          "tab/bad/other reproduced.\n\nA note with 2 parts.\n\n");
  free(notes);

  spit(tmpl, "# Fake\n\n{{k}} and {{nosuch}}\n");
  ctx = fake_ctx(&opt);
  ck_assert_int_eq(gr_ctx_value(ctx, "k", 1.0), GR_OK);
  ck_assert_int_eq(gr_ctx_write(ctx, &nr), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(gr_ctx_error(ctx)->msg, "fake.notes.md.in:3: unknown placeholder {{nosuch}}"));
  gr_ctx_free(ctx);
  ck_assert_int_eq(count_entries(out), 1); /* the first report, untouched */
}
END_TEST

/* Named streams: one seeding rule, (seed, name) alone decides the stream. */
START_TEST(test_rng_streams_by_seed_and_name)
{
  gsl_rng *a = gr_rng_stream(7, "placement"), *b = gr_rng_stream(7, "placement");
  gsl_rng *c = gr_rng_stream(7, "velocities"), *d = gr_rng_stream(8, "placement");
  int i, same_c = 0, same_d = 0;
  for (i = 0; i < 1000; i++) {
    unsigned long x = gsl_rng_get(a), y = gsl_rng_get(c), z = gsl_rng_get(d);
    ck_assert_uint_eq(x, gsl_rng_get(b));
    same_c += x == y;
    same_d += x == z;
  }
  ck_assert_int_le(same_c, 1);
  ck_assert_int_le(same_d, 1);
  ck_assert_str_eq(gsl_rng_name(a), "mt19937");
  ck_assert(gr_rng_seed(7, "a") != gr_rng_seed(7, "b"));
  ck_assert(gr_rng_seed(7, "a") != gr_rng_seed(8, "a"));
  gsl_rng_free(a); gsl_rng_free(b); gsl_rng_free(c); gsl_rng_free(d);
}
END_TEST

/* The context hands out the same stream for a name, seeded by the rule
 * whatever the order the names are asked in. */
START_TEST(test_ctx_rng_owned_and_ordered)
{
  struct gr_options opt;
  struct gr_ctx *c1, *c2;
  gsl_rng *ref = gr_rng_stream(11, "b");
  unsigned long first = gsl_rng_get(ref);
  memset(&opt, 0, sizeof opt);
  opt.seed = 11;
  c1 = gr_ctx_new(&fake_exp, &opt);
  c2 = gr_ctx_new(&fake_exp, &opt);
  ck_assert_ptr_nonnull(gr_ctx_rng(c1, "a"));
  ck_assert_ptr_eq(gr_ctx_rng(c1, "a"), gr_ctx_rng(c1, "a"));
  ck_assert_uint_eq(gsl_rng_get(gr_ctx_rng(c1, "b")), first);
  ck_assert_uint_eq(gsl_rng_get(gr_ctx_rng(c2, "b")), first); /* asked first here */
  ck_assert_uint_eq(gsl_rng_get(gr_ctx_rng(c1, "b")), gsl_rng_get(ref)); /* continues */
  gr_ctx_free(c1);
  gr_ctx_free(c2);
  gsl_rng_free(ref);
}
END_TEST

/* The timer: elapsed times are non-negative, gr_timer_min_cpu calls fn
 * once to warm up plus repeats times and returns a non-negative minimum
 * (no assertion on durations: the machine is shared). */
static int burn_calls;
static void burn(void *arg)
{
  volatile double *x = arg;
  int i;
  for (i = 0; i < 100000; i++)
    *x += 1e-9 * i;
  burn_calls++;
}

/* An experiment's page: rows grouped by the first part of the quantity,
 * each figure beside the group its name contains as whole dash-separated
 * parts (the longest such group), the others under Figures; control bytes
 * of a note shown as U+FFFD, markup escaped. */
START_TEST(test_report_page_groups)
{
  char dir[256], path[400], *page, *ta, *tab, *figs, *fa, *fab, *fother, *fc;
  struct gr_error err = {0, ""};
  fresh_dir(dir, sizeof dir, "page");
  snprintf(path, sizeof path, "%s/summary.tsv", dir);
  spit(path, "# experiment: pg\n# title: T\n# citation: C\n# mode: quick\n# seed: 1\n"
             "quantity\tpublished\treproduced\tdelta\ttest\tverdict\tkind\tnote\n"
             "task-a/x\t1\t1\t0\tabs 1 of 1\treproduced\tresult\t-\n"
             "task-a-b/y\t1\t3\t2\tabs 1 of 1\tdiffers\tcheck\t<b>\n");
  snprintf(path, sizeof path, "%s/notes.md", dir);
  spit(path, "Bell \a here & <there>.\n\nSecond.\n");
  snprintf(path, sizeof path, "%s/task-a-one.svg", dir);
  spit(path, "<svg/>");
  snprintf(path, sizeof path, "%s/task-a-b-two.svg", dir);
  spit(path, "<svg/>");
  snprintf(path, sizeof path, "%s/task-ab-other.svg", dir);
  spit(path, "<svg/>");
  ck_assert_int_eq(gr_report_page(dir, &err), GR_OK);
  snprintf(path, sizeof path, "%s/index.html", dir);
  page = slurp(path);
  ta = strstr(page, "<h2>task-a</h2>");
  tab = strstr(page, "<h2>task-a-b</h2>");
  figs = strstr(page, "<h2>Figures</h2>");
  fa = strstr(page, "src=\"task-a-one.svg\"");
  fab = strstr(page, "src=\"task-a-b-two.svg\"");
  fother = strstr(page, "src=\"task-ab-other.svg\"");
  ck_assert(ta && tab && figs && fa && fab && fother);
  ck_assert(ta < fa && fa < tab && tab < fab && fab < figs && figs < fother);
  ck_assert_ptr_nonnull(strstr(page, "<td>&lt;b&gt;</td>"));
  ck_assert_ptr_nonnull(strstr(page, "<p>Bell \xef\xbf\xbd here &amp; &lt;there&gt;."));
  ck_assert_ptr_null(strchr(page, '\a'));
  fc = strstr(page, ": paper results: 1 reproduced; our checks: 1 differs.");
  ck_assert_ptr_nonnull(fc);
  free(page);
}
END_TEST

/* The node p's link from node i leads to. */
static size_t probe_next(const struct gr_probe *p, size_t i)
{
  return (size_t)(p->node[i].next - p->node);
}

/* The cache probe's chase is one cycle through all n nodes: from node 0,
 * n - 1 links visit every other node exactly once and the n-th comes
 * back (so n accesses are n distinct lines, and a pass over the cycle
 * ends where it began); the same cycle in every bench (fixed seed). */
START_TEST(test_probe_single_cycle)
{
  struct gr_probe p, q;
  struct gr_error err = {0, ""};
  unsigned char *seen;
  size_t i, k, n;
  ck_assert_int_eq(gr_probe_init(&p, GR_PROBE_BYTES, &err), GR_OK);
  n = p.n;
  ck_assert_uint_eq(n, GR_PROBE_BYTES / 64);
  ck_assert_uint_eq(sizeof p.node[0], 64);
  ck_assert_uint_eq((uintptr_t)p.node % 64, 0);
  seen = calloc(n, 1);
  ck_assert_ptr_nonnull(seen);
  seen[0] = 1;
  for (k = 1, i = 0; k < n; k++) {
    i = probe_next(&p, i);
    ck_assert_uint_lt(i, n);
    ck_assert_uint_eq(seen[i], 0);
    seen[i] = 1;
  }
  ck_assert_uint_eq(probe_next(&p, i), 0);
  free(seen);
  ck_assert_ptr_eq(gr_probe_chase(&p, (long)n), &p.node[0]);
  ck_assert_ptr_eq(gr_probe_chase(&p, 1), p.node[0].next);
  ck_assert_int_eq(gr_probe_init(&q, GR_PROBE_BYTES, &err), GR_OK);
  for (i = 0; i < n; i++)
    ck_assert_uint_eq(probe_next(&q, i), probe_next(&p, i));
  gr_probe_free(&q);
  gr_probe_free(&p);
  /* the smallest cycles, and sizes that are no whole number of lines */
  ck_assert_int_eq(gr_probe_init(&p, 64, &err), GR_OK);
  ck_assert_uint_eq(probe_next(&p, 0), 0);
  gr_probe_free(&p);
  ck_assert_int_eq(gr_probe_init(&p, 128, &err), GR_OK);
  ck_assert_uint_eq(probe_next(&p, 0), 1);
  ck_assert_uint_eq(probe_next(&p, 1), 0);
  gr_probe_free(&p);
  ck_assert_int_eq(gr_probe_init(&p, 0, &err), GR_EINPUT);
  ck_assert_int_eq(gr_probe_init(&p, 100, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "whole number of 64-byte lines"));
  ck_assert_ptr_null(p.node);
  gr_probe_free(&p);
}
END_TEST

/* A bench's probe samples: one a round, GR_BENCH_ROUNDS in all, each a
 * record row of GR_PROBE_PASSES passes over the cycle with a positive,
 * finite time per access (no speed asserted); the probe is no kernel and
 * its key no registered experiment's. */
START_TEST(test_probe_samples)
{
  struct gr_probe p;
  struct gr_record rec;
  struct gr_error err = {0, ""};
  struct gr_buf line = GR_BUF_INIT;
  double ns;
  size_t i, n;
  memset(&rec, 0, sizeof rec);
  ck_assert_int_eq(gr_probe_init(&p, GR_PROBE_BYTES, &err), GR_OK);
  for (i = 0; i < GR_BENCH_ROUNDS + 1; i++)
    ck_assert_int_eq(gr_probe_sample(&p, &rec, &err), GR_OK);
  ck_assert_uint_eq(rec.nrows, GR_BENCH_ROUNDS);
  for (i = 0; i < rec.nrows; i++) {
    const struct gr_sample *s = &rec.rows[i];
    ck_assert_str_eq(s->name, GR_PROBE_NAME);
    ck_assert_str_eq(s->unit, GR_PROBE_UNIT);
    ck_assert_int_eq(s->sample, (int)i + 1);
    ck_assert_int_eq(s->iterations, GR_PROBE_PASSES);
    ck_assert_double_eq(s->work, (double)GR_PROBE_PASSES * (double)p.n);
    ns = 1e9 * s->cpu / s->work;
    ck_assert(isfinite(ns) && ns > 0.0);
    ck_assert(isfinite(s->wall) && s->wall > 0.0);
  }
  ck_assert_int_eq(gr_probe_median(&rec, &ns, &n), GR_OK);
  ck_assert_uint_eq(n, GR_BENCH_ROUNDS);
  ck_assert(isfinite(ns) && ns > 0.0);
  gr_probe_line(&p, 30, &line);
  ck_assert_ptr_eq(strstr(gr_buf_str(&line), GR_PROBE_NAME), gr_buf_str(&line));
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&line), "accesses/s"));
  gr_buf_free(&line);
  gr_probe_free(&p);
  gr_record_free(&rec);
  ck_assert(gr_probe_is(GR_PROBE_NAME));
  ck_assert(!gr_probe_is("c12/sweep"));
  ck_assert(!gr_probe_is("machinery/x"));
  ck_assert_ptr_null(gr_experiment_find(GR_PROBE_KEY));
}
END_TEST

/* Records holding probe samples of ns CPU ns per access (3 samples). */
static void probe_record(struct gr_record *r, double ns)
{
  int i;
  memset(r, 0, sizeof *r);
  for (i = 1; i <= 3; i++)
    ck_assert_int_eq(gr_record_add_sample(r, GR_PROBE_NAME, i, 2, 1e-9 * ns * 1000 * i / 2,
                                          1e-9 * ns * 1000 * (i + 1) / 3, 1000, GR_PROBE_UNIT), GR_OK);
}

/* The probe's note: nothing without probes, one line when one record
 * lacks it, the medians' ratio, and a caution beyond GR_COMPARE_RATIO
 * naming the verdicts that go the probe's way by no more than it. */
START_TEST(test_probe_note)
{
  struct gr_record none, a, b;
  struct gr_buf t = GR_BUF_INIT;
  const struct gr_probe_verdict v[] = {
    {"x/mem", 1.5, "slower"}, {"x/code", 2.5, "slower"}, {"x/fast", 0.5, "faster"}, {"x/same", 1.0, "same"}};
  memset(&none, 0, sizeof none);
  ck_assert_int_eq(gr_record_add_sample(&none, "x/mem", 1, 1, 1.0, 1.0, 1.0, "runs"), GR_OK);
  probe_record(&a, 20.0);
  probe_record(&b, 40.0);
  ck_assert_int_eq(gr_probe_note(&t, &none, &none, v, 4), GR_OK);
  ck_assert_uint_eq(t.len, 0);
  ck_assert_int_eq(gr_probe_note(&t, &none, &a, v, 4), GR_OK);
  ck_assert_str_eq(gr_buf_str(&t), "\nno cache probe in A (a record from before " GR_PROBE_NAME "): the host's caches are not compared.\n");
  gr_buf_free(&t);
  ck_assert_int_eq(gr_probe_note(&t, &a, &a, v, 4), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "A 20.0, B 20.0, B/A 1.000: the host's caches alike\n"));
  ck_assert_ptr_null(strstr(gr_buf_str(&t), "caution"));
  gr_buf_free(&t);
  ck_assert_int_eq(gr_probe_note(&t, &a, &b, v, 4), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "A 20.0, B 40.0, B/A 2.000\ncaution: "));
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "slower by no more than the probe, so possibly the host alone: x/mem (1.500)\n"));
  gr_buf_free(&t);
  ck_assert_int_eq(gr_probe_note(&t, &b, &a, v, 4), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "faster by no more than the probe, so possibly the host alone: x/fast (0.500)\n"));
  gr_buf_free(&t);
  ck_assert_int_eq(gr_probe_note(&t, &b, &a, v, 1), GR_OK);
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "so possibly the host alone: none\n"));
  gr_buf_free(&t);
  ck_assert_int_eq(gr_probe_note(&t, &b, &a, NULL, 0), GR_OK); /* no verdicts listed */
  ck_assert_ptr_nonnull(strstr(gr_buf_str(&t), "reflect the host's caches as much as the code.\n"));
  ck_assert_ptr_null(strstr(gr_buf_str(&t), "possibly"));
  gr_buf_free(&t);
  gr_record_free(&none);
  gr_record_free(&a);
  gr_record_free(&b);
}
END_TEST

START_TEST(test_timer_measures_cpu)
{
  struct gr_timer t;
  volatile double x = 0.0;
  double m;
  gr_timer_start(&t);
  burn((void *)&x);
  gr_timer_stop(&t);
  ck_assert_double_ge(t.wall, 0.0);
  ck_assert_double_ge(t.cpu, 0.0);
  burn_calls = 0;
  m = gr_timer_min_cpu(burn, (void *)&x, 5);
  ck_assert_int_eq(burn_calls, 6);
  ck_assert_double_ge(m, 0.0);
  ck_assert_double_lt(m, 1e6);
}
END_TEST

/* The calls gr_timer_min_cpu_rounds makes, in order (at most 64). */
static size_t rounds_seq[64], rounds_n;

/* Record call i. */
static void rounds_note(void *arg, size_t i)
{
  (void)arg;
  if (rounds_n < 64)
    rounds_seq[rounds_n] = i;
  rounds_n++;
}

/* gr_timer_min_cpu_rounds: one warm-up call per measurement, then the
 * rounds take every measurement in turn (a sample of one call when a call
 * lasts min_sample); a time per call for each, finite and >= 0. */
START_TEST(test_timer_rounds_interleave)
{
  double best[3];
  size_t k;
  rounds_n = 0;
  ck_assert_int_eq(gr_timer_min_cpu_rounds(rounds_note, NULL, 3, 4, 0.0, best), GR_OK);
  ck_assert_uint_eq(rounds_n, 3 + 4 * 3);
  for (k = 0; k < rounds_n; k++)
    ck_assert_uint_eq(rounds_seq[k], k % 3);
  for (k = 0; k < 3; k++) {
    ck_assert_double_ge(best[k], 0.0);
    ck_assert_double_lt(best[k], 1e6);
  }
}
END_TEST

/* gr_timer_min_cpu_prep calls prep before each timed call but not before
 * the warm-up; gr_timer_lap accumulates non-negative laps. */
static int prep_calls;
static void prep(void *arg)
{
  (void)arg;
  ck_assert_int_eq(burn_calls, prep_calls + 1); /* after the warm-up */
  prep_calls++;
}

START_TEST(test_timer_prep_and_laps)
{
  struct gr_timer t;
  volatile double x = 0.0;
  double acc[2] = {0.0, 0.0};
  burn_calls = prep_calls = 0;
  ck_assert_double_ge(gr_timer_min_cpu_prep(burn, prep, (void *)&x, 4), 0.0);
  ck_assert_int_eq(burn_calls, 5);
  ck_assert_int_eq(prep_calls, 4);
  gr_timer_start(&t);
  burn((void *)&x);
  gr_timer_lap(&t, &acc[0]);
  burn((void *)&x);
  gr_timer_lap(&t, &acc[1]);
  gr_timer_lap(&t, &acc[1]);
  ck_assert_double_ge(acc[0], 0.0);
  ck_assert_double_ge(acc[1], 0.0);
}
END_TEST

/* ------------------------------------------------------------ main */

/* Remove the scratch folder (atexit). */
static void rm_scratch(void)
{
  rm_rf(scratch);
}

/* Speed pages: kernel names split into series, size and threads; a
 * record of known times gives the cost per unit, the speed-up and the
 * section of the page. */
START_TEST(test_speed_names_and_page)
{
  char series[64], *text, dir[4096], path[4200];
  double n;
  int t;
  size_t len;
  struct gr_record r;
  struct gr_error err = {0, ""};
  ck_assert_int_eq(gr_speed_name("dem-step-1e5-t2", series, sizeof series, &n, &t), 1);
  ck_assert_str_eq(series, "dem-step");
  ck_assert(n == 1e5 && t == 2);
  ck_assert_int_eq(gr_speed_name("ddc-N1e4-phi0.3", series, sizeof series, &n, &t), 1);
  ck_assert_str_eq(series, "ddc-phi0.3");
  ck_assert(n == 1e4 && t == 1);
  ck_assert_int_eq(gr_speed_name("cells-64e3-rho0.28", series, sizeof series, &n, &t), 1);
  ck_assert_str_eq(series, "cells-rho0.28");
  ck_assert(n == 64e3);
  ck_assert_int_eq(gr_speed_name("rule-sweep", series, sizeof series, &n, &t), 0);
  ck_assert_str_eq(series, "rule-sweep");
  ck_assert(n == 0.0 && t == 1);
  memset(&r, 0, sizeof r);
  snprintf(r.mode, sizeof r.mode, "full");
  /* 10 ns per unit at 1e3, 20 ns at 1e4 (slope log10 2), 10 ns on 2 threads */
  ck_assert_int_eq(gr_record_add_sample(&r, "x/step-1e3", 1, 1, 1e-5, 1e-5, 1e3, "steps"), GR_OK);
  ck_assert_int_eq(gr_record_add_sample(&r, "x/step-1e4", 1, 1, 2e-4, 2e-4, 1e4, "steps"), GR_OK);
  ck_assert_int_eq(gr_record_add_sample(&r, "x/step-1e4-t2", 1, 1, 1e-4, 2e-4, 1e4, "steps"), GR_OK);
  r.rows[r.nrows - 1].bytes = 80.0; /* of step-1e4-t2: 8 GB/s at 10 ns per unit */
  ck_assert_int_eq(gr_record_add_sample(&r, "x/other", 1, 1, 1.0, 1.0, 4.0, "runs"), GR_OK);
  ck_assert_int_eq(gr_record_add_sample(&r, "x/bw-read-1e6", 1, 1, 1e-3, 1e-3, 1e6, "values"), GR_OK);
  r.rows[r.nrows - 1].bytes = 16.0; /* the streaming bound: 16 GB/s */
  ck_assert_int_eq(gr_record_add_sample(&r, "x/bw-read-1e5", 1, 1, 1e-5, 1e-5, 1e5, "values"), GR_OK);
  r.rows[r.nrows - 1].bytes = 16.0; /* 160 GB/s from a cache: not the bound */
  at(dir, sizeof dir, "speedpage");
  ck_assert_int_eq(gr_speed_write(dir, &r, &err), GR_OK);
  snprintf(path, sizeof path, "%s/speed/x-cost.dat", dir);
  ck_assert_int_eq(gr_fsio_read(path, &text, &len, &err), GR_OK);
  ck_assert_str_eq(text, "# step t1\n1000 10 10 10\n10000 20 20 20\n\n\n# step t2\n10000 10 10 10\n"
                         "\n\n# bw-read t1\n100000 0.1 0.1 0.1\n1e+06 1 1 1\n");
  free(text);
  snprintf(path, sizeof path, "%s/speed/x-speedup.dat", dir);
  ck_assert_int_eq(gr_fsio_read(path, &text, &len, &err), GR_OK);
  ck_assert_str_eq(text, "# step t2\n10000 2 2\n");
  free(text);
  snprintf(path, sizeof path, "%s/speed/index.html", dir);
  ck_assert_int_eq(gr_fsio_read(path, &text, &len, &err), GR_OK);
  ck_assert_ptr_nonnull(strstr(text, "<h2 id=\"x\">x</h2>"));
  ck_assert_ptr_nonnull(strstr(text, "<td>+0.301 &plusmn; 0.000</td>"));
  ck_assert_ptr_nonnull(strstr(text, "<td>other</td><td>-</td>"));
  /* 80 B per unit in 10 ns: 8 GB/s, half the 16 GB/s bound */
  ck_assert_ptr_nonnull(strstr(text, "<td>80</td><td>8</td><td>0.50</td>"));
  ck_assert_ptr_null(strstr(text, "<!--fig:"));
  free(text);
  gr_record_free(&r);
}
END_TEST

/* The speed findings in markdown: the record of test_speed_names_and_page
 * through a template gives its numbers by name (cost, rate, speed-up
 * against the "-t1" partner, fraction of the streaming bound, slope) and
 * its tables; a name the record does not have fails with file and line. */
START_TEST(test_speed_markdown)
{
  static const char *const want[] = {
    /* slope of ln 10, ln 40, ln 20 against ln 1e3, ln 1e4, ln 1e4 */
    "2026-11-24T00:00:00Z 2 16 GB/s; 10 ns, 1e+08/s, speed-up 2.00, bound 0.50, slope 0.4515\n",
    "| step-1e4-t2 | 1e+04 | 2 | 10 | [10, 10] | 20 | 1e+08 | 80 | 8 | 0.50 |\n",
    "| step-1e3 | 1e+03 | 1 | 10 | [10, 10] | 10 | 1e+08 | - | - | - |\n",
    "wall ns per step (median)",
    "| step-1e4-t2 | 1e+04 | 2 | 20 (step-1e4-t1) | 10 | 2.00 |\n",
    "| other | - | 1 | 2.5e+08 |",
    "| step | 2 | steps | 1e+04 .. 1e+04 | 10 | 10 | 1.000 | - |\n",
    "*Figure x-cost not drawn: gnuplot was not found"};
  char *text, dir[4096], sdir[4200], tmpl[4200], md[4200];
  size_t len, i;
  struct gr_record r;
  struct gr_error err = {0, ""};
  memset(&r, 0, sizeof r);
  snprintf(r.mode, sizeof r.mode, "full");
  snprintf(r.date, sizeof r.date, "2026-11-24T00:00:00Z");
  r.machine.cores = 2;
  /* step: 10 ns per unit at 1e3, 20 at 1e4 on 1 thread ("-t1"), 10 on 2;
   * "step-1e4" alone is 40 ns: the speed-up takes the "-t1" partner */
  ck_assert_int_eq(gr_record_add_sample(&r, "x/step-1e3", 1, 1, 1e-5, 1e-5, 1e3, "steps"), GR_OK);
  ck_assert_int_eq(gr_record_add_sample(&r, "x/step-1e4", 1, 1, 4e-4, 4e-4, 1e4, "steps"), GR_OK);
  ck_assert_int_eq(gr_record_add_sample(&r, "x/step-1e4-t1", 1, 1, 2e-4, 2e-4, 1e4, "steps"), GR_OK);
  ck_assert_int_eq(gr_record_add_sample(&r, "x/step-1e4-t2", 1, 1, 1e-4, 2e-4, 1e4, "steps"), GR_OK);
  r.rows[r.nrows - 1].bytes = 80.0; /* 8 GB/s at 10 ns per unit */
  ck_assert_int_eq(gr_record_add_sample(&r, "x/other", 1, 1, 1.0, 1.0, 4.0, "runs"), GR_OK);
  ck_assert_int_eq(gr_record_add_sample(&r, "x/bw-read-1e6", 1, 1, 1e-3, 1e-3, 1e6, "values"), GR_OK);
  r.rows[r.nrows - 1].bytes = 16.0; /* the streaming bound: 16 GB/s */
  at(dir, sizeof dir, "speedmd");
  ck_assert_int_eq(gr_fsio_mkdirs(dir, &err), GR_OK);
  snprintf(tmpl, sizeof tmpl, "%s/t.md.in", dir);
  snprintf(md, sizeof md, "%s/speed.md", dir);
  snprintf(sdir, sizeof sdir, "%s/speed", dir);
  text = "{{date}} {{cores:%.0f}} {{x.stream}} GB/s; {{x/step-1e4-t2.ns}} ns, {{x/step-1e4-t2.rate:%.3g}}/s, "
         "speed-up {{x/step-1e4-t2.speedup:%.2f}}, bound {{x/step-1e4-t2.bound:%.2f}}, "
         "slope {{x/step.t1.slope:%.4f}}\n{{x/step.table}}{{x.speedup}}{{x.kernels}}{{x.series}}{{x.cost-fig}}\n";
  ck_assert_int_eq(gr_fsio_write(tmpl, text, strlen(text), &err), GR_OK);
  ck_assert_int_eq(gr_speed_write(dir, &r, &err), GR_OK); /* the figures' scripts, not drawn */
  ck_assert_int_eq(gr_speed_markdown(sdir, "speed", &r, tmpl, md, &err), GR_OK);
  ck_assert_int_eq(gr_fsio_read(md, &text, &len, &err), GR_OK);
  for (i = 0; i < sizeof want / sizeof want[0]; i++)
    ck_assert_msg(strstr(text, want[i]) != NULL, "not in the page: %s", want[i]);
  ck_assert_ptr_null(strstr(text, "{{"));
  free(text);
  /* the page's speed-up figure takes the same partner */
  snprintf(md, sizeof md, "%s/speed/x-speedup.dat", dir);
  ck_assert_int_eq(gr_fsio_read(md, &text, &len, &err), GR_OK);
  ck_assert_str_eq(text, "# step t2\n10000 2 2\n");
  free(text);
  snprintf(md, sizeof md, "%s/speed/x-bound.dat", dir); /* kernels that count bytes */
  ck_assert_int_eq(gr_fsio_read(md, &text, &len, &err), GR_OK);
  ck_assert_str_eq(text, "# step t2\n10000 0.5 2\n\n\n# bw-read t1\n1e+06 1 1\n");
  free(text);
  /* issue 14's scaling measure: 80 ns at 1e6 over the first 1e4 kernel's
   * 40 ns (not its -t1 twin's 20), slope ln 2 / ln 100 */
  ck_assert_int_eq(gr_record_add_sample(&r, "x/step-1e6", 1, 1, 0.08, 0.08, 1e6, "steps"), GR_OK);
  text = "{{x/step.t1.ratio-1e4-1e6:%.2f}} {{x/step.t1.slope-1e4-1e6:%.4f}}\n";
  ck_assert_int_eq(gr_fsio_write(tmpl, text, strlen(text), &err), GR_OK);
  ck_assert_int_eq(gr_speed_markdown(sdir, "speed", &r, tmpl, md, &err), GR_OK);
  ck_assert_int_eq(gr_fsio_read(md, &text, &len, &err), GR_OK);
  ck_assert_str_eq(text, "2.00 0.1505\n");
  free(text);
  text = "line one\n{{x/step-1e5.ns}}\n";
  ck_assert_int_eq(gr_fsio_write(tmpl, text, strlen(text), &err), GR_OK);
  ck_assert_int_eq(gr_speed_markdown(sdir, "speed", &r, tmpl, md, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "t.md.in:2: unknown placeholder {{x/step-1e5.ns}}"));
  gr_record_free(&r);
}
END_TEST

static Suite *harness_suite(void)
{
  Suite *s = suite_create("harness");
  TCase *buf = tcase_create("buf");
  TCase *fsio = tcase_create("fsio");
  TCase *rec = tcase_create("record");
  TCase *cmp = tcase_create("compare");
  TCase *rep = tcase_create("report");
  TCase *ctx = tcase_create("ctx");
  TCase *rng = tcase_create("rng-timer");
  tcase_add_test(buf, test_buf_growth);
  tcase_add_test(buf, test_buf_printf_large);
  tcase_add_test(fsio, test_fsio_write);
  tcase_add_test(fsio, test_fsio_mkdirs);
  tcase_add_test(fsio, test_fsio_list);
  tcase_add_test(fsio, test_fsio_first_line);
  tcase_add_test(rec, test_record_roundtrip);
  tcase_add_test(rec, test_record_machine);
  tcase_add_test(rec, test_record_malformed);
  tcase_add_test(cmp, test_compare_records);
  tcase_add_test(cmp, test_compare_bad);
  tcase_add_test(rep, test_report_figure);
  tcase_add_test(rep, test_report_page_groups);
  tcase_add_test(rep, test_speed_names_and_page);
  tcase_add_test(rep, test_speed_markdown);
  tcase_add_test(ctx, test_ctx_lifecycle);
  tcase_add_test(ctx, test_ctx_missing_reference);
  tcase_add_test(ctx, test_ctx_errors_are_sticky);
  tcase_add_test(ctx, test_ctx_notes_template);
  tcase_add_test(ctx, test_ctx_rng_owned_and_ordered);
  tcase_add_test(rng, test_rng_streams_by_seed_and_name);
  tcase_add_test(rng, test_timer_measures_cpu);
  tcase_add_test(rng, test_timer_rounds_interleave);
  tcase_add_test(rng, test_timer_prep_and_laps);
  tcase_add_test(rng, test_probe_single_cycle);
  tcase_add_test(rng, test_probe_samples);
  tcase_add_test(rng, test_probe_note);
  suite_add_tcase(s, buf);
  suite_add_tcase(s, fsio);
  suite_add_tcase(s, rec);
  suite_add_tcase(s, cmp);
  suite_add_tcase(s, rep);
  suite_add_tcase(s, ctx);
  suite_add_tcase(s, rng);
  return s;
}

/* The harness suite, run in a scratch folder removed at exit. */
static Suite *harness_scratch_suite(void)
{
  if (mkdtemp(scratch) == NULL) {
    perror("mkdtemp");
    exit(EXIT_FAILURE);
  }
  atexit(rm_scratch);
  setenv("GNUPLOT", "/nonexistent", 1);
  return harness_suite();
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(harness_scratch_suite, 1)
