#!/bin/sh
# docs/kinds.sh SUMMARY: the verdicts of a summary.tsv counted by kind,
# paper results first, on one line, as the report pages show them
# ("paper results: 12 reproduced, 3 differs; printed: 4 reproduced; ...";
# kinds other than paper results only when they have rows).  Used by
# docs/generate.sh and for the README's results table.
awk -F '\t' '/^#/ || !h++ { next }
  { k = ($7 == "") ? "unclassified" : $7; n[k, $6]++; any[k] = 1 }
  END {
    split("result printed misprint check choice unclassified", kind, " ")
    split("paper results|printed|misprints|our checks|our choices|unclassified", label, "|")
    split("reproduced differs expected-difference informative", verdict, " ")
    for (i = 1; i <= 6; i++) {
      if (i > 1 && !any[kind[i]]) continue
      s = ""
      for (v = 1; v <= 4; v++)
        if (n[kind[i], verdict[v]]) s = s (s == "" ? " " : ", ") n[kind[i], verdict[v]] " " verdict[v]
      out = out (out == "" ? "" : "; ") label[i] ":" (s == "" ? " none" : s)
    }
    print out
  }' "$1"
