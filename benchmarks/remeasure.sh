#!/usr/bin/env bash
# Re-measures every table of benchmarks/RESULTS.md on the current commit, with the reduced settings
# stated in RESULTS.md (1 fork; 3 x 1 s warm-up, 5 x 1 s measured unless a line says otherwise).
# About 50 minutes on the 2-core calibration machine (35 before the columnar layout added its cells).
# Run from the repository root on an idle machine:
#   benchmarks/remeasure.sh            (all)      benchmarks/remeasure.sh iteration change   (some)
# Selections: iteration change (change-write: its write-side tables only) realistic core jobs scheduling
#   schedule-build (schedule building and ambiguity analysis only) lab
set -euo pipefail
cd "$(dirname "$0")/.."
commit=$(git rev-parse --short HEAD)
date=$(date -u +%Y-%m-%d)
out=benchmarks/results
mvn -B -q -o -pl benchmarks -am package -DskipTests
jar=benchmarks/target/benchmarks.jar
short=(-f 1 -wi 3 -w 1s -i 5 -r 1s)
run() {
  local name=$1; shift; local file="$out/$name-$date-$commit.json"
  echo "== $name ($commit)"; java -jar "$jar" "$@" -rf json -rff "$file"; without_java_home "$file"
}
# JMH records the java binary's absolute path; where this machine installed its JDK is not a result (jdkVersion and
# vmName name the JDK), so the committed file says <JAVA_HOME>/bin/java.
without_java_home() { sed -E 's#("jvm" *: *")[^"]*(/bin/java")#\1<JAVA_HOME>\2#' "$1" > "$1.tmp" && mv "$1.tmp" "$1"; }
want() { [[ ${#SELECTED[@]} -eq 0 ]] || [[ " ${SELECTED[*]} " == *" $1 "* ]]; }   # no selection: all
SELECTED=("$@")
# iteration: every Contender, so the object contenders and the columnar ones (ECSLAB_COLUMNAR*, HAND_SOA) side by side.
if want iteration; then
  run iteration IterationBenchmark "${short[@]}"
  # the floor of a tracked per-entity loop, hand-written in the write handle's shapes (no ecslab in it)
  run stamp-placement StampPlacementBenchmark "${short[@]}"
fi
# change: the benchmarks that touch values (mutateAll, mutateAllChunks, changed, fullScan) run under both value layouts
# (their layout parameter's default, references and columnar): each strategy's cost against an object loop and a
# primitive one. frameEnd and changedCount read no value and have no layout parameter. The sweep to 10^3-10^4 (chart 1's
# small worlds) measures mutateAll in both layouts and leaves mutateAllChunks to 10^5-10^6.
if want change || want change-write; then
  run change-mutate 'ChangeTrackingBenchmark\.(mutateAll|mutateAllChunks|mutateAllArrays|frameEnd)$' -p observed=true "${short[@]}"
  run change-unobserved 'ChangeTrackingBenchmark\.(mutateAll|mutateAllChunks|mutateAllArrays)$' -p observed=false -p strategy=none,generation \
      "${short[@]}"
fi
if want change; then
  run change-query 'ChangeTrackingBenchmark\.(changed|changedCount|fullScan)$' -p strategy=none,generation,generation-scan \
      -p percentChanged=0.1,1 -p spread=random,clustered "${short[@]}"
fi
if want change || want change-write; then
  run change-sweep 'ChangeTrackingBenchmark\.mutateAll$' -p observed=true -p entities=1000,10000 "${short[@]}"
  java -cp "$jar" dev.ecslab.bench.TrackingMemoryReport > "$out/tracking-memory-$date-$commit.txt"
fi
if want realistic; then run realistic RealisticTickBenchmark "${short[@]}"; fi
if want core; then
  run spawn SpawnBenchmark -f 1
  run spawn-parallelgc SpawnBenchmark -f 1 -jvmArgsAppend -XX:+UseParallelGC
  run addremove AddRemoveBenchmark "${short[@]}"
fi
if want jobs; then run jobs JobBenchmark "${short[@]}"; fi
if want scheduling; then run scheduling 'ExecutorBenchmark|ScheduleBuildBenchmark' -f 1 -wi 3 -i 5; fi
if want scheduling || want schedule-build; then
  if ! want scheduling; then run scheduling ScheduleBuildBenchmark -f 1 -wi 3 -i 5; fi
  run ambiguity-scale AmbiguityScaleBenchmark -f 1 -wi 2 -i 5
fi
if want lab; then
  run lab-throughput LabThroughputBenchmark -f 1
  java -Decslab.commit="$commit" -cp "$jar" dev.ecslab.bench.LabPower 20 200 2 "$out/lab-power-$date-$commit.json"
fi
echo "done at $commit"
