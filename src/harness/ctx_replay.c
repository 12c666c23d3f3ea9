/* granrepro harness: the run context's side of a merge (issue 25): one
 * line of a shard's journal (shard.c reads them) made again as the call
 * the task made, through the context's own API, so that the merged
 * report is the one an unsharded run writes.  The shard knows nothing of
 * the context: the merge's driver sets this function as the shards' sink
 * (gr_shard_set_sink), and the context runs the replay. */
#include "harness/ctx.h"

#include <stdlib.h>
#include <string.h>

#include "harness/report.h"
#include "harness/shard.h"
#include "harness/verdict.h"

/* The argument count each op takes, and its field types. */
static const struct { const char *op, *types; } replay_ops[] = {
  {"compare", "sssdds"}, {"show", "sssds"}, {"has", "sss"}, {"verdict", "isdiddss"},
  {"inform", "isds"}, {"notcomp", "iss"}, {"assert", "sddis"}, {"value", "sd"},
  {"text", "ss"}, {"note", "s"}, {"data", "ss"}, {"row", "ss"}, {"figure", "sssssss"},
  {"option", "sddd"}, {"input", "sss"}, {"slipcell", "sssdss"}, {"slip", "sss"},
};

int gr_ctx_replay_line(void *arg, char **f, int nf)
{
  struct gr_ctx *c = arg;
  size_t o;
  double d[GR_SHARD_MAX_FIELDS], x;
  int i[GR_SHARD_MAX_FIELDS], j;
  char *end;
  struct gr_figure fig;
  struct gr_test t;
  for (o = 0; o < sizeof replay_ops / sizeof replay_ops[0] && strcmp(f[0], replay_ops[o].op) != 0; o++)
    ;
  if (o == sizeof replay_ops / sizeof replay_ops[0] || (size_t)nf != 1 + strlen(replay_ops[o].types))
    return -1;
  for (j = 1; j < nf; j++) {
    char ty = replay_ops[o].types[j - 1];
    if (ty == 's')
      continue;
    if (f[j] == NULL)
      return -1;
    x = strtod(f[j], &end);
    if (*end != '\0' || end == f[j])
      return -1;
    d[j] = x;
    i[j] = x > -2e9 && x < 2e9 ? (int)x : 0; /* only small integer fields are read as int;
                                              casting a value out of range (or NaN) is undefined */
  }
  switch (o) {
  case 0: return gr_ctx_compare(c, f[1], f[2], f[3], d[4], d[5], f[6]);
  case 1: return gr_ctx_show(c, f[1], f[2], f[3], d[4], f[5]);
  case 2:
    (void)gr_ctx_has(c, f[1], f[2], f[3]); /* loads the table, as the task did */
    return gr_ctx_error(c)->code;
  case 3:
    t.op = (enum gr_test_op)i[4];
    t.a = d[5];
    t.b = d[6];
    t.name = f[7];
    return gr_ctx_verdict(c, (enum gr_kind)i[1], f[2], d[3], t, f[8]);
  case 4: return gr_ctx_inform(c, (enum gr_kind)i[1], f[2], d[3], f[4]);
  case 5: return gr_ctx_not_computed(c, (enum gr_kind)i[1], f[2], f[3]);
  case 6: return gr_ctx_assert(c, f[1], d[2], d[3], i[4], f[5]);
  case 7: return gr_ctx_value(c, f[1], d[2]);
  case 8: return gr_ctx_text(c, f[1], f[2]);
  case 9: return gr_ctx_note(c, "%s", f[1]);
  case 10: return gr_ctx_data(c, f[1], f[2]) ? GR_OK : gr_ctx_error(c)->code;
  case 11: return gr_data_printf(gr_ctx_data_find(c, f[1]), "%s", f[2]);
  case 12:
    fig.name = f[1]; fig.data = f[2]; fig.title = f[3]; fig.xlabel = f[4];
    fig.ylabel = f[5]; fig.setup = f[6]; fig.plot = f[7];
    return gr_ctx_figure(c, &fig);
  case 13: return gr_ctx_option(c, f[1], d[2], d[3], d[4], &x);
  case 14: return gr_ctx_input(c, f[1], f[2], f[3], &x); /* marks the cell an input, as the task did */
  case 15: return gr_ctx_compare_in(c, f[1], f[2], f[3], d[4], f[5], f[6]);
  default: return gr_ctx_slip_row(c, f[1], f[2], f[3]);
  }
}
