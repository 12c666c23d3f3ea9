/* granrepro site: the helpers the report's pages share (html.h): the
 * style sheet, escaping, links, the summary.tsv fields and verdict counts.
 * The front page is index.c, an experiment's page page.c. */
#include <stdio.h>
#include <string.h>

#include "harness/buf.h"
#include "site/html.h"
#include "harness/verdict.h"

const char gr_site_style[] =
  "body{font-family:sans-serif;margin:1.5em;max-width:2200px;color:#222}"
  "h2{border-top:2px solid #888;padding-top:.6em}"
  ".cite{color:#555;font-style:italic}"
  ".row{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}"
  ".tbl{flex:1 1 640px;min-width:0;overflow-x:auto}.figs{flex:0 1 520px;max-width:760px}"
  "td:first-child{white-space:nowrap}td:nth-child(5){min-width:9em}td:nth-child(8){min-width:18em}"
  "table{border-collapse:collapse;font-size:13px}"
  "td,th{border:1px solid #ccc;padding:2px 6px;vertical-align:top}"
  "th{background:#eee;text-align:left}td.num{font-family:monospace;white-space:nowrap}"
  "td.reproduced{background:#d8f5d8}td.differs{background:#f8c8c8;color:#900;font-weight:bold}"
  "td.expected-difference{background:#fbeec4}td.informative{background:#eef}"
  "figure{margin:0 0 1em 0}figure img{max-width:100%;border:1px solid #ddd}"
  "nav a{margin-right:.8em}.notes p,.notes li{max-width:100em}"
  ".notes table{margin:.5em 0 1em}.notes td:nth-child(5),.notes td:nth-child(8){min-width:0}";

static const char *const html_verdicts[4] = {"reproduced", "differs", "expected-difference", "informative"};

void gr_site_esc(struct gr_buf *b, const char *s, size_t n)
{
  size_t i;
  for (i = 0; i < n && s[i]; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '&')
      gr_buf_printf(b, "&amp;");
    else if (c == '<')
      gr_buf_printf(b, "&lt;");
    else if (c == '>')
      gr_buf_printf(b, "&gt;");
    else if (c == '"')
      gr_buf_printf(b, "&quot;");
    else if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
      gr_buf_printf(b, "\xef\xbf\xbd");
    else
      gr_buf_append(b, s + i, 1);
  }
}

void gr_site_put(struct gr_buf *b, const char *raw, const char *text)
{
  gr_buf_printf(b, "%s", raw);
  gr_site_esc(b, text, strlen(text));
}

void gr_site_link(struct gr_buf *b, const char *href, const char *text)
{
  gr_site_put(b, "<a href=\"", href);
  gr_site_put(b, "\">", text);
  gr_buf_printf(b, "</a>");
}

void gr_site_meta(const char *text, const char *key, char *out, size_t n)
{
  char pat[64];
  const char *p, *q;
  snprintf(pat, sizeof pat, "# %s: ", key);
  out[0] = '\0';
  if ((p = strstr(text, pat)) == NULL)
    return;
  p += strlen(pat);
  q = strchr(p, '\n');
  snprintf(out, n, "%.*s", (int)(q ? q - p : (long)strlen(p)), p);
}

int gr_site_verdict(const char *s, size_t n)
{
  int v;
  for (v = 0; v < 4; v++)
    if (n == strlen(html_verdicts[v]) && strncmp(s, html_verdicts[v], n) == 0)
      return v;
  return -1;
}

int gr_site_line(const char **p, const char **line, size_t *n)
{
  const char *nl;
  if (**p == '\0')
    return 0;
  *line = *p;
  nl = strchr(*p, '\n');
  *n = nl ? (size_t)(nl - *p) : strlen(*p);
  *p = nl ? nl + 1 : *p + *n;
  return 1;
}

/* Field k (0-based) of a line of n bytes: its start, *len its length; NULL when absent. */
static const char *html_field(const char *line, size_t n, int k, size_t *len)
{
  const char *f = line, *end = line + n, *tab;
  for (; k > 0 && f != NULL; k--)
    f = (tab = memchr(f, '\t', (size_t)(end - f))) ? tab + 1 : NULL;
  if (f == NULL)
    return NULL;
  tab = memchr(f, '\t', (size_t)(end - f));
  *len = tab ? (size_t)(tab - f) : (size_t)(end - f);
  return f;
}

void gr_site_kind_counts(const char *text, int counts[GR_NKINDS][4])
{
  const char *p = text, *line, *f;
  size_t n, len;
  int header = 1, v, k;
  memset(counts, 0, GR_NKINDS * sizeof counts[0]);
  while (gr_site_line(&p, &line, &n)) {
    if (n == 0 || line[0] == '#')
      continue;
    if (header) {
      header = 0;
      continue;
    }
    if ((f = html_field(line, n, 5, &len)) == NULL || (v = gr_site_verdict(f, len)) < 0)
      continue;
    f = html_field(line, n, 6, &len);
    k = f ? gr_kind_parse(f, len) : -1;
    counts[k < 0 ? GR_KIND_UNCLASSIFIED : k][v]++;
  }
}

void gr_site_head(const char *text, struct gr_site_head *h)
{
  gr_site_meta(text, "experiment", h->key, sizeof h->key);
  gr_site_meta(text, "title", h->title, sizeof h->title);
  gr_site_meta(text, "citation", h->cite, sizeof h->cite);
  gr_site_meta(text, "mode", h->mode, sizeof h->mode);
  gr_site_meta(text, "seed", h->seed, sizeof h->seed);
  gr_site_kind_counts(text, h->counts);
}
