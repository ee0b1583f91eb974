#!/bin/bash
# Stands in for a test runner's worker (`gesture-demo test --worker
# crashing-worker.sh` starts it as `crashing-worker.sh test --serve`): it
# speaks the worker's protocol (one job a line, arguments separated by
# U+001F; the job's output, then "U+0001 gesture-demo-job-end CODE"),
# runs each job in the real app, $GESTURE_DEMO_BINARY, and dies of SIGSEGV
# on a script whose name starts with "crashing", as a crashing worker
# would.
while IFS= read -r line; do
    IFS=$'\x1f' read -r -a arguments <<< "$line"
    for argument in "${arguments[@]}"; do
        case "$argument" in
            */crashing*.gds) echo "about to crash" >&2; kill -SEGV $$ ;;
        esac
    done
    "$GESTURE_DEMO_BINARY" "${arguments[@]}" 2>&1
    printf '\001gesture-demo-job-end %d\n' $?
done
