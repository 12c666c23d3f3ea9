#!/bin/sh
# granrepro tests (issue 25): a sweep under a real Slurm.  Starts a
# single-node Slurm from Debian's packages (munged, slurmctld, slurmd;
# slurm.conf naming this host as controller and node, 2 CPUs, every state
# folder in the scratch folder, ports of its own), submits
# slurm/sweep.sh -n 3 of a quick wilson-clumping (a job array of three
# shards, each some of the groups' seeds as conditions, and a merge job
# after them), waits for the merge, compares its bytes with an unsharded
# run, checks that the records name the host of each shard, and stops the
# daemons.  Skips only when the packages
# (slurm-wlm, munge) are missing.  Runs as root without systemd (CI).
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

for p in munged mungekey slurmctld slurmd sbatch squeue; do
  command -v $p >/dev/null 2>&1 || PATH=$PATH:/usr/sbin:/sbin
  command -v $p >/dev/null 2>&1 || skip "$p not found (apt-get install slurm-wlm munge)"
done
GNUPLOT=/nonexistent
export GNUPLOT
# SLURM_EXP, SLURM_SHARDS, SLURM_MODE=full (default quick), SLURM_TIMEOUT
# (seconds): the measurement of issue 25 with the same script
exp=${SLURM_EXP:-wilson-clumping}
mode=--${SLURM_MODE:-quick}
[ "$mode" = --full ] && mode=
shards=${SLURM_SHARDS:-3}
timeout=${SLURM_TIMEOUT:-120}
t=$scratch/slurm
mkdir -p "$t/ctld" "$t/slurmd" "$t/munge"
chmod 700 "$t/munge"
host=$(hostname -s)
user=$(id -un)
base=$((20000 + $$ % 20000))

# The daemons run in the foreground as children of this shell, so that
# their ids are known at once and the EXIT trap stops and reaps them
# whatever failed (pass removes the scratch folder before the trap runs).
pids=
stop() {
  for _p in $pids; do
    kill "$_p" 2>/dev/null
  done
  for _p in $pids; do
    wait "$_p" 2>/dev/null
  done
  return 0
}
trap 'stop' EXIT
trap 'stop; exit 1' INT TERM

mungekey --create --keyfile="$t/munge/munge.key" >/dev/null 2>&1 ||
  dd if=/dev/urandom of="$t/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 600 "$t/munge/munge.key"
munged --foreground --force --socket="$t/munge/munge.socket" --key-file="$t/munge/munge.key" \
  --pid-file="$t/munge/munged.pid" --log-file="$t/munge/munged.log" \
  --seed-file="$t/munge/munged.seed" >"$t/munged.out" 2>&1 &
pids="$! $pids"

cat >"$t/slurm.conf" <<EOF
ClusterName=granrepro-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=$user
SlurmdUser=$user
SlurmctldPort=$base
SlurmdPort=$((base + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$t/munge/munge.socket
StateSaveLocation=$t/ctld
SlurmdSpoolDir=$t/slurmd
SlurmctldPidFile=$t/ctld.pid
SlurmdPidFile=$t/slurmd.pid
SlurmctldLogFile=$t/ctld.log
SlurmdLogFile=$t/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
SlurmdTimeout=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
SLURM_CONF=$t/slurm.conf
export SLURM_CONF
i=0
until [ -S "$t/munge/munge.socket" ]; do
  i=$((i + 1))
  [ $i -le 300 ] || { show "$t/munged.out"; show "$t/munge/munged.log"; fail "munged did not start in 30 s"; }
  sleep 0.1
done
slurmctld -D -c -f "$t/slurm.conf" >"$t/ctld.out" 2>&1 &
pids="$! $pids"
slurmd -D -f "$t/slurm.conf" >"$t/slurmd.out" 2>&1 &
pids="$! $pids"

# the node comes up
i=0
until sinfo -h -o %T 2>/dev/null | grep -Eq '^(idle|mixed|allocated)'; do
  i=$((i + 1))
  [ $i -le 120 ] || { sinfo >&2; show "$t/ctld.out"; show "$t/ctld.log"; show "$t/slurmd.log"; fail "the node did not come up in 60 s"; }
  sleep 0.5
done

# the unsharded run, then the sweep under Slurm
now() { date +%s.%N; }
start=$(now)
expect_exit 0 "$GRANREPRO" run $mode --no-progress --out "$scratch/whole" $exp
whole=$(awk "BEGIN { printf \"%.1f\", $(now) - $start }")
start=$(now)
expect_exit 0 sh "$top_srcdir/slurm/sweep.sh" -n $shards -o "$scratch/sweep" -b "$GRANREPRO" $exp $mode --ref "$GRANREPRO_REF"
cat "$stdout_file"
i=0
while squeue -h 2>/dev/null | grep -q .; do
  i=$((i + 1))
  [ $i -le $((2 * timeout)) ] || { squeue >&2; show "$t/ctld.log"; fail "the sweep did not finish in $timeout s"; }
  sleep 0.5
done
echo "$exp ${mode:---full}: unsharded run $whole s; sweep of $shards shards and merge under Slurm $(awk "BEGIN { printf \"%.1f\", $(now) - $start }") s (wall)"
for f in "$scratch/sweep/slurm"/*.log; do show "$f" 2>&1; done
[ -f "$scratch/sweep/$exp/summary.tsv" ] || { show "$t/ctld.log"; fail "no merged report (the jobs failed: logs above)"; }
for f in $(cd "$scratch/whole/$exp" && ls -- *.dat summary.tsv notes.md); do
  cmp "$scratch/whole/$exp/$f" "$scratch/sweep/$exp/$f" || fail "$f of the Slurm sweep differs from the unsharded run"
done
# every shard ran as a Slurm job and its record names the host
k=1
while [ $k -le $shards ]; do
  assert_has "$(ls "$scratch/sweep/shards/$exp/$k-of-$shards"/*.tsv)" "# host: "
  assert_has "$scratch/sweep/slurm/$exp-shard-$k.log" "shard $k/$shards"
  k=$((k + 1))
done
assert_has "$scratch/sweep/slurm/$exp-merge.log" "merged $shards shards"
# the merge's record: one row per shard with the host that ran it
rec=$(ls "$scratch/sweep/records"/*.tsv | tail -n 1)
grep "^$exp/" "$rec" # the shards' hosts and times, for the log
assert_has "$rec" "# mode: ${SLURM_MODE:-quick}"
k=1
while [ $k -le $shards ]; do
  assert_has "$rec" "$exp/shard-$k-of-$shards@$(hostname | cut -c1-60)"
  k=$((k + 1))
done
pass
