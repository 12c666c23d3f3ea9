/* granrepro harness: notes templates (see notes.h). */
#include "harness/notes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/buf.h"
#include "harness/error.h"
#include "harness/fsio.h"

enum notes_kind { NOTES_VALUE, NOTES_TEXT, NOTES_VERDICT };

struct notes_entry {
  enum notes_kind kind;
  char *name, *text; /* text: the text, or the verdict name */
  double value;
};

struct gr_notes {
  struct notes_entry *e;
  size_t n, cap;
};

struct gr_notes *gr_notes_new(void)
{
  return calloc(1, sizeof(struct gr_notes));
}

void gr_notes_free(struct gr_notes *n)
{
  size_t i;
  if (n == NULL)
    return;
  for (i = 0; i < n->n; i++) {
    free(n->e[i].name);
    free(n->e[i].text);
  }
  free(n->e);
  free(n);
}

/* The entry of this kind and name (len bytes), or NULL.  Values and texts
 * share one name space; verdict rows have their own. */
static const struct notes_entry *notes_find(const struct gr_notes *n, int verdict,
                                            const char *name, size_t len)
{
  size_t i;
  for (i = n->n; i-- > 0;)
    if ((n->e[i].kind == NOTES_VERDICT) == verdict &&
        strlen(n->e[i].name) == len && memcmp(n->e[i].name, name, len) == 0)
      return &n->e[i];
  return NULL;
}

/* Add an entry (a later one with the same name wins in notes_find). */
static int notes_add(struct gr_notes *n, enum notes_kind kind, const char *name,
                     const char *text, double value)
{
  struct notes_entry *e;
  if (n->n == n->cap) {
    size_t cap = n->cap ? 2 * n->cap : 32;
    if ((e = realloc(n->e, cap * sizeof *e)) == NULL)
      return GR_ENOMEM;
    n->e = e;
    n->cap = cap;
  }
  e = &n->e[n->n];
  e->kind = kind;
  e->value = value;
  e->name = strdup(name);
  e->text = text ? strdup(text) : NULL;
  if (e->name == NULL || (text && e->text == NULL)) {
    free(e->name);
    free(e->text);
    return GR_ENOMEM;
  }
  n->n++;
  return GR_OK;
}

int gr_notes_value(struct gr_notes *n, const char *name, double value)
{
  return notes_add(n, NOTES_VALUE, name, NULL, value);
}

int gr_notes_text(struct gr_notes *n, const char *name, const char *text)
{
  return notes_add(n, NOTES_TEXT, name, text, 0.0);
}

int gr_notes_verdict(struct gr_notes *n, const char *quantity,
                     const char *verdict, double value)
{
  return notes_add(n, NOTES_VERDICT, quantity, verdict, value);
}

/* Is fmt exactly one printf conversion "%[-+ #0][width][.prec]c" with c a
 * floating conversion (text == 0) or 's' (text == 1)? */
static int notes_format_ok(const char *fmt, int text)
{
  const char *p = fmt;
  if (*p++ != '%')
    return 0;
  while (*p && strchr("-+ #0", *p))
    p++;
  while (*p >= '0' && *p <= '9')
    p++;
  if (*p == '.')
    for (p++; *p >= '0' && *p <= '9'; p++)
      ;
  if (text)
    return p[0] == 's' && p[1] == '\0';
  return *p && strchr("eEfFgGaA", *p) && p[1] == '\0';
}

/* One placeholder body (between the braces) appended to out. */
static int notes_fill(const struct gr_notes *n, const char *body, const char *file,
                      int line, struct gr_buf *out, struct gr_error *err)
{
  const char *name = body, *fmt = NULL, *colon = strchr(body, ':');
  const struct notes_entry *e;
  size_t len = strlen(body);
  int verdict = 0, value = 0;
  if (colon && strncmp(body, "verdict:", 8) == 0)
    verdict = 1;
  else if (colon && strncmp(body, "value:", 6) == 0)
    value = 1;
  if (verdict || value) {
    name = colon + 1;
    fmt = strstr(name, ":%");
    len = fmt ? (size_t)(fmt - name) : strlen(name);
    fmt = fmt ? fmt + 1 : NULL;
  } else if (colon) {
    len = (size_t)(colon - body);
    fmt = colon + 1;
  }
  e = notes_find(n, verdict || value, name, len);
  if (e == NULL)
    return gr_error_set(err, GR_EINPUT, "%s:%d: unknown placeholder {{%s}}: the run computed no value, text or verdict row of that name (fix the template, or hand the value with gr_ctx_value)", file, line, body);
  if (verdict)
    return fmt ? gr_error_set(err, GR_EINPUT, "%s:%d: {{%s}}: a verdict takes no format", file, line, body)
               : gr_buf_printf(out, "%s", e->text);
  if (fmt && !notes_format_ok(fmt, e->kind == NOTES_TEXT))
    return gr_error_set(err, GR_EINPUT, "%s:%d: bad format in {{%s}}: use one conversion like %%.4f (%%s for a text)", file, line, body);
  if (e->kind == NOTES_TEXT)
    return gr_buf_printf(out, fmt ? fmt : "%s", e->text);
  return gr_buf_printf(out, fmt ? fmt : "%.6g", e->value);
}

int gr_notes_render(const struct gr_notes *n, const char *tmpl,
                    const char *file, struct gr_buf *out,
                    struct gr_error *err)
{
  const char *p = tmpl, *open, *close;
  char body[256];
  int line = 1, rc;
  while ((open = strstr(p, "{{")) != NULL) {
    int escaped = open > p && open[-1] == '\\';
    gr_buf_append(out, p, (size_t)(open - p - escaped));
    for (; p < open; p++)
      line += *p == '\n';
    if (escaped) {
      gr_buf_append(out, "{{", 2);
      p = open + 2;
      continue;
    }
    close = strstr(open + 2, "}}");
    if (close == NULL || memchr(open, '\n', (size_t)(close - open)) != NULL ||
        (size_t)(close - open - 2) >= sizeof body)
      return gr_error_set(err, GR_EINPUT, "%s:%d: unterminated placeholder: close '{{' with '}}' on the same line (write \\{{ for literal braces)", file, line);
    memcpy(body, open + 2, (size_t)(close - open - 2));
    body[close - open - 2] = '\0';
    if ((rc = notes_fill(n, body, file, line, out, err)) != GR_OK)
      return rc == GR_ENOMEM ? gr_error_set(err, rc, "out of memory") : rc;
    p = close + 2;
  }
  gr_buf_append(out, p, strlen(p));
  return out->failed ? gr_error_set(err, GR_ENOMEM, "out of memory") : GR_OK;
}

int gr_notes_template(const char *refdir, const char *rel, char *path, size_t n,
                      struct gr_error *err)
{
  if ((size_t)snprintf(path, n, "%s/%s", refdir, rel) >= n)
    return gr_error_set(err, GR_EINPUT, "path too long: %s", refdir);
  if (!gr_fsio_exists(path))
    return gr_error_set(err, GR_EINPUT, "template '%s' not found (give --ref DIR, the reference folder with %s)", path, rel);
  return GR_OK;
}

int gr_notes_render_file(const struct gr_notes *n, const char *path, struct gr_buf *out,
                         struct gr_error *err)
{
  char *tmpl;
  int rc = gr_fsio_read(path, &tmpl, NULL, err);
  if (rc != GR_OK)
    return rc;
  rc = gr_notes_render(n, tmpl, path, out, err);
  free(tmpl);
  return rc;
}
