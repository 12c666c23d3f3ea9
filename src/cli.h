/* granrepro driver: command-line parsing and helpers shared by the
 * commands (cli.c). */
#ifndef GR_CLI_H
#define GR_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "harness/ctx.h"

struct gr_experiment;
struct gr_record;

struct cli {
  const char *cmd;
  struct gr_options opt;
  int repeat;
  int threads_set;
  const char *args[64];
  int nargs;
};

/* Usage of one command (or all when cmd is NULL). */
void cli_usage(FILE *fp, const char *cmd);

/* Print "granrepro: <message>" (fmt takes two strings); returns 2. */
int cli_die(const char *fmt, const char *a, const char *b);

/* Parse argv[2..]; 0 ok, 2 bad input (message printed), 3 for --help. */
int cli_parse(int argc, char **argv, struct cli *c);

/* Resolve EXP...|all; 0 ok, 2 on an unknown key (message printed). */
int cli_select(const struct cli *c, const struct gr_experiment **sel, size_t *n);

/* A record with machine, options and date filled in. */
void cli_record_start(struct gr_record *rec, const struct cli *c,
                      const char *kind, const char *exp);

/* Create the output folder and check it is writable; 2 on failure. */
int cli_prepare_out(const char *out);

#endif
