/* granrepro driver: `check` against the expected verdicts and the counts
 * by kind of a report (issue 22; harness/expected.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "harness/buf.h"
#include "harness/error.h"
#include "harness/expected.h"
#include "harness/experiment.h"
#include "harness/fsio.h"
#include "site/html.h"
#include "harness/verdict.h"

int cli_check_expected(const struct cli *c, const struct gr_experiment *e, int *nchanged)
{
  char path[4400], exp[4400], *text = NULL;
  struct gr_error err = {0, ""};
  struct gr_buf report = GR_BUF_INIT;
  const char *p, *nl;
  int rc, n = 0;
  snprintf(path, sizeof path, "%s/%s/summary.tsv", c->opt.out, e->key);
  snprintf(exp, sizeof exp, "%s/%s/%s.expected.tsv", c->opt.refdir, e->refdir, e->key);
  if ((rc = gr_fsio_read(path, &text, NULL, &err)) == GR_OK) {
    if (c->update_expected)
      rc = gr_expected_update(text, exp, c->opt.quick, e->key, &err);
    else
      rc = gr_expected_compare(text, exp, c->opt.quick, &report, &n, &err);
  }
  free(text);
  if (rc != GR_OK) {
    gr_buf_free(&report);
    return cli_fail("%s: %s", e->key, err.msg);
  }
  if (c->update_expected)
    printf("%-12s expected %s verdicts written: %s\n", e->key, c->opt.quick ? "quick" : "full", exp);
  for (p = gr_buf_str(&report); *p; p = nl + 1) {
    nl = strchr(p, '\n');
    printf("%s: %.*s\n", e->key, (int)(nl - p), p);
  }
  gr_buf_free(&report);
  *nchanged += n;
  return 0;
}

void cli_kind_summary(const char *out, const char *key, char *line, size_t n)
{
  char path[4400], *text = NULL, counts[800];
  struct gr_error err = {0, ""};
  struct gr_site_head h;
  *line = '\0';
  snprintf(path, sizeof path, "%s/%s/summary.tsv", out, key);
  if (!gr_fsio_exists(path) || gr_fsio_read(path, &text, NULL, &err) != GR_OK)
    return;
  gr_site_head(text, &h);
  gr_kind_counts_text(h.counts, GR_KIND_RESULT, counts, sizeof counts);
  snprintf(line, n, "%s run, seed %s: %s", h.mode, h.seed, counts);
  free(text);
}
