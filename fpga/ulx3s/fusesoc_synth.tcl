# fpga/ulx3s/fusesoc_synth.tcl: the Yosys script of the FuseSoC ulx3s target (edalize's
# yosys_template; fpga/stallscope_board.core copies it into the work root; docs/fpga.md section
# 11). edalize's default script runs `synth_ecp5 -top board_top`, whose ABC9 mapping of the board
# top was still running after 22 min; this one runs what make fpga runs: fpga/flow/flow.sh's common
# front end (flatten, no latch left) and fpga/ulx3s/board.sh's board_synth with classic ABC.
# verif/fusesoc/run.sh checks that the two command strings below are theirs, word for word.
# edalize writes the procs (read_files, set_params, ...) into edalize_yosys_procs.tcl and expects
# NAME.json, NAME being the stem of the work root's NAME.eda.yml.
yosys -import
source edalize_yosys_procs.tcl
set top board_top
set eda [glob -nocomplain *.eda.yml]
if {[llength $eda] != 1} {
  error "fusesoc_synth.tcl: [llength $eda] *.eda.yml files in [pwd]; the output name is the stem of the one edalize writes"
}
set name [regsub {\.eda\.yml$} [lindex $eda 0] {}]

load_plugins
verilog_defaults -push
verilog_defaults -add -defer
set_defines
set_incdirs
read_files
set_params
verilog_defaults -pop

set front "hierarchy -top $top; proc; flatten; opt_clean; select -assert-none t:\$dlatch t:\$_DLATCH_*;"
set synth "synth_ecp5 -top $top -run :map_luts; techmap -map +/lattice/latches_map.v; abc -lut 4:7 -dress; clean; synth_ecp5 -top $top -run map_cells: -json $name.json"
foreach c [split "$front $synth" ";"] {
  if {[string trim $c] ne ""} { yosys {*}[string trim $c] }
}
