/* granrepro bench: the report's speed pages, drawn from bench records
 * (`granrepro bench` writes them beside its record).
 *
 * A kernel's name carries its problem size and thread count as
 * dash-separated tokens (experiment.h): the first token that is a number,
 * optionally after an 'N' ("1e5", "64e3", "N100"), is the size; a token
 * "t<k>" is the thread count (1 without one); the other tokens, joined,
 * name the series.  "dem-step-1e5-t2" is series "dem-step" at N = 1e5 on
 * 2 threads, "ddc-N1e4-phi0.3" series "ddc-phi0.3" at N = 1e4.  Kernels
 * without a size appear in the table only.
 *
 * Layout (<out>/speed/):
 *   <exp>.frag.html   the experiment's section: figures, series, kernels
 *   <exp>-cost.dat/.gp    wall ns per unit of work against N, log-log,
 *                         one line per series and thread count
 *   <exp>-speedup.dat/.gp wall time on 1 thread / on k threads against N
 *                         (only when the experiment has t<k> kernels)
 *   <exp>-bound.dat/.gp   fraction of the streaming bound against N (only
 *                         when kernels count their bytes and bw-* ran)
 *   index.html        every fragment of the folder, in name order (in the
 *                     skeleton reference/machines/speed.html.in), so a
 *                     bench of one experiment keeps the others' sections
 */
#ifndef GR_BENCH_SPEED_H
#define GR_BENCH_SPEED_H

#include <stddef.h>

struct gr_error;
struct gr_bench_record;

/* Split a kernel name (without "<exp>/") into series, size and threads as
 * above; 1 when it has a size token, 0 otherwise (series is then the whole
 * name, *size 0). */
int gr_bench_speed_name(const char *kernel, char *series, size_t n, double *size,
                        int *threads);

/* Write <out>/speed/ for every experiment with samples in rec (a bench
 * record), render its figures when gnuplot is there, and rewrite
 * <out>/speed/index.html (gr_bench_speed_index).  All files are written
 * atomically. */
int gr_bench_speed_write(const char *out, const char *refdir,
                         const struct gr_bench_record *rec, struct gr_error *err);

/* Fill the notes template tmpl_path (notes.h) with the numbers of rec
 * and write md_path (atomically).  Names handed, for an experiment <e>
 * and a kernel <k> (its name without "<e>/"), <s> a series:
 *   <e>/<k>.ns .cpu .rate     wall ns per unit (median), CPU ns per unit
 *                             (all threads), units per second
 *   <e>/<k>.bound             fraction of the streaming bound (kernels
 *                             that count their bytes)
 *   <e>/<k>.speedup           one-thread wall time over this kernel's (k
 *                             threads; the partner named "-t1", else the
 *                             series' one-thread kernel at that size)
 *   <e>.stream                the streaming bandwidth, GB/s (as the page)
 *   <e>/<s>.table             markdown table of the series' kernels
 *   <e>/<s>.t<k>.slope        log-log slope of cost per unit against N
 *   <e>/<s>.t<k>.ratio-1e4-<M>, .slope-1e4-<M>   (M: 1e5, 1e6)
 *                             cost per unit at M over that at 1e4, and
 *                             the slope between them (both sizes needed)
 *   <e>.kernels, <e>.speedup  tables of the unsized kernels, speed-ups
 *   <e>.series                table of every series at its ends, slopes
 *   <e>.cost-fig, <e>.speedup-fig, <e>.bound-fig  the figure
 *                             <dir>/<e>-cost.svg as an image at
 *                             <fig>/<e>-cost.svg, or a line saying it was
 *                             not drawn (no gnuplot); none without a script
 *   date host cpu mode revision compiler cflags load_start load_end mhz
 *   (texts), cores threads (values): the record's header. */
int gr_bench_speed_markdown(const char *dir, const char *fig, const struct gr_bench_record *rec,
                            const char *tmpl_path, const char *md_path, struct gr_error *err);

/* The path of the speed page's skeleton, <refdir>/machines/speed.html.in
 * (into path, size n); GR_EINPUT when it is not there. */
int gr_bench_speed_template(const char *refdir, char *path, size_t n, struct gr_error *err);

/* Rewrite <out>/speed/index.html from the fragments there (none: no page)
 * in the skeleton <refdir>/machines/speed.html.in; GR_EINPUT when that
 * template is missing or malformed. */
int gr_bench_speed_index(const char *out, const char *refdir, struct gr_error *err);

#endif
