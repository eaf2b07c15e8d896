// PmuModelSc: the C reference model (cmodel/include/pmu_model.h) as a SystemC module with the
// ports and clocking of the Verilated pmu_top (verilator --sc): the same port names, widths and
// C++ types (pmu_sc_pins.h), a synchronous active-low reset rst_ni and one pmu_step() per rising
// edge of clk_i; the outputs follow the inputs and the state combinationally (pmu_comb()), as
// the RTL's do. Drop-in for Vpmu_top where the RTL is not needed (docs/integration.md).
#ifndef PMU_MODEL_SC_H
#define PMU_MODEL_SC_H

#include "pmu_sc_pins.h"

SC_MODULE(PmuModelSc) {
  sc_in<bool> clk_i;
  sc_in<bool> rst_ni;
#define PMU_SC_IN_PORT(name, w) sc_in<pin_t<(w)>> name##_i;
#define PMU_SC_OUT_PORT(name, w) sc_out<pin_t<(w)>> name##_o;
  PMU_SC_INPUTS(PMU_SC_IN_PORT)
  PMU_SC_OUTPUTS(PMU_SC_OUT_PORT)
#undef PMU_SC_IN_PORT
#undef PMU_SC_OUT_PORT

  pmu_state_t state;  // the model's architectural state (docs/spec.md section 6)

  SC_CTOR(PmuModelSc) {
    pmu_reset(&state);
    SC_METHOD(edge);
    sensitive << clk_i.pos();
    dont_initialize();
    SC_METHOD(comb);
#define PMU_SC_SENS(name, w) sensitive << name##_i;
    PMU_SC_INPUTS(PMU_SC_SENS)
#undef PMU_SC_SENS
    sensitive << state_changed;
  }

  // this cycle's inputs from the ports
  void inputs(pmu_in_t *in) const {
    pmu_pins_in_t p;
#define PMU_SC_GET(name, w) pin_get(name##_i.read(), pin_words(p.name));
    PMU_SC_INPUTS(PMU_SC_GET)
#undef PMU_SC_GET
    pmu_pins_unpack_in(&p, in);
  }

 private:
  sc_event state_changed;

  void edge() {
    pmu_in_t in;
    inputs(&in);
    if (!rst_ni.read())
      pmu_reset(&state);
    else
      pmu_step(&state, &in);
    state_changed.notify(SC_ZERO_TIME);
  }

  void comb() {
    pmu_in_t in;
    pmu_out_t out;
    pmu_pins_out_t p;
    inputs(&in);
    pmu_comb(&state, &in, &out);
    pmu_pins_pack_out(&out, &p);
#define PMU_SC_PUT(name, w)                 \
  {                                         \
    pin_t<(w)> v;                           \
    pin_set(v, pin_words(p.name));          \
    name##_o.write(v);                      \
  }
    PMU_SC_OUTPUTS(PMU_SC_PUT)
#undef PMU_SC_PUT
  }
};

#endif
