/* granrepro tests: reference tables and the comparator (harness/ref.c). */
#include "harness/ref.h"
#include "harness/error.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tests/check_run.h"

#define HDR "# source: P\n# quantity: Q\n"

/* Parse text as "t.tsv", expecting success. */
static struct gr_reftable *parse_ok(const char *text)
{
  struct gr_error err;
  struct gr_reftable *t = NULL;
  int rc;
  gr_error_clear(&err);
  rc = gr_ref_parse("t.tsv", text, &t, &err);
  ck_assert_msg(rc == GR_OK, "unexpected error: %s", err.msg);
  ck_assert_ptr_nonnull(t);
  return t;
}

/* Parse text as "t.tsv", expecting GR_EINPUT with "t.tsv:LINE:" and
 * (when given) the fragment what in the message. */
static void parse_bad(const char *text, int line, const char *what)
{
  struct gr_error err;
  struct gr_reftable *t = (struct gr_reftable *)&err; /* must become NULL */
  char prefix[32];
  int rc;
  gr_error_clear(&err);
  rc = gr_ref_parse("t.tsv", text, &t, &err);
  snprintf(prefix, sizeof prefix, "t.tsv:%d: ", line);
  ck_assert_msg(rc == GR_EINPUT, "accepted (rc %d): %s", rc, text);
  ck_assert_ptr_null(t);
  ck_assert_int_eq(err.code, GR_EINPUT);
  ck_assert_msg(strncmp(err.msg, prefix, strlen(prefix)) == 0,
                "want prefix '%s', got '%s'", prefix, err.msg);
  ck_assert_msg(strchr(err.msg, '\n') == NULL, "message has a newline");
  if (what != NULL)
    ck_assert_msg(strstr(err.msg, what) != NULL, "want '%s' in '%s'", what, err.msg);
}

/* Judge, expecting success. */
static struct gr_judgement judge(struct gr_refcell *c, double v, double se)
{
  struct gr_error err;
  struct gr_judgement j;
  int rc;
  gr_error_clear(&err);
  rc = gr_ref_judge(c, v, se, &j, &err);
  ck_assert_msg(rc == GR_OK, "judge failed: %s", err.msg);
  return j;
}

/* ------------------------------------------------------------- parsing */

static const char *good =
    "# source: Smith 1999, Table 2, p. 7\r\n"
    "#\n"
    "# quantity: mean free path\n"
    "#   \n"
    "# source: Erratum 2001\n"
    "# note: first note\n"
    "# tolerance: * rel 0.01; b abs 0.5; c informative\n"
    "# note: second note\n"
    "# misprint: r2 a 1.25: sign lost in print\n"
    "\n"
    "key\ta\tb\tc\ttolerance\tnote\r\n"
    "r1\t0.0811\t25\t-\t-\t-\n"
    "   \n"
    "r2\t-1.5\t-\t1e6\tabs 0.25\ttwo cells\n"
    "r3\t1.5e-3\t2\t3\t\t\n";

START_TEST(test_parse_good)
{
  struct gr_reftable *t = parse_ok(good);
  struct gr_refcell *c;
  ck_assert_str_eq(t->path, "t.tsv");
  ck_assert_str_eq(t->source, "Smith 1999, Table 2, p. 7; Erratum 2001");
  ck_assert_str_eq(t->quantity, "mean free path");
  ck_assert_uint_eq(t->nnotes, 2);
  ck_assert_str_eq(t->notes[0], "first note");
  ck_assert_str_eq(t->notes[1], "second note");
  ck_assert_uint_eq(t->ncols, 6);
  ck_assert_str_eq(t->cols[0], "key");
  ck_assert_str_eq(t->cols[5], "note");
  ck_assert_uint_eq(t->nrows, 3);
  ck_assert_str_eq(t->rowkeys[0], "r1");
  ck_assert_str_eq(t->rowkeys[2], "r3");
  ck_assert_ptr_null(t->rownotes[0]);
  ck_assert_str_eq(t->rownotes[1], "two cells");
  ck_assert_ptr_null(t->rownotes[2]);

  c = gr_ref_cell(t, "r1", "a");
  ck_assert_ptr_eq(c, &t->cells[0 * 6 + 1]);
  ck_assert_str_eq(c->text, "0.0811");
  ck_assert_int_eq(c->is_number, 1);
  ck_assert_double_eq(c->value, 0.0811);
  ck_assert_double_eq(c->halfunit, 5e-5);
  ck_assert_int_eq(c->tol.kind, GR_TOL_REL);
  ck_assert_double_eq(c->tol.x, 0.01);
  ck_assert_int_eq(c->misprint, 0);
  ck_assert_int_eq(c->used, 0);

  c = gr_ref_cell(t, "r1", "b");
  ck_assert_int_eq(c->tol.kind, GR_TOL_ABS);
  ck_assert_double_eq(c->tol.x, 0.5);
  ck_assert_double_eq(c->halfunit, 0.5);

  c = gr_ref_cell(t, "r1", "c");
  ck_assert_int_eq(c->is_number, 0);
  ck_assert_str_eq(c->text, "-");
  ck_assert_int_eq(c->tol.kind, GR_TOL_INFORMATIVE);

  c = gr_ref_cell(t, "r2", "a");
  ck_assert_int_eq(c->misprint, 1);
  ck_assert_str_eq(c->predicted_text, "1.25");
  ck_assert_double_eq(c->predicted, 1.25);
  ck_assert_double_eq(c->predicted_halfunit, 0.005);
  ck_assert_str_eq(c->misprint_note, "sign lost in print");
  ck_assert_int_eq(c->tol.kind, GR_TOL_ABS); /* row override */
  ck_assert_double_eq(c->tol.x, 0.25);
  c = gr_ref_cell(t, "r2", "c");
  ck_assert_double_eq(c->value, 1e6);
  ck_assert_int_eq(c->tol.kind, GR_TOL_ABS);

  c = gr_ref_cell(t, "r3", "a"); /* empty tolerance cell: no override */
  ck_assert_double_eq(c->value, 1.5e-3);
  ck_assert_int_eq(c->tol.kind, GR_TOL_REL);

  c = gr_ref_cell(t, "r2", "note"); /* reserved: text only */
  ck_assert_int_eq(c->is_number, 0);
  ck_assert_str_eq(c->text, "two cells");
  c = gr_ref_cell(t, "r2", "tolerance");
  ck_assert_int_eq(c->is_number, 0);
  ck_assert_str_eq(c->text, "abs 0.25");

  ck_assert_ptr_null(gr_ref_cell(t, "r4", "a"));
  ck_assert_ptr_null(gr_ref_cell(t, "r1", "d"));
  ck_assert_ptr_null(gr_ref_cell(t, "R1", "a"));
  ck_assert_ptr_null(gr_ref_cell(NULL, "r1", "a"));
  gr_ref_free(t);
  gr_ref_free(NULL);
}
END_TEST

START_TEST(test_parse_defaults)
{
  /* no tolerance header, no trailing newline, CRLF everywhere */
  struct gr_reftable *t = parse_ok("# source: S\r\n# quantity: Q\r\nk\tx\r\nr\t-3.2");
  struct gr_refcell *c = gr_ref_cell(t, "r", "x");
  ck_assert_int_eq(c->tol.kind, GR_TOL_HALFUNIT);
  ck_assert_double_eq(c->value, -3.2);
  ck_assert_str_eq(c->text, "-3.2");
  ck_assert_uint_eq(t->nnotes, 0);
  ck_assert_ptr_null(t->rownotes[0]);
  gr_ref_free(t);
}
END_TEST

START_TEST(test_tolerance_override_order)
{
  struct gr_reftable *t = parse_ok(HDR "# tolerance: x,y abs 0.1; y rel 0.2; * half-unit; z se 3;\n"
                                       "k\tx\ty\tz\nr\t1\t2\t3\n");
  ck_assert_int_eq(gr_ref_cell(t, "r", "x")->tol.kind, GR_TOL_HALFUNIT);
  ck_assert_int_eq(gr_ref_cell(t, "r", "y")->tol.kind, GR_TOL_HALFUNIT);
  ck_assert_int_eq(gr_ref_cell(t, "r", "z")->tol.kind, GR_TOL_SE);
  ck_assert_double_eq(gr_ref_cell(t, "r", "z")->tol.x, 3);
  gr_ref_free(t);

  t = parse_ok(HDR "# tolerance: * abs 1 ; x,y rel 0.5\nk\tx\ty\tz\nr\t1\t2\t3\n");
  ck_assert_int_eq(gr_ref_cell(t, "r", "x")->tol.kind, GR_TOL_REL);
  ck_assert_int_eq(gr_ref_cell(t, "r", "y")->tol.kind, GR_TOL_REL);
  ck_assert_int_eq(gr_ref_cell(t, "r", "z")->tol.kind, GR_TOL_ABS);
  gr_ref_free(t);
}
END_TEST

START_TEST(test_row_tolerance_column)
{
  struct gr_reftable *t = parse_ok(HDR "# tolerance: * abs 0.01\n"
                                       "k\tx\ty\ttolerance\n"
                                       "r1\t1\t2\tinformative\n"
                                       "r2\t1\t2\t-\n"
                                       "r3\t1\t2\t se 2 \n");
  ck_assert_int_eq(gr_ref_cell(t, "r1", "x")->tol.kind, GR_TOL_INFORMATIVE);
  ck_assert_int_eq(gr_ref_cell(t, "r1", "y")->tol.kind, GR_TOL_INFORMATIVE);
  ck_assert_int_eq(gr_ref_cell(t, "r2", "x")->tol.kind, GR_TOL_ABS);
  ck_assert_int_eq(gr_ref_cell(t, "r3", "y")->tol.kind, GR_TOL_SE);
  ck_assert_double_eq(gr_ref_cell(t, "r3", "y")->tol.x, 2);
  ck_assert_int_eq(judge(gr_ref_cell(t, "r1", "x"), 99, 0).verdict, GR_INFORMATIVE);
  gr_ref_free(t);
}
END_TEST

START_TEST(test_note_column)
{
  struct gr_reftable *t = parse_ok(HDR "k\tnote\tx\nr1\tsee text\t1\nr2\t-\t2\nr3\t\t3\n");
  struct gr_error err;
  struct gr_judgement j;
  ck_assert_str_eq(t->rownotes[0], "see text");
  ck_assert_ptr_null(t->rownotes[1]);
  ck_assert_ptr_null(t->rownotes[2]);
  ck_assert_int_eq(gr_ref_cell(t, "r1", "note")->is_number, 0);
  ck_assert_double_eq(gr_ref_cell(t, "r2", "x")->value, 2);
  gr_error_clear(&err);
  ck_assert_int_eq(gr_ref_judge(gr_ref_cell(t, "r1", "note"), 1, 0, &j, &err), GR_EINPUT);
  gr_ref_free(t);
  /* "note" may be the only column after the key */
  t = parse_ok(HDR "k\tnote\nr1\tx\n");
  ck_assert_str_eq(t->rownotes[0], "x");
  gr_ref_free(t);
}
END_TEST

/* --------------------------------------------------------- malformation */

START_TEST(test_bad_header)
{
  parse_bad(HDR "# colour: red\nk\tx\nr\t1\n", 3, "unknown header key 'colour'");
  parse_bad(HDR "# just a comment\nk\tx\nr\t1\n", 3, "no ':'");
  parse_bad(HDR "# note:   \nk\tx\nr\t1\n", 3, "empty value");
  parse_bad("# source:\n# quantity: Q\nk\tx\nr\t1\n", 1, "empty value");
  parse_bad(HDR "# quantity: again\nk\tx\nr\t1\n", 3, "first on line 2");
  parse_bad(HDR "# tolerance: * abs 1\n# tolerance: x rel 1\nk\tx\nr\t1\n", 4, "first on line 3");
  parse_bad("# quantity: Q\n\n\nk\tx\nr\t1\n", 4, "source");
  parse_bad("# source: S\n# note: n\nk\tx\nr\t1\n", 3, "quantity");
  parse_bad("\n\n", 1, "no column header");
  parse_bad(HDR "\n", 2, "no column header");
  parse_bad("", 1, "no column header");
}
END_TEST

START_TEST(test_bad_columns)
{
  parse_bad(HDR "key only\nr\n", 3, "at least 2");
  parse_bad(HDR "k\tx\t\nr\t1\t2\n", 3, "column 3");
  parse_bad(HDR "\tx\nr\t1\n", 3, "column 1");
  parse_bad(HDR "k\tx\ty\tx\nr\t1\t2\t3\n", 3, "'x' repeats column 2");
  parse_bad(HDR "k\tx\n# late: comment\nr\t1\n", 4, "comments belong in the header block");
  parse_bad(HDR "k\tx\nr\t1\n#\n", 5, "comments belong in the header block");
  parse_bad(HDR "k\tx\n\n", 3, "no data rows");
}
END_TEST

START_TEST(test_bad_rows)
{
  parse_bad(HDR "k\tx\ty\nr1\t1\t2\nr2\t1\n", 5, "2 fields, expected 3");
  parse_bad(HDR "k\tx\ty\nr1\t1\t2\t3\n", 4, "4 fields, expected 3");
  parse_bad(HDR "k\tx\n\t1\n", 4, "row key");
  parse_bad(HDR "k\tx\nr1\t1\n\nr2\t2\nr1\t3\n", 7, "repeats line 4");
  parse_bad(HDR "k\tx\nr\tabc\n", 4, "column 'x': 'abc' is not a number (write a number or '-')");
  parse_bad(HDR "k\tx\nr\t1.5x\n", 4, "not a number");
  parse_bad(HDR "k\tx\nr\t\n", 4, "not a number");
  parse_bad(HDR "k\tx\nr\tnan\n", 4, "not a number");
  parse_bad(HDR "k\tx\nr\tinf\n", 4, "not a number");
  parse_bad(HDR "k\tx\nr\t1e999\n", 4, "not a number");
  parse_bad(HDR "k\tx\nr\t0x10\n", 4, "not a number");
  parse_bad(HDR "k\tx\nr\t 1\n", 4, "not a number");
  parse_bad(HDR "k\tx\nr\t1 \n", 4, "not a number");
  parse_bad(HDR "k\tx\nr\t--\n", 4, "not a number");
  parse_bad(HDR "k\tx\ttolerance\nr\t1\tabs\n", 4, "column 'tolerance'");
  parse_bad(HDR "k\tx\ttolerance\nr\t1\thalf\n", 4, "is not a tolerance");
}
END_TEST

START_TEST(test_bad_tolerance_header)
{
  parse_bad(HDR "# tolerance: z abs 1\n\nk\tx\nr\t1\n", 3, "column 'z'");
  parse_bad(HDR "# tolerance: x abs\nk\tx\nr\t1\n", 3, "not a tolerance");
  parse_bad(HDR "# tolerance: x abs -1\nk\tx\nr\t1\n", 3, "not a tolerance");
  parse_bad(HDR "# tolerance: x abs 0\nk\tx\nr\t1\n", 3, "not a tolerance");
  parse_bad(HDR "# tolerance: x abs 1e999\nk\tx\nr\t1\n", 3, "not a tolerance");
  parse_bad(HDR "# tolerance: x wide 1\nk\tx\nr\t1\n", 3, "not a tolerance");
  parse_bad(HDR "# tolerance: x\nk\tx\nr\t1\n", 3, "not a tolerance");
  parse_bad(HDR "# tolerance: x, y abs 1\nk\tx\ty\nr\t1\t2\n", 3, NULL);
  parse_bad(HDR "# tolerance: x,,y abs 1\nk\tx\ty\nr\t1\t2\n", 3, "empty column name");
  parse_bad(HDR "# tolerance: note abs 1\nk\tx\tnote\nr\t1\t-\n", 3, "no published values");
  parse_bad(HDR "# tolerance: k abs 1\nk\tx\nr\t1\n", 3, "'k'");
  parse_bad(HDR "# tolerance: x abs 1; y half-unit 2\nk\tx\ty\nr\t1\t2\n", 3, NULL);
}
END_TEST

START_TEST(test_bad_misprint)
{
  const char *tail = "k\tx\tnote\nr\t1\t-\ns\t-\t-\n";
  char buf[256];
  static const struct {
    const char *line;
    const char *what;
  } cases[] = {
      {"# misprint: r x 2\n", "ROW COL PREDICTED: reason"},
      {"# misprint: r x\n", "ROW COL PREDICTED: reason"},
      {"# misprint: r\n", "ROW COL PREDICTED: reason"},
      {"# misprint: r x two: why\n", "'two' is not a number"},
      {"# misprint: r x 2:   \n", "reason is empty"},
      {"# misprint: q x 2: why\n", "row 'q'"},
      {"# misprint: r y 2: why\n", "column 'y'"},
      {"# misprint: r note 2: why\n", "no published values"},
      {"# misprint: r k 2: why\n", "column 'k'"},
      {"# misprint: s x 2: why\n", "'-'"},
  };
  size_t i;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    snprintf(buf, sizeof buf, HDR "# note: n\n%s%s", cases[i].line, tail);
    parse_bad(buf, 4, cases[i].what);
  }
  snprintf(buf, sizeof buf, HDR "# misprint: r x 2: a\n# misprint: r x 3: b\n%s", tail);
  parse_bad(buf, 4, "repeats");
  /* the colon may follow a space; the reason may contain colons */
  snprintf(buf, sizeof buf, HDR "# misprint:  r  x  2.50 : why: because\n%s", tail);
  {
    struct gr_reftable *t = parse_ok(buf);
    struct gr_refcell *c = gr_ref_cell(t, "r", "x");
    ck_assert_str_eq(c->predicted_text, "2.50");
    ck_assert_double_eq(c->predicted_halfunit, 0.005);
    ck_assert_str_eq(c->misprint_note, "why: because");
    gr_ref_free(t);
  }
}
END_TEST

START_TEST(test_bad_arguments)
{
  struct gr_error err;
  struct gr_reftable *t = NULL;
  gr_error_clear(&err);
  ck_assert_int_eq(gr_ref_parse("t.tsv", NULL, &t, &err), GR_EINPUT);
  ck_assert_ptr_null(t);
  /* a NULL error pointer is allowed */
  ck_assert_int_eq(gr_ref_parse("t.tsv", "x", &t, NULL), GR_EINPUT);
  ck_assert_ptr_null(t);
}
END_TEST

/* ------------------------------------------------------ small functions */

START_TEST(test_halfunit)
{
  ck_assert_double_eq(gr_ref_halfunit("0.0811"), 5e-5);
  ck_assert_double_eq(gr_ref_halfunit("25"), 0.5);
  ck_assert_double_eq(gr_ref_halfunit("0.25000000"), 5e-9);
  ck_assert_double_eq(gr_ref_halfunit("1.5e-3"), 5e-5);
  ck_assert_double_eq(gr_ref_halfunit("-3.2"), 0.05);
  ck_assert_double_eq(gr_ref_halfunit("1e6"), 5e5);
  ck_assert_double_eq(gr_ref_halfunit("1.20E+2"), 0.5);
  ck_assert_double_eq(gr_ref_halfunit("+7."), 0.5);
  ck_assert_double_eq(gr_ref_halfunit(".5"), 0.05);
  ck_assert_double_eq(gr_ref_halfunit("1200"), 0.5);
  ck_assert_double_eq(gr_ref_halfunit("-"), 0);
  ck_assert_double_eq(gr_ref_halfunit(NULL), 0);
}
END_TEST

START_TEST(test_parse_tol)
{
  struct gr_tol tol = {GR_TOL_ABS, 9};
  ck_assert_int_eq(gr_ref_parse_tol("half-unit", &tol), GR_OK);
  ck_assert_int_eq(tol.kind, GR_TOL_HALFUNIT);
  ck_assert_int_eq(gr_ref_parse_tol("  informative ", &tol), GR_OK);
  ck_assert_int_eq(tol.kind, GR_TOL_INFORMATIVE);
  ck_assert_int_eq(gr_ref_parse_tol("abs 0.02", &tol), GR_OK);
  ck_assert_int_eq(tol.kind, GR_TOL_ABS);
  ck_assert_double_eq(tol.x, 0.02);
  ck_assert_int_eq(gr_ref_parse_tol(" rel\t1e-3 ", &tol), GR_OK);
  ck_assert_int_eq(tol.kind, GR_TOL_REL);
  ck_assert_double_eq(tol.x, 1e-3);
  ck_assert_int_eq(gr_ref_parse_tol("se 3", &tol), GR_OK);
  ck_assert_int_eq(tol.kind, GR_TOL_SE);
  ck_assert_double_eq(tol.x, 3);
  ck_assert_int_eq(gr_ref_parse_tol("", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("-", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("abs", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("abs0.1", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("abs 0.1x", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("abs 0.1 0.2", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("abs -0.1", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("abs 0", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("abs inf", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("rel nan", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("half-unit 1", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("informative yes", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("ABS 1", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol("sd 1", &tol), GR_EINPUT);
  ck_assert_int_eq(gr_ref_parse_tol(NULL, &tol), GR_EINPUT);
  /* a failed parse leaves tol alone */
  ck_assert_int_eq(tol.kind, GR_TOL_SE);
  ck_assert_double_eq(tol.x, 3);
}
END_TEST

START_TEST(test_verdict_names)
{
  ck_assert_str_eq(gr_verdict_name(GR_REPRODUCED), "reproduced");
  ck_assert_str_eq(gr_verdict_name(GR_DIFFERS), "differs");
  ck_assert_str_eq(gr_verdict_name(GR_EXPECTED), "expected-difference");
  ck_assert_str_eq(gr_verdict_name(GR_INFORMATIVE), "informative");
}
END_TEST

/* ------------------------------------------------------------- judging */

static const char *judged =
    HDR "# tolerance: a half-unit; b abs 0.02; c rel 0.001; d se 3; e informative\n"
    "# misprint: m a -0.0811: sign lost\n"
    "k\ta\tb\tc\td\te\n"
    "r\t0.0811\t1.5\t200\t0.25\t7\n"
    "m\t0.0811\t1.5\t200\t0.25\t7\n";

START_TEST(test_judge_halfunit)
{
  struct gr_reftable *t = parse_ok(HDR "k\ta\nr\t0.0811\n");
  struct gr_refcell *c = gr_ref_cell(t, "r", "a");
  struct gr_judgement j = judge(c, 0.0811, 0);
  ck_assert_int_eq(c->used, 1);
  ck_assert_int_eq(j.verdict, GR_REPRODUCED);
  ck_assert_double_eq(j.published, 0.0811);
  ck_assert_double_eq(j.delta, 0);
  ck_assert_double_eq(j.bound, 5e-5);
  ck_assert_str_eq(j.toltext, "half-unit 5e-05 of 0.0811");
  ck_assert_int_eq(judge(c, 0.08115, 0).verdict, GR_REPRODUCED);  /* edge */
  ck_assert_int_eq(judge(c, 0.08105, 0).verdict, GR_REPRODUCED);  /* edge */
  ck_assert_int_eq(judge(c, 0.0811 + 4.9999e-5, 0).verdict, GR_REPRODUCED);
  ck_assert_int_eq(judge(c, 0.0811 + 5.0001e-5, 0).verdict, GR_DIFFERS);
  ck_assert_int_eq(judge(c, 0.0811 - 5.0001e-5, 0).verdict, GR_DIFFERS);
  j = judge(c, NAN, 0);
  ck_assert_int_eq(j.verdict, GR_DIFFERS);
  ck_assert_int_eq(judge(c, INFINITY, 0).verdict, GR_DIFFERS);
  gr_ref_free(t);
}
END_TEST

START_TEST(test_judge_abs_rel)
{
  struct gr_reftable *t = parse_ok(judged);
  struct gr_refcell *b = gr_ref_cell(t, "r", "b"), *c = gr_ref_cell(t, "r", "c");
  struct gr_judgement j = judge(b, 1.51, 0);
  ck_assert_int_eq(j.verdict, GR_REPRODUCED);
  ck_assert_double_eq(j.bound, 0.02);
  ck_assert_str_eq(j.toltext, "abs 0.02 of 1.5");
  ck_assert_double_eq_tol(j.delta, 0.01, 1e-15);
  ck_assert_int_eq(judge(b, 1.52, 0).verdict, GR_REPRODUCED);
  ck_assert_int_eq(judge(b, 1.48, 0).verdict, GR_REPRODUCED);
  ck_assert_int_eq(judge(b, 1.5199999, 0).verdict, GR_REPRODUCED);
  ck_assert_int_eq(judge(b, 1.5200001, 0).verdict, GR_DIFFERS);
  ck_assert_int_eq(judge(b, 1.4799999, 0).verdict, GR_DIFFERS);

  j = judge(c, 200.1, 0);
  ck_assert_int_eq(j.verdict, GR_REPRODUCED);
  ck_assert_double_eq_tol(j.bound, 0.2, 1e-15);
  ck_assert_str_eq(j.toltext, "rel 0.001 of 200");
  ck_assert_int_eq(judge(c, 200.2, 0).verdict, GR_REPRODUCED);
  ck_assert_int_eq(judge(c, 199.8, 0).verdict, GR_REPRODUCED);
  ck_assert_int_eq(judge(c, 200.1999, 0).verdict, GR_REPRODUCED);
  ck_assert_int_eq(judge(c, 200.2001, 0).verdict, GR_DIFFERS);
  ck_assert_int_eq(judge(c, 199.7999, 0).verdict, GR_DIFFERS);
  gr_ref_free(t);
}
END_TEST

START_TEST(test_judge_se)
{
  struct gr_reftable *t = parse_ok(judged);
  struct gr_refcell *d = gr_ref_cell(t, "r", "d");
  struct gr_error err;
  struct gr_judgement j;
  /* bound = 3 * 1e-4 + 5e-3 = 0.0053 */
  j = judge(d, 0.25, 1e-4);
  ck_assert_int_eq(j.verdict, GR_REPRODUCED);
  ck_assert_double_eq_tol(j.bound, 0.0053, 1e-15);
  ck_assert_str_eq(j.toltext, "se 3 x 0.0001 + half-unit 0.005 of 0.25");
  ck_assert_int_eq(judge(d, 0.25 + 0.0052999, 1e-4).verdict, GR_REPRODUCED);
  ck_assert_int_eq(judge(d, 0.25 - 0.0052999, 1e-4).verdict, GR_REPRODUCED);
  ck_assert_int_eq(judge(d, 0.25 + 0.0053001, 1e-4).verdict, GR_DIFFERS);
  ck_assert_int_eq(judge(d, 0.25 + 0.006, 1e-4).verdict, GR_DIFFERS);
  ck_assert_int_eq(judge(d, 0.25 + 0.006, 1e-3).verdict, GR_REPRODUCED);

  d->used = 0;
  gr_error_clear(&err);
  ck_assert_int_eq(gr_ref_judge(d, 0.25, 0, &j, &err), GR_EINPUT);
  ck_assert_ptr_nonnull(strstr(err.msg, "no standard error supplied for a 'se' tolerance"));
  ck_assert_int_eq(d->used, 0);
  gr_error_clear(&err);
  ck_assert_int_eq(gr_ref_judge(d, 0.25, -1, &j, &err), GR_EINPUT);
  gr_error_clear(&err);
  ck_assert_int_eq(gr_ref_judge(d, 0.25, NAN, &j, &err), GR_EINPUT);
  gr_error_clear(&err);
  ck_assert_int_eq(gr_ref_judge(d, 0.25, INFINITY, &j, &err), GR_EINPUT);
  /* se is ignored by the other kinds */
  ck_assert_int_eq(judge(gr_ref_cell(t, "r", "b"), 1.5, 0).verdict, GR_REPRODUCED);
  gr_ref_free(t);
}
END_TEST

START_TEST(test_judge_informative)
{
  struct gr_reftable *t = parse_ok(judged);
  struct gr_refcell *e = gr_ref_cell(t, "r", "e");
  struct gr_judgement j = judge(e, 1e9, 0);
  ck_assert_int_eq(j.verdict, GR_INFORMATIVE);
  ck_assert_double_eq(j.bound, 0);
  ck_assert_double_eq(j.published, 7);
  ck_assert_double_eq(j.delta, 1e9 - 7);
  ck_assert_str_eq(j.toltext, "informative");
  ck_assert_int_eq(e->used, 1);
  gr_ref_free(t);
}
END_TEST

START_TEST(test_judge_misprint)
{
  struct gr_reftable *t = parse_ok(judged);
  struct gr_refcell *m = gr_ref_cell(t, "m", "a");
  struct gr_judgement j = judge(m, -0.0811, 0);
  ck_assert_int_eq(j.verdict, GR_EXPECTED);
  ck_assert_str_eq(gr_verdict_name(j.verdict), "expected-difference");
  ck_assert_double_eq(j.published, 0.0811);
  ck_assert_double_eq(j.delta, -0.1622);
  ck_assert_double_eq(j.bound, 5e-5);
  ck_assert_int_eq(judge(m, -0.0811 + 4.9e-5, 0).verdict, GR_EXPECTED);
  ck_assert_int_eq(judge(m, -0.0811 + 5.1e-5, 0).verdict, GR_DIFFERS);
  /* matching the printed value of a misprint cell is a difference */
  ck_assert_int_eq(judge(m, 0.0811, 0).verdict, GR_DIFFERS);
  ck_assert_int_eq(m->used, 1);
  gr_ref_free(t);

  /* rel tolerance of a misprint cell scales with the predicted value */
  t = parse_ok(HDR "# tolerance: x rel 0.1\n# misprint: r x 100: typo\nk\tx\nr\t1\n");
  m = gr_ref_cell(t, "r", "x");
  j = judge(m, 109, 0);
  ck_assert_int_eq(j.verdict, GR_EXPECTED);
  ck_assert_double_eq_tol(j.bound, 10, 1e-12);
  ck_assert_double_eq(j.delta, 108);
  ck_assert_int_eq(judge(m, 111, 0).verdict, GR_DIFFERS);
  ck_assert_str_eq(judge(m, 100, 0).toltext, "rel 0.1 of 100");
  gr_ref_free(t);
}
END_TEST

/* Kinds: the header's, a row's "kind" column, misprint cells, none. */
START_TEST(test_kinds)
{
  struct gr_reftable *t = parse_ok(HDR "# kind: printed\n# misprint: m x 2: typo\n"
                                       "k\tx\tkind\nr\t1\t-\nc\t1\tcheck\nm\t1\t-\n");
  ck_assert_int_eq(t->ncols, 3);
  ck_assert_int_eq(gr_ref_kind(t, 0, gr_ref_cell(t, "r", "x")), GR_KIND_PRINTED);
  ck_assert_int_eq(gr_ref_kind(t, 1, gr_ref_cell(t, "c", "x")), GR_KIND_CHECK);
  ck_assert_int_eq(gr_ref_kind(t, 2, gr_ref_cell(t, "m", "x")), GR_KIND_MISPRINT);
  ck_assert_int_eq(gr_ref_cell(t, "c", "kind")->is_number, 0);
  gr_ref_free(t);
  t = parse_ok(HDR "k\tx\nr\t1\n");
  ck_assert_int_eq(gr_ref_kind(t, 0, gr_ref_cell(t, "r", "x")), GR_KIND_UNCLASSIFIED);
  gr_ref_free(t);
  parse_bad(HDR "# kind: results\nk\tx\nr\t1\n", 3, "unknown kind 'results'");
  parse_bad(HDR "# kind: result\n# kind: check\nk\tx\nr\t1\n", 4, "kind given twice");
  parse_bad(HDR "# kind: result\nk\tx\tkind\nr\t1\t-\ns\t1\tunclassified\n", 6,
            "unknown kind 'unclassified'");
}
END_TEST

/* A row's kind and tolerance given for some of its columns ("COLS SPEC"). */
START_TEST(test_cell_kinds)
{
  struct gr_reftable *t = parse_ok(HDR "# kind: result\n# tolerance: * abs 0.1\n# misprint: m y 2: typo\n"
                                       "k\tx\ty\ttolerance\tkind\n"
                                       "a\t0.00\t1.00\tx half-unit\tx printed\n"
                                       "m\t0.00\t1.00\tx,y rel 0.5\ty check; x choice\n"
                                       "r\t0.00\t1.00\tabs 0.2\tprinted\n");
  ck_assert_int_eq(gr_ref_kind(t, 0, gr_ref_cell(t, "a", "x")), GR_KIND_PRINTED);
  ck_assert_int_eq(gr_ref_kind(t, 0, gr_ref_cell(t, "a", "y")), GR_KIND_RESULT);
  ck_assert_int_eq(gr_ref_cell(t, "a", "x")->tol.kind, GR_TOL_HALFUNIT);
  ck_assert_int_eq(gr_ref_cell(t, "a", "y")->tol.kind, GR_TOL_ABS);
  ck_assert_double_eq(gr_ref_cell(t, "a", "y")->tol.x, 0.1);
  ck_assert_int_eq(gr_ref_kind(t, 1, gr_ref_cell(t, "m", "x")), GR_KIND_CHOICE);
  ck_assert_int_eq(gr_ref_kind(t, 1, gr_ref_cell(t, "m", "y")), GR_KIND_MISPRINT);
  ck_assert_int_eq(gr_ref_cell(t, "m", "y")->tol.kind, GR_TOL_REL);
  ck_assert_int_eq(gr_ref_kind(t, 2, gr_ref_cell(t, "r", "x")), GR_KIND_PRINTED);
  ck_assert_double_eq(gr_ref_cell(t, "r", "y")->tol.x, 0.2);
  gr_ref_free(t);
  parse_bad(HDR "# kind: result\nk\tx\tkind\nr\t1\tz printed\n", 5, "'z' is not a value column");
  parse_bad(HDR "# kind: result\nk\tx\tkind\nr\t1\tkind printed\n", 5, "'kind' is not a value column");
  parse_bad(HDR "# kind: result\nk\tx\tkind\nr\t1\tx results\n", 5, "unknown kind 'results'");
  parse_bad(HDR "# kind: result\nk\tx\ttolerance\nr\t1\tx wide\n", 5, "'wide' is not a tolerance");
  parse_bad(HDR "# kind: result\nk\tx\ttolerance\nr\t1\twide\n", 5, "'wide' is not a tolerance (write half-unit");
}
END_TEST

/* A row's per-column kind or tolerance cell: each column named once, no
 * empty item, no '*'; a whole-row tolerance that does not parse says so. */
START_TEST(test_cell_kinds_bad)
{
  parse_bad(HDR "# kind: result\nk\tx\ty\tkind\nr\t1\t2\tx,y check; x choice\n", 5,
            "column 'x' named twice in column 'kind' (name each column once)");
  parse_bad(HDR "# kind: result\nk\tx\ttolerance\nr\t1\tx abs 0.1; x rel 0.1\n", 5,
            "column 'x' named twice in column 'tolerance'");
  parse_bad(HDR "# kind: result\nk\tx\ttolerance\nr\t1\tabs x\n", 5,
            "column 'tolerance': 'abs x' is not a tolerance (write half-unit");
  parse_bad(HDR "# kind: result\nk\tx\tkind\nr\t1\tx printed;\n", 5,
            "column 'kind': empty item after ';' in 'x printed;'");
  parse_bad(HDR "# kind: result\nk\tx\ttolerance\nr\t1\t; x abs 0.1\n", 5,
            "column 'tolerance': empty item before ';'");
  parse_bad(HDR "# kind: result\nk\tx\tkind\nr\t1\t* printed\n", 5,
            "column 'kind': '*' names no columns in a row (for all the row's columns write the kind alone");
  parse_bad(HDR "# kind: result\nk\tx\ttolerance\nr\t1\t* abs 0.1\n", 5,
            "column 'tolerance': '*' names no columns in a row");
}
END_TEST

START_TEST(test_judge_errors)
{
  struct gr_reftable *t = parse_ok(HDR "k\ta\tb\nr\t-\t1\n");
  struct gr_refcell *a = gr_ref_cell(t, "r", "a");
  struct gr_error err;
  struct gr_judgement j;
  gr_error_clear(&err);
  ck_assert_int_eq(gr_ref_judge(a, 1, 0, &j, &err), GR_EINPUT);
  ck_assert_int_eq(err.code, GR_EINPUT);
  ck_assert_int_eq(a->used, 0);
  gr_error_clear(&err);
  ck_assert_int_eq(gr_ref_judge(NULL, 1, 0, &j, &err), GR_EINPUT);
  gr_ref_free(t);
}
END_TEST

/* ---------------------------------------------------------------- load */

START_TEST(test_load)
{
  char path[] = "/tmp/check_ref_XXXXXX";
  struct gr_reftable *t = NULL;
  struct gr_error err;
  const char *text = HDR "k\tx\nr\t1.25\nbad\n";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, good, strlen(good)), (long)strlen(good));
  close(fd);
  gr_error_clear(&err);
  ck_assert_int_eq(gr_ref_load(path, &t, &err), GR_OK);
  ck_assert_str_eq(t->path, path);
  ck_assert_uint_eq(t->nrows, 3);
  gr_ref_free(t);

  /* messages name the path */
  {
    FILE *fp = fopen(path, "w");
    ck_assert_ptr_nonnull(fp);
    fputs(text, fp);
    fclose(fp);
  }
  gr_error_clear(&err);
  t = NULL;
  ck_assert_int_eq(gr_ref_load(path, &t, &err), GR_EINPUT);
  ck_assert_ptr_null(t);
  {
    char prefix[64];
    snprintf(prefix, sizeof prefix, "%s:5: ", path);
    ck_assert_msg(strncmp(err.msg, prefix, strlen(prefix)) == 0, "got '%s'", err.msg);
  }
  unlink(path);

  /* a missing file */
  gr_error_clear(&err);
  ck_assert_int_ne(gr_ref_load(path, &t, &err), GR_OK);
  ck_assert_ptr_null(t);
  ck_assert_ptr_nonnull(strstr(err.msg, path));
  ck_assert_ptr_nonnull(strstr(err.msg, "--ref"));
  ck_assert_ptr_null(strchr(err.msg, '\n'));
}
END_TEST

/* Build the "ref" suite. */
static Suite *ref_suite(void)
{
  Suite *s = suite_create("ref");
  TCase *parse = tcase_create("parse");
  TCase *bad = tcase_create("malformed");
  TCase *small = tcase_create("helpers");
  TCase *jud = tcase_create("judge");
  TCase *load = tcase_create("load");
  tcase_add_test(parse, test_parse_good);
  tcase_add_test(parse, test_parse_defaults);
  tcase_add_test(parse, test_tolerance_override_order);
  tcase_add_test(parse, test_row_tolerance_column);
  tcase_add_test(parse, test_note_column);
  tcase_add_test(bad, test_bad_header);
  tcase_add_test(bad, test_bad_columns);
  tcase_add_test(bad, test_bad_rows);
  tcase_add_test(bad, test_bad_tolerance_header);
  tcase_add_test(bad, test_bad_misprint);
  tcase_add_test(bad, test_bad_arguments);
  tcase_add_test(small, test_halfunit);
  tcase_add_test(small, test_parse_tol);
  tcase_add_test(small, test_verdict_names);
  tcase_add_test(jud, test_judge_halfunit);
  tcase_add_test(jud, test_judge_abs_rel);
  tcase_add_test(jud, test_judge_se);
  tcase_add_test(jud, test_judge_informative);
  tcase_add_test(jud, test_judge_misprint);
  tcase_add_test(jud, test_judge_errors);
  tcase_add_test(jud, test_kinds);
  tcase_add_test(jud, test_cell_kinds);
  tcase_add_test(jud, test_cell_kinds_bad);
  tcase_add_test(load, test_load);
  suite_add_tcase(s, parse);
  suite_add_tcase(s, bad);
  suite_add_tcase(s, small);
  suite_add_tcase(s, jud);
  suite_add_tcase(s, load);
  return s;
}

GR_CHECK_MAIN(ref_suite, 1)
