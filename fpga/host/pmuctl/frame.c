/* pmuctl: the UART frame protocol (docs/fpga.md "Protocol"; the board side is
 * fpga/rtl/uart_apb_bridge.v). */
#include <string.h>

#include "pmuctl.h"

/* CRC-16/CCITT-FALSE: poly 0x1021, init 0xffff, MSB first, no reflection, no final XOR. */
uint16_t crc16_ccitt(uint16_t crc, const uint8_t *p, size_t n)
{
  size_t i;
  int b;
  for (i = 0; i < n; i++) {
    crc ^= (uint16_t)(p[i] << 8);
    for (b = 0; b < 8; b++) crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
  }
  return crc;
}

/* A5 CMD SEQ LEN PAYLOAD CRC_HI CRC_LO; returns the frame's length */
size_t frame_encode(uint8_t *out, uint8_t cmd, uint8_t seq, const uint8_t *pay, size_t n)
{
  uint16_t c;
  out[0] = SYNC_REQ;
  out[1] = cmd;
  out[2] = seq;
  out[3] = (uint8_t)n;
  if (n) memcpy(out + 4, pay, n);
  c = crc16_ccitt(0xffff, out + 1, n + 3);
  out[4 + n] = (uint8_t)(c >> 8);
  out[5 + n] = (uint8_t)c;
  return n + 6;
}

const char *status_name(int st)
{
  switch (st) {
  case ST_OK: return "OK";
  case ST_BAD_CRC: return "BAD_CRC";
  case ST_BAD_LEN: return "BAD_LEN";
  case ST_BAD_CMD: return "BAD_CMD";
  case ST_TIMEOUT: return "TIMEOUT";
  case ST_SLVERR: return "SLVERR";
  case ST_BAD_ARG: return "BAD_ARG";
  case ST_NO_REPLY: return "no reply";
  case ST_BAD_REPLY: return "bad reply";
  default: return "unknown status";
  }
}
