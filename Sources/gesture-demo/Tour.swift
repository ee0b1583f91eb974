/// The script played when the app runs without a compositor: it shows each
/// FlatCube rule once and snapshots the result (800x600 layout).
let builtInTour = """
# Built-in tour: FlatCube at 800x600.
size 800 600
snapshot 01-start
# One-finger tap in the red-only part: red counter 1.
down 1 400 120
up 1
wait 400
snapshot 02-red-tap
# Two-finger tap, one finger in each yellow square: yellow counter 1.
down 1 250 420
down 2 550 420
frame
up 1
up 2
wait 400
snapshot 03-two-finger-yellow
# Recognize any on, then a one-finger tap on the triple overlap: both count.
down 1 438 558
up 1
wait 400
down 1 400 280
up 1
wait 400
snapshot 04-any-triple
"""
