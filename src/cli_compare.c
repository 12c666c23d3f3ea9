/* granrepro driver: `granrepro compare` (two records, many records, or
 * one against a baseline) and the comparison after `bench --against`
 * (issue 15; DESIGN.md "Timing across machines"). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "bench/baseline.h"
#include "harness/buf.h"
#include "bench/compare.h"
#include "harness/error.h"
#include "bench/ktime.h"
#include "bench/multi.h"
#include "bench/papers.h"
#include "bench/recset.h"

/* Is path a folder? */
static int cli_is_dir(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Print text and free it; or print the error: 0 or 2. */
static int cli_finish(int rc, struct gr_buf *text, const struct gr_error *err)
{
  if (rc != GR_OK) {
    gr_buf_free(text);
    return cli_fail("%s", err->msg);
  }
  fputs(gr_buf_str(text), stdout);
  gr_buf_free(text);
  return 0;
}

int cli_against(const struct cli *c, const char *path, const struct gr_bench_record *rec)
{
  struct gr_buf text = GR_BUF_INIT;
  struct gr_error err = {0, ""};
  int rc;
  if ((rc = gr_bench_baseline_compare(c->opt.refdir, c->baseline, path, rec, &text, &err)) != GR_OK)
    goto fail;
  rc = gr_bench_papers_ratios(c->opt.refdir, rec, &text, &err);
fail:
  return cli_finish(rc, &text, &err);
}

/* compare --baseline NAME RECORD */
static int cli_compare_baseline(const struct cli *c)
{
  struct gr_bench_record r;
  struct gr_error err = {0, ""};
  int rc;
  if (c->nargs != 1)
    return cli_fail("compare --baseline NAME takes one record (%d given; see granrepro compare --help)", c->nargs);
  if (gr_bench_record_load(c->args[0], &r, &err) != GR_OK)
    return cli_fail("%s", err.msg);
  if (gr_bench_ktime_nbench(&r) == 0)
    rc = cli_fail("'%s' holds no bench samples: compare a bench record with the baseline", c->args[0]);
  else
    rc = cli_against(c, c->args[0], &r);
  gr_bench_record_free(&r);
  return rc;
}

/* compare R1 R2 R3 ... (files or folders) */
static int cli_compare_many(const struct cli *c, const char *dir)
{
  struct gr_bench_recset s;
  struct gr_buf text = GR_BUF_INIT;
  struct gr_error err = {0, ""};
  int rc;
  if ((rc = gr_bench_recset_load(c->args, (size_t)c->nargs, &s, &err)) != GR_OK)
    goto fail;
  if (s.n < 2) {
    rc = gr_error_set(&err, GR_EINPUT, "only one bench record found in '%s': compare needs two or more", c->args[0]);
    goto fail;
  }
  rc = gr_bench_multi_compare(&s, dir, &text, &err);
fail:
  gr_bench_recset_free(&s);
  return cli_finish(rc, &text, &err);
}

int cli_compare(const struct cli *c)
{
  struct gr_buf text = GR_BUF_INIT;
  struct gr_error err = {0, ""};
  char dir[4096];
  if (cli_need_records(c) != 0)
    return 2;
  if (c->baseline != NULL)
    return cli_compare_baseline(c);
  if (c->nargs == 0 || (c->nargs == 1 && !cli_is_dir(c->args[0])))
    return cli_fail("compare needs two or more records or folders of them, or --baseline NAME and one record (records are in %s/records/ after 'granrepro bench')", c->opt.out);
  snprintf(dir, sizeof dir, "%s/compare", c->opt.out);
  if (c->nargs >= 3 || cli_is_dir(c->args[0]) || (c->nargs == 2 && cli_is_dir(c->args[1])))
    return cli_compare_many(c, dir);
  return cli_finish(gr_bench_compare_records(c->args[0], c->args[1], dir, &text, &err), &text, &err);
}
