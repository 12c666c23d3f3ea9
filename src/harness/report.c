/* granrepro harness: gnuplot figures, rendering and the HTML index (see
 * report.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "harness/report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"

#ifndef GR_GNUPLOT
#define GR_GNUPLOT ""
#endif

/* Escape a string for a double-quoted gnuplot string. */
static void report_gpstr(struct gr_buf *b, const char *s)
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
  report_gpstr(&b, f->title);
  gr_buf_printf(&b, "\"\nset xlabel \"");
  report_gpstr(&b, f->xlabel);
  gr_buf_printf(&b, "\"\nset ylabel \"");
  report_gpstr(&b, f->ylabel);
  gr_buf_printf(&b, "\"\n%s%splot %s\n", f->setup ? f->setup : "", f->setup ? "\n" : "", f->plot);
  rc = snprintf(path, sizeof path, "%s/%s.gp", dir, f->name) >= (int)sizeof path
           ? gr_error_set(err, GR_EINPUT, "path too long: %s", dir)
           : GR_OK;
  if (rc == GR_OK)
    rc = b.failed ? gr_error_set(err, GR_ENOMEM, "out of memory")
                  : gr_fsio_write(path, gr_buf_str(&b), b.len, err);
  gr_buf_free(&b);
  return rc;
}

/* Is path an executable file? */
static int report_exec(const char *path)
{
  return path && *path && access(path, X_OK) == 0;
}

const char *gr_report_gnuplot(void)
{
  static char found[4096];
  const char *env = getenv("GNUPLOT"), *p, *q;
  char *pathvar;
  if (env && *env)
    return report_exec(env) ? env : NULL;
  if (report_exec(GR_GNUPLOT))
    return GR_GNUPLOT;
  pathvar = getenv("PATH");
  for (p = pathvar; p && *p; p = *q ? q + 1 : q) {
    q = strchr(p, ':');
    if (q == NULL)
      q = p + strlen(p);
    snprintf(found, sizeof found, "%.*s/gnuplot", (int)(q - p), p);
    if (report_exec(found))
      return found;
  }
  return NULL;
}

/* The data file named on a script's "# data:" line (default <stem>.dat). */
static void report_datafile(const char *dir, const char *gp, char *out, size_t n)
{
  char path[4096], line[512];
  FILE *fp;
  snprintf(out, n, "%.*s.dat", (int)(strlen(gp) - 3), gp);
  snprintf(path, sizeof path, "%s/%s", dir, gp);
  if ((fp = fopen(path, "r")) == NULL)
    return;
  while (fgets(line, sizeof line, fp))
    if (strncmp(line, "# data: ", 8) == 0) {
      line[strcspn(line, "\r\n")] = '\0';
      snprintf(out, n, "%s", line + 8);
      break;
    }
  fclose(fp);
}

/* Run gnuplot -c gp data out in dir; its messages go to logname. */
static int report_gnuplot_run(const char *gnuplot, const char *dir,
                              const char *gp, const char *data,
                              const char *out, const char *logname)
{
  pid_t pid = fork();
  int status, fd;
  if (pid < 0)
    return -1;
  if (pid == 0) {
    if (chdir(dir) != 0)
      _exit(126);
    fd = open(logname, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, STDERR_FILENO);
      dup2(fd, STDOUT_FILENO);
      close(fd);
    }
    execl(gnuplot, "gnuplot", "-c", gp, data, out, (char *)NULL);
    _exit(127);
  }
  if (waitpid(pid, &status, 0) < 0)
    return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* First line of a file, for error messages. */
static void report_firstline(const char *path, char *out, size_t n)
{
  FILE *fp = fopen(path, "r");
  gr_fsio_first_line(fp, out, n);
  if (fp != NULL)
    fclose(fp);
}

/* Render one script to <stem>.<ext> via a temporary name and rename. */
static int report_render_one(const char *gnuplot, const char *dir,
                             const char *gp, const char *ext,
                             struct gr_error *err)
{
  char data[512], tmp[512], dst[4096], src[4096], log[512], logpath[4096], msg[256];
  int rc, stem = (int)(strlen(gp) - 3);
  report_datafile(dir, gp, data, sizeof data);
  snprintf(tmp, sizeof tmp, ".%.*s.tmp.%s", stem, gp, ext);
  snprintf(log, sizeof log, ".%.*s.log", stem, gp);
  snprintf(logpath, sizeof logpath, "%s/%s", dir, log);
  rc = report_gnuplot_run(gnuplot, dir, gp, data, tmp, log);
  snprintf(src, sizeof src, "%s/%s", dir, tmp);
  if (rc != 0) {
    report_firstline(logpath, msg, sizeof msg);
    unlink(src);
    unlink(logpath);
    return gr_error_set(err, GR_EFAIL, "gnuplot failed on %s/%s (exit %d): %s", dir, gp, rc, msg);
  }
  unlink(logpath);
  snprintf(dst, sizeof dst, "%s/%.*s.%s", dir, stem, gp, ext);
  if (rename(src, dst) != 0)
    return gr_error_set(err, GR_EIO, "cannot write '%s': %s", dst, strerror(errno));
  return GR_OK;
}

int gr_report_render_dir(const char *dir, int *nrendered, struct gr_error *err)
{
  const char *gnuplot = gr_report_gnuplot();
  char **gps;
  size_t n, i;
  int rc = GR_OK;
  *nrendered = 0;
  if (gnuplot == NULL) {
    *nrendered = -1;
    return GR_OK;
  }
  if (gr_fsio_list(dir, ".gp", &gps, &n) != GR_OK)
    return gr_error_set(err, GR_EIO, "cannot list '%s': %s", dir, strerror(errno));
  for (i = 0; i < n && rc == GR_OK; i++) {
    rc = report_render_one(gnuplot, dir, gps[i], "svg", err);
    if (rc == GR_OK)
      rc = report_render_one(gnuplot, dir, gps[i], "png", err);
    if (rc == GR_OK)
      (*nrendered)++;
  }
  gr_fsio_free_list(gps, n);
  return rc;
}
