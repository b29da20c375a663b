# Sourced by .ci/run: times each phase, prints the load average beside it, and keeps a summary
# (ci_summary) for the end of the run. A phase is one command; `timed` returns its exit status.
ci_started=$SECONDS
ci_times="$(mktemp)"

ci_load() { cut -d' ' -f1-3 /proc/loadavg; }

# timed NAME COMMAND...: runs COMMAND as the phase NAME. Safe to run in the background (`&`): each
# phase appends its own line to the summary file.
timed() {
  local name="$1"
  shift
  local started=$SECONDS status=0
  echo "== $name (carga $(ci_load))"
  "$@" || status=$?
  local took=$((SECONDS - started)) verdict=ok
  ((status == 0)) || verdict="FALLÓ ($status)"
  printf '%-44s %4d:%02d  %-12s carga al terminar %s\n' "$name" $((took / 60)) $((took % 60)) \
    "$verdict" "$(ci_load)" >>"$ci_times"
  echo "-- $name: $took s, $verdict (carga $(ci_load))"
  return "$status"
}

# The summary: every phase in the order it ended, then the whole run.
ci_summary() {
  local took=$((SECONDS - ci_started))
  echo
  echo "== Tiempos de CI (fase, m:ss, resultado, carga 1/5/15 min al terminar)"
  cat "$ci_times"
  printf '%-44s %4d:%02d  (carga %s, %s núcleos)\n' "Total" $((took / 60)) $((took % 60)) \
    "$(ci_load)" "$(nproc)"
}
