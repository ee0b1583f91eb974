"""A private headless weston with the weston-inject module, one client in it.

Everything here waits with a deadline: a compositor or client that does not
start, answer or exit in time raises BenchError with a line saying which and
why, and the processes started are always ended (SIGTERM, then SIGKILL).
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time


class BenchError(Exception):
    """A failure the benchmark reports in one line and exits on."""


def monotonic_ns():
    """CLOCK_MONOTONIC, the clock of the module's time stamps."""
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def tail(path, lines=12):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:]).rstrip() or "(nothing)"
    except OSError:
        return "(no log)"


def end_process(process, grace):
    """SIGTERM, then SIGKILL after grace seconds; always reaps."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Control:
    """The module's control socket: one command per line, one reply each."""

    def __init__(self, path, deadline, alive):
        """Connects once the socket accepts, while alive() holds, until deadline."""
        self.sock = None
        while True:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.settimeout(max(0.05, deadline - time.monotonic()))
                sock.connect(path)
                self.sock = sock
                break
            except OSError:
                sock.close()
                if time.monotonic() > deadline or not alive():
                    raise
                time.sleep(0.02)
        self.pending = b""

    def send(self, lines, timeout=5.0):
        """Sends lines in one write; raises BenchError on any error reply."""
        self.sock.settimeout(timeout)
        self.sock.sendall("".join(line + "\n" for line in lines).encode())
        for line in lines:
            reply = self._reply(timeout)
            if reply != "ok":
                raise BenchError(f"weston-inject refused '{line}': {reply}")

    def _reply(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.pending:
            if time.monotonic() > deadline:
                raise TimeoutError("no reply")
            chunk = self.sock.recv(4096)
            if not chunk:
                raise BenchError("weston-inject closed the control socket")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode(errors="replace")

    def close(self):
        if self.sock:
            self.sock.close()


class WestonSession:
    """weston --backend=headless-backend.so --use-pixman --shell=kiosk-shell.so
    at width x height in a fresh runtime directory, with the inject module."""

    def __init__(self, weston, module, width, height, timeout, keep=None):
        self.dir = tempfile.mkdtemp(prefix="bench-weston-")
        os.chmod(self.dir, 0o700)
        self.keep = keep
        self.socket_name = f"wayland-bench-{os.getpid()}"
        self.control_path = os.path.join(self.dir, "inject.sock")
        self.log_path = os.path.join(self.dir, "weston.log")
        self.client = None
        self.client_log = None
        self.control = None
        env = dict(os.environ, XDG_RUNTIME_DIR=self.dir, WESTON_INJECT_SOCKET=self.control_path)
        args = [weston, "--backend=headless-backend.so", "--use-pixman", "--shell=kiosk-shell.so",
                f"--width={width}", f"--height={height}", f"--socket={self.socket_name}",
                f"--modules={module}", "--idle-time=0", "--no-config"]
        with open(self.log_path, "w") as log:
            try:
                self.weston = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL,
                                               stdout=log, stderr=subprocess.STDOUT)
            except OSError as e:
                self.weston = None
                self.stop()
                raise BenchError(f"weston could not be started ({weston}): {e.strerror}")
        deadline = time.monotonic() + timeout
        try:
            self.control = Control(self.control_path, deadline, alive=lambda: self.weston.poll() is None)
            self.send(["ping"], timeout=max(0.1, deadline - time.monotonic()))
        except (OSError, BenchError) as e:  # OSError includes timeouts
            status = self.weston.poll()
            why = f"exited with status {status}" if status is not None else f"no answer in {timeout:g} s ({e})"
            log = tail(self.log_path)
            self.stop()
            raise BenchError(f"weston did not start: {why}; its log ends:\n{log}")

    def send(self, lines, timeout=5.0):
        try:
            self.control.send(lines, timeout)
        except OSError as e:
            state = "exited" if self.weston.poll() is not None else "running"
            raise BenchError(f"weston-inject did not answer '{lines[0]}' within {timeout:g} s "
                             f"(weston {state}: {e or 'timeout'})")

    def dump(self):
        """The module's timing record so far (see tools/weston-inject/timing.c)."""
        path = os.path.join(self.dir, "timing.json")
        self.send([f"timing-dump {path}"])
        with open(path) as f:
            return json.load(f)

    def launch(self, argv, env):
        """Starts the client on this display; returns CLOCK_MONOTONIC at launch."""
        self.client_log = os.path.join(self.dir, "client.log")
        full_env = dict(os.environ)
        full_env.pop("DISPLAY", None)
        full_env.update(env, XDG_RUNTIME_DIR=self.dir, WAYLAND_DISPLAY=self.socket_name)
        with open(self.client_log, "w") as log:
            launched = monotonic_ns()
            try:
                self.client = subprocess.Popen(argv, env=full_env, stdin=subprocess.DEVNULL,
                                               stdout=log, stderr=subprocess.STDOUT)
            except OSError as e:
                raise BenchError(f"{argv[0]} could not be started: {e.strerror}")
        return launched

    def wait_first_frame(self, name, timeout):
        """Waits until the client's first buffer is on the output; returns the dump."""
        deadline = time.monotonic() + timeout
        while True:
            record = self.dump()
            mine = [c for c in record["clients"] if c["pid"] == self.client.pid]
            if mine and mine[0]["first_repaint"] is not None:
                return record
            status = self.client.poll()
            if status is not None:
                raise BenchError(f"{name} exited with status {status} before showing a frame; "
                                 f"its output ends:\n{tail(self.client_log)}")
            if time.monotonic() > deadline:
                raise BenchError(f"{name} showed no frame within {timeout:g} s; its output ends:\n"
                                 f"{tail(self.client_log)}")
            time.sleep(0.01)

    def check_client_alive(self, name):
        status = self.client.poll()
        if status is not None:
            raise BenchError(f"{name} exited with status {status} during the workload; "
                             f"its output ends:\n{tail(self.client_log)}")

    def stop(self):
        if self.client:
            end_process(self.client, grace=3)
        if self.control:
            self.control.close()
        if self.weston:
            end_process(self.weston, grace=5)
        if self.keep:
            os.makedirs(self.keep, exist_ok=True)
            for name in os.listdir(self.dir):
                source = os.path.join(self.dir, name)
                if os.path.isfile(source) and not name.endswith(".sock") and not name.startswith("wayland-"):
                    shutil.copy(source, os.path.join(self.keep, name))
        shutil.rmtree(self.dir, ignore_errors=True)
