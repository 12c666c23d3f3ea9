/* granrepro harness: gnuplot figure scripts (see report.h); rendering is
 * in render.c, the HTML pages in src/site/. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "harness/report.h"

#include <stdio.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"

/* Escape a string for a double-quoted gnuplot string. */
void gr_report_gpstr(struct gr_buf *b, const char *s)
{
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\')
      gr_buf_append(b, "\\", 1);
    gr_buf_append(b, s, 1);
  }
}

int gr_report_write_figure(const char *dir, const struct gr_figure *f,
                           struct gr_error *err)
{
  struct gr_buf b = GR_BUF_INIT;
  char path[4096];
  int rc;
  gr_buf_printf(&b, "# granrepro figure: %s\n# data: %s.dat\n", f->name, f->data);
  gr_buf_printf(&b, "# usage: gnuplot -c %s.gp %s.dat %s.svg   (or %s.png)\n", f->name, f->data, f->name, f->name);
  gr_buf_printf(&b, "data = (ARGC >= 1) ? ARG1 : \"%s.dat\"\nout = (ARGC >= 2) ? ARG2 : \"%s.svg\"\n", f->data, f->name);
  gr_buf_printf(&b, "if (strstrt(out, \".png\") > 0) {\n  set terminal pngcairo size 960,640 font \"Sans,11\"\n} else {\n  set terminal svg size 960,640 font \"Sans,12\" background \"white\"\n}\n");
  gr_buf_printf(&b, "set output out\nset grid\nset title \"");
  gr_report_gpstr(&b, f->title);
  gr_buf_printf(&b, "\"\nset xlabel \"");
  gr_report_gpstr(&b, f->xlabel);
  gr_buf_printf(&b, "\"\nset ylabel \"");
  gr_report_gpstr(&b, f->ylabel);
  gr_buf_printf(&b, "\"\n%s%splot %s\n", f->setup ? f->setup : "", f->setup ? "\n" : "", f->plot);
  if (snprintf(path, sizeof path, "%s/%s.gp", dir, f->name) >= (int)sizeof path)
    rc = gr_error_set(err, GR_EINPUT, "path too long: %s", dir);
  else
    rc = gr_fsio_write_buf(path, &b, err);
  gr_buf_free(&b);
  return rc;
}
