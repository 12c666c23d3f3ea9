/* granrepro harness: rendering the figure scripts of a folder with gnuplot
 * (see report.h).  Every figure of a folder is drawn to .svg by one gnuplot
 * process and to .png by another, side by side (each a batch script that
 * `call`s every figure script, with `reset` between them), which saves a
 * process start and the font set-up per figure and uses both cores; gnuplot
 * prints a line after each figure, read back for the progress line.  When a
 * batch fails, the figures are drawn one process each to name the script
 * that fails.  (Issue 13: rendering took three quarters of a quick run.) */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "harness/report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"

#ifndef GR_GNUPLOT
#define GR_GNUPLOT ""
#endif

static const char *const render_ext[2] = {"svg", "png"};

/* Is path an executable file? */
static int render_exec(const char *path)
{
  return path && *path && access(path, X_OK) == 0;
}

const char *gr_report_gnuplot(void)
{
  static char found[4096];
  const char *env = getenv("GNUPLOT"), *p, *q;
  char *pathvar;
  if (env && *env)
    return render_exec(env) ? env : NULL;
  if (render_exec(GR_GNUPLOT))
    return GR_GNUPLOT;
  pathvar = getenv("PATH");
  for (p = pathvar; p && *p; p = *q ? q + 1 : q) {
    q = strchr(p, ':');
    if (q == NULL)
      q = p + strlen(p);
    snprintf(found, sizeof found, "%.*s/gnuplot", (int)(q - p), p);
    if (render_exec(found))
      return found;
  }
  return NULL;
}

/* The data file named on a script's "# data:" line (default <stem>.dat). */
static void render_datafile(const char *dir, const char *gp, char *out, size_t n)
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

/* Start gnuplot with args in dir, stderr to logname, stdout to outfd (or
 * the log when outfd < 0); the child's pid, or -1. */
static pid_t render_spawn(const char *gnuplot, const char *dir,
                          char *const args[], const char *logname, int outfd)
{
  pid_t pid = fork();
  int fd;
  if (pid != 0)
    return pid;
#ifdef PR_SET_PDEATHSIG
  prctl(PR_SET_PDEATHSIG, SIGTERM); /* a killed run takes its gnuplot along */
#endif
  if (chdir(dir) != 0)
    _exit(126);
  fd = open(logname, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    dup2(fd, STDERR_FILENO);
    dup2(outfd >= 0 ? outfd : fd, STDOUT_FILENO);
    close(fd);
  }
  execv(gnuplot, args);
  _exit(127);
}

/* Wait for a child; its exit status, or -1. */
static int render_wait(pid_t pid)
{
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Render one script to <stem>.<ext> via a temporary name and rename. */
static int render_one(const char *gnuplot, const char *dir, const char *gp,
                      const char *ext, struct gr_error *err)
{
  char data[512], tmp[512], dst[4096], src[4096], log[512], logpath[4096], msg[256];
  char *args[] = {"gnuplot", "-c", (char *)gp, data, tmp, NULL};
  int rc = -1, stem = (int)(strlen(gp) - 3);
  pid_t pid;
  FILE *fp;
  render_datafile(dir, gp, data, sizeof data);
  snprintf(tmp, sizeof tmp, ".%.*s.tmp.%s", stem, gp, ext);
  snprintf(log, sizeof log, ".%.*s.log", stem, gp);
  snprintf(logpath, sizeof logpath, "%s/%s", dir, log);
  if ((pid = render_spawn(gnuplot, dir, args, log, -1)) > 0)
    rc = render_wait(pid);
  snprintf(src, sizeof src, "%s/%s", dir, tmp);
  if (rc != 0) {
    fp = fopen(logpath, "r");
    gr_fsio_first_line(fp, msg, sizeof msg);
    if (fp != NULL)
      fclose(fp);
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

/* <dir>/.render-<ext>.gp: every figure to .<stem>.tmp.<ext>, and a line
 * "rendered" on stdout after each. */
static int render_script(const char *dir, char **gps, size_t n, int k,
                         struct gr_error *err)
{
  struct gr_buf b = GR_BUF_INIT;
  char data[512], tmp[512], name[64], path[4096];
  size_t i;
  int rc;
  gr_buf_printf(&b, "# granrepro: every figure of this folder to .%s in one gnuplot process\n", render_ext[k]);
  for (i = 0; i < n; i++) {
    render_datafile(dir, gps[i], data, sizeof data);
    snprintf(tmp, sizeof tmp, ".%.*s.tmp.%s", (int)(strlen(gps[i]) - 3), gps[i], render_ext[k]);
    gr_buf_printf(&b, "reset\ncall \"");
    gr_report_gpstr(&b, gps[i]);
    gr_buf_printf(&b, "\" \"");
    gr_report_gpstr(&b, data);
    gr_buf_printf(&b, "\" \"");
    gr_report_gpstr(&b, tmp);
    gr_buf_printf(&b, "\"\nunset output\nset print \"-\"\nprint \"rendered\"\n");
  }
  snprintf(name, sizeof name, ".render-%s.gp", render_ext[k]);
  if ((rc = gr_fsio_join(path, sizeof path, dir, name, err)) != GR_OK)
    goto fail;
  rc = gr_fsio_write_buf(path, &b, err);
fail:
  gr_buf_free(&b);
  return rc;
}

/* Run the two batch scripts (.svg and .png) side by side, reporting each
 * figure drawn; 0 when both succeeded. */
static int render_batch_run(const char *gnuplot, const char *dir, size_t n,
                            gr_report_progress fn, void *arg)
{
  char *args[2][3] = {{"gnuplot", ".render-svg.gp", NULL}, {"gnuplot", ".render-png.gp", NULL}};
  char line[128];
  int fds[2], k, rc = 0;
  size_t done = 0;
  pid_t pid[2] = {-1, -1};
  FILE *fp;
  if (pipe(fds) != 0)
    return -1;
  pid[0] = render_spawn(gnuplot, dir, args[0], ".render-svg.log", fds[1]);
  if (pid[0] > 0)
    pid[1] = render_spawn(gnuplot, dir, args[1], ".render-png.log", fds[1]);
  close(fds[1]);
  if ((fp = fdopen(fds[0], "r")) == NULL)
    close(fds[0]);
  while (fp && fgets(line, sizeof line, fp))
    if (fn && strncmp(line, "rendered", 8) == 0)
      fn(arg, (double)++done / (double)(2 * n));
  if (fp)
    fclose(fp);
  for (k = 0; k < 2; k++)
    if (pid[k] <= 0 || render_wait(pid[k]) != 0)
      rc = -1;
  return rc;
}

/* Move the batch's outputs into place (or remove them when failed); the
 * number of figures, or -1 when an output is missing. */
static int render_settle(const char *dir, char **gps, size_t n, int ok)
{
  char src[4400], dst[4400];
  size_t i;
  int k, count = 0, missing = 0;
  for (i = 0; i < n; i++) {
    int stem = (int)(strlen(gps[i]) - 3);
    for (k = 0; k < 2; k++) {
      snprintf(src, sizeof src, "%s/.%.*s.tmp.%s", dir, stem, gps[i], render_ext[k]);
      snprintf(dst, sizeof dst, "%s/%.*s.%s", dir, stem, gps[i], render_ext[k]);
      if (!ok)
        unlink(src);
      else if (rename(src, dst) != 0)
        missing = 1;
    }
    count++;
  }
  return ok && !missing ? count : -1;
}

/* All figures by two processes (one per format); the count, or -1 when
 * that failed. */
static int render_batch(const char *gnuplot, const char *dir, char **gps,
                        size_t n, gr_report_progress fn, void *arg)
{
  char path[4400];
  struct gr_error err = {0, ""};
  int rc = 0, count, k;
  for (k = 0; k < 2 && rc == 0; k++)
    rc = render_script(dir, gps, n, k, &err) != GR_OK ? -1 : 0;
  if (rc == 0)
    rc = render_batch_run(gnuplot, dir, n, fn, arg);
  count = render_settle(dir, gps, n, rc == 0);
  for (k = 0; k < 2; k++) {
    snprintf(path, sizeof path, "%s/.render-%s.gp", dir, render_ext[k]);
    unlink(path);
    snprintf(path, sizeof path, "%s/.render-%s.log", dir, render_ext[k]);
    unlink(path);
  }
  return count;
}

int gr_report_render(const char *dir, gr_report_progress fn, void *arg,
                     int *nrendered, struct gr_error *err)
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
  if (n > 0 && fn)
    fn(arg, 0.0);
  if (n > 0 && (*nrendered = render_batch(gnuplot, dir, gps, n, fn, arg)) < 0) {
    *nrendered = 0;
    for (i = 0; i < n; i++) {
      if ((rc = render_one(gnuplot, dir, gps[i], render_ext[0], err)) != GR_OK ||
          (rc = render_one(gnuplot, dir, gps[i], render_ext[1], err)) != GR_OK)
        break;
      (*nrendered)++;
    }
  }
  gr_fsio_free_list(gps, n);
  return rc;
}

int gr_report_render_dir(const char *dir, int *nrendered, struct gr_error *err)
{
  return gr_report_render(dir, NULL, NULL, nrendered, err);
}
