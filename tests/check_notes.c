/* granrepro tests: notes templates (src/harness/notes.c): placeholders are
 * filled with values, texts and verdict rows, formats apply, an unknown
 * placeholder fails with file:line, \{{ is a literal brace pair. */
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/notes.h"
#include "tests/check_run.h"

static struct gr_notes *notes;
static struct gr_buf out;
static struct gr_error err;

static void setup(void)
{
  notes = gr_notes_new();
  ck_assert_ptr_nonnull(notes);
  ck_assert_int_eq(gr_notes_value(notes, "slope", 1.0625), GR_OK);
  ck_assert_int_eq(gr_notes_value(notes, "n", 4000), GR_OK);
  ck_assert_int_eq(gr_notes_text(notes, "who", "Sweetman"), GR_OK);
  ck_assert_int_eq(gr_notes_verdict(notes, "table-4-2/n1000/pct", "reproduced", 31.25), GR_OK);
  gr_error_clear(&err);
}

static void teardown(void)
{
  gr_notes_free(notes);
  gr_buf_free(&out);
}

/* Render tmpl; the status. */
static int render(const char *tmpl)
{
  gr_buf_free(&out);
  return gr_notes_render(notes, tmpl, "t.notes.md.in", &out, &err);
}

/* Render tmpl and expect exactly want. */
static void renders_as(const char *tmpl, const char *want)
{
  ck_assert_int_eq(render(tmpl), GR_OK);
  ck_assert_str_eq(gr_buf_str(&out), want);
}

START_TEST(test_fills_values_texts_verdicts)
{
  renders_as("slope {{slope}} at N = {{n}} ({{who}}): {{verdict:table-4-2/n1000/pct}}, {{value:table-4-2/n1000/pct}}.\n",
             "slope 1.0625 at N = 4000 (Sweetman): reproduced, 31.25.\n");
}
END_TEST

START_TEST(test_formats_apply)
{
  renders_as("{{slope:%.2f}}|{{n:%8.1e}}|{{who:%-9s}}|{{value:table-4-2/n1000/pct:%.0f}}",
             "1.06| 4.0e+03|Sweetman |31");
}
END_TEST

START_TEST(test_later_value_replaces)
{
  ck_assert_int_eq(gr_notes_value(notes, "slope", 2.0), GR_OK);
  renders_as("{{slope}}",
             "2");
}
END_TEST

START_TEST(test_unknown_placeholder_names_line)
{
  ck_assert_int_eq(render("line one\nline two {{slope}}\nthird {{slop}} here\n"), GR_EINPUT);
  ck_assert_int_eq(err.code, GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "t.notes.md.in:3: unknown placeholder {{slop}}"));
  gr_error_clear(&err);
  ck_assert_int_eq(render("{{verdict:slope}}"), GR_EINPUT); /* a value is not a verdict row */
  ck_assert_ptr_nonnull(strstr(err.msg, "t.notes.md.in:1: unknown placeholder {{verdict:slope}}"));
}
END_TEST

START_TEST(test_bad_format_and_unterminated)
{
  ck_assert_int_eq(render("{{slope:%d}}"), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "t.notes.md.in:1: bad format"));
  gr_error_clear(&err);
  ck_assert_int_eq(render("{{slope:%.2f %s}}"), GR_EINPUT);
  gr_error_clear(&err);
  ck_assert_int_eq(render("{{who:%.3f}}"), GR_EINPUT); /* a text takes %s only */
  gr_error_clear(&err);
  ck_assert_int_eq(render("a\n{{slope\n}}"), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "t.notes.md.in:2: unterminated placeholder"));
}
END_TEST

START_TEST(test_escaped_braces_are_literal)
{
  renders_as("\\{{slope}} is {{slope}}; single { and } pass",
             "{{slope}} is 1.0625; single { and } pass");
}
END_TEST

START_TEST(test_plain_text_unchanged)
{
  renders_as("no placeholders here\n",
             "no placeholders here\n");
  renders_as("",
             "");
}
END_TEST

/* The notes suite. */
static Suite *notes_suite(void)
{
  Suite *s = suite_create("notes");
  TCase *tc = tcase_create("template-placeholders");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_fills_values_texts_verdicts);
  tcase_add_test(tc, test_formats_apply);
  tcase_add_test(tc, test_later_value_replaces);
  tcase_add_test(tc, test_unknown_placeholder_names_line);
  tcase_add_test(tc, test_bad_format_and_unterminated);
  tcase_add_test(tc, test_escaped_braces_are_literal);
  tcase_add_test(tc, test_plain_text_unchanged);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(notes_suite, 1)
