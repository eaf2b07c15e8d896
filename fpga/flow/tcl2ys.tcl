# fpga/flow/tcl2ys.tcl: a Yosys Tcl script as a plain Yosys script, for Yosys builds without Tcl
# (pyosys-yosys, the Yosys of build/venv). edalize's yosys tool runs
# `yosys -p 'tcl SCRIPT'`; fpga/flow/edalize_launcher.sh evaluates SCRIPT here with tclsh and
# runs pyosys-yosys on what this prints (docs/fpga.md section 11).
# usage: tclsh fpga/flow/tcl2ys.tcl SCRIPT.tcl > SCRIPT.ys
# Tcl runs as in Yosys' own Tcl mode (procs, variables, loops, `source`); every Yosys command,
# called through `yosys ...` or by its name after `yosys -import`, becomes one line of the output.
# Commands that Tcl itself defines (proc, cd, read, ...) reach Yosys only as `yosys proc` - the
# same rule as `yosys -import`. A script that needs a value back from Yosys (`[yosys ...]`) cannot
# be flattened: its commands return "". A word the plain script cannot hold (white space, ';',
# '#', a quote) is an error naming the command, exit 1.

proc emit {words} {
  foreach w $words {
    if {[regexp {[[:space:];#"]} $w]} {
      puts stderr "tcl2ys: [info script]: `[join $words { }]`: the word '$w' holds white space, ';', '#' or a quote, which a plain Yosys script cannot pass"
      exit 1
    }
  }
  if {[llength $words] > 0} { puts [join $words " "] }
  return ""
}

# `yosys -import` makes the commands callable by name: here every unknown command is one
proc yosys {args} {
  if {$args eq "-import"} { return "" }
  emit $args
}
rename unknown {}
proc unknown {args} { emit $args }

if {$argc != 1} {
  puts stderr "usage: tclsh tcl2ys.tcl SCRIPT.tcl > SCRIPT.ys"
  exit 2
}
if {[catch {source [lindex $argv 0]} err]} {
  puts stderr "tcl2ys: [lindex $argv 0]: $err"
  exit 1
}
