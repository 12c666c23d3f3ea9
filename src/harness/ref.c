/* granrepro harness: reference tables and the comparator (see ref.h).
 *
 * The parser works on a private copy of the file text, split in place into
 * lines and tab-separated fields.  The table is built up as it goes so that
 * gr_ref_free can release a half-built table on any error path.
 */
#include "harness/ref.h"
#include "harness/error.h"
#include "harness/fsio.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOL_KINDS "half-unit, informative, bound, abs X, rel X or se K"

/* One "# misprint:" line; the strings point into the parser's buffer. */
struct misprint {
  int line;
  char *row, *col, *pred, *reason;
};

/* State of one parse. */
struct parser {
  const char *name;      /* path or name used in messages */
  struct gr_error *err;
  struct gr_reftable *t; /* the table being built */
  int lastline;          /* last non-blank line seen */
  int colline;           /* line of the column header, 0 before it */
  int quantity_line;
  int tol_line;          /* line of "# tolerance:", 0 when absent */
  char *tol_text;        /* its value (points into the buffer) */
  long tolcol, notecol, kindcol; /* reserved column indices, -1 when absent */
  int kind_line;         /* line of "# kind:", 0 when absent */
  struct gr_tol *coltol; /* per-column tolerance from the header */
  struct gr_tol *rowtol; /* scratch: the current row's tolerance per column */
  char *rowhave;         /* scratch: 1 where rowtol overrides coltol */
  char *named;           /* scratch: 1 where a row's per-column cell named the column */
  char **fields;         /* scratch: ncols field pointers */
  int *rowlines;         /* line of each data row */
  size_t rowcap;
  struct misprint *mp;
  size_t nmp, mpcap;
};

/* ---------------------------------------------------------------- helpers */

static int perr(struct parser *p, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Record "NAME:LINE: message" as a GR_EINPUT error. */
static int perr(struct parser *p, int line, const char *fmt, ...)
{
  char msg[900];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return gr_error_set(p->err, GR_EINPUT, "%s:%d: %s", p->name, line, msg);
}

/* Record an out-of-memory error. */
static int nomem(struct parser *p)
{
  return gr_error_set(p->err, GR_ENOMEM, "%s: out of memory reading the reference table", p->name);
}

/* Is s empty or only whitespace? */
static int is_blank(const char *s)
{
  while (isspace((unsigned char)*s))
    s++;
  return *s == '\0';
}

/* Strip leading and trailing whitespace in place. */
static char *trim(char *s)
{
  size_t n;
  while (isspace((unsigned char)*s))
    s++;
  n = strlen(s);
  while (n > 0 && isspace((unsigned char)s[n - 1]))
    s[--n] = '\0';
  return s;
}

/* Skip leading whitespace and return the next token's start; *s is left
 * at the character ending it (whitespace, NUL, or ':' when colon is set). */
static char *cut(char **s, int colon)
{
  char *a = *s, *b;
  while (isspace((unsigned char)*a))
    a++;
  for (b = a; *b && !isspace((unsigned char)*b) && !(colon && *b == ':'); b++)
    ;
  *s = b;
  return a;
}

/* Does s spell a plain decimal number ([sign] digits [. digits] [exp])? */
static int is_decimal(const char *s)
{
  int digits = 0;
  if (*s == '+' || *s == '-')
    s++;
  for (; isdigit((unsigned char)*s); s++)
    digits++;
  if (*s == '.')
    for (s++; isdigit((unsigned char)*s); s++)
      digits++;
  if (digits == 0)
    return 0;
  if (*s == 'e' || *s == 'E') {
    s++;
    if (*s == '+' || *s == '-')
      s++;
    if (!isdigit((unsigned char)*s))
      return 0;
    while (isdigit((unsigned char)*s))
      s++;
  }
  return *s == '\0';
}

/* Parse a whole field as a finite decimal number. */
static int parse_number(const char *s, double *v)
{
  char *end;
  if (!is_decimal(s))
    return 0;
  *v = strtod(s, &end);
  return *end == '\0' && isfinite(*v);
}

/* Is s "-" or blank (nothing given)? */
static int is_nothing(const char *s)
{
  return strcmp(s, "-") == 0 || is_blank(s);
}

/* Number of tab-separated fields in s. */
static size_t count_fields(const char *s)
{
  size_t n = 1;
  for (; *s; s++)
    n += *s == '\t';
  return n;
}

/* Split s in place at tabs; f must have room for count_fields(s). */
static void split_tabs(char *s, char **f)
{
  size_t i = 0;
  f[i++] = s;
  for (; *s; s++)
    if (*s == '\t') {
      *s = '\0';
      f[i++] = s + 1;
    }
}

/* Index of column name (ignoring the row-key column), -1 when absent. */
static long find_col(const struct gr_reftable *t, const char *name)
{
  size_t c;
  for (c = 1; c < t->ncols; c++)
    if (strcmp(t->cols[c], name) == 0)
      return (long)c;
  return -1;
}

/* Index of row key, -1 when absent. */
static long find_row(const struct gr_reftable *t, const char *key)
{
  size_t r;
  for (r = 0; r < t->nrows; r++)
    if (t->rowkeys[r] != NULL && strcmp(t->rowkeys[r], key) == 0)
      return (long)r;
  return -1;
}

/* Does column c hold published values (not the key, not reserved)? */
static int is_value_col(const struct parser *p, long c)
{
  return c >= 1 && c != p->tolcol && c != p->notecol && c != p->kindcol;
}

/* ---------------------------------------------------------- header block */

/* Append a "source:" value, joining repeats with "; ". */
static int add_source(struct parser *p, const char *val)
{
  struct gr_reftable *t = p->t;
  size_t old = t->source ? strlen(t->source) : 0, n = strlen(val);
  char *s = realloc(t->source, old + 2 + n + 1);
  if (s == NULL)
    return nomem(p);
  t->source = s;
  if (old > 0) {
    memcpy(s + old, "; ", 2);
    old += 2;
  }
  memcpy(s + old, val, n + 1);
  return GR_OK;
}

/* Append a "note:" value. */
static int add_note(struct parser *p, const char *val)
{
  struct gr_reftable *t = p->t;
  char **a = realloc(t->notes, (t->nnotes + 1) * sizeof *a);
  if (a == NULL)
    return nomem(p);
  t->notes = a;
  if ((a[t->nnotes] = strdup(val)) == NULL)
    return nomem(p);
  t->nnotes++;
  return GR_OK;
}

/* Record the single "quantity:" value. */
static int set_quantity(struct parser *p, const char *val, int line)
{
  if (p->t->quantity != NULL)
    return perr(p, line, "quantity given twice, first on line %d (keep one '# quantity:' line)", p->quantity_line);
  if ((p->t->quantity = strdup(val)) == NULL)
    return nomem(p);
  p->quantity_line = line;
  return GR_OK;
}

/* Remember the single "tolerance:" value; it is resolved after the
 * column header is known. */
static int set_tolerance(struct parser *p, char *val, int line)
{
  if (p->tol_line != 0)
    return perr(p, line, "tolerance given twice, first on line %d (merge them into one '# tolerance:' line, specs separated by ';')", p->tol_line);
  p->tol_line = line;
  p->tol_text = val;
  return GR_OK;
}

/* The kind named by s, or a "NAME:LINE:" error naming the five. */
static int parse_kind(struct parser *p, const char *s, int line, int *kind)
{
  if ((*kind = gr_kind_parse(s, strlen(s))) < 0)
    return perr(p, line, "unknown kind '%.80s' (use result, printed, misprint, check or choice; see docs/reference-tables.md)", s);
  return GR_OK;
}

/* Record the single "kind:" value, the rows' default kind. */
static int set_kind(struct parser *p, const char *val, int line)
{
  if (p->kind_line != 0)
    return perr(p, line, "kind given twice, first on line %d (keep one '# kind:' line; a row's own kind goes in a 'kind' column)", p->kind_line);
  p->kind_line = line;
  return parse_kind(p, val, line, &p->t->kind);
}

/* Report a malformed misprint line. */
static int misprint_syntax(struct parser *p, int line)
{
  return perr(p, line, "misprint must read 'ROW COL PREDICTED: reason' (e.g. '# misprint: r1 x 0.25: sign lost in print')");
}

/* Split "ROW COL PREDICTED: reason" in place; *m points into val. */
static int split_misprint(struct parser *p, char *val, int line, struct misprint *m)
{
  char *s = val;
  m->line = line;
  m->row = cut(&s, 0);
  if (!isspace((unsigned char)*s))
    return misprint_syntax(p, line);
  *s++ = '\0';
  m->col = cut(&s, 0);
  if (!isspace((unsigned char)*s))
    return misprint_syntax(p, line);
  *s++ = '\0';
  m->pred = cut(&s, 1);
  while (isspace((unsigned char)*s))
    *s++ = '\0';
  if (*s != ':')
    return misprint_syntax(p, line);
  *s++ = '\0';
  m->reason = trim(s);
  return GR_OK;
}

/* Check and remember a "misprint:" line; it is resolved after the table. */
static int add_misprint(struct parser *p, char *val, int line)
{
  struct misprint m, *a;
  double v;
  int rc = split_misprint(p, val, line, &m);
  if (rc != GR_OK)
    return rc;
  if (!parse_number(m.pred, &v))
    return perr(p, line, "misprint: predicted value '%.80s' is not a number (write 'ROW COL PREDICTED: reason')", m.pred);
  if (*m.reason == '\0')
    return perr(p, line, "misprint: the reason is empty (say after the ':' why the printed value differs)");
  if (p->nmp == p->mpcap) {
    size_t cap = p->mpcap ? 2 * p->mpcap : 8;
    if ((a = realloc(p->mp, cap * sizeof *a)) == NULL)
      return nomem(p);
    p->mp = a;
    p->mpcap = cap;
  }
  p->mp[p->nmp++] = m;
  return GR_OK;
}

/* Dispatch one "# key: value" line. */
static int header_value(struct parser *p, const char *key, char *val, int line)
{
  if (strcmp(key, "source") == 0)
    return add_source(p, val);
  if (strcmp(key, "quantity") == 0)
    return set_quantity(p, val, line);
  if (strcmp(key, "tolerance") == 0)
    return set_tolerance(p, val, line);
  if (strcmp(key, "note") == 0)
    return add_note(p, val);
  if (strcmp(key, "kind") == 0)
    return set_kind(p, val, line);
  return add_misprint(p, val, line);
}

/* Parse one line of the '#' header block. */
static int parse_header_line(struct parser *p, char *line, int lineno)
{
  static const char *const keys[] = {"source", "quantity", "tolerance", "note", "misprint", "kind"};
  char *s = line + 1, *colon, *key, *val;
  size_t i;
  if (is_blank(s))
    return GR_OK;
  if ((colon = strchr(s, ':')) == NULL)
    return perr(p, lineno, "header line has no ':' (write '# key: value' with key source, quantity, kind, tolerance, note or misprint)");
  *colon = '\0';
  key = trim(s);
  val = trim(colon + 1);
  for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
    if (strcmp(key, keys[i]) == 0)
      break;
  if (i == sizeof keys / sizeof keys[0])
    return perr(p, lineno, "unknown header key '%.80s' (use source, quantity, kind, tolerance, note or misprint)", key);
  if (*val == '\0')
    return perr(p, lineno, "header '%s' has an empty value (write '# %s: ...' with a value)", key, key);
  return header_value(p, key, val, lineno);
}

/* --------------------------------------------------- header tolerance */

/* Apply tol to one name from a tolerance spec's column list. */
static int set_col_tol(struct parser *p, const char *name, struct gr_tol tol)
{
  struct gr_reftable *t = p->t;
  long c;
  if (strcmp(name, "*") == 0) {
    for (c = 1; c < (long)t->ncols; c++)
      if (is_value_col(p, c))
        p->coltol[c] = tol;
    return GR_OK;
  }
  if (*name == '\0')
    return perr(p, p->tol_line, "tolerance has an empty column name (write COLS as names separated by ',' without spaces, or '*')");
  c = strcmp(name, t->cols[0]) == 0 ? 0 : find_col(t, name);
  if (c < 0)
    return perr(p, p->tol_line, "tolerance names column '%.80s', which is not in the column header (use a header column name or '*')", name);
  if (!is_value_col(p, c))
    return perr(p, p->tol_line, "tolerance names column '%.80s', which holds no published values (name value columns only)", name);
  p->coltol[c] = tol;
  return GR_OK;
}

/* Apply one "COLS KIND [X]" spec of the tolerance header. */
static int apply_tol_spec(struct parser *p, char *spec)
{
  char *s = spec, *cols, *kind, *comma;
  struct gr_tol tol;
  int rc;
  cols = cut(&s, 0);
  kind = s;
  if (*s != '\0') {
    *s = '\0';
    kind = s + 1;
  }
  kind = trim(kind);
  if (gr_ref_parse_tol(kind, &tol) != GR_OK)
    return perr(p, p->tol_line, "tolerance for '%.80s': '%.80s' is not a tolerance (write COLS KIND with KIND " TOL_KINDS ", X and K positive)", cols, kind);
  for (;;) {
    if ((comma = strchr(cols, ',')) != NULL)
      *comma = '\0';
    if ((rc = set_col_tol(p, cols, tol)) != GR_OK)
      return rc;
    if (comma == NULL)
      return GR_OK;
    cols = comma + 1;
  }
}

/* Resolve the "# tolerance:" header against the column header. */
static int apply_tol_header(struct parser *p)
{
  char *spec = p->tol_text, *next;
  int rc;
  if (p->tol_line == 0)
    return GR_OK;
  for (;;) {
    if ((next = strchr(spec, ';')) != NULL)
      *next = '\0';
    if (!is_blank(spec) && (rc = apply_tol_spec(p, spec)) != GR_OK)
      return rc;
    if (next == NULL)
      return GR_OK;
    spec = next + 1;
  }
}

/* -------------------------------------------------------- column header */

/* Copy the column names, checking they are non-empty and unique. */
static int store_cols(struct parser *p, int lineno)
{
  struct gr_reftable *t = p->t;
  size_t c, d;
  for (c = 0; c < t->ncols; c++) {
    const char *f = p->fields[c];
    if (is_blank(f))
      return perr(p, lineno, "column %zu of the column header is empty (name every column; separate names with single tabs)", c + 1);
    for (d = 0; d < c; d++)
      if (strcmp(t->cols[d], f) == 0)
        return perr(p, lineno, "column name '%.80s' repeats column %zu (column names must be unique)", f, d + 1);
    if ((t->cols[c] = strdup(f)) == NULL)
      return nomem(p);
  }
  return GR_OK;
}

/* Parse the column header line, then resolve the header tolerance. */
static int parse_colheader(struct parser *p, char *line, int lineno)
{
  struct gr_reftable *t = p->t;
  size_t n = count_fields(line);
  int rc;
  if (t->source == NULL)
    return perr(p, lineno, "no '# source:' line before the column header (add '# source: paper, table, page' to the header block)");
  if (t->quantity == NULL)
    return perr(p, lineno, "no '# quantity:' line before the column header (add '# quantity: what the numbers are' to the header block)");
  if (n < 2)
    return perr(p, lineno, "column header has 1 column, need at least 2 (separate the row-key column and the value columns with tabs)");
  p->fields = malloc(n * sizeof *p->fields);
  t->cols = calloc(n, sizeof *t->cols);
  p->coltol = calloc(n, sizeof *p->coltol);
  p->rowtol = calloc(n, sizeof *p->rowtol);
  p->rowhave = calloc(n, 1);
  p->named = calloc(n, 1);
  if (p->fields == NULL || t->cols == NULL || p->coltol == NULL || p->rowtol == NULL || p->rowhave == NULL ||
      p->named == NULL)
    return nomem(p);
  t->ncols = n;
  split_tabs(line, p->fields);
  if ((rc = store_cols(p, lineno)) != GR_OK)
    return rc;
  p->tolcol = find_col(t, "tolerance");
  p->notecol = find_col(t, "note");
  p->kindcol = find_col(t, "kind");
  p->colline = lineno;
  return apply_tol_header(p);
}

/* ------------------------------------------------------------ data rows */

/* Make room for more rows in every per-row array. */
static int grow_rows(struct parser *p)
{
  struct gr_reftable *t = p->t;
  size_t cap = p->rowcap ? 2 * p->rowcap : 16;
  void *a;
  if ((a = realloc(t->rowkeys, cap * sizeof *t->rowkeys)) == NULL)
    return nomem(p);
  t->rowkeys = a;
  if ((a = realloc(t->rownotes, cap * sizeof *t->rownotes)) == NULL)
    return nomem(p);
  t->rownotes = a;
  if ((a = realloc(t->rowkinds, cap * sizeof *t->rowkinds)) == NULL)
    return nomem(p);
  t->rowkinds = a;
  if ((a = realloc(t->cells, cap * t->ncols * sizeof *t->cells)) == NULL)
    return nomem(p);
  t->cells = a;
  if ((a = realloc(p->rowlines, cap * sizeof *p->rowlines)) == NULL)
    return nomem(p);
  p->rowlines = a;
  p->rowcap = cap;
  return GR_OK;
}

/* Append an empty row (already counted, so gr_ref_free sees it). */
static int add_row(struct parser *p, int lineno, size_t *r)
{
  struct gr_reftable *t = p->t;
  size_t c;
  int rc;
  if (t->nrows == p->rowcap && (rc = grow_rows(p)) != GR_OK)
    return rc;
  *r = t->nrows;
  memset(&t->cells[*r * t->ncols], 0, t->ncols * sizeof *t->cells);
  for (c = 0; c < t->ncols; c++)
    t->cells[*r * t->ncols + c].kind = -1;
  t->rowkeys[*r] = NULL;
  t->rownotes[*r] = NULL;
  t->rowkinds[*r] = -1;
  p->rowlines[*r] = lineno;
  t->nrows++;
  return GR_OK;
}

/* Check a row key: non-empty and not used by an earlier row. */
static int check_rowkey(struct parser *p, const char *key, int lineno)
{
  long r;
  if (is_blank(key))
    return perr(p, lineno, "row key (first column) is empty (give every row a unique name)");
  r = find_row(p->t, key);
  if (r >= 0)
    return perr(p, lineno, "row key '%.80s' repeats line %d (row keys must be unique)", key, p->rowlines[r]);
  return GR_OK;
}

/* What one "COLS SPEC" of a row's kind or tolerance cell does to column c
 * of row r. */
typedef int (*cell_spec_fn)(struct parser *p, int lineno, const char *spec, long c, size_t r);

/* Apply spec to each column of cols, the ','-separated COLS of one item
 * of a row's kind or tolerance cell; a column may be named once a cell. */
static int spec_cols(struct parser *p, int lineno, const char *what, char *cols,
                     const char *spec, size_t r, cell_spec_fn apply)
{
  char *comma;
  long c;
  int rc;
  for (; cols != NULL; cols = comma) {
    if ((comma = strchr(cols, ',')) != NULL)
      *comma++ = '\0';
    if (strcmp(cols, "*") == 0)
      return perr(p, lineno, "column '%s': '*' names no columns in a row (for all the row's columns write the %s alone, without COLS)", what, what);
    c = find_col(p->t, cols);
    if (c < 1 || !is_value_col(p, c))
      return perr(p, lineno, "column '%s': '%.80s' is not a value column (name value columns of the header)", what, cols);
    if (p->named[c])
      return perr(p, lineno, "column '%.80s' named twice in column '%s' (name each column once)", cols, what);
    p->named[c] = 1;
    if ((rc = apply(p, lineno, spec, c, r)) != GR_OK)
      return rc;
  }
  return GR_OK;
}

/* A row's kind or tolerance cell given per column, "COLS SPEC[; COLS
 * SPEC]" with COLS value columns separated by ',': apply each SPEC to its
 * columns of row r. */
static int row_specs(struct parser *p, int lineno, const char *what, const char *f,
                     size_t r, cell_spec_fn apply)
{
  char buf[512], *item = buf, *next, *s, *cols;
  int rc;
  if (strlen(f) >= sizeof buf)
    return perr(p, lineno, "column '%s': too long (at most %zu characters)", what, sizeof buf - 1);
  strcpy(buf, f);
  memset(p->named, 0, p->t->ncols);
  for (; item != NULL; item = next) {
    if ((next = strchr(item, ';')) != NULL)
      *next++ = '\0';
    if (is_blank(item))
      return perr(p, lineno, "column '%s': empty item %s ';' in '%.80s' (write 'COLS %s' there, or remove the ';')", what, item == buf ? "before" : "after", f, what);
    s = item;
    cols = cut(&s, 0);
    if (*s != '\0')
      *s++ = '\0';
    s = trim(s);
    if (*s == '\0')
      return perr(p, lineno, "column '%s': '%.80s' is not a %s (write one, or 'COLS %s' for some columns, COLS value columns separated by ',')", what, f, what, what);
    if ((rc = spec_cols(p, lineno, what, cols, s, r, apply)) != GR_OK)
      return rc;
  }
  return GR_OK;
}

/* cell_spec_fn of the tolerance column: column c's tolerance in this row. */
static int cell_tol(struct parser *p, int lineno, const char *spec, long c, size_t r)
{
  (void)r;
  if (gr_ref_parse_tol(spec, &p->rowtol[c]) != GR_OK)
    return perr(p, lineno, "column 'tolerance': '%.80s' is not a tolerance (write " TOL_KINDS ")", spec);
  p->rowhave[c] = 1;
  return GR_OK;
}

/* cell_spec_fn of the kind column: the kind of cell (r, c). */
static int cell_kind(struct parser *p, int lineno, const char *spec, long c, size_t r)
{
  return parse_kind(p, spec, lineno, &p->t->cells[r * p->t->ncols + (size_t)c].kind);
}

/* Is f meant as "COLS SPEC[; ...]": has it a ';' (no tolerance has) or
 * does it begin with a column name of the header or '*'? */
static int names_cols(const struct parser *p, const char *f)
{
  char name[128];
  size_t n;
  while (isspace((unsigned char)*f))
    f++;
  n = strcspn(f, " \t,;");
  if (strchr(f, ';') != NULL)
    return 1;
  if (n >= sizeof name)
    return 0;
  memcpy(name, f, n);
  name[n] = '\0';
  return strcmp(name, "*") == 0 || find_col(p->t, name) >= 0;
}

/* Parse the row's "tolerance" cell into rowtol/rowhave: one tolerance for
 * the whole row, or "COLS TOL; ..." for some of its columns. */
static int row_tolerance(struct parser *p, int lineno)
{
  const char *f;
  struct gr_tol tol;
  long c;
  memset(p->rowhave, 0, p->t->ncols);
  if (p->tolcol < 0 || is_nothing(f = p->fields[p->tolcol]))
    return GR_OK;
  if (gr_ref_parse_tol(f, &tol) != GR_OK)
    return names_cols(p, f)
               ? row_specs(p, lineno, "tolerance", f, 0, cell_tol)
               : perr(p, lineno, "column 'tolerance': '%.80s' is not a tolerance (write " TOL_KINDS ", '-' for the header's, or 'COLS TOLERANCE' for some columns)", f);
  for (c = 1; c < (long)p->t->ncols; c++) {
    p->rowtol[c] = tol;
    p->rowhave[c] = 1;
  }
  return GR_OK;
}

/* Fill cell (r, c) from field f. */
static int fill_cell(struct parser *p, size_t r, long c, const char *f, int lineno)
{
  struct gr_reftable *t = p->t;
  struct gr_refcell *cell = &t->cells[r * t->ncols + (size_t)c];
  if ((cell->text = strdup(f)) == NULL)
    return nomem(p);
  if (!is_value_col(p, c)) {
    if (c == p->notecol && !is_nothing(f) && (t->rownotes[r] = strdup(f)) == NULL)
      return nomem(p);
    if (c == p->kindcol && !is_nothing(f))
      return gr_kind_parse(f, strlen(f)) >= 0 || strchr(f, ' ') == NULL
                 ? parse_kind(p, f, lineno, &t->rowkinds[r])
                 : row_specs(p, lineno, "kind", f, r, cell_kind);
    return GR_OK;
  }
  cell->tol = p->rowhave[c] ? p->rowtol[c] : p->coltol[c];
  if (strcmp(f, "-") == 0)
    return GR_OK;
  if (!parse_number(f, &cell->value))
    return perr(p, lineno, "column '%.80s': '%.80s' is not a number (write a number or '-')", t->cols[c], f);
  cell->is_number = 1;
  cell->halfunit = gr_ref_halfunit(f);
  return GR_OK;
}

/* Parse one data row. */
static int parse_row(struct parser *p, char *line, int lineno)
{
  struct gr_reftable *t = p->t;
  size_t n = count_fields(line), r;
  int rc;
  long c;
  if (n != t->ncols)
    return perr(p, lineno, "row has %zu fields, expected %zu as in the column header on line %d (separate cells with single tabs; write '-' for an empty cell)", n, t->ncols, p->colline);
  split_tabs(line, p->fields);
  if ((rc = check_rowkey(p, p->fields[0], lineno)) != GR_OK)
    return rc;
  if ((rc = row_tolerance(p, lineno)) != GR_OK)
    return rc;
  if ((rc = add_row(p, lineno, &r)) != GR_OK)
    return rc;
  if ((t->rowkeys[r] = strdup(p->fields[0])) == NULL)
    return nomem(p);
  for (c = 1; c < (long)t->ncols; c++)
    if ((rc = fill_cell(p, r, c, p->fields[c], lineno)) != GR_OK)
      return rc;
  return GR_OK;
}

/* ------------------------------------------------------------ misprints */

/* Attach one misprint to its cell. */
static int resolve_misprint(struct parser *p, const struct misprint *m)
{
  struct gr_reftable *t = p->t;
  struct gr_refcell *cell;
  long r = find_row(t, m->row);
  long c = strcmp(m->col, t->cols[0]) == 0 ? 0 : find_col(t, m->col);
  if (r < 0)
    return perr(p, m->line, "misprint names row '%.80s', which is not in the table (use a row key from the first column)", m->row);
  if (c < 0)
    return perr(p, m->line, "misprint names column '%.80s', which is not in the column header (use a value column's name)", m->col);
  if (!is_value_col(p, c))
    return perr(p, m->line, "misprint names column '%.80s', which holds no published values (use a value column's name)", m->col);
  cell = &t->cells[(size_t)r * t->ncols + (size_t)c];
  if (!cell->is_number)
    return perr(p, m->line, "misprint names cell (%.80s, %.80s), which is '-' (a misprint needs a published number)", m->row, m->col);
  if (cell->misprint)
    return perr(p, m->line, "misprint for cell (%.80s, %.80s) repeats an earlier '# misprint:' line (keep one)", m->row, m->col);
  cell->misprint = 1;
  cell->predicted = strtod(m->pred, NULL);
  cell->predicted_halfunit = gr_ref_halfunit(m->pred);
  cell->predicted_text = strdup(m->pred);
  cell->misprint_note = strdup(m->reason);
  if (cell->predicted_text == NULL || cell->misprint_note == NULL)
    return nomem(p);
  return GR_OK;
}

/* Check the table is complete and attach the misprints. */
static int finish(struct parser *p)
{
  size_t i;
  int rc;
  if (p->colline == 0)
    return perr(p, p->lastline, "no column header (after the '#' header block write a tab-separated line naming the row-key column and the value columns)");
  if (p->t->nrows == 0)
    return perr(p, p->colline, "no data rows after the column header (add at least one tab-separated row of published values)");
  for (i = 0; i < p->nmp; i++)
    if ((rc = resolve_misprint(p, &p->mp[i])) != GR_OK)
      return rc;
  return GR_OK;
}

/* ---------------------------------------------------------------- lines */

/* Parse one line (already NUL-terminated, \r stripped). */
static int parse_line(struct parser *p, char *line, int lineno)
{
  if (is_blank(line))
    return GR_OK;
  p->lastline = lineno;
  if (p->colline == 0)
    return line[0] == '#' ? parse_header_line(p, line, lineno)
                          : parse_colheader(p, line, lineno);
  if (line[0] == '#')
    return perr(p, lineno, "comment after the column header (comments belong in the header block: move it above the column header as '# note: ...')");
  return parse_row(p, line, lineno);
}

/* Split buf into lines and parse them all. */
static int parse_lines(struct parser *p, char *buf)
{
  char *line = buf, *nl;
  size_t n;
  int lineno = 0, rc;
  p->lastline = 1;
  while (line != NULL) {
    if ((nl = strchr(line, '\n')) != NULL)
      *nl = '\0';
    lineno++;
    n = strlen(line);
    if (n > 0 && line[n - 1] == '\r')
      line[n - 1] = '\0';
    if ((rc = parse_line(p, line, lineno)) != GR_OK)
      return rc;
    line = nl ? nl + 1 : NULL;
  }
  return finish(p);
}

/* ------------------------------------------------------------ public API */

/* Parse len bytes of a reference table held in memory (NUL and control
 * bytes are refused with "name:line:"). */
int gr_ref_parse_n(const char *name, const char *text, size_t len,
                   struct gr_reftable **out, struct gr_error *err)
{
  struct parser p;
  char *buf = NULL;
  int rc;
  memset(&p, 0, sizeof p);
  p.name = name ? name : "(reference)";
  p.err = err;
  p.tolcol = p.notecol = p.kindcol = -1;
  if (out == NULL || text == NULL)
    return gr_error_set(err, GR_EINPUT, "%s: no reference text given", p.name);
  *out = NULL;
  if ((rc = gr_fsio_check_text(p.name, text, len, 1, err)) != GR_OK)
    return rc;
  if ((buf = malloc(len + 1)) != NULL) {
    memcpy(buf, text, len);
    buf[len] = '\0';
  }
  if ((p.t = calloc(1, sizeof *p.t)) != NULL)
    p.t->kind = GR_KIND_UNCLASSIFIED;
  if (buf == NULL || p.t == NULL || (p.t->path = strdup(p.name)) == NULL)
    rc = nomem(&p);
  else
    rc = parse_lines(&p, buf);
  free(buf);
  free(p.coltol);
  free(p.rowtol);
  free(p.rowhave);
  free(p.named);
  free(p.fields);
  free(p.rowlines);
  free(p.mp);
  if (rc != GR_OK) {
    gr_ref_free(p.t);
    return rc;
  }
  *out = p.t;
  return GR_OK;
}

/* Parse a NUL-terminated reference table held in memory. */
int gr_ref_parse(const char *name, const char *text, struct gr_reftable **out,
                 struct gr_error *err)
{
  return gr_ref_parse_n(name, text, text ? strlen(text) : 0, out, err);
}

/* Read and parse a reference file. */
int gr_ref_load(const char *path, struct gr_reftable **out, struct gr_error *err)
{
  struct gr_error e;
  char *text;
  size_t len;
  int rc;
  if (out != NULL)
    *out = NULL;
  if (path == NULL)
    return gr_error_set(err, GR_EINPUT, "no reference file named (is --ref pointing at the project's reference/ folder?)");
  gr_error_clear(&e);
  rc = gr_fsio_read(path, &text, &len, &e);
  if (rc != GR_OK)
    return gr_error_set(err, rc, "%s (is --ref pointing at the project's reference/ folder?)", e.msg);
  rc = gr_ref_parse_n(path, text, len, out, err);
  free(text);
  return rc;
}

/* Release a table and everything it owns (NULL is fine). */
void gr_ref_free(struct gr_reftable *t)
{
  size_t i;
  if (t == NULL)
    return;
  for (i = 0; i < t->nnotes; i++)
    free(t->notes[i]);
  for (i = 0; i < t->ncols && t->cols != NULL; i++)
    free(t->cols[i]);
  for (i = 0; i < t->nrows; i++) {
    free(t->rowkeys[i]);
    free(t->rownotes[i]);
  }
  for (i = 0; i < t->nrows * t->ncols; i++) {
    free(t->cells[i].text);
    free(t->cells[i].predicted_text);
    free(t->cells[i].misprint_note);
  }
  free(t->path);
  free(t->source);
  free(t->quantity);
  free(t->notes);
  free(t->cols);
  free(t->rowkeys);
  free(t->rownotes);
  free(t->rowkinds);
  free(t->cells);
  free(t);
}

/* Look a cell up by row key and column name. */
struct gr_refcell *gr_ref_cell(const struct gr_reftable *t, const char *row,
                               const char *col)
{
  long r, c;
  if (t == NULL || row == NULL || col == NULL)
    return NULL;
  r = find_row(t, row);
  c = find_col(t, col);
  if (r < 0 || c < 0)
    return NULL;
  return &t->cells[(size_t)r * t->ncols + (size_t)c];
}


/* Kind of a cell: misprint, else the cell's own (a "COLS KIND" of the row's
 * kind column), else the row's kind column, else the header's. */
enum gr_kind gr_ref_kind(const struct gr_reftable *t, size_t r, const struct gr_refcell *cell)
{
  if (cell != NULL && cell->misprint)
    return GR_KIND_MISPRINT;
  if (cell != NULL && cell->kind >= 0)
    return (enum gr_kind)cell->kind;
  if (r < t->nrows && t->rowkinds != NULL && t->rowkinds[r] >= 0)
    return (enum gr_kind)t->rowkinds[r];
  return (enum gr_kind)t->kind;
}
