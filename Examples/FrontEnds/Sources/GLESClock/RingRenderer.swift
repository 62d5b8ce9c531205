import CGLES

/// The clock ring drawn by OpenGL ES 3 shaders: one full-screen triangle whose fragment shader
/// draws the track, and over it the arc from twelve o'clock clockwise to `strokeEnd`.
///
/// Make it, and draw with it, with the EGL context current on the calling thread; it belongs to
/// that context, which one thread at a time holds (the display link's, once frames run).
final class RingRenderer: @unchecked Sendable {
    // @unchecked: used only where its context is current, one thread at a time.
    private let program: GLuint
    private let sizeLocation: GLint
    private let strokeEndLocation: GLint

    /// Why the shaders could not be built: the stage and the driver's log.
    struct Failure: Error, CustomStringConvertible {
        var stage: String
        var log: String
        var description: String { "the ring's \(stage) failed: \(log)" }
    }

    /// Compiles and links the shaders (the context current).
    init() throws(Failure) {
        let vertex = try Self.compile(GLenum(GL_VERTEX_SHADER), Self.vertexSource, stage: "vertex shader")
        let fragment = try Self.compile(
            GLenum(GL_FRAGMENT_SHADER), Self.fragmentSource, stage: "fragment shader")
        program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        glDeleteShader(vertex)
        glDeleteShader(fragment)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked != 0 else {
            throw Failure(stage: "program link", log: Self.log(program, glGetProgramInfoLog))
        }
        sizeLocation = glGetUniformLocation(program, "size")
        strokeEndLocation = glGetUniformLocation(program, "strokeEnd")
    }

    /// Draws the ring, covering `strokeEnd` (0 to 1) of the circle, into a `width` × `height`
    /// surface.
    func draw(strokeEnd: Double, width: Int, height: Int) {
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glUseProgram(program)
        glUniform2f(sizeLocation, GLfloat(width), GLfloat(height))
        glUniform1f(strokeEndLocation, GLfloat(strokeEnd))
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
    }

    // MARK: Private

    /// A triangle that covers the viewport, from the vertex index alone (no vertex buffer).
    private static let vertexSource = """
        #version 300 es
        void main() {
            vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
            gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
        }
        """

    /// The ring's colours and proportions are clock-demo's (a tenth of the radius wide).
    private static let fragmentSource = """
        #version 300 es
        precision mediump float;
        uniform vec2 size;
        uniform float strokeEnd;
        out vec4 color;
        const float fullTurn = 6.2831853;
        void main() {
            vec2 p = gl_FragCoord.xy - size * 0.5;
            float outer = min(size.x, size.y) * 0.5;
            float ringWidth = outer * 0.1;
            float distanceToRing = abs(length(p) - (outer - ringWidth));
            float coverage = 1.0 - smoothstep(ringWidth * 0.5 - 1.0, ringWidth * 0.5, distanceToRing);
            float angle = atan(p.x, p.y);
            float fraction = (angle < 0.0 ? angle + fullTurn : angle) / fullTurn;
            vec3 background = vec3(0.06, 0.06, 0.08);
            vec3 track = vec3(0.22, 0.22, 0.26);
            vec3 progress = vec3(0.2, 0.75, 1.0);
            color = vec4(mix(background, fraction <= strokeEnd ? progress : track, coverage), 1.0);
        }
        """

    private static func compile(_ type: GLenum, _ source: String, stage: String) throws(Failure) -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled != 0 else {
            let log = Self.log(shader, glGetShaderInfoLog)
            glDeleteShader(shader)
            throw Failure(stage: stage, log: log)
        }
        return shader
    }

    /// The info log of a shader or program, read through `read` (glGetShaderInfoLog and the like).
    private static func log(
        _ object: GLuint,
        _ read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var buffer = [GLchar](repeating: 0, count: logCapacity)
        var length: GLsizei = 0
        read(object, GLsizei(logCapacity), &length, &buffer)
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// How much of a shader's info log is kept.
    private static let logCapacity = 1024
}
