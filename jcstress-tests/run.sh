#!/usr/bin/env bash
# Runs the JCStress jar: run.sh MODE [REGEX [JCSTRESS-OPTION...]]
#   MODE   sanity | quick | default | tough (JCStress's -m)
#   REGEX  which tests (JCStress's -t); default: every ecslab test
#   further arguments go to JCStress as they are (CI passes "-sc false", see the README)
# Fails (exit 1) when a FORBIDDEN outcome is seen, when a test errors, and when REGEX matches no test
# (JCStress itself exits 0 then). A buggy variant's INTERESTING outcome must be seen when the test
# says the hardware can show it (races/README: the lost updates here need no weak memory model).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="${1:-quick}"
regex="${2:-dev\.ecslab\.stress\..*}"
extra=("${@:3}")
jar="$here/target/jcstress.jar"
out="$here/target/jcstress-results"
if [[ ! -f "$jar" ]]; then
  echo "run.sh: $jar is missing; build it with: mvn -q -pl jcstress-tests -am package -DskipTests" >&2
  exit 2
fi
mkdir -p "$out"
log="$out/run.log"
cd "$out"
java -jar "$jar" -v -m "$mode" -t "$regex" -r "$out" "${extra[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if grep -q "No matching tests" "$log"; then
  echo "run.sh: FAIL: the pattern '$regex' matches no test" >&2
  exit 1
fi
if [[ $status -ne 0 ]] || grep -qE "^\s*\[(FAILED|ERROR)\]" "$log"; then
  echo "run.sh: FAIL: a FORBIDDEN outcome or an error (exit $status); report: $out/index.html" >&2
  exit 1
fi
# Every selected test must have results: JCStress silently skips a test that needs more CPUs than the
# machine has (more actors than cores), which would otherwise pass unseen.
reported="$(awk '/^RUN RESULTS:/{r=1} r && match($0, /\[(OK|FAILED|ERROR)\] [^ ]+/) {t=substr($0, RSTART, RLENGTH); sub(/.*\] /, "", t); print t}' "$log" | sort -u)"
unrun=""
while IFS= read -r file; do
  rel="${file#"$here"/src/main/java/}"
  test="$(tr / . <<<"${rel%.java}")"
  if [[ "$test" =~ ^${regex}$ ]] && ! grep -qx "$test" <<<"$reported"; then
    unrun="$unrun $test"
  fi
done < <(grep -rl "@JCStressTest" "$here"/src/main/java)
if [[ -n "$unrun" ]]; then
  echo "run.sh: FAIL: these tests were selected but produced no results (too few CPUs for their actors?):$unrun" >&2
  exit 1
fi
# Buggy variants whose bad outcome needs no weak memory model say "must-show:" in that outcome's
# description: it must have been seen (samples > 0) in this run, or the check itself is suspect.
shown="$(awk '/^RUN RESULTS:/{r=1} r && match($0, /\[(OK|FAILED|ERROR)\] [^ ]+/) {t=substr($0, RSTART, RLENGTH); sub(/.*\] /, "", t)}
             r && /Interesting +must-show:/ {for (i = 2; i <= NF; i++) if ($i ~ /%$/) {n = $(i-1); gsub(/,/, "", n); if (n + 0 > 0) print t}}' "$log" | sort -u)"
missing=""
while IFS= read -r file; do
  test="dev.ecslab.stress.races.$(basename "$file" .java)"
  if [[ "$test" =~ ^${regex}$ ]] && ! grep -qx "$test" <<<"$shown"; then
    missing="$missing $test"
  fi
done < <(grep -l "must-show:" "$here"/src/main/java/dev/ecslab/stress/races/*.java)
if [[ -n "$missing" ]]; then
  echo "run.sh: FAIL: these buggy variants never showed their bug:$missing" >&2
  exit 1
fi
echo "run.sh: report: $out/index.html"
exit 0
