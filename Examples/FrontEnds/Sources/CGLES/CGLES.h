// OpenGL ES 3: the shaders and draw calls of the clock ring, the clears and scissors of
// x11-gles-clock's sweep.
#include <GLES3/gl3.h>
