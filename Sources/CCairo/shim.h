#include <cairo/cairo.h>
/* The renderer sets up fontconfig itself (GestureRender/FontConfiguration). */
#include <fontconfig/fontconfig.h>
