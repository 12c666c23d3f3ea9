/* granrepro site: the inline part of the notes' Markdown (md_inline.h):
 * `code`, **strong**, *emphasis* only where unambiguous (a '*' after a
 * space, an opening bracket or the start, before a letter or digit, closed
 * on the same line by a '*' after a non-space and not before a letter or
 * digit, so a*b and f* stay; no underscore emphasis, so sigma_1 stays),
 * [text](url) with url a relative path, a #anchor or http(s):// (any other
 * scheme leaves the whole as text), backslash escapes of ASCII
 * punctuation.  Every character of the text is escaped (gr_site_esc). */
#include <ctype.h>
#include <string.h>

#include "harness/buf.h"
#include "site/html.h"
#include "site/md_inline.h"

enum { MD_DEPTH = 4 }; /* inline nesting (strong in a link in ...) */

static void md_inline(struct gr_buf *b, const char *s, const char *e, int depth);

/* Empty or all blanks (md_inline.h). */
int gr_site_md_blank(const char *s, size_t n)
{
  while (n > 0 && (*s == ' ' || *s == '\t'))
    s++, n--;
  return n == 0;
}

/* Append n bytes of s escaped, dropping the CR of each CRLF. */
void gr_site_md_esc(struct gr_buf *b, const char *s, size_t n)
{
  const char *cr;
  while ((cr = memchr(s, '\r', n)) != NULL) {
    size_t k = (size_t)(cr - s);
    gr_site_esc(b, s, k);
    if (k + 1 == n || cr[1] != '\n')
      gr_site_esc(b, cr, 1);
    s = cr + 1;
    n -= k + 1;
  }
  gr_site_esc(b, s, n);
}

/* If p starts a code span closed before e: its text in [*cs, *ce) and
 * the byte after it in *after. */
static int md_code_span(const char *p, const char *e, const char **cs, const char **ce,
                        const char **after)
{
  size_t k = 0, r;
  const char *q;
  while (p + k < e && p[k] == '`')
    k++;
  for (q = p + k; q < e; q += r > 0 ? r : 1) {
    for (r = 0; q + r < e && q[r] == '`'; r++)
      ;
    if (r == k) {
      *cs = p + k;
      *ce = q;
      *after = q + k;
      return 1;
    }
  }
  return 0;
}

/* Append a code span's text (one blank at each end dropped when both). */
static void md_code(struct gr_buf *b, const char *cs, const char *ce)
{
  if (ce - cs >= 2 && cs[0] == ' ' && ce[-1] == ' ' && !gr_site_md_blank(cs, (size_t)(ce - cs))) {
    cs++;
    ce--;
  }
  gr_buf_printf(b, "<code>");
  gr_site_md_esc(b, cs, (size_t)(ce - cs));
  gr_buf_printf(b, "</code>");
}

/* The next '*' run at or after p (before e) outside code spans, or e. */
static const char *md_next_star(const char *p, const char *e)
{
  const char *cs, *ce, *after;
  while (p < e && *p != '*') {
    if (*p == '`' && md_code_span(p, e, &cs, &ce, &after))
      p = after;
    else
      p++;
  }
  return p;
}

/* If p (before e) opens **strong**: the closing "**" in *close. */
static int md_strong(const char *p, const char *e, const char **close)
{
  const char *q;
  if (e - p < 5 || p[1] != '*' || isspace((unsigned char)p[2]) || p[2] == '*')
    return 0;
  for (q = md_next_star(p + 3, e); q + 1 < e; q = md_next_star(q + 1, e))
    if (q[1] == '*' && !isspace((unsigned char)q[-1]))
      return (*close = q, 1);
  return 0;
}

/* If p (after s, before e) opens *emphasis*: the closing '*' in *close. */
static int md_emph(const char *s, const char *p, const char *e, const char **close)
{
  const char *q;
  if ((p > s && !isspace((unsigned char)p[-1]) && !strchr("([{\"'", p[-1])) ||
      p + 1 >= e || !isalnum((unsigned char)p[1]))
    return 0;
  for (q = p + 1; q < e && *q != '*' && *q != '\n'; q++)
    ;
  if (q >= e || *q != '*' || isspace((unsigned char)q[-1]) ||
      (q + 1 < e && (isalnum((unsigned char)q[1]) || q[1] == '*')))
    return 0;
  *close = q;
  return 1;
}

/* Is url safe as an href: relative, a #anchor or http(s)://? */
static int md_url_ok(const char *u, size_t n)
{
  size_t i = 0;
  while (i < n && (isalnum((unsigned char)u[i]) || u[i] == '+' || u[i] == '-' || u[i] == '.'))
    i++;
  if (i == n || u[i] != ':' || i == 0 || !isalpha((unsigned char)u[0]))
    return 1; /* no scheme: a path, a #anchor or a ?query */
  return (n > 7 && strncmp(u, "http://", 7) == 0) || (n > 8 && strncmp(u, "https://", 8) == 0) ||
         (n > 7 && strncmp(u, "HTTP://", 7) == 0) || (n > 8 && strncmp(u, "HTTPS://", 8) == 0);
}

/* If p starts [text](url) with a safe url: the text in [*ts, *te), the
 * url in [*te + 2, *ue), the byte after it in *after. */
static int md_link(const char *p, const char *e, const char **te, const char **ue, const char **after)
{
  const char *q = p + 1, *u;
  while (q < e && *q != ']' && *q != '[' && *q != '\n')
    q++;
  if (q + 1 >= e || *q != ']' || q[1] != '(')
    return 0;
  for (u = q + 2; u < e && *u != ')' && !isspace((unsigned char)*u) && *u != '(' && *u != '<'; u++)
    ;
  if (u >= e || *u != ')' || u == q + 2 || !md_url_ok(q + 2, (size_t)(u - q - 2)))
    return 0;
  *te = q;
  *ue = u;
  *after = u + 1;
  return 1;
}

/* Append the construct at p (before e, in a span starting at s), if one
 * starts there; returns the byte after it, or NULL when none does. */
static const char *md_construct(struct gr_buf *b, const char *s, const char *p, const char *e, int depth)
{
  const char *x, *y, *after;
  if (*p == '\\' && p + 1 < e && ispunct((unsigned char)p[1])) {
    gr_site_esc(b, p + 1, 1);
    return p + 2;
  }
  if (*p == '`' && md_code_span(p, e, &x, &y, &after)) {
    md_code(b, x, y);
    return after;
  }
  if (*p == '[' && md_link(p, e, &x, &y, &after)) {
    gr_buf_printf(b, "<a href=\"");
    gr_site_md_esc(b, x + 2, (size_t)(y - x - 2));
    gr_buf_printf(b, "\">");
    md_inline(b, p + 1, x, depth + 1);
    gr_buf_printf(b, "</a>");
    return after;
  }
  if (*p == '*' && md_strong(p, e, &x)) {
    gr_buf_printf(b, "<strong>");
    md_inline(b, p + 2, x, depth + 1);
    gr_buf_printf(b, "</strong>");
    return x + 2;
  }
  if (*p == '*' && md_emph(s, p, e, &x)) {
    gr_buf_printf(b, "<em>");
    md_inline(b, p + 1, x, depth + 1);
    gr_buf_printf(b, "</em>");
    return x + 1;
  }
  return NULL;
}

/* Append the text [s, e) with its inline markup (code, strong, emphasis,
 * links, escapes); beyond MD_DEPTH nested constructs, text as it is.  An
 * unmatched run of backticks stays text as a whole. */
static void md_inline(struct gr_buf *b, const char *s, const char *e, int depth)
{
  const char *p = s, *t = s, *q;
  while (p < e) {
    if (depth >= MD_DEPTH || !*p || !strchr("\\`[*", *p)) {
      p++;
      continue;
    }
    gr_site_md_esc(b, t, (size_t)(p - t));
    if ((q = md_construct(b, s, p, e, depth)) != NULL) {
      p = t = q;
      continue;
    }
    t = p++;
    while (t[0] == '`' && p < e && *p == '`')
      p++;
  }
  gr_site_md_esc(b, t, (size_t)(p - t));
}

void gr_site_md_inline(struct gr_buf *b, const char *s, const char *e)
{
  md_inline(b, s, e, 0);
}
