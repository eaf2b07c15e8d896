// A minimal virtual platform with the PMU (docs/integration.md): a CPU model programs a stall
// count through the PMU's TLM-2.0 socket, lets a millisecond pass and reads it back.
#include <cstdio>
#include <tlm_utils/simple_initiator_socket.h>
#include "pmu_tlm.h"

using namespace sc_core;

struct Cpu : sc_module {
  tlm_utils::simple_initiator_socket<Cpu> bus{"bus"};
  PmuTlm *pmu;
  SC_HAS_PROCESS(Cpu);
  Cpu(sc_module_name n, PmuTlm *p) : sc_module(n), pmu(p) { SC_THREAD(run); }

  uint32_t access(tlm::tlm_command cmd, uint64_t addr, uint32_t data = 0) {
    tlm::tlm_generic_payload gp;
    PmuPprot prot(1);  // PPROT[0] = 1: a privileged access
    gp.set_command(cmd);
    gp.set_address(addr);
    gp.set_data_ptr(reinterpret_cast<unsigned char *>(&data));
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    gp.set_extension(&prot);
    sc_time delay = SC_ZERO_TIME;
    bus->b_transport(gp, delay);
    gp.clear_extension(&prot);
    if (gp.is_response_error()) SC_REPORT_ERROR("cpu", gp.get_response_string().c_str());
    wait(delay);
    return data;
  }

  void run() {
    pmu_in_t ev = {};  // what the core reports each cycle: here no uop issues (all stalls)
    ev.priv[0] = 1;
    pmu->set_events(ev);
    access(tlm::TLM_WRITE_COMMAND, PMU_THREAD_BASE + PMU_EVTSEL_OFF, 0x01c3010e);  // stall cycles
    access(tlm::TLM_WRITE_COMMAND, PMU_THREAD_BASE + PMU_GCTRL_OFF, 1);           // enable pmc0
    wait(1, SC_MS);  // 10^6 cycles at 1 GHz: the model fast-forwards them
    printf("stall cycles after 1 ms: %u\n", access(tlm::TLM_READ_COMMAND, PMU_THREAD_BASE + PMU_PMC_OFF));
  }
};

int sc_main(int, char **) {
  PmuTlm pmu("pmu", sc_time(1, SC_NS));  // clock period 1 ns
  Cpu cpu("cpu", &pmu);
  cpu.bus.bind(pmu.socket);
  sc_vector<sc_signal<bool>> irq("irq", PMU_THREADS);  // to the interrupt controller
  pmu.irq.bind(irq);
  sc_start(2, SC_MS);
  return 0;
}
