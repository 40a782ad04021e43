#!/usr/bin/env bash
# Runs the JCStress jar: run.sh MODE [REGEX [JCSTRESS-OPTION...]]
#   MODE   sanity | quick | default | tough (JCStress's -m); quick is the shortest in which the twins
#          reliably show their bugs (in sanity mode they often do not, and then this script fails)
#   REGEX  which tests (JCStress's -t, a regex found anywhere in the name); default: every ecslab test
#   further arguments go to JCStress as they are (CI passes "-sc false", see the README)
# ECSLAB_JCSTRESS_JVM_ARGS, when set and not empty, runs every test under that one JVM configuration
# (JCStress's -jvmArgs) instead of every configuration of the mode; the default build sets it.
#
# A test whose name ends in "Twin" (a nested class such as ChangeTickStress.Twin) is the real test run on
# the production class with a bug put back: its outcomes that the real test forbids are marked
# "must-show:". This script fails (exit 1) when
#   - the pattern matches no test (JCStress itself exits 0 then),
#   - a real test showed a FORBIDDEN outcome, errored, or produced no results,
#   - a twin did not show its must-show outcome in this run, errored, or produced no results
#     (JCStress silently skips a test with more actors than the machine has CPUs).
# It writes target/jcstress-results/verdict.tsv, one line per selected test (test, real|twin, verdict,
# what was seen), after a "#" header with the mode, the pattern and the times: the report's race
# catalogue reads it (a twin's bug counts as caught only when the twin SHOWN it and its real test PASSED
# in the same run).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="${1:-quick}"
regex="${2:-dev\.ecslab\.stress\..*}"
extra=("${@:3}")
if [[ -n "${ECSLAB_JCSTRESS_JVM_ARGS:-}" ]]; then
  extra+=(-jvmArgs "$ECSLAB_JCSTRESS_JVM_ARGS")
fi
jar="$here/target/jcstress.jar"
out="$here/target/jcstress-results"
if [[ ! -f "$jar" ]]; then
  echo "run.sh: $jar is missing; build it with: mvn -q -pl jcstress-tests -am package -DskipTests" >&2
  exit 2
fi
mkdir -p "$out"
log="$out/run.log"
verdict="$out/verdict.tsv"
rm -f "$verdict"
cd "$out"
selected="$(java -jar "$jar" -l -t "$regex" "${extra[@]}" 2>/dev/null | grep -E '^dev\.ecslab\.' | sort -u)"
if [[ -z "$selected" ]]; then
  echo "run.sh: FAIL: the pattern '$regex' matches no test" >&2
  exit 1
fi
started="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
java -jar "$jar" -v -m "$mode" -t "$regex" -r "$out" "${extra[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
finished="$(date -u +%Y-%m-%dT%H:%M:%SZ)"

# Per test in the log's RUN RESULTS: its status, whether a Forbidden row had samples, whether a
# must-show row had samples.
seen="$(awk '
  /^RUN RESULTS:/ { r = 1; next }
  !r { next }
  match($0, /\[(OK|FAILED|ERROR)\] [^ ]+/) {
    t = substr($0, RSTART, RLENGTH); st = t; sub(/^\[/, "", st); sub(/\].*/, "", st); sub(/.*\] /, "", t)
    status[t] = st; forbidden[t] += 0; shown[t] += 0; next
  }
  t != "" && NF >= 5 {
    n = 0
    for (i = 2; i <= NF; i++) if ($i ~ /%$/) { n = $(i - 1); gsub(/,/, "", n); break }
    if ($0 ~ / Forbidden / && n + 0 > 0) forbidden[t] = 1
    if ($0 ~ /must-show:/ && n + 0 > 0) shown[t] = 1
  }
  END { for (t in status) print t, status[t], forbidden[t], shown[t] }' "$log")"

{
  echo "# mode=$mode regex=$regex jvm-args=${ECSLAB_JCSTRESS_JVM_ARGS:-every-configuration} started=$started finished=$finished jcstress-exit=$status cpus=$(nproc 2>/dev/null || echo '?')"
  while IFS= read -r test; do
    kind=real
    [[ "$test" == *Twin ]] && kind=twin
    line="$(grep -E "^${test//./\\.} " <<<"$seen" || true)"
    if [[ -z "$line" ]]; then
      printf '%s\t%s\t%s\t%s\n' "$test" "$kind" "NO-RESULTS" "selected, but JCStress reported nothing"
      continue
    fi
    read -r _ st forb shown <<<"$line"
    if [[ "$st" == ERROR ]]; then
      printf '%s\t%s\t%s\t%s\n' "$test" "$kind" "ERROR" "an actor threw, or the test could not run"
    elif [[ "$kind" == twin && "$shown" == 1 ]]; then
      printf '%s\t%s\t%s\t%s\n' "$test" "$kind" "SHOWN" "its must-show outcome was observed in this run"
    elif [[ "$kind" == twin ]]; then
      printf '%s\t%s\t%s\t%s\n' "$test" "$kind" "NOT-SHOWN" "its must-show outcome was never observed in this run"
    elif [[ "$st" == FAILED || "$forb" == 1 ]]; then
      printf '%s\t%s\t%s\t%s\n' "$test" "$kind" "FAILED" "a FORBIDDEN outcome was observed"
    else
      printf '%s\t%s\t%s\t%s\n' "$test" "$kind" "PASSED" "no FORBIDDEN outcome observed"
    fi
  done <<<"$selected"
} >"$verdict"

bad="$(awk -F'\t' '!/^#/ && $3 != "PASSED" && $3 != "SHOWN" { print "  " $1 " (" $2 "): " $3 ": " $4 }' "$verdict")"
if [[ $status -ne 0 || -n "$bad" ]]; then
  echo "run.sh: FAIL (JCStress exit $status); report: $out/index.html" >&2
  [[ -n "$bad" ]] && echo "$bad" >&2
  if [[ "$mode" == sanity ]] && grep -q $'\tNOT-SHOWN\t' "$verdict"; then
    echo "run.sh: sanity mode is often too short for a twin to show its bug; quick is the shortest mode to gate on" >&2
  fi
  exit 1
fi
echo "run.sh: every real test passed and every twin showed its bug; verdict: $verdict; report: $out/index.html"
exit 0
