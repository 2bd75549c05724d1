#!/usr/bin/env bash
# Runs the official `gridstatusio` client's own test suite (gridstatusio/tests/test_api.py), its
# tests whose datasets are ERCOT's plus its usage test, against the mock API started with
# SHAPES=hosted (docs/decisions/0027). The suite reads its key and host from
# GRIDSTATUS_API_KEY_TEST and GRIDSTATUS_HOST_TEST (`GridStatusClient(api_key=…, host=…)`, the
# host including `/v1`). Vitest runs a port of the same tests on every run
# (src/test/officialClientSuite.test.ts); this runs the real client where Python has it.
#
# Needs python3 with gridstatusio, pytest and pandas. The test file is the installed package's
# (gridstatusio/tests/test_api.py) unless OFFICIAL_CLIENT_TESTS names one (a checkout's).
# Port: OFFICIAL_SUITE_PORT (default 4090). Without what it needs it says why and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${OFFICIAL_SUITE_PORT:-4090}"

skip() {
  echo "official client suite not run: $1"
  exit 0
}

command -v python3 >/dev/null || skip "python3 is not installed."
missing=$(python3 - <<'PY'
import importlib.util
print(" ".join(m for m in ("gridstatusio", "pytest", "pandas") if importlib.util.find_spec(m) is None))
PY
)
[ -z "$missing" ] || skip "python3 lacks ${missing} (pip install gridstatusio pytest)."

TESTS="${OFFICIAL_CLIENT_TESTS:-$(python3 -c 'import gridstatusio, os; print(os.path.join(os.path.dirname(gridstatusio.__file__), "tests", "test_api.py"))')}"
[ -f "$TESTS" ] || skip "no test file at $TESTS (set OFFICIAL_CLIENT_TESTS to a checkout's gridstatusio/tests/test_api.py)."

# The tests of test_api.py whose datasets are ERCOT's, and the usage test. The cursor tests on
# spp_lmp_day_ahead_hourly are the ones `and_filter` names; test_reports_api runs for ERCOT only.
SELECTION="test_uses_columns or test_handles_unknown_columns or test_filter_operator_in \
or (test_cursor_pagination_equals_offset_pagination and not and_filter) \
or (test_reports_api and ERCOT) \
or test_publish_time_start_filtering or test_publish_time_end_filtering \
or test_publish_time_start_and_end_filtering or test_publish_time_start_inclusive_and_end_time_exclusive \
or test_get_api_usage"

# Another server may already hold the port (a dev mock in the seed shapes, something else): a
# health check alone would pass against it and the suite would test the wrong server. So the
# mock counts as up only once our own process says it is listening (it prints that only after its
# listen succeeded), and then it must answer /v1/api_usage in the hosted shape.
LOG=$(mktemp)
SHAPES=hosted PORT="$PORT" node --import tsx src/mock/server.ts >"$LOG" 2>&1 &
MOCK_PID=$!
trap 'kill "$MOCK_PID" 2>/dev/null || true; rm -f "$LOG"' EXIT

listening=""
for _ in $(seq 1 150); do
  if grep -q "listening on http://[^ ]*:${PORT}" "$LOG"; then listening=yes; break; fi
  if ! kill -0 "$MOCK_PID" 2>/dev/null || grep -q "EADDRINUSE" "$LOG"; then break; fi
  sleep 0.2
done
if [ -z "$listening" ]; then
  echo "the mock API did not start on port ${PORT} (in use by another server? set OFFICIAL_SUITE_PORT):"
  cat "$LOG"
  exit 1
fi
usage=$(curl -sf -H "x-api-key: test-key" "http://127.0.0.1:${PORT}/v1/api_usage") || usage=""
case "$usage" in
  *'"plan_name"'*) ;;
  *) echo "port ${PORT} does not answer as the mock in the hosted shapes (/v1/api_usage: ${usage:-no answer})"; exit 1 ;;
esac

# test_reports_api expects the report of the client machine's local date: run it in market time,
# where the mock's current market day is.
echo "Running the official client's ERCOT tests against the mock (SHAPES=hosted) on port ${PORT}"
TZ=America/Chicago \
  GRIDSTATUS_API_KEY_TEST=test-key \
  GRIDSTATUS_HOST_TEST="http://127.0.0.1:${PORT}/v1" \
  python3 -m pytest "$TESTS" -k "$SELECTION" -p no:cacheprovider -q
