#!/bin/sh
# Stands in for gesture-demo as the test runner's worker
# (`gesture-demo test --worker crashing-worker.sh`): a script whose name
# starts with "crashing" dies of SIGSEGV, as a crashing worker would;
# every other one runs in the real app, $GESTURE_DEMO_BINARY.
for argument in "$@"; do
    case "$argument" in
        */crashing*.gds) echo "about to crash" >&2; kill -SEGV $$ ;;
    esac
done
exec "$GESTURE_DEMO_BINARY" "$@"
