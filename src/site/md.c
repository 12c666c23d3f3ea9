/* granrepro site: an experiment's notes.md as HTML (md.h).  A small,
 * strict subset of Markdown, the one the notes templates use:
 *  - ATX headings "# x" to "###### x" (level shifted by base_level);
 *  - paragraphs: consecutive lines, joined as they are;
 *  - lists: items "- x" or "* x" (<ul>), "1. x" (<ol>, from its first
 *    number); an indented line continues the item, a blank line followed
 *    by a sibling item continues the list; no nesting (an indented "- y"
 *    is text of the item);
 *  - GitHub pipe tables: a row starting with '|', then a delimiter row
 *    (|---|:-:|) with as many cells, then the rows starting with '|'; a
 *    row's missing cells are empty, its extra cells dropped; "\|" is a
 *    pipe inside a cell; no column alignment;
 *  - fenced code blocks ``` (unterminated: to the end of the text);
 *  - inline: `code`, **strong**, *emphasis* (only where unambiguous: '*'
 *    after a space, an opening bracket or the start, before a letter or
 *    digit, closed on the same line by a '*' after a non-space and not
 *    before a letter or digit, so a*b and f* stay as they are; no
 *    underscore emphasis, so sigma_1 stays), [text](url) with url a
 *    relative path, a #anchor or http(s):// (any other scheme, e.g.
 *    javascript:, leaves the whole as text), backslash escapes of ASCII
 *    punctuation.
 * Not recognised (shown as text): indented code, block quotes, HTML,
 * setext headings, rules, images, hard breaks.  Every character of the
 * text is escaped (gr_site_esc). */
#include <ctype.h>
#include <string.h>

#include "harness/buf.h"
#include "site/html.h"
#include "site/md.h"

struct md {
  struct gr_buf *b;
  const char *p, *end; /* the next line; the end of the text */
  int base;            /* level of the <h> of "# x" */
};

/* A list item's marker: kind '-' or '*' (bullets) or '.' (numbered),
 * its number, the offset of the item's text in the line, its indent. */
struct md_item {
  int kind;
  long num;
  size_t off, indent;
};

enum { MD_DEPTH = 4 }; /* inline nesting (strong in a link in ...) */

static void md_inline(struct gr_buf *b, const char *s, const char *e, int depth);

/* Append n bytes of s escaped, dropping the CR of each CRLF. */
static void md_esc(struct gr_buf *b, const char *s, size_t n)
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

/* The line at p (before end): its start in *s and its length in *n
 * without the line end (LF, CRLF, a final CR); returns the next line. */
static const char *md_line(const char *p, const char *end, const char **s, size_t *n)
{
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  const char *le = nl ? nl : end;
  if (le > p && le[-1] == '\r')
    le--;
  *s = p;
  *n = (size_t)(le - p);
  return nl ? nl + 1 : end;
}

/* Columns of leading blanks of a line (a tab counts four). */
static size_t md_indent(const char *s, size_t n)
{
  size_t i, col = 0;
  for (i = 0; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
    col += s[i] == '\t' ? 4 : 1;
  return col;
}

/* Bytes of leading blanks of a line. */
static size_t md_lead(const char *s, size_t n)
{
  size_t i = 0;
  while (i < n && (s[i] == ' ' || s[i] == '\t'))
    i++;
  return i;
}

/* Is the line empty or all blanks? */
static int md_blank(const char *s, size_t n)
{
  return md_lead(s, n) == n;
}

/* Shrink [*s, *s + *n) by its blanks at both ends. */
static void md_trim(const char **s, size_t *n)
{
  size_t k = md_lead(*s, *n);
  *s += k;
  *n -= k;
  while (*n > 0 && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t'))
    (*n)--;
}

/* The run of c starting the line after at most 3 blanks: its length (0
 * when the line is indented further), the offset after it in *after. */
static size_t md_run(const char *s, size_t n, char c, size_t *after)
{
  size_t i = md_lead(s, n), k = 0;
  if (md_indent(s, n) <= 3)
    while (i + k < n && s[i + k] == c)
      k++;
  *after = i + k;
  return k;
}

/* Level of a heading line (1-6, at most 3 blanks before), else 0. */
static int md_heading(const char *s, size_t n)
{
  size_t a, k = md_run(s, n, '#', &a);
  if (k < 1 || k > 6 || (a < n && s[a] != ' ' && s[a] != '\t'))
    return 0;
  return (int)k;
}

/* Backticks opening a code fence (3 or more, at most 3 blanks before),
 * else 0. */
static size_t md_fence(const char *s, size_t n)
{
  size_t a, k = md_run(s, n, '`', &a);
  return k >= 3 && memchr(s + a, '`', n - a) == NULL ? k : 0;
}

/* Is the line a list item?  Its marker in *it. */
static int md_item(const char *s, size_t n, struct md_item *it)
{
  size_t i = md_lead(s, n), k = i;
  it->indent = md_indent(s, n);
  if (it->indent > 3 || i >= n)
    return 0;
  if (s[i] == '-' || s[i] == '*') {
    it->kind = s[i];
    it->num = 0;
    k = i + 1;
  } else {
    it->num = 0;
    while (k < n && k - i < 9 && isdigit((unsigned char)s[k]))
      it->num = it->num * 10 + (s[k++] - '0');
    if (k == i || k >= n || s[k] != '.')
      return 0;
    it->kind = '.';
    k++;
  }
  if (k >= n || (s[k] != ' ' && s[k] != '\t') || md_blank(s + k, n - k))
    return 0;
  it->off = k + md_lead(s + k, n - k);
  return 1;
}

/* Start of the next cell of a table row: *p moves past the cell and its
 * '|' (to NULL after the last cell); the trimmed cell in *cs, *cn. */
static int md_cell(const char **p, const char *e, const char **cs, size_t *cn)
{
  const char *q = *p;
  if (q == NULL)
    return 0;
  while (q < e && !(*q == '|' && (q == *p || q[-1] != '\\')))
    q++;
  *cs = *p;
  *cn = (size_t)(q - *p);
  md_trim(cs, cn);
  *p = q < e ? q + 1 : NULL;
  return 1;
}

/* The cells of a table row (a line starting with '|' after at most 3
 * blanks): their span [*p, *e) for md_cell; 0 when not a row. */
static int md_row(const char *s, size_t n, const char **p, const char **e)
{
  size_t i = md_lead(s, n);
  if (md_indent(s, n) > 3 || i >= n || s[i] != '|')
    return 0;
  *p = s + i + 1;
  *e = s + n;
  while (*e > *p && ((*e)[-1] == ' ' || (*e)[-1] == '\t'))
    (*e)--;
  if (*e > *p && (*e)[-1] == '|' && (*e - 1 == *p || (*e)[-2] != '\\'))
    (*e)--;
  return 1;
}

/* Cells of a table row, 0 when the line is not one. */
static size_t md_ncells(const char *s, size_t n)
{
  const char *p, *e, *cs;
  size_t k = 0, cn;
  if (!md_row(s, n, &p, &e))
    return 0;
  while (md_cell(&p, e, &cs, &cn))
    k++;
  return k;
}

/* Is the line a table's delimiter row of ncols cells (:?-+:?)? */
static int md_delim(const char *s, size_t n, size_t ncols)
{
  const char *p, *e, *cs;
  size_t cn, k = 0, i;
  if (!md_row(s, n, &p, &e))
    return 0;
  while (md_cell(&p, e, &cs, &cn)) {
    i = cn > 0 && cs[0] == ':';
    if (cn > i && cs[cn - 1] == ':')
      cn--;
    if (i >= cn)
      return 0;
    for (; i < cn; i++)
      if (cs[i] != '-')
        return 0;
    k++;
  }
  return k == ncols;
}

/* Does the line (with the text after it from next) start a table? */
static int md_table_start(const char *s, size_t n, const char *next, const char *end)
{
  const char *d;
  size_t dn, ncols = md_ncells(s, n);
  if (ncols == 0 || next >= end)
    return 0;
  md_line(next, end, &d, &dn);
  return md_delim(d, dn, ncols);
}

/* Does the line start a block other than a paragraph (which it ends)?
 * A numbered list ends a paragraph only from 1. */
static int md_block_start(const char *s, size_t n, const char *next, const char *end)
{
  struct md_item it;
  return md_heading(s, n) || md_fence(s, n) || md_table_start(s, n, next, end) ||
         (md_item(s, n, &it) && (it.kind != '.' || it.num == 1));
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
  if (ce - cs >= 2 && cs[0] == ' ' && ce[-1] == ' ' && !md_blank(cs, (size_t)(ce - cs))) {
    cs++;
    ce--;
  }
  gr_buf_printf(b, "<code>");
  md_esc(b, cs, (size_t)(ce - cs));
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
    md_esc(b, x + 2, (size_t)(y - x - 2));
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
    md_esc(b, t, (size_t)(p - t));
    if ((q = md_construct(b, s, p, e, depth)) != NULL) {
      p = t = q;
      continue;
    }
    t = p++;
    while (t[0] == '`' && p < e && *p == '`')
      p++;
  }
  md_esc(b, t, (size_t)(p - t));
}

/* A heading line of k '#': <h(base + k - 1)> (at most h6) with its text,
 * a closing run of '#' dropped. */
static void md_put_heading(struct md *m, const char *s, size_t n, int k)
{
  const char *t = s + md_lead(s, n) + k;
  size_t tn = (size_t)(s + n - t), j;
  int level = m->base + k - 1 > 6 ? 6 : m->base + k - 1;
  md_trim(&t, &tn);
  for (j = tn; j > 0 && t[j - 1] == '#'; j--)
    ;
  if (j == 0 || t[j - 1] == ' ' || t[j - 1] == '\t') {
    tn = j;
    md_trim(&t, &tn);
  }
  gr_buf_printf(m->b, "<h%d>", level);
  md_inline(m->b, t, t + tn, 0);
  gr_buf_printf(m->b, "</h%d>\n", level);
}

/* Does the line close a fence of k backticks? */
static int md_fence_closes(const char *s, size_t n, size_t k)
{
  size_t a;
  return md_run(s, n, '`', &a) >= k && md_blank(s + a, n - a);
}

/* A code block from its fence line (k backticks) to the closing fence or
 * the end of the text; lines lose as many leading spaces as the fence had. */
static void md_put_fence(struct md *m, const char *s, size_t n, size_t k)
{
  size_t f = md_lead(s, n), ln, i;
  const char *l;
  gr_buf_printf(m->b, "<pre><code>");
  while (m->p < m->end) {
    m->p = md_line(m->p, m->end, &l, &ln);
    if (md_fence_closes(l, ln, k))
      break;
    for (i = 0; i < f && i < ln && l[i] == ' '; i++)
      ;
    md_esc(m->b, l + i, ln - i);
    gr_buf_printf(m->b, "\n");
  }
  gr_buf_printf(m->b, "</code></pre>\n");
}

/* One table row of ncols cells as <tag> (missing cells empty, extra ones
 * dropped). */
static void md_put_row(struct gr_buf *b, const char *s, size_t n, size_t ncols, const char *tag)
{
  const char *p, *e, *cs = NULL;
  size_t k, cn;
  md_row(s, n, &p, &e);
  gr_buf_printf(b, "<tr>");
  for (k = 0; k < ncols; k++) {
    gr_buf_printf(b, "<%s>", tag);
    if (md_cell(&p, e, &cs, &cn))
      md_inline(b, cs, cs + cn, 0);
    gr_buf_printf(b, "</%s>", tag);
  }
  gr_buf_printf(b, "</tr>\n");
}

/* A table from its header line (the delimiter row next) to the last row
 * starting with '|'. */
static void md_put_table(struct md *m, const char *s, size_t n)
{
  size_t ncols = md_ncells(s, n), ln;
  const char *l, *next;
  gr_buf_printf(m->b, "<table>\n<thead>");
  md_put_row(m->b, s, n, ncols, "th");
  gr_buf_printf(m->b, "</thead>\n<tbody>\n");
  m->p = md_line(m->p, m->end, &l, &ln);
  while (m->p < m->end) {
    next = md_line(m->p, m->end, &l, &ln);
    if (md_ncells(l, ln) == 0)
      break;
    md_put_row(m->b, l, ln, ncols, "td");
    m->p = next;
  }
  gr_buf_printf(m->b, "</tbody></table>\n");
}

/* A paragraph from its first line to a blank line or a block's start. */
static void md_put_para(struct md *m, const char *s, size_t n)
{
  const char *t = s + md_lead(s, n), *e = s + n, *l, *next;
  size_t ln;
  while (m->p < m->end) {
    next = md_line(m->p, m->end, &l, &ln);
    if (md_blank(l, ln) || md_block_start(l, ln, next, m->end))
      break;
    e = l + ln;
    m->p = next;
  }
  while (e > t && (e[-1] == ' ' || e[-1] == '\t'))
    e--;
  gr_buf_printf(m->b, "<p>");
  md_inline(m->b, t, e, 0);
  gr_buf_printf(m->b, "</p>\n");
}

/* Is the line another item of the list begun by first (same kind, same
 * indent)?  Its marker in *it. */
static int md_sibling(const char *s, size_t n, const struct md_item *first, struct md_item *it)
{
  return md_item(s, n, it) && it->kind == first->kind && it->indent == first->indent;
}

/* An item of the list begun by first, from its marker line (s, n; marker
 * it) over the indented lines that continue it. */
static void md_put_item(struct md *m, const char *s, size_t n, const struct md_item *it,
                        const struct md_item *first)
{
  const char *e = s + n, *l, *next;
  size_t ln;
  struct md_item other;
  while (m->p < m->end) {
    next = md_line(m->p, m->end, &l, &ln);
    if (md_blank(l, ln) || (l[0] != ' ' && l[0] != '\t') || md_sibling(l, ln, first, &other))
      break;
    e = l + ln;
    m->p = next;
  }
  while (e > s + it->off && (e[-1] == ' ' || e[-1] == '\t'))
    e--;
  gr_buf_printf(m->b, "<li>");
  md_inline(m->b, s + it->off, e, 0);
  gr_buf_printf(m->b, "</li>\n");
}

/* Move past blank lines to the next item of the list begun by first (its
 * line in *s, *n, its marker in *it); 0, moving nowhere, when the list
 * ends. */
static int md_next_item(struct md *m, const struct md_item *first, const char **s, size_t *n,
                        struct md_item *it)
{
  const char *p = m->p, *next;
  while (p < m->end) {
    next = md_line(p, m->end, s, n);
    if (!md_blank(*s, *n)) {
      if (!md_sibling(*s, *n, first, it))
        return 0;
      m->p = next;
      return 1;
    }
    p = next;
  }
  return 0;
}

/* A list from its first item (line s, n; marker first). */
static void md_put_list(struct md *m, const char *s, size_t n, const struct md_item *first)
{
  struct md_item it = *first;
  if (first->kind != '.')
    gr_buf_printf(m->b, "<ul>\n");
  else if (first->num != 1)
    gr_buf_printf(m->b, "<ol start=\"%ld\">\n", first->num);
  else
    gr_buf_printf(m->b, "<ol>\n");
  do
    md_put_item(m, s, n, &it, first);
  while (md_next_item(m, first, &s, &n, &it));
  gr_buf_printf(m->b, first->kind != '.' ? "</ul>\n" : "</ol>\n");
}

/* The block that starts at the next line (nothing for a blank line). */
static void md_block(struct md *m)
{
  const char *s;
  size_t n, k;
  int h;
  struct md_item it;
  m->p = md_line(m->p, m->end, &s, &n);
  if (md_blank(s, n))
    return;
  if ((h = md_heading(s, n)) > 0)
    md_put_heading(m, s, n, h);
  else if ((k = md_fence(s, n)) > 0)
    md_put_fence(m, s, n, k);
  else if (md_table_start(s, n, m->p, m->end))
    md_put_table(m, s, n);
  else if (md_item(s, n, &it))
    md_put_list(m, s, n, &it);
  else
    md_put_para(m, s, n);
}

void gr_site_md_render(struct gr_buf *b, const char *text, size_t n, int base_level)
{
  struct md m;
  const char *nul;
  if (n == 0)
    return;
  nul = memchr(text, '\0', n);
  m.b = b;
  m.p = text;
  m.end = nul ? nul : text + n;
  m.base = base_level < 1 ? 1 : base_level > 6 ? 6 : base_level;
  while (m.p < m.end)
    md_block(&m);
}
