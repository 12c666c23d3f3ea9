#!/bin/sh
# granrepro on a Slurm cluster (issue 25): one job array, one task per
# shard (granrepro run --shard K/N), and a merge job that runs when every
# shard succeeded (--dependency=afterok).
#
#   slurm/sweep.sh [-n SHARDS] [-o OUT] [-b GRANREPRO] [-s 'SBATCH OPTIONS'] EXP [RUN OPTIONS]
#
#   -n SHARDS   shards (default 4); the array is 1-SHARDS
#   -o OUT      report folder, on a file system every node sees (default reports)
#   -b PROGRAM  the granrepro binary, also visible on every node (default: the
#               one next to this script's folder, else granrepro on PATH)
#   -s OPTIONS  extra sbatch options for both jobs ('-p long -t 2:00:00')
#   RUN OPTIONS go to every shard: --quick, --seed N, --set NAME=VALUE, --ref DIR
#
# Prints the two job ids; the merged report is OUT/EXP/, each shard's part
# (journal and run record, with the host that ran it) OUT/shards/EXP/K-of-N/
# and the merge's record OUT/records/ (one row per shard, named with its
# host).  Stale shards of an earlier sweep of EXP in OUT are removed first.
# Without Slurm, the same shards on this machine, two at a time:
#   seq 1 N | xargs -P 2 -I K granrepro run --quick --shard K/N EXP && granrepro merge EXP
set -eu

n=4
out=reports
sb=
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$here/granrepro
[ -x "$bin" ] || bin=$(command -v granrepro || echo granrepro)
while getopts n:o:b:s: opt; do
  case $opt in
  n) n=$OPTARG ;;
  o) out=$OPTARG ;;
  b) bin=$OPTARG ;;
  s) sb=$OPTARG ;;
  *) echo "usage: slurm/sweep.sh [-n SHARDS] [-o OUT] [-b GRANREPRO] [-s 'SBATCH OPTIONS'] EXP [RUN OPTIONS]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "slurm/sweep.sh: name the experiment (granrepro list shows them)" >&2; exit 2; }
exp=$1
shift
case $n in '' | *[!0-9]* | 0) echo "slurm/sweep.sh: -n '$n' is not a number of shards >= 1" >&2; exit 2 ;; esac
command -v sbatch >/dev/null || { echo "slurm/sweep.sh: sbatch not found (no Slurm here: use the xargs recipe in the README)" >&2; exit 2; }
[ -x "$bin" ] || { echo "slurm/sweep.sh: '$bin' is not an executable (give -b PROGRAM)" >&2; exit 2; }
mkdir -p "$out/slurm"
out=$(cd "$out" && pwd)
rm -rf "$out/shards/$exp"

# quote each argument for the job scripts
q() { printf "'%s' " "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
args=
for a in "$@"; do args="$args$(q "$a")"; done
# merge takes --ref (the shards' seed and mode come from their journals)
ref=
prev=
for a in "$@"; do
  [ "$prev" = --ref ] && ref="--ref $(q "$a")"
  prev=$a
done

# shellcheck disable=SC2086 # $sb is a list of sbatch options
array=$(sbatch --parsable $sb --job-name="gr-$exp" --array="1-$n" \
  --output="$out/slurm/$exp-shard-%a.log" --wrap="exec $(q "$bin") run --no-progress $args--shard \$SLURM_ARRAY_TASK_ID/$n --out $(q "$out") $(q "$exp")")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable $sb --job-name="gr-$exp-merge" --dependency="afterok:$array" \
  --output="$out/slurm/$exp-merge.log" --wrap="exec $(q "$bin") merge $ref--out $(q "$out") $(q "$exp")")
merge=${merge%%;*}
echo "$exp: shards job array $array (1-$n), merge job $merge (after all succeed); report: $out/$exp/"
