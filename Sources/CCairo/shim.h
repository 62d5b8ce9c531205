// The Cairo 2D graphics library, imported into Swift as the module CCairo.
#include <cairo.h>
#include <cairo-svg.h>
