#!/usr/bin/env bash
# Links Fray's instrumented Java runtime from a JDK 25, for the Fray lane's tests.
#
#   link-fray-jdk.sh JAR_DIR OUT_DIR FRAY_VERSION [JDK25]
#   link-fray-jdk.sh --find [JDK25]      prints the JDK 25 it would use, or fails as the link would
#
# JAR_DIR holds Fray's jlink plugin and its libraries; OUT_DIR receives the runtime and a fray-version
# file, which Fray's Maven plugin (prepare-fray) reads to know the runtime is ready. Fray's plugin would
# link it itself, but only from a JDK that ships jmods; JDK 24 and later may ship without them (JEP 493:
# Temurin 25 does), and then its jlink links from the run-time image, which needs the module list spelled
# out and cannot include jdk.jlink itself. This script does that, and does what the plugin does otherwise.
#
# The JDK 25 is, in this order: the 4th argument, $ECSLAB_JDK25, $JDK25_HOME, GitHub's setup-java
# $JAVA_HOME_25_X64 or $JAVA_HOME_25_ARM64, or a JDK 25 installed beside the default JDK: in the folder that
# holds the home of $JAVA_HOME or of the java on the PATH, where Debian's packages and Temurin's put every
# JDK (or in $ECSLAB_JDK_SEARCH).
# Without one it fails loudly: the Fray lane is never skipped.
set -euo pipefail
find_only=0
if [[ "${1:-}" == --find ]]; then
  find_only=1
  given=${2:-}
else
  jars=$1 out=$2 version=$3 given=${4:-}
fi

is_jdk25() {
  [[ -x "$1/bin/java" && -x "$1/bin/jlink" ]] && "$1/bin/java" -version 2>&1 | head -1 | grep -q '"25[."]'
}

jdk=""
for named in "$given" "${ECSLAB_JDK25:-}" "${JDK25_HOME:-}" "${JAVA_HOME_25_X64:-}" "${JAVA_HOME_25_ARM64:-}"; do
  if [[ -n "$named" ]]; then
    if ! is_jdk25 "$named"; then
      echo "fray-tests: $named (named by -Decslab.jdk25, ECSLAB_JDK25, JDK25_HOME or setup-java's JAVA_HOME_25_*) is not a JDK 25 with java and jlink" >&2
      exit 1
    fi
    jdk=$named
    break
  fi
done
# The folders the default JDKs are installed in: the parents of the homes of $JAVA_HOME and of the java on
# the PATH.
beside_defaults() {
  if [[ -n "${JAVA_HOME:-}" ]]; then
    dirname "$JAVA_HOME"
  fi
  if command -v java >/dev/null 2>&1; then
    dirname "$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
  fi
}
if [[ -n "${ECSLAB_JDK_SEARCH:-}" ]]; then
  search=$ECSLAB_JDK_SEARCH
else
  search=$(beside_defaults | awk '!seen[$0]++' | paste -sd' ' -)
fi
if [[ -z "$jdk" ]]; then
  for folder in $search; do
    for candidate in "$folder"/*; do
      if is_jdk25 "$candidate"; then
        jdk=$candidate
        break 2
      fi
    done
  done
fi
if [[ -z "$jdk" ]]; then
  echo "fray-tests: no JDK 25 found (looked at -Decslab.jdk25, \$ECSLAB_JDK25, \$JDK25_HOME, \$JAVA_HOME_25_X64, \$JAVA_HOME_25_ARM64 and ${search:-the folder of the default JDK, not found})." >&2
  echo "fray-tests: the Fray lane runs on a JDK 25 (Fray 0.9.2 needs one); install one (for example Temurin 25)" >&2
  echo "fray-tests: and point ECSLAB_JDK25 at it, or pass -Decslab.jdk25=/path/to/jdk-25." >&2
  exit 1
fi
if [[ $find_only == 1 ]]; then
  echo "$jdk"
  exit 0
fi

stamp="$version $(cd "$jdk" && pwd -P) $(grep JAVA_RUNTIME_VERSION "$jdk/release" 2>/dev/null || true)"
if [[ -f "$out/fray-version" && -f "$out/linked-from" && "$(cat "$out/linked-from")" == "$stamp" ]]; then
  echo "fray-tests: Fray's runtime is already linked from $jdk ($out)"
  exit 0
fi

cp=$(ls "$jars"/*.jar | paste -sd: -)
rm -rf "$out"
mkdir -p "$(dirname "$out")"
if [[ -d "$jdk/jmods" ]]; then
  modules=(--module-path="$jdk/jmods" --add-modules=ALL-MODULE-PATH)
else
  # Linking from the run-time image (JEP 493): every module the JDK has, except jdk.jlink, which such a
  # link refuses, and jdk.jpackage, which needs it.
  list=$("$jdk/bin/java" --list-modules | sed 's/@.*//' | grep -v -x -e jdk.jlink -e jdk.jpackage | paste -sd, -)
  modules=(--add-modules="$list")
fi
echo "fray-tests: linking Fray's instrumented runtime from $jdk into $out"
log="$(dirname "$out")/jlink.log"
if ! "$jdk/bin/jlink" "-J-javaagent:$jars/fray-instrumentation-jdk-$version.jar" "-J--module-path=$cp" \
    -J--add-modules=org.pastalab.fray.instrumentation.jdk "-J--class-path=$cp" --output="$out" "${modules[@]}" \
    --release-info add:IMPLEMENTOR=Fray --fray-instrumentation >"$log" 2>&1; then
  cat "$log" >&2
  echo "fray-tests: jlink failed linking Fray's runtime from $jdk (its output is above and in $log)" >&2
  exit 1
fi
if [[ ! -x "$out/bin/java" ]] || ! "$out/bin/java" -version >/dev/null 2>&1; then
  echo "fray-tests: jlink did not produce a working $out/bin/java" >&2
  exit 1
fi
printf '%s' "$version" > "$out/fray-version"
printf '%s' "$stamp" > "$out/linked-from"
