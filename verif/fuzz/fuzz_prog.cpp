// libFuzzer target for the core's program-file loader (docs/core.md "Program files"), built with
// ASan + UBSan by verif/fuzz/fuzz.mk. C++ because the loader is: load_program() is a static
// function of sim/main/run.cpp, which fuzz.mk cuts out of that file into load_program.inc, so this is
// the loader the main run uses, not a copy. Its exit(2) on a malformed file becomes an exception
// here, and its messages go to a memory stream.
//
// Oracle: a rejected file exits with status 2 and exactly one message line "FILE:LINE: rule"
// whose LINE is a line of the input (or the one after its last newline, for end-of-file
// errors); an accepted file has at most PROG_DEPTH-1 words, none with reserved bits 15:9 set.
// Replay a crash: build/fuzz/fuzz_prog CRASH_FILE (or build/run/Vsim_top --prog0 CRASH_FILE
// --cycles 1 for the main run's message).
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>

#include "fuzz_lines.h"

namespace {
struct ProgExit {
  int code;
};
FILE *g_err;  // the loader's stderr
}  // namespace

#define exit(code) throw ProgExit{code}
#undef stderr
#define stderr g_err
#include "load_program.inc"
#undef stderr
#define stderr stderr
#undef exit

namespace {
std::string g_path;

[[noreturn]] void bad(const char *what, const std::string &msg, int code) {
  fprintf(stderr, "fuzz_prog: %s (exit %d, message \"%s\")\n", what, code, msg.c_str());
  abort();
}
}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // tmpfs when there is one: rewriting a file on ext4 flushes it on close (auto_da_alloc), 3 ms
  std::string dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  std::string t = dir + "/fuzz_prog_XXXXXX";
  std::vector<char> tmpl(t.begin(), t.end());
  tmpl.push_back('\0');
  int fd = mkstemp(tmpl.data());
  if (fd < 0) {
    perror("fuzz_prog: mkstemp");
    abort();
  }
  close(fd);
  g_path = tmpl.data();
  atexit([] { unlink(g_path.c_str()); });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f = fopen(g_path.c_str(), "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
    perror("fuzz_prog: cannot write the temporary file");
    abort();
  }
  char *buf = nullptr;
  size_t len = 0;
  g_err = open_memstream(&buf, &len);
  if (!g_err) abort();
  int code = -1;
  std::vector<uint16_t> words;
  try {
    words = load_program(g_path);
  } catch (const ProgExit &e) {
    code = e.code;
  }
  fclose(g_err);
  std::string msg(buf, len);
  free(buf);
  if (code < 0) {
    if (!msg.empty()) bad("accepted with a message", msg, code);
    if (words.size() + 1 > CORE_PROG_DEPTH) bad("accepted a program longer than PROG_DEPTH-1 words", msg, code);
    for (uint16_t w : words)
      if (w & 0xfe00u) bad("accepted a word with reserved bits 15:9 set", msg, code);
    return 0;
  }
  if (code != 2) bad("rejected with an exit status other than 2", msg, code);
  std::string pre = g_path + ":";
  if (msg.compare(0, pre.size(), pre) != 0) bad("message does not start with FILE:", msg, code);
  char *end;
  unsigned long line = strtoul(msg.c_str() + pre.size(), &end, 10);
  if (end == msg.c_str() + pre.size() || strncmp(end, ": ", 2) != 0 || end[2] == '\n' || end[2] == '\0')
    bad("message is not FILE:LINE: rule", msg, code);
  // an error at the end of the file may name the line after the last newline
  if (line < 1 || line > fuzz_count_lines(data, size) + 1) bad("LINE is not a line of the file", msg, code);
  if (msg.find('\n') != msg.size() - 1) bad("not exactly one message line", msg, code);
  return 0;
}
