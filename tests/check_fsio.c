/* granrepro tests: atomic files, folders and listings (src/harness/fsio.c). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/error.h"
#include "harness/fsio.h"
#include "tests/check_run.h"
#include "tests/check_scratch.h"

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

static Suite *fsio_suite(void)
{
  Suite *s = suite_create("fsio");
  TCase *tc = tcase_create("fsio");
  gr_check_scratch();
  tcase_add_test(tc, test_fsio_write);
  tcase_add_test(tc, test_fsio_mkdirs);
  tcase_add_test(tc, test_fsio_list);
  tcase_add_test(tc, test_fsio_first_line);
  suite_add_tcase(s, tc);
  return s;
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(fsio_suite, 1)
