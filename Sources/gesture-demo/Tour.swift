/// The script played when the app runs without a compositor: a short visit
/// of every page (800x600 layout), with a snapshot of each.
let builtInTour = """
# Built-in tour at 800x600.
size 800 600

# Touches: a double tap describes itself, then a swipe.
page touches
down 1 600 420
up 1
wait 100
down 1 602 420
up 1
snapshot 01-touches-double-tap
down 1 560 500
frame
wait 16
move 1 600 480
frame
wait 16
move 1 640 470
frame
snapshot 02-touches-swipe
up 1
wait 3500
snapshot 03-touches-reset

# FlatCube: one-finger tap in red; two fingers in the yellows; Recognize any
# on, then a tap on the triple overlap counts both.
page flatcube
down 1 400 120
up 1
wait 400
down 1 250 420
down 2 550 420
frame
up 1
up 2
wait 400
down 1 438 558
up 1
wait 400
down 1 400 280
up 1
wait 400
snapshot 04-flatcube

# Gestures: pinch the picture from a 100 px to a 150 px span.
page gestures
down 1 612 464
down 2 712 464
frame
wait 16
move 1 602 464
move 2 722 464
frame
wait 16
move 1 592 464
move 2 732 464
frame
wait 16
move 1 587 464
move 2 737 464
frame
wait 100
up 1
up 2
snapshot 05-gestures-pinch
"""
