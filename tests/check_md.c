/* granrepro tests: the notes' Markdown as HTML (src/site/md.c): each
 * construct the notes use gives exactly the expected HTML (headings shifted
 * by the base level, paragraphs, lists, pipe tables, code blocks and spans,
 * strong, emphasis only where unambiguous, links with safe URLs only),
 * every text escaped, and the edges: empty input, no final newline, CRLF,
 * an unterminated fence, table rows of too few or too many cells. */
#include <string.h>

#include "harness/buf.h"
#include "site/md.h"
#include "tests/check_run.h"

/* Render text (up to its NUL) at base level base and expect exactly want. */
static void md_base(const char *text, int base, const char *want)
{
  struct gr_buf b = GR_BUF_INIT;
  gr_site_md_render(&b, text, strlen(text), base);
  ck_assert_int_eq(b.failed, 0);
  ck_assert_str_eq(gr_buf_str(&b), want);
  gr_buf_free(&b);
}

/* As md_base at the page's level 3. */
static void md(const char *text, const char *want)
{
  md_base(text, 3, want);
}

START_TEST(test_empty)
{
  md("", "");
  md("\n\n  \n\t\n", "");
  md_base("\0# not read", 3, "");
}
END_TEST

START_TEST(test_headings)
{
  md("# A\n## B\n### C\n#### D\n", "<h3>A</h3>\n<h4>B</h4>\n<h5>C</h5>\n<h6>D</h6>\n");
  md("##### E\n###### F\n", "<h6>E</h6>\n<h6>F</h6>\n");
  md_base("# A\n## B\n", 1, "<h1>A</h1>\n<h2>B</h2>\n");
  md("## Closed ##\n#   Spaced  \n#\n", "<h4>Closed</h4>\n<h3>Spaced</h3>\n<h3></h3>\n");
  md("#x\n", "<p>#x</p>\n");
  md("####### seven\n", "<p>####### seven</p>\n");
  md("text\n# H\nmore\n", "<p>text</p>\n<h3>H</h3>\n<p>more</p>\n");
  md("# Fig. 1: `a<b` & **c**\n", "<h3>Fig. 1: <code>a&lt;b</code> &amp; <strong>c</strong></h3>\n");
}
END_TEST

START_TEST(test_paragraphs)
{
  md("a\nb\n\nc\n", "<p>a\nb</p>\n<p>c</p>\n");
  md("\n\n  lead  \n\n\n\nnext", "<p>lead</p>\n<p>next</p>\n");
  md("1 < 2 & \"x\" > 'y'\n", "<p>1 &lt; 2 &amp; &quot;x&quot; &gt; 'y'</p>\n");
  md("a <script>alert(1)</script>\n", "<p>a &lt;script&gt;alert(1)&lt;/script&gt;</p>\n");
  md("    four spaces: not code\n", "<p>four spaces: not code</p>\n");
}
END_TEST

START_TEST(test_no_final_newline)
{
  md("a\nb", "<p>a\nb</p>\n");
  md("# H", "<h3>H</h3>\n");
  md("- a\n- b", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n");
  md("|a|b|\n|-|-|\n|1|2|", "<table>\n<thead><tr><th>a</th><th>b</th></tr>\n</thead>\n<tbody>\n"
                           "<tr><td>1</td><td>2</td></tr>\n</tbody></table>\n");
  md("```\ncode", "<pre><code>code\n</code></pre>\n");
}
END_TEST

START_TEST(test_crlf)
{
  md("# H\r\n\r\npara\r\nline\r\n- a\r\n- b\r\n",
     "<h3>H</h3>\n<p>para\nline</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n");
  md("| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n\r\nafter\r\n",
     "<table>\n<thead><tr><th>a</th><th>b</th></tr>\n</thead>\n<tbody>\n"
     "<tr><td>1</td><td>2</td></tr>\n</tbody></table>\n<p>after</p>\n");
  md("```\r\nx\r\n```\r\n", "<pre><code>x\n</code></pre>\n");
  md("**a\r\nb** `c\r\nd`\r\n", "<p><strong>a\nb</strong> <code>c\nd</code></p>\n");
  md("lone\rcr\r\n", "<p>lone\xef\xbf\xbd" "cr</p>\n");
}
END_TEST

START_TEST(test_lists)
{
  md("- a\n- b\n", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n");
  md("* a\n* b <&>\n", "<ul>\n<li>a</li>\n<li>b &lt;&amp;&gt;</li>\n</ul>\n");
  md("- a\n  more\n\tand more\n- b\n", "<ul>\n<li>a\n  more\n\tand more</li>\n<li>b</li>\n</ul>\n");
  md("- a\n\n- b\n\nafter\n", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<p>after</p>\n");
  md("- a\n* b\n", "<ul>\n<li>a</li>\n</ul>\n<ul>\n<li>b</li>\n</ul>\n");
  md("- a\ntext\n", "<ul>\n<li>a</li>\n</ul>\n<p>text</p>\n");
  md("text:\n- a\n", "<p>text:</p>\n<ul>\n<li>a</li>\n</ul>\n");
  md("1. a\n2. b\n", "<ol>\n<li>a</li>\n<li>b</li>\n</ol>\n");
  md("3. a\n4. b\n", "<ol start=\"3\">\n<li>a</li>\n<li>b</li>\n</ol>\n");
  md("see\n2. x\n", "<p>see\n2. x</p>\n");
  md("see\n1. x\n", "<p>see</p>\n<ol>\n<li>x</li>\n</ol>\n");
  md("-a\n*b*\n", "<p>-a\n<em>b</em></p>\n");
  md("- \n-\n", "<p>- \n-</p>\n");
  md("- a\n  - b\n", "<ul>\n<li>a\n  - b</li>\n</ul>\n");
  md("- scale = `--set NAME=VALUE`: **x**\n", "<ul>\n<li>scale = <code>--set NAME=VALUE</code>: <strong>x</strong></li>\n</ul>\n");
}
END_TEST

START_TEST(test_table)
{
  md("| N | loop | ratio |\n|---|:--|--:|\n| 20 | all pairs | 14.8 |\n| 100 | cells | 7.8 |\n",
     "<table>\n<thead><tr><th>N</th><th>loop</th><th>ratio</th></tr>\n</thead>\n<tbody>\n"
     "<tr><td>20</td><td>all pairs</td><td>14.8</td></tr>\n"
     "<tr><td>100</td><td>cells</td><td>7.8</td></tr>\n</tbody></table>\n");
  md("text\n| a |\n|---|\n| x |\nafter\n",
     "<p>text</p>\n<table>\n<thead><tr><th>a</th></tr>\n</thead>\n<tbody>\n"
     "<tr><td>x</td></tr>\n</tbody></table>\n<p>after</p>\n");
  md("| a | b |\n| --- | --- |\n", "<table>\n<thead><tr><th>a</th><th>b</th></tr>\n</thead>\n<tbody>\n</tbody></table>\n");
}
END_TEST

START_TEST(test_table_ragged_rows)
{
  md("| a | b | c |\n|---|---|---|\n| 1 |\n| 1 | 2 | 3 | 4 | 5 |\n||\n",
     "<table>\n<thead><tr><th>a</th><th>b</th><th>c</th></tr>\n</thead>\n<tbody>\n"
     "<tr><td>1</td><td></td><td></td></tr>\n"
     "<tr><td>1</td><td>2</td><td>3</td></tr>\n"
     "<tr><td></td><td></td><td></td></tr>\n</tbody></table>\n");
}
END_TEST

START_TEST(test_table_cells_escaped_and_marked_up)
{
  md("| <h> | \"q\" |\n|---|---|\n| a<b & c>d | `x` **y** \\| z |\n",
     "<table>\n<thead><tr><th>&lt;h&gt;</th><th>&quot;q&quot;</th></tr>\n</thead>\n<tbody>\n"
     "<tr><td>a&lt;b &amp; c&gt;d</td><td><code>x</code> <strong>y</strong> | z</td></tr>\n</tbody></table>\n");
  md("| a | b |\n|---|---|\n| `x|y` | c |\n", /* a pipe splits a code span, as on GitHub */
     "<table>\n<thead><tr><th>a</th><th>b</th></tr>\n</thead>\n<tbody>\n"
     "<tr><td>`x</td><td>y`</td></tr>\n</tbody></table>\n");
  md("| a | b |\n|---|---|\n| `<td>` | [d](docs/x.md) \\| y |\n",
     "<table>\n<thead><tr><th>a</th><th>b</th></tr>\n</thead>\n<tbody>\n"
     "<tr><td><code>&lt;td&gt;</code></td><td><a href=\"docs/x.md\">d</a> | y</td></tr>\n</tbody></table>\n");
}
END_TEST

START_TEST(test_not_tables)
{
  md("| a | b |\n|---|\n| 1 | 2 |\n", "<p>| a | b |\n|---|\n| 1 | 2 |</p>\n");
  md("| a |\n| b |\n", "<p>| a |\n| b |</p>\n");
  md("a | b\n--|--\n", "<p>a | b\n--|--</p>\n");
  md("| a |\n|-x-|\n", "<p>| a |\n|-x-|</p>\n");
  md("largest |q_i - q_j| here\n", "<p>largest |q_i - q_j| here</p>\n");
}
END_TEST

START_TEST(test_fenced_code)
{
  md("```\na < b && \"c\"\n  **not bold** `x`\n```\nafter\n",
     "<pre><code>a &lt; b &amp;&amp; &quot;c&quot;\n  **not bold** `x`\n</code></pre>\n<p>after</p>\n");
  md("para\n```sh\nmake\n```\n", "<p>para</p>\n<pre><code>make\n</code></pre>\n");
  md("  ```\n  two\n    four\n ```\n", "<pre><code>two\n  four\n</code></pre>\n");
  md("````\n```\n````\n", "<pre><code>```\n</code></pre>\n");
  md("```\n\n```\n", "<pre><code>\n</code></pre>\n");
}
END_TEST

START_TEST(test_unterminated_fence)
{
  md("```c\nint *p = &q;\n\n# not a heading\n", "<pre><code>int *p = &amp;q;\n\n# not a heading\n</code></pre>\n");
  md("```", "<pre><code></code></pre>\n");
}
END_TEST

START_TEST(test_code_spans)
{
  md("run `granrepro run --shard K/N c12` now\n", "<p>run <code>granrepro run --shard K/N c12</code> now</p>\n");
  md("`a<b>&\"c\"`\n", "<p><code>a&lt;b&gt;&amp;&quot;c&quot;</code></p>\n");
  md("``a ` b`` and ` x `\n", "<p><code>a ` b</code> and <code>x</code></p>\n");
  md("`**x** [a](b)`\n", "<p><code>**x** [a](b)</code></p>\n");
  md("a ``` b` c\n", "<p>a ``` b` c</p>\n");
  md("`unclosed\n", "<p>`unclosed</p>\n");
}
END_TEST

START_TEST(test_strong_and_emphasis)
{
  md("**Lattice (section 2).** The mask\n", "<p><strong>Lattice (section 2).</strong> The mask</p>\n");
  md("*restitution*, a GSL\n(*x*)\n", "<p><em>restitution</em>, a GSL\n(<em>x</em>)</p>\n");
  md("*The variant inside the 10 %.* How\n", "<p><em>The variant inside the 10 %.</em> How</p>\n");
  md("**a <b>**\n", "<p><strong>a &lt;b&gt;</strong></p>\n");
  md("**Speed** (`a**b`)\n", "<p><strong>Speed</strong> (<code>a**b</code>)</p>\n");
}
END_TEST

START_TEST(test_formulas_not_emphasis)
{
  md("a*b*c and F*(X-Y) and f* 0.3, e* = 0.17\n", "<p>a*b*c and F*(X-Y) and f* 0.3, e* = 0.17</p>\n");
  md("2 * 3 * 4 and ** x ** here\n", "<p>2 * 3 * 4 and ** x ** here</p>\n");
  md("sigma_1 and v_x,i and _x_ and __y__\n", "<p>sigma_1 and v_x,i and _x_ and __y__</p>\n");
  md("rows */clumps-t10, */no-clumps\nand collapses-to-*)\n", "<p>rows */clumps-t10, */no-clumps\nand collapses-to-*)</p>\n");
  md("*one\nline* only\n", "<p>*one\nline* only</p>\n");
  md("lattice-* kernels, reference/*.tsv\n", "<p>lattice-* kernels, reference/*.tsv</p>\n");
  md("\\*not em\\* \\` \\a\n", "<p>*not em* ` \\a</p>\n");
}
END_TEST

START_TEST(test_links)
{
  md("see [usage](docs/usage.md) and [up](../../docs/x.md#a)\n",
     "<p>see <a href=\"docs/usage.md\">usage</a> and <a href=\"../../docs/x.md#a\">up</a></p>\n");
  md("[notes](#notes) [w](https://example.org/a?b=1&c=2) [h](http://x.org)\n",
     "<p><a href=\"#notes\">notes</a> <a href=\"https://example.org/a?b=1&amp;c=2\">w</a> "
     "<a href=\"http://x.org\">h</a></p>\n");
  md("[**b** <i>](q\"onclick=x)\n", "<p><a href=\"q&quot;onclick=x\"><strong>b</strong> &lt;i&gt;</a></p>\n");
  md("[a](b c) [a] (b) [a]() [a](b\n", "<p>[a](b c) [a] (b) [a]() [a](b</p>\n");
}
END_TEST

START_TEST(test_unsafe_links)
{
  md("[x](javascript:alert(1))\n", "<p>[x](javascript:alert(1))</p>\n");
  md("[x](JavaScript:alert)\n", "<p>[x](JavaScript:alert)</p>\n");
  md("[x](data:text/html,<b>)\n", "<p>[x](data:text/html,&lt;b&gt;)</p>\n");
  md("[x](data:text/html;base64,PHNjcmlwdD4=)\n", "<p>[x](data:text/html;base64,PHNjcmlwdD4=)</p>\n");
  md("[x](vbscript:y) [y](file:///etc/passwd) [z](mailto:a@b)\n",
     "<p>[x](vbscript:y) [y](file:///etc/passwd) [z](mailto:a@b)</p>\n");
  md("[x](http:alert) [ok](dir/a:b)\n", "<p>[x](http:alert) <a href=\"dir/a:b\">ok</a></p>\n");
}
END_TEST

START_TEST(test_control_bytes_and_nul)
{
  struct gr_buf b = GR_BUF_INIT;
  gr_site_md_render(&b, "a\0b", 3, 3);
  ck_assert_str_eq(gr_buf_str(&b), "<p>a</p>\n");
  gr_buf_free(&b);
  md("x\x01y\n", "<p>x\xef\xbf\xbdy</p>\n");
}
END_TEST

/* The md suite. */
static Suite *md_suite(void)
{
  Suite *s = suite_create("md");
  TCase *tc = tcase_create("markdown");
  tcase_add_test(tc, test_empty);
  tcase_add_test(tc, test_headings);
  tcase_add_test(tc, test_paragraphs);
  tcase_add_test(tc, test_no_final_newline);
  tcase_add_test(tc, test_crlf);
  tcase_add_test(tc, test_lists);
  tcase_add_test(tc, test_table);
  tcase_add_test(tc, test_table_ragged_rows);
  tcase_add_test(tc, test_table_cells_escaped_and_marked_up);
  tcase_add_test(tc, test_not_tables);
  tcase_add_test(tc, test_fenced_code);
  tcase_add_test(tc, test_unterminated_fence);
  tcase_add_test(tc, test_code_spans);
  tcase_add_test(tc, test_strong_and_emphasis);
  tcase_add_test(tc, test_formulas_not_emphasis);
  tcase_add_test(tc, test_links);
  tcase_add_test(tc, test_unsafe_links);
  tcase_add_test(tc, test_control_bytes_and_nul);
  suite_add_tcase(s, tc);
  return s;
}

GR_CHECK_MAIN(md_suite, 1)
