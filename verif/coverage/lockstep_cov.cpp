// The lockstep harness (verif/lockstep/lockstep.cpp, unchanged, with its lockstep engine) built with
// Verilator's --coverage-line --coverage-toggle, plus one option of its own:
//   --code-cov FILE.dat   where to write the RTL's line/toggle counts when the run ends
//                         (default: coverage.dat in the current directory)
// Every other option goes to the harness. The counts are written after the harness's main
// returns, whatever its exit status; its error exits (bad options) write nothing.
// Built by verif/coverage/coverage.mk as build/lockstep_cov/Vpmu_lockstep.
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "verilated.h"
#include "verilated_cov.h"

#define main stallscope_lockstep_main
#include "lockstep.cpp"
#undef main

int main(int argc, char **argv) {
  const char *dat = VerilatedCov::defaultFilename();
  std::vector<char *> args;
  for (int i = 0; i < argc; i++) {
    if (i > 0 && strcmp(argv[i], "--code-cov") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "error: --code-cov needs a value\n");
        return 2;
      }
      dat = argv[++i];
      continue;
    }
    args.push_back(argv[i]);
  }
  args.push_back(nullptr);
  int rc = stallscope_lockstep_main((int)args.size() - 1, args.data());
  Verilated::threadContextp()->coveragep()->write(dat);
  return rc;
}
