"""The touch script every client gets: taps, a two-finger pinch+rotate and a
one-finger drag, one touch frame every 8 ms.

Full workload (issue 10): 5 taps (10 events), a 200-frame pinch+rotate
(2 downs, 400 motions, 2 ups) and a 200-frame drag (1 down, 200 motions,
1 up): 616 touch events in 414 frames, 3.3 s. The short one (harness
self-test) has the same shape with 2 taps and 10-frame gestures.

All of it is aimed at one point per client (see live.py), and stays
within 150 px of it: the taps land within 24 px of it, the pinch spreads
two fingers from 60 to 120 px from it while turning them by 60 degrees,
the drag crosses it from (-120, -80) to (+120, +80).
"""

import math

FRAME_INTERVAL = 0.008  # seconds between touch frames

SIZES = {
    "full": {"taps": 5, "pinch_frames": 200, "drag_frames": 200},
    "short": {"taps": 2, "pinch_frames": 10, "drag_frames": 10},
}

TAP_OFFSETS = [(0, 0), (24, 0), (-24, 0), (0, 24), (0, -24)]
PINCH_RADII = (60.0, 120.0)
PINCH_TURN = math.radians(60)
DRAG_SPAN = (240.0, 160.0)


def _point(x, y):
    return f"{x:.2f} {y:.2f}"


def touch_parts(size, centre):
    """The script aimed at centre, in its parts: (name, frames) for the
    taps, the pinch and the drag, each frame a list of weston-inject
    commands ending with touch-frame."""
    shape = SIZES[size]
    taps = []
    for i in range(shape["taps"]):
        dx, dy = TAP_OFFSETS[i % len(TAP_OFFSETS)]
        taps.append([f"touch-down 0 {_point(centre[0] + dx, centre[1] + dy)}", "touch-frame"])
        taps.append(["touch-up 0", "touch-frame"])

    n = shape["pinch_frames"]
    cx, cy = centre

    def fingers(step):
        t = step / n
        radius = PINCH_RADII[0] + (PINCH_RADII[1] - PINCH_RADII[0]) * t
        angle = PINCH_TURN * t
        dx, dy = radius * math.cos(angle), radius * math.sin(angle)
        return (cx + dx, cy + dy), (cx - dx, cy - dy)

    a, b = fingers(0)
    pinch = [[f"touch-down 0 {_point(*a)}", f"touch-down 1 {_point(*b)}", "touch-frame"]]
    for step in range(1, n + 1):
        a, b = fingers(step)
        pinch.append([f"touch-motion 0 {_point(*a)}", f"touch-motion 1 {_point(*b)}", "touch-frame"])
    pinch.append(["touch-up 0", "touch-up 1", "touch-frame"])

    n = shape["drag_frames"]
    x0, y0 = centre[0] - DRAG_SPAN[0] / 2, centre[1] - DRAG_SPAN[1] / 2
    drag = [[f"touch-down 0 {_point(x0, y0)}", "touch-frame"]]
    for step in range(1, n + 1):
        t = step / n
        drag.append([f"touch-motion 0 {_point(x0 + DRAG_SPAN[0] * t, y0 + DRAG_SPAN[1] * t)}", "touch-frame"])
    drag.append(["touch-up 0", "touch-frame"])
    return [("taps", taps), ("pinch", pinch), ("drag", drag)]


def frames_of(parts):
    """The frames of parts, as touch_parts gives them, one after the other."""
    return [frame for _, frames in parts for frame in frames]


def touch_frames(size, centre):
    """The whole script aimed at centre, as one list of touch frames."""
    return frames_of(touch_parts(size, centre))


def event_count(frames):
    return sum(1 for frame in frames for line in frame if line != "touch-frame")
