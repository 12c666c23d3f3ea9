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
 *  - inline markup: md_inline.c.
 * Not recognised (shown as text): indented code, block quotes, HTML,
 * setext headings, rules, images, hard breaks.  Every character of the
 * text is escaped (gr_site_esc). */
#include <ctype.h>
#include <string.h>

#include "harness/buf.h"
#include "site/html.h"
#include "site/md.h"
#include "site/md_inline.h"

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
  if (k >= n || (s[k] != ' ' && s[k] != '\t') || gr_site_md_blank(s + k, n - k))
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
  gr_site_md_inline(m->b, t, t + tn);
  gr_buf_printf(m->b, "</h%d>\n", level);
}

/* Does the line close a fence of k backticks? */
static int md_fence_closes(const char *s, size_t n, size_t k)
{
  size_t a;
  return md_run(s, n, '`', &a) >= k && gr_site_md_blank(s + a, n - a);
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
    gr_site_md_esc(m->b, l + i, ln - i);
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
      gr_site_md_inline(b, cs, cs + cn);
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
    if (gr_site_md_blank(l, ln) || md_block_start(l, ln, next, m->end))
      break;
    e = l + ln;
    m->p = next;
  }
  while (e > t && (e[-1] == ' ' || e[-1] == '\t'))
    e--;
  gr_buf_printf(m->b, "<p>");
  gr_site_md_inline(m->b, t, e);
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
    if (gr_site_md_blank(l, ln) || (l[0] != ' ' && l[0] != '\t') || md_sibling(l, ln, first, &other))
      break;
    e = l + ln;
    m->p = next;
  }
  while (e > s + it->off && (e[-1] == ' ' || e[-1] == '\t'))
    e--;
  gr_buf_printf(m->b, "<li>");
  gr_site_md_inline(m->b, s + it->off, e);
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
    if (!gr_site_md_blank(*s, *n)) {
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
  if (gr_site_md_blank(s, n))
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
