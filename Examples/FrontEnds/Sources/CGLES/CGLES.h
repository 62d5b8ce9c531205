// OpenGL ES 3: the shaders and draw calls of the clock ring.
#include <GLES3/gl3.h>
