// Black boxes of the Gowin primitives in fpga/gowin/board_prim.v that Debian's yosys 0.23 does
// not know (its techlibs/gowin has rPLL but no DQCE); read by fpga/gowin/flow.sh only.
(* blackbox *)
module DQCE (
  input  CLKIN,
  input  CE,
  output CLKOUT
);
endmodule
