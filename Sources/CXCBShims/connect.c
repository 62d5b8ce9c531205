// Opening an X server's socket with a deadline, and finding its authorisation in the Xauthority
// file (libXau), so that xcb_connect_to_fd can do the rest: xcb_connect would wait without a bound.
#define _GNU_SOURCE
#include "CXCBShims.h"

#include <X11/Xauth.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stddef.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/// Where X servers on this machine listen: the directory of their sockets, `X<n>` in it.
#define FC_X11_SOCKET_DIRECTORY "/tmp/.X11-unix/X"
/// TCP ports of X displays: 6000 + the display's number.
#define FC_X11_TCP_PORT_BASE 6000
/// The authorisation protocol asked for (the only one an X server of today hands out).
#define FC_X11_AUTH_NAME "MIT-MAGIC-COOKIE-1"
/// Xauthority families (X11/Xauth.h names only some of them).
#define FC_FAMILY_INTERNET 0
#define FC_FAMILY_INTERNET6 6
#define FC_FAMILY_LOCAL 256

static int64_t monotonic_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/// Milliseconds left until `deadline`, rounded up, at least 0.
static int milliseconds_until(int64_t deadline) {
    int64_t left = deadline - monotonic_now();
    if (left <= 0) return 0;
    int64_t ms = (left + 999999) / 1000000;
    return ms > 1000000 ? 1000000 : (int)ms;
}

/// Connects `fd` (non-blocking) to `address`, waiting until `deadline`. 0, or -errno.
static int connect_until(int fd, const struct sockaddr *address, socklen_t length, int64_t deadline) {
    if (connect(fd, address, length) == 0) return 0;
    if (errno != EINPROGRESS && errno != EINTR) return -errno;
    while (1) {
        struct pollfd entry = {.fd = fd, .events = POLLOUT};
        int ready = poll(&entry, 1, milliseconds_until(deadline));
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return -errno;
        if (ready == 0) return -ETIMEDOUT;
        int failure = 0;
        socklen_t size = sizeof failure;
        if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &size) != 0) return -errno;
        return failure == 0 ? 0 : -failure;
    }
}

/// A new non-blocking, close-on-exec stream socket of `family` connected to `address`, or -errno.
static int open_connected(int family, const struct sockaddr *address, socklen_t length, int64_t deadline) {
    int fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    int result = connect_until(fd, address, length, deadline);
    if (result != 0) {
        close(fd);
        return result;
    }
    return fd;
}

/// This machine's socket of display `display`: the abstract name first (it needs no file), then
/// the file in the socket directory.
static int open_local(int display, int64_t deadline) {
    struct sockaddr_un address;
    int result = -ENOENT;
    for (int abstract = 1; abstract >= 0; abstract--) {
        memset(&address, 0, sizeof address);
        address.sun_family = AF_UNIX;
        char *path = address.sun_path + abstract;
        int length = snprintf(path, sizeof address.sun_path - 1, FC_X11_SOCKET_DIRECTORY "%d", display);
        socklen_t size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + abstract + length);
        result = open_connected(AF_UNIX, (const struct sockaddr *)&address, size, deadline);
        if (result >= 0 || result == -ETIMEDOUT) return result;
    }
    return result;
}

/// Resolves `host` with a deadline: glibc's resolver runs on a thread of its own (getaddrinfo_a),
/// which a plain getaddrinfo would not bound. The list (free with freeaddrinfo), or NULL with
/// `*error` set to -errno.
static struct addrinfo *resolve(const char *host, const char *port, int64_t deadline, int *error) {
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_ADDRCONFIG;
    // A request still in the resolver's hands when the deadline passes cannot be freed: it is left to
    // it (a few hundred bytes, only when a name server never answers).
    struct gaicb *request = calloc(1, sizeof *request + sizeof hints);
    if (request == NULL) {
        *error = -ENOMEM;
        return NULL;
    }
    struct addrinfo *request_hints = (struct addrinfo *)(request + 1);
    *request_hints = hints;
    request->ar_name = strdup(host);
    request->ar_service = strdup(port);
    request->ar_request = request_hints;
    struct gaicb *list[1] = {request};
    if (request->ar_name == NULL || request->ar_service == NULL || getaddrinfo_a(GAI_NOWAIT, list, 1, NULL) != 0) {
        free((void *)request->ar_name);
        free((void *)request->ar_service);
        free(request);
        *error = -EHOSTUNREACH;
        return NULL;
    }
    while (gai_error(request) == EAI_INPROGRESS) {
        int64_t left = deadline - monotonic_now();
        if (left <= 0) break;
        struct timespec wait = {.tv_sec = left / 1000000000, .tv_nsec = left % 1000000000};
        const struct gaicb *waiting[1] = {request};
        gai_suspend(waiting, 1, &wait);
    }
    int status = gai_error(request);
    if (status == EAI_INPROGRESS && gai_cancel(request) != EAI_CANCELED) {
        *error = -ETIMEDOUT;
        return NULL;
    }
    struct addrinfo *result = status == 0 ? request->ar_result : NULL;
    free((void *)request->ar_name);
    free((void *)request->ar_service);
    free(request);
    if (result == NULL) *error = status == EAI_INPROGRESS || status == EAI_CANCELED ? -ETIMEDOUT : -EHOSTUNREACH;
    return result;
}

/// Display `display` on `host` over TCP (port 6000 + display), each address in turn.
static int open_tcp(const char *host, int display, int64_t deadline) {
    char port[16];
    snprintf(port, sizeof port, "%d", FC_X11_TCP_PORT_BASE + display);
    int result = 0;
    struct addrinfo *addresses = resolve(host, port, deadline, &result);
    if (addresses == NULL) return result;
    result = -ECONNREFUSED;
    for (struct addrinfo *entry = addresses; entry != NULL; entry = entry->ai_next) {
        result = open_connected(entry->ai_family, entry->ai_addr, entry->ai_addrlen, deadline);
        if (result >= 0 || result == -ETIMEDOUT) break;
    }
    freeaddrinfo(addresses);
    if (result >= 0) {
        int on = 1;
        setsockopt(result, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    }
    return result;
}

int fc_xcb_open_socket(const char *host, int display, int64_t deadline) {
    if (display < 0) return -EINVAL;
    if (host == NULL || host[0] == '\0' || strcmp(host, "unix") == 0) return open_local(display, deadline);
    return open_tcp(host, display, deadline);
}

void *fc_xcb_find_auth(int fd, int display, xcb_auth_info_t *auth) {
    memset(auth, 0, sizeof *auth);
    struct sockaddr_storage peer;
    socklen_t size = sizeof peer;
    if (getpeername(fd, (struct sockaddr *)&peer, &size) != 0) return NULL;
    unsigned short family = FC_FAMILY_LOCAL;
    const char *address = NULL;
    unsigned short length = 0;
    char hostname[256];
    if (peer.ss_family == AF_INET) {
        const struct sockaddr_in *inet = (const struct sockaddr_in *)&peer;
        if ((ntohl(inet->sin_addr.s_addr) >> 24) != IN_LOOPBACKNET) {
            family = FC_FAMILY_INTERNET;
            address = (const char *)&inet->sin_addr;
            length = sizeof inet->sin_addr;
        }
    } else if (peer.ss_family == AF_INET6) {
        const struct sockaddr_in6 *inet6 = (const struct sockaddr_in6 *)&peer;
        if (IN6_IS_ADDR_V4MAPPED(&inet6->sin6_addr)) {
            const char *v4 = (const char *)&inet6->sin6_addr + 12;
            if ((unsigned char)v4[0] != IN_LOOPBACKNET) {
                family = FC_FAMILY_INTERNET;
                address = v4;
                length = 4;
            }
        } else if (!IN6_IS_ADDR_LOOPBACK(&inet6->sin6_addr)) {
            family = FC_FAMILY_INTERNET6;
            address = (const char *)&inet6->sin6_addr;
            length = sizeof inet6->sin6_addr;
        }
    }
    // A local connection (a Unix socket, or loopback) is listed under this machine's name.
    if (family == FC_FAMILY_LOCAL) {
        if (gethostname(hostname, sizeof hostname) != 0) return NULL;
        hostname[sizeof hostname - 1] = '\0';
        address = hostname;
        length = (unsigned short)strlen(hostname);
    }
    char number[16];
    int number_length = snprintf(number, sizeof number, "%d", display);
    char *names[1] = {FC_X11_AUTH_NAME};
    int name_lengths[1] = {(int)strlen(FC_X11_AUTH_NAME)};
    Xauth *entry = XauGetBestAuthByAddr(family, length, address, (unsigned short)number_length, number, 1, names, name_lengths);
    if (entry == NULL) return NULL;
    auth->namelen = entry->name_length;
    auth->name = entry->name;
    auth->datalen = entry->data_length;
    auth->data = entry->data;
    return entry;
}

void fc_xcb_auth_release(void *entry) {
    if (entry != NULL) XauDisposeAuth((Xauth *)entry);
}
