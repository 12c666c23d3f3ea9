/* granrepro tests: text buffers (src/harness/buf.c). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "harness/buf.h"
#include "status.h"
#include "tests/check_run.h"

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

static Suite *buf_suite(void)
{
  Suite *s = suite_create("buf");
  TCase *tc = tcase_create("buf");
  tcase_add_test(tc, test_buf_growth);
  tcase_add_test(tc, test_buf_printf_large);
  suite_add_tcase(s, tc);
  return s;
}

/* one process, so LeakSanitizer sees every test's allocations */
GR_CHECK_MAIN(buf_suite, 1)
