// OpenGL ES 3: the clears and scissors of x11-gles-clock's sweep.
#include <GLES3/gl3.h>
