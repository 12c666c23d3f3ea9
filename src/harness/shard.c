/* granrepro harness: shards of an experiment's independent tasks, the
 * journal of a task's calls and its reading back for the merge, line by
 * line through the sink the merge sets (the context's gr_ctx_replay_line;
 * see shard.h; issue 25). */
#include "harness/shard.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"

#define SHARD_MAX_TASKS 4096

struct shard_seg {
  char *lines;      /* its op lines, each NUL-terminated */
  size_t nlines;
  const char *file; /* journal it came from */
  size_t line0;     /* line number of its first op line */
  int k;            /* shard that ran it */
  int cond;         /* a condition: lines is "name\tbytes\thex" */
};

struct gr_shard {
  int replay;
  int k, n;
  size_t ntask;     /* tasks begun so far: the index of the next one */
  size_t cur;       /* index of the current task */
  int recording;
  int failed;       /* out of memory while logging */
  gr_shard_call call; /* the replay's sink (gr_shard_set_sink) */
  void *call_arg;
  struct gr_buf log;
  struct shard_seg seg[SHARD_MAX_TASKS];
  char *texts[256];
  char files[256][512];
  size_t ntexts;
};

struct gr_shard *gr_shard_new_record(int k, int n)
{
  struct gr_shard *s = calloc(1, sizeof *s);
  if (s != NULL) {
    s->k = k;
    s->n = n;
  }
  return s;
}

struct gr_shard *gr_shard_new_replay(void)
{
  struct gr_shard *s = calloc(1, sizeof *s);
  if (s != NULL)
    s->replay = 1;
  return s;
}

void gr_shard_free(struct gr_shard *s)
{
  size_t i;
  if (s == NULL)
    return;
  for (i = 0; i < s->ntexts; i++)
    free(s->texts[i]);
  gr_buf_free(&s->log);
  free(s);
}

enum gr_shard_act gr_shard_task_begin(struct gr_shard *s, const char *name, int conditions)
{
  if (conditions)
    return GR_SHARD_RUN; /* its conditions are the units (gr_shard_conds) */
  s->cur = s->ntask++;
  if (s->replay)
    return GR_SHARD_REPLAY;
  if (s->cur % (size_t)s->n != (size_t)(s->k - 1))
    return GR_SHARD_SKIP;
  gr_buf_printf(&s->log, "task\t%zu\t", s->cur);
  gr_shard_log(s, NULL, "s", name);
  s->recording = 1;
  return GR_SHARD_RUN;
}

void gr_shard_task_end(struct gr_shard *s)
{
  s->recording = 0;
}

/* Append a field, escaped (\\ \t \n \r; \N for NULL). */
static void shard_field(struct gr_buf *b, const char *f)
{
  if (f == NULL) {
    gr_buf_append(b, "\\N", 2);
    return;
  }
  for (; *f; f++)
    if (*f == '\\' || *f == '\t' || *f == '\n' || *f == '\r')
      gr_buf_printf(b, "\\%c", *f == '\\' ? '\\' : *f == '\t' ? 't' : *f == '\n' ? 'n' : 'r');
    else
      gr_buf_append(b, f, 1);
}

void gr_shard_log(struct gr_shard *s, const char *op, const char *types, ...)
{
  va_list ap;
  const char *t;
  if (op != NULL && !s->recording)
    return;
  if (op != NULL)
    gr_buf_printf(&s->log, "%s", op);
  va_start(ap, types);
  for (t = types; *t; t++) {
    if (op != NULL || t != types)
      gr_buf_append(&s->log, "\t", 1);
    if (*t == 's')
      shard_field(&s->log, va_arg(ap, const char *));
    else if (*t == 'd')
      gr_buf_printf(&s->log, "%a", va_arg(ap, double));
    else
      gr_buf_printf(&s->log, "%d", va_arg(ap, int));
  }
  va_end(ap);
  gr_buf_append(&s->log, "\n", 1);
  s->failed |= s->log.failed;
}

size_t gr_shard_conds(struct gr_shard *s, size_t n, unsigned char *mine, int *record)
{
  size_t first = s->ntask, i;
  s->ntask += n;
  *record = !s->replay;
  for (i = 0; i < n; i++)
    mine[i] = !s->replay && (first + i) % (size_t)s->n == (size_t)(s->k - 1);
  return first;
}

void gr_shard_cond_put(struct gr_shard *s, size_t idx, const char *name,
                       const struct gr_span *sp, size_t nsp)
{
  static const char hex[] = "0123456789abcdef";
  size_t i, j, bytes = 0;
  for (i = 0; i < nsp; i++)
    bytes += sp[i].size;
  gr_buf_printf(&s->log, "cond\t%zu\t", idx);
  shard_field(&s->log, name);
  gr_buf_printf(&s->log, "\t%zu\t", bytes);
  for (i = 0; i < nsp; i++)
    for (j = 0; j < sp[i].size; j++) {
      const unsigned char b = ((const unsigned char *)sp[i].p)[j];
      char two[2] = {hex[b >> 4], hex[b & 15]};
      gr_buf_append(&s->log, two, 2);
    }
  gr_buf_append(&s->log, "\n", 1);
  s->failed |= s->log.failed;
}

/* The value of a hex digit, -1 for another character. */
static int shard_hex(char c)
{
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int gr_shard_cond_get(struct gr_shard *s, size_t idx, const char *name,
                      const struct gr_span *sp, size_t nsp, struct gr_error *err)
{
  const struct shard_seg *g = idx < SHARD_MAX_TASKS ? &s->seg[idx] : NULL;
  const char *p, *tab;
  size_t i, j, bytes = 0, want = 0;
  if (s->call == NULL)
    return gr_error_set(err, GR_EINPUT, "the merge set no sink for the shards' journals (gr_shard_set_sink)");
  if (g == NULL || g->file == NULL)
    return gr_error_set(err, GR_EINPUT, "condition %zu (%s) is in no shard's journal (a shard is missing)", idx, name);
  p = g->lines;
  tab = strchr(p, '\t');
  if (!g->cond || tab == NULL || (size_t)(tab - p) != strlen(name) || strncmp(p, name, strlen(name)) != 0)
    return gr_error_set(err, GR_EINPUT, "%s:%zu: unit %zu is not condition '%s' (a shard of another version: rerun shard %d)",
                        g->file, g->line0 - 1, idx, name, g->k);
  for (i = 0; i < nsp; i++)
    want += sp[i].size;
  bytes = strtoul(tab + 1, (char **)&p, 10);
  if (bytes != want || *p != '\t' || strlen(p + 1) != 2 * want)
    return gr_error_set(err, GR_EINPUT, "%s:%zu: condition '%s' holds %zu bytes, this build wants %zu (rerun shard %d)",
                        g->file, g->line0 - 1, name, bytes, want, g->k);
  for (p++, i = 0; i < nsp; i++)
    for (j = 0; j < sp[i].size; j++, p += 2) {
      const int hi = shard_hex(p[0]), lo = shard_hex(p[1]);
      if (hi < 0 || lo < 0)
        return gr_error_set(err, GR_EINPUT, "%s:%zu: condition '%s': not hex (rerun shard %d)", g->file, g->line0 - 1, name, g->k);
      ((unsigned char *)sp[i].p)[j] = (unsigned char)(hi * 16 + lo);
    }
  return GR_OK;
}

const char *gr_shard_abi(void)
{
  static char abi[32];
  const unsigned one = 1;
  snprintf(abi, sizeof abi, "%s-%zu-%zu", *(const unsigned char *)&one ? "le" : "be", sizeof(long), sizeof(void *));
  return abi;
}

int gr_shard_journal(const struct gr_shard *s, struct gr_buf *out, char *names, size_t n)
{
  const char *p = gr_buf_str(&s->log), *q;
  size_t used = 0;
  *names = '\0';
  if (s->failed)
    return GR_ENOMEM;
  gr_buf_printf(out, "tasks\t%zu\n", s->ntask);
  gr_buf_append(out, p, s->log.len);
  gr_buf_printf(out, "end\n");
  for (; *p; p = q + 1) {
    const char *e;
    int cond = strncmp(p, "cond\t", 5) == 0;
    q = strchr(p, '\n'); /* every logged line ends with one */
    if ((strncmp(p, "task\t", 5) != 0 && !cond) || used >= n)
      continue;
    p = strchr(p + 5, '\t') + 1;
    e = cond ? strchr(p, '\t') : q;
    used += (size_t)snprintf(names + used, used < n ? n - used : 0, "%s%.*s",
                             used ? "," : "", (int)(e - p), p);
  }
  return out->failed ? GR_ENOMEM : GR_OK;
}

/* Split a line into at most GR_SHARD_MAX_FIELDS fields in place, unescaped;
 * NULL for \N.  Returns the count, -1 on a bad escape. */
static int shard_split(char *line, char **f)
{
  int nf = 0;
  char *r, *w;
  for (;;) {
    if (nf == GR_SHARD_MAX_FIELDS)
      return -1;
    f[nf++] = line;
    for (r = w = line; *r && *r != '\t'; r++) {
      if (*r != '\\') {
        *w++ = *r;
        continue;
      }
      r++;
      if (*r == 'N' && r == line + 1 && (r[1] == '\t' || r[1] == '\0'))
        f[nf - 1] = NULL;
      else if (*r == '\\' || *r == 't' || *r == 'n' || *r == 'r')
        *w++ = *r == 't' ? '\t' : *r == 'n' ? '\n' : *r == 'r' ? '\r' : '\\';
      else
        return -1;
    }
    if (*r == '\0') {
      *w = '\0';
      return nf;
    }
    line = r + 1;
    *w = '\0';
  }
}

int gr_shard_add(struct gr_shard *s, char *text, const char *file, int k, int n,
                 size_t ntasks, struct gr_error *err)
{
  char *p = text, *nl;
  size_t line = 0, idx;
  struct shard_seg *cur = NULL;
  int end = 0;
  if (s->ntexts == sizeof s->texts / sizeof s->texts[0]) {
    free(text);
    return gr_error_set(err, GR_EINPUT, "too many shards (at most %zu)", sizeof s->texts / sizeof s->texts[0]);
  }
  s->texts[s->ntexts] = text;
  snprintf(s->files[s->ntexts], sizeof s->files[0], "%s", file);
  file = s->files[s->ntexts++];
  for (; *p && !end; p = nl + 1) {
    line++;
    if ((nl = strchr(p, '\n')) == NULL)
      return gr_error_set(err, GR_EINPUT, "%s:%zu: unterminated line (a truncated journal: rerun shard %d/%d)", file, line, k, n);
    *nl = '\0';
    end = strcmp(p, "end") == 0;
    if (strncmp(p, "task\t", 5) == 0 || strncmp(p, "cond\t", 5) == 0) {
      char *rest;
      idx = strtoul(p + 5, &rest, 10);
      if (idx >= ntasks || idx >= SHARD_MAX_TASKS || idx % (size_t)n != (size_t)(k - 1))
        return gr_error_set(err, GR_EINPUT, "%s:%zu: task %zu does not belong to shard %d of %d (%zu tasks)", file, line, idx, k, n, ntasks);
      cur = &s->seg[idx];
      if (cur->file != NULL)
        return gr_error_set(err, GR_EINPUT, "%s:%zu: task %zu also in %s (shard %d): a duplicated shard; remove one", file, line, idx, cur->file, cur->k);
      cur->file = file;
      cur->line0 = line + 1;
      cur->k = k;
      cur->cond = *p == 'c';
      cur->lines = cur->cond ? rest + (*rest == '\t') : nl + 1;
      if (cur->cond)
        cur = NULL; /* one line */
    } else if (cur != NULL && !end) {
      cur->nlines++;
    }
  }
  if (!end)
    return gr_error_set(err, GR_EINPUT, "%s: no 'end' line (a truncated journal: rerun shard %d/%d)", file, k, n);
  return GR_OK;
}

int gr_shard_done(const struct gr_shard *s, size_t ntasks, struct gr_error *err)
{
  size_t i;
  for (i = 0; i < ntasks && i < SHARD_MAX_TASKS; i++)
    if (s->seg[i].file == NULL)
      return gr_error_set(err, GR_EINPUT, "task %zu is in no shard's journal (a shard is missing or truncated)", i);
  if (s->ntask != ntasks)
    return gr_error_set(err, GR_EINPUT, "the experiment has %zu tasks, the shards ran %zu: they were run by another version (rerun the shards)", s->ntask, ntasks);
  return GR_OK;
}

void gr_shard_set_sink(struct gr_shard *s, gr_shard_call call, void *arg)
{
  s->call = call;
  s->call_arg = arg;
}

int gr_shard_replay(struct gr_shard *s, struct gr_error *err)
{
  struct shard_seg *g = s->cur < SHARD_MAX_TASKS ? &s->seg[s->cur] : NULL;
  char *p, *next, *f[GR_SHARD_MAX_FIELDS];
  size_t l;
  int nf, rc;
  if (s->call == NULL)
    return gr_error_set(err, GR_EINPUT, "the merge set no sink for the shards' journals (gr_shard_set_sink)");
  if (g == NULL || g->file == NULL)
    return gr_error_set(err, GR_EINPUT, "task %zu is in no shard's journal (a shard is missing)", s->cur);
  if (g->cond)
    return gr_error_set(err, GR_EINPUT, "%s:%zu: unit %zu is a condition, this build has a task there (rerun shard %d)", g->file, g->line0 - 1, s->cur, g->k);
  p = g->lines;
  for (l = 0; l < g->nlines; l++, p = next) {
    char line[64];
    next = p + strlen(p) + 1; /* before the split puts NULs in the line */
    snprintf(line, sizeof line, "%.40s", p);
    if ((nf = shard_split(p, f)) < 1 || f[0] == NULL || (rc = s->call(s->call_arg, f, nf)) < 0)
      return gr_error_set(err, GR_EINPUT, "%s:%zu: malformed journal line '%s' (rerun shard %d)", g->file, g->line0 + l, line, g->k);
    if (rc != GR_OK)
      return rc;
  }
  return GR_OK;
}
