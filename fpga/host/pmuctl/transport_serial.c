/* pmuctl: the serial transport, for the board's USB-UART and the virtual board's pty alike
 * (termios raw 8N1; a pty ignores the baud rate). */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "pmuctl.h"

typedef struct {
  transport_t base;
  int fd;
  uint8_t seq;
  int timeout_ms;
} serial_t;

static long now_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* one byte within the deadline; 0 on timeout */
static int get_byte(serial_t *s, long deadline, uint8_t *b)
{
  for (;;) {
    long left = deadline - now_ms();
    struct pollfd p;
    ssize_t n;
    if (left <= 0) return 0;
    p.fd = s->fd;
    p.events = POLLIN;
    p.revents = 0;
    if (poll(&p, 1, (int)left) <= 0) continue;
    n = read(s->fd, b, 1);
    if (n == 1) return 1;
    if (n < 0 && errno != EAGAIN && errno != EINTR) return 0;
  }
}

/* read one reply: 5A STATUS SEQ LEN PAYLOAD CRC_HI CRC_LO */
static int get_reply(serial_t *s, int want_seq, int *status, uint8_t *rpay, size_t *rn)
{
  long deadline = now_ms() + s->timeout_ms;
  uint8_t f[4 + 255 + 2], b;
  size_t i, len;
  do {
    if (!get_byte(s, deadline, &b)) return ST_NO_REPLY;
  } while (b != SYNC_RSP);
  f[0] = b;
  for (i = 1; i < 4; i++)
    if (!get_byte(s, deadline, &f[i])) return ST_NO_REPLY;
  len = f[3];
  for (i = 0; i < len + 2; i++)
    if (!get_byte(s, deadline, &f[4 + i])) return ST_NO_REPLY;
  if (crc16_ccitt(0xffff, f + 1, len + 5) != 0) return ST_BAD_REPLY;
  if (want_seq >= 0 && f[2] != (uint8_t)want_seq) return ST_BAD_REPLY;
  *status = f[1];
  if (rpay) {
    if (len > MAXPAY) return ST_BAD_REPLY;
    memcpy(rpay, f + 4, len);
  }
  if (rn) *rn = len;
  return 0;
}

static int serial_request(transport_t *t, uint8_t cmd, const uint8_t *pay, size_t n, int *status,
                          uint8_t *rpay, size_t *rn)
{
  serial_t *s = (serial_t *)t;
  uint8_t f[MAXFRAME + 8];
  size_t len;
  int e;
  s->seq++;
  len = frame_encode(f, cmd, s->seq, pay, n);
  tcflush(s->fd, TCIFLUSH);
  if (write(s->fd, f, len) != (ssize_t)len) return ST_NO_REPLY;
  e = get_reply(s, s->seq, status, rpay, rn);
  if (e) *status = e;
  return 0;
}

static int serial_raw(transport_t *t, const uint8_t *bytes, size_t n, int *status)
{
  serial_t *s = (serial_t *)t;
  size_t rn;
  uint8_t r[MAXPAY];
  int e;
  tcflush(s->fd, TCIFLUSH);
  if (write(s->fd, bytes, n) != (ssize_t)n) return ST_NO_REPLY;
  e = get_reply(s, -1, status, r, &rn);
  if (e) *status = e;
  return 0;
}

static void serial_close(transport_t *t)
{
  serial_t *s = (serial_t *)t;
  close(s->fd);
  free(s);
}

static speed_t baud_code(unsigned baud)
{
  switch (baud) {
  case 9600: return B9600;
  case 19200: return B19200;
  case 38400: return B38400;
  case 57600: return B57600;
  case 115200: return B115200;
  case 230400: return B230400;
  case 460800: return B460800;
  case 921600: return B921600;
  default: return 0;
  }
}

transport_t *serial_open(const char *path, unsigned baud, char *err, size_t errn)
{
  struct termios tio;
  serial_t *s;
  speed_t sp = baud_code(baud);
  const char *to = getenv("PMUCTL_TIMEOUT_MS");
  int fd;
  if (!sp) {
    snprintf(err, errn, "serial %s: baud rate %u not supported (9600..921600)", path, baud);
    return NULL;
  }
  fd = open(path, O_RDWR | O_NOCTTY);
  if (fd < 0) {
    snprintf(err, errn, "cannot open %s: %s", path, strerror(errno));
    return NULL;
  }
  if (tcgetattr(fd, &tio) != 0) {
    snprintf(err, errn, "%s is not a serial port or pty: %s", path, strerror(errno));
    close(fd);
    return NULL;
  }
  cfmakeraw(&tio);
  tio.c_cflag |= CLOCAL | CREAD;
  tio.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB);
  tio.c_cc[VMIN] = 0;
  tio.c_cc[VTIME] = 0;
  cfsetispeed(&tio, sp);
  cfsetospeed(&tio, sp);
  tcsetattr(fd, TCSANOW, &tio);
  s = calloc(1, sizeof *s);
  if (!s) {
    close(fd);
    snprintf(err, errn, "out of memory");
    return NULL;
  }
  s->fd = fd;
  s->timeout_ms = to ? atoi(to) : 2000;
  if (s->timeout_ms <= 0) s->timeout_ms = 2000;
  s->base.request = serial_request;
  s->base.raw = serial_raw;
  s->base.close = serial_close;
  s->base.name = "serial";
  return &s->base;
}

transport_t *transport_open(const char *spec, char *err, size_t errn)
{
  if (strncmp(spec, "model", 5) == 0 && (spec[5] == '\0' || spec[5] == ':'))
    return model_open(spec[5] == ':' ? spec + 6 : NULL, err, errn);
  if (strncmp(spec, "pty:", 4) == 0) return serial_open(spec + 4, 115200, err, errn);
  if (strncmp(spec, "serial:", 7) == 0) {
    char path[512];
    const char *at = strrchr(spec + 7, '@');
    unsigned baud = 115200;
    size_t n = at ? (size_t)(at - (spec + 7)) : strlen(spec + 7);
    if (n >= sizeof path) n = sizeof path - 1;
    memcpy(path, spec + 7, n);
    path[n] = '\0';
    if (at) baud = (unsigned)strtoul(at + 1, NULL, 10);
    return serial_open(path, baud, err, errn);
  }
  snprintf(err, errn, "-d %s: not a device (serial:PATH[@BAUD], pty:PATH or model[:RECORD])", spec);
  return NULL;
}
