// Golden-vector replay testbench (plain Verilog-2005, no DPI): docs/golden.md.
//
//   iverilog -g2005 -Irtl/pmu -o tb.vvp verif/golden/tb_golden.v rtl/pmu/pmu_*.v
//   vvp tb.vvp +stim=NAME.stim.hex +exp=NAME.exp.hex [+n=CYCLES]
//   vvp tb.vvp +list=PAIRS     (PAIRS: one "STIM EXP" pair of files per line)
//
// Checks the headers of both files (format version, parameters, cycle count and word width must
// match this build), applies two reset cycles, then per cycle c: drives line c of the stimulus
// file, compares the outputs with line c of the expected file just before the rising edge (when
// its chk_out bit is 1), and compares the whole state (spec section 6) just after the edge.
// Prints the first MAXREP mismatches as "MISMATCH cycle C field[i]: expected X, actual Y" and
// ends with "golden NAME: N cycles, 0 mismatches" or "FAIL golden NAME: ..." (Icarus 11 sets no
// exit status from $finish, so runners must look for the marker). With +list, the pairs are
// replayed one after the other in one simulation, each from its own two reset cycles, each with
// its own line; then "golden list: N pairs, N failed" (a run pays Icarus's start, about 0.13 s,
// once instead of per pair).
//
// Other parameter sets: -Ptb_golden.THREADS=1 -Ptb_golden.P=4 ... (must match the vectors'
// "params" header line). Longer tests: -Ptb_golden.MAXN=N.
`timescale 1ns / 1ps
`include "pmu_map.vh"

module tb_golden #(
  parameter MAXN   = 4096,   // cycles the vector memories hold
  parameter MAXREP = 10,     // mismatches printed in full
  // pmu_top's parameters and defaults (generated from its header); the same vectors hold for
  // either STORAGE (counter storage, spec 4)
  `include "pmu_top_params.vh"
);

  localparam VERSION = 1;
  localparam NEXT  = `PMU_NEXT;
  localparam NFLAG = `PMU_NFLAG;
  localparam NCPT  = P + 32;
  localparam NCNT  = THREADS * NCPT;

  // The two words' layouts below are this testbench's reading of the files; the files' headers
  // (written by verif/golden/pmu_golden.c, the one layout) name each field with its bits, and
  // check_header compares every field's position with these (field_lsb).
  // ---- stimulus word (LSB first, as the concatenation below) ----
  localparam S_RST  = 0;
  localparam S_PSEL = 1;
  localparam S_PEN  = 2;
  localparam S_PWR  = 3;
  localparam S_PA   = 4;
  localparam S_PWD  = S_PA + AW;
  localparam S_PST  = S_PWD + 32;
  localparam S_PPR  = S_PST + 4;
  localparam S_PRV  = S_PPR + 3;
  localparam S_TCK  = S_PRV + THREADS;
  localparam S_EXT  = S_TCK + 1;
  localparam S_FIL  = S_EXT + THREADS*NEXT*LW;
  localparam S_ISS  = S_FIL + THREADS*NW;
  localparam S_RET  = S_ISS + THREADS*NW;
  localparam S_SKN  = S_RET + THREADS*NW;
  localparam S_SKW  = S_SKN + THREADS*3*NW;
  localparam S_SKF  = S_SKW + THREADS*2*NW;
  localparam S_RRQ  = S_SKF + THREADS*NFLAG;
  localparam S_RSL  = S_RRQ + THREADS;
  localparam SW     = S_RSL + THREADS*3;
  localparam NSF    = 19;                 // fields of the stimulus word
  localparam NEF    = 22;                 // ... of the expected word
  // ---- expected word: outputs, then state ----
  localparam O_CHK  = 0;
  localparam O_RDY  = 1;
  localparam O_RD   = 2;
  localparam O_ERR  = 34;
  localparam O_IRQ  = 35;
  localparam O_RVL  = O_IRQ + THREADS;
  localparam O_RDT  = O_RVL + THREADS;
  localparam O_CNT  = O_RDT + THREADS*64;
  localparam O_EVT  = O_CNT + NCNT*CW;
  localparam O_EXT  = O_EVT + THREADS*P*32;
  localparam O_FIX  = O_EXT + THREADS*P*32;
  localparam O_CTL  = O_FIX + THREADS*32;
  localparam O_GCT  = O_CTL + THREADS*32;
  localparam O_GST  = O_GCT + THREADS*64;
  localparam O_HIL  = O_GST + THREADS*64;
  localparam O_HIA  = O_HIL + 32;
  localparam O_HIV  = O_HIA + AW;
  localparam O_CPV  = O_HIV + 1;
  localparam O_CRY  = O_CPV + THREADS*P;
  localparam O_SCR  = O_CRY + THREADS*P;
  localparam O_RDQ  = O_SCR + THREADS*3*CRW;
  localparam O_RVQ  = O_RDQ + THREADS*64;
  localparam EW     = O_RVQ + THREADS;

  reg [SW-1:0] stim_mem [0:MAXN-1];
  reg [EW-1:0] exp_mem  [0:MAXN-1];

  // ---- DUT ----
  reg clk = 1'b0;
  always #5 clk = ~clk;

  reg [SW-1:0] cur;
  reg          init_rst;
  wire                        rst_v;
  wire                        psel, penable, pwrite;
  wire [AW-1:0]               paddr;
  wire [31:0]                 pwdata;
  wire [3:0]                  pstrb;
  wire [2:0]                  pprot;
  wire [THREADS-1:0]          priv;
  wire                        ref_tick;
  wire [THREADS*NEXT*LW-1:0]  ev_ext;
  wire [THREADS*NW-1:0]       slot_fill, slot_issue, slot_retire;
  wire [THREADS*3*NW-1:0]     stk_n;
  wire [THREADS*2*NW-1:0]     stk_wp;
  wire [THREADS*NFLAG-1:0]    stk_flags;
  wire [THREADS-1:0]          rdp_req;
  wire [THREADS*3-1:0]        rdp_sel;
  assign {rdp_sel, rdp_req, stk_flags, stk_wp, stk_n, slot_retire, slot_issue, slot_fill, ev_ext,
          ref_tick, priv, pprot, pstrb, pwdata, paddr, pwrite, penable, psel, rst_v} = cur;

  wire                  pready, pslverr;
  wire [31:0]           prdata;
  wire [THREADS-1:0]    irq, rdp_valid;
  wire [THREADS*64-1:0] rdp_data;

  `include "pmu_top_inst.vh"
  assign pmu_clk_i         = clk;
  assign pmu_rst_ni        = ~(rst_v | init_rst);
  assign pmu_psel_i        = psel;
  assign pmu_penable_i     = penable;
  assign pmu_pwrite_i      = pwrite;
  assign pmu_paddr_i       = paddr;
  assign pmu_pwdata_i      = pwdata;
  assign pmu_pstrb_i       = pstrb;
  assign pmu_pprot_i       = pprot;
  assign pready            = pmu_pready_o;
  assign prdata            = pmu_prdata_o;
  assign pslverr           = pmu_pslverr_o;
  assign pmu_priv_i        = priv;
  assign pmu_ref_tick_i    = ref_tick;
  assign pmu_ev_ext_i      = ev_ext;
  assign pmu_slot_fill_i   = slot_fill;
  assign pmu_slot_issue_i  = slot_issue;
  assign pmu_slot_retire_i = slot_retire;
  assign pmu_stk_n_i       = stk_n;
  assign pmu_stk_wp_i      = stk_wp;
  assign pmu_stk_flags_i   = stk_flags;
  assign pmu_cmt_pc_i      = {THREADS*W*16{1'b0}};   // golden vectors run SAMPLER 0
  assign pmu_cmt_sig_i     = {THREADS*W*5{1'b0}};
  assign pmu_rdp_req_i     = rdp_req;
  assign pmu_rdp_sel_i     = rdp_sel;
  assign rdp_valid         = pmu_rdp_valid_o;
  assign rdp_data          = pmu_rdp_data_o;
  assign irq               = pmu_irq_o;

  // ---- bookkeeping ----
  integer n, c, i, fd, r, errors, hdr_errors, lfd, npairs, nfailed;
  integer h_ver, h_thr, h_p, h_cw, h_w, h_lw, h_nw, h_crw, h_aw, h_ns, h_pipe, h_cyc, h_wid;
  reg [8*1024-1:0] stim_file, exp_file, name, list_file;
  reg [8*4200-1:0] line;
  reg [8*256-1:0]  word;
  reg [EW-1:0]     e;

  // One field of the expected word against the RTL: a mismatch (x and z included) is counted
  // and, for the first MAXREP, printed.
  task check_eq(input [8*16-1:0] field, input integer idx, input [63:0] ev, input [63:0] av);
    if (av !== ev) begin
      errors = errors + 1;
      if (errors <= MAXREP)
        $display("MISMATCH cycle %0d %0s[%0d]: expected 0x%0h, actual 0x%0h", c, field, idx, ev, av);
    end
  endtask

  // Read the "//" header of a vector file and check it against this build. Messages name the
  // file and line: "FAIL golden: FILE:LINE: rule" (the C checker, pmu_golden --check, checks the
  // whole file; this is the testbench's own guard).
  // The bit of the word of KIND ("stim" or "exp") at which this testbench reads field NAME, or -1
  // for a name it does not know.
  function integer field_lsb(input [8*8-1:0] kind, input [8*16-1:0] fname);
    begin
      field_lsb = -1;
      if (kind == "stim") begin
        case (fname)
          "rst":         field_lsb = S_RST;
          "psel":        field_lsb = S_PSEL;
          "penable":     field_lsb = S_PEN;
          "pwrite":      field_lsb = S_PWR;
          "paddr":       field_lsb = S_PA;
          "pwdata":      field_lsb = S_PWD;
          "pstrb":       field_lsb = S_PST;
          "pprot":       field_lsb = S_PPR;
          "priv":        field_lsb = S_PRV;
          "ref_tick":    field_lsb = S_TCK;
          "ev_ext":      field_lsb = S_EXT;
          "slot_fill":   field_lsb = S_FIL;
          "slot_issue":  field_lsb = S_ISS;
          "slot_retire": field_lsb = S_RET;
          "stk_n":       field_lsb = S_SKN;
          "stk_wp":      field_lsb = S_SKW;
          "stk_flags":   field_lsb = S_SKF;
          "rdp_req":     field_lsb = S_RRQ;
          "rdp_sel":     field_lsb = S_RSL;
          default:       field_lsb = -1;
        endcase
      end else begin
        case (fname)
          "chk_out":     field_lsb = O_CHK;
          "pready":      field_lsb = O_RDY;
          "prdata":      field_lsb = O_RD;
          "pslverr":     field_lsb = O_ERR;
          "irq":         field_lsb = O_IRQ;
          "rdp_valid":   field_lsb = O_RVL;
          "rdp_data":    field_lsb = O_RDT;
          "cnt_q":       field_lsb = O_CNT;
          "evtsel_q":    field_lsb = O_EVT;
          "ext_q":       field_lsb = O_EXT;
          "fixctl_q":    field_lsb = O_FIX;
          "ctrl_q":      field_lsb = O_CTL;
          "gctrl_q":     field_lsb = O_GCT;
          "gstatus_q":   field_lsb = O_GST;
          "hi_latch_q":  field_lsb = O_HIL;
          "hi_addr_q":   field_lsb = O_HIA;
          "hi_vld_q":    field_lsb = O_HIV;
          "cprev_q":     field_lsb = O_CPV;
          "carry_q":     field_lsb = O_CRY;
          "stk_carry_q": field_lsb = O_SCR;
          "rdp_data_q":  field_lsb = O_RDQ;
          "rdp_valid_q": field_lsb = O_RVQ;
          default:       field_lsb = -1;
        endcase
      end
    end
  endfunction

  task check_header(input [8*1024-1:0] file, input [8*8-1:0] kind, input integer width);
    integer got_ver, got_par, got_cyc, got_wid, done, ln, f_msb, f_lsb, f_w, f_at, nfield;
    reg [8*8-1:0] k;
    begin
      got_ver = 0; got_par = 0; got_cyc = 0; got_wid = 0; done = 0; ln = 0; nfield = 0;
      fd = $fopen(file, "r");
      if (fd == 0) begin
        $display("FAIL golden: %0s:0: cannot open", file);
        hdr_errors = hdr_errors + 1;
      end else begin
        while (!done && !$feof(fd)) begin
          line = 0;
          r = $fgets(line, fd);
          ln = ln + 1;
          if (r == 0) done = 1;
          else if ($sscanf(line, "// stallscope-golden %s v%d", k, h_ver) == 2) begin
            got_ver = 1;
            if (k != kind || h_ver != VERSION) begin
              $display("FAIL golden: %0s:%0d: format '%0s v%0d', this testbench reads '%0s v%0d'",
                       file, ln, k, h_ver, kind, VERSION);
              hdr_errors = hdr_errors + 1;
              done = 1;
            end
          end else if (ln == 1) begin
            $display("FAIL golden: %0s:1: not a golden vector file (first line must be '// stallscope-golden %0s v%0d')",
                     file, kind, VERSION);
            hdr_errors = hdr_errors + 1;
            done = 1;
          end else if ($sscanf(line, "// name %s", word) == 1) begin
            name = word;
          end else if ($sscanf(line, "// params THREADS=%d P=%d CW=%d W=%d LW=%d NW=%d CRW=%d AW=%d NS_PER_TICK=%d",
                               h_thr, h_p, h_cw, h_w, h_lw, h_nw, h_crw, h_aw, h_ns) == 9) begin
            got_par = 1;
            // PIPE is named only when not 0 (the writer's params line)
            h_pipe = 0;
            if ($sscanf(line, "// params THREADS=%d P=%d CW=%d W=%d LW=%d NW=%d CRW=%d AW=%d NS_PER_TICK=%d PIPE=%d",
                        h_thr, h_p, h_cw, h_w, h_lw, h_nw, h_crw, h_aw, h_ns, h_pipe) != 10)
              h_pipe = 0;
            if (h_thr != THREADS || h_p != P || h_cw != CW || h_w != W || h_lw != LW || h_nw != NW ||
                h_crw != CRW || h_aw != AW || h_ns != NS_PER_TICK || h_pipe != PIPE) begin
              $display("FAIL golden: %0s:%0d: params THREADS=%0d P=%0d CW=%0d W=%0d LW=%0d NW=%0d CRW=%0d AW=%0d NS_PER_TICK=%0d PIPE=%0d differ from this build (THREADS=%0d P=%0d CW=%0d W=%0d LW=%0d NW=%0d CRW=%0d AW=%0d NS_PER_TICK=%0d PIPE=%0d)",
                       file, ln, h_thr, h_p, h_cw, h_w, h_lw, h_nw, h_crw, h_aw, h_ns, h_pipe,
                       THREADS, P, CW, W, LW, NW, CRW, AW, NS_PER_TICK, PIPE);
              hdr_errors = hdr_errors + 1;
            end
          end else if ($sscanf(line, "// cycles %d", h_cyc) == 1) begin
            got_cyc = 1;
            if (n < 0) n = h_cyc;
            else if (h_cyc != n) begin
              $display("FAIL golden: %0s:%0d: %0d cycles, expected %0d", file, ln, h_cyc, n);
              hdr_errors = hdr_errors + 1;
            end
          end else if ($sscanf(line, "// width %d", h_wid) == 1) begin
            got_wid = 1;
            if (h_wid != width) begin
              $display("FAIL golden: %0s:%0d: word width %0d, this testbench expects %0d", file, ln, h_wid, width);
              hdr_errors = hdr_errors + 1;
            end
          end else if ($sscanf(line, "//   %s [%d:%d] %d bits", word, f_msb, f_lsb, f_w) == 4) begin
            // a field line: where the file puts the field against where this testbench reads it
            f_at = field_lsb(kind, word);
            nfield = nfield + 1;
            if (f_at < 0) begin
              $display("FAIL golden: %0s:%0d: field '%0s' is not one this testbench reads", file, ln, word);
              hdr_errors = hdr_errors + 1;
            end else if (f_at != f_lsb) begin
              $display("FAIL golden: %0s:%0d: field '%0s' at bit %0d, this testbench reads it at bit %0d",
                       file, ln, word, f_lsb, f_at);
              hdr_errors = hdr_errors + 1;
            end
          end else if ($sscanf(line, "// end of %s", word) == 1) begin
            done = 1;
            if (nfield != ((kind == "stim") ? NSF : NEF)) begin
              $display("FAIL golden: %0s:%0d: %0d field lines, this testbench reads %0d fields", file, ln,
                       nfield, (kind == "stim") ? NSF : NEF);
              hdr_errors = hdr_errors + 1;
            end
          end else if ($sscanf(line, "//%s", word) != 1) begin
            $display("FAIL golden: %0s:%0d: header ends without '// end of header'", file, ln);
            hdr_errors = hdr_errors + 1;
            done = 1;
          end
        end
        $fclose(fd);
        if (hdr_errors == 0 && !(got_ver && got_par && got_cyc && got_wid)) begin
          $display("FAIL golden: %0s:%0d: header incomplete (needs the format, params, cycles and width lines)",
                   file, ln);
          hdr_errors = hdr_errors + 1;
        end
      end
    end
  endtask

  // End the run: Verilog-2005 has no exit status, so the marker is the text ("FAIL ..." or
  // "golden NAME: N cycles, 0 mismatches"); compiled with -DGOLDEN_FATAL (run.sh does, Icarus 11
  // accepts $fatal), a failure also gives a non-zero exit status.
  task finish(input failed);
    begin
`ifdef GOLDEN_FATAL
      if (failed) $fatal(1, "golden vector replay failed");
`endif
      $finish;
    end
  endtask

  // Replay one pair of files from reset; failed = 1 when its headers, lines or state differ.
  // N (from +n, else -1 for the header's count) is set by the caller.
  task replay(output failed);
    begin
      errors = 0; hdr_errors = 0; name = "?"; failed = 1'b0;
      cur = 0; init_rst = 1'b1;
      check_header(stim_file, "stim", SW);
      check_header(exp_file, "exp", EW);
      if (hdr_errors == 0 && (n < 1 || n > MAXN)) begin
        $display("FAIL golden %0s: %0d cycles; this testbench holds 1..%0d (-Ptb_golden.MAXN=N)", name, n, MAXN);
        hdr_errors = hdr_errors + 1;
      end
      if (hdr_errors != 0) begin
        $display("FAIL golden %0s: bad vector files", name);
        failed = 1'b1;
      end else begin
        // only the last line is checked below: a file with fewer lines leaves it x (filling all
        // MAXN words took two thirds of a replay's time)
        stim_mem[n-1] = {SW{1'bx}};
        exp_mem[n-1]  = {EW{1'bx}};
        $readmemh(stim_file, stim_mem, 0, n - 1);
        $readmemh(exp_file, exp_mem, 0, n - 1);
        if (^stim_mem[n-1] === 1'bx || ^exp_mem[n-1] === 1'bx) begin
          $display("FAIL golden: %0s: fewer than %0d complete data lines (the header's cycles)",
                   ^stim_mem[n-1] === 1'bx ? stim_file : exp_file, n);
          failed = 1'b1;
        end else begin
          run_pair;
          failed = errors != 0;
        end
      end
    end
  endtask

  // Two reset cycles with all inputs 0, then the vectors (the model starts from reset). Called
  // at time 0 or 1 ns after the edge that ended the previous pair, where inputs change.
  task run_pair;
    begin
      init_rst = 1'b1; cur = 0;
      repeat (2) @(posedge clk);
      #1 init_rst = 1'b0;
      for (c = 0; c < n; c = c + 1) begin
        cur = stim_mem[c];
        e = exp_mem[c];
        #3;  // inputs settle (the edge comes 6 ns later)
        if (e[O_CHK]) begin
          check_eq("pready", 0, e[O_RDY], pready);
          check_eq("prdata", 0, e[O_RD +: 32], prdata);
          check_eq("pslverr", 0, e[O_ERR], pslverr);
          for (i = 0; i < THREADS; i = i + 1) begin
            check_eq("irq", i, e[O_IRQ + i], irq[i]);
            check_eq("rdp_valid", i, e[O_RVL + i], rdp_valid[i]);
            check_eq("rdp_data", i, e[O_RDT + i*64 +: 64], rdp_data[i*64 +: 64]);
          end
        end
        @(posedge clk);
        #1;  // state after the edge
        for (i = 0; i < NCNT; i = i + 1)
          check_eq("cnt_q", i, e[O_CNT + i*CW +: CW], u_pmu.u_bank.cnt_q[i]);
        for (i = 0; i < THREADS*P; i = i + 1) begin
          check_eq("evtsel_q", i, e[O_EVT + i*32 +: 32], u_pmu.u_regs.evtsel_q[i*32 +: 32]);
          check_eq("ext_q", i, e[O_EXT + i*32 +: 32], u_pmu.u_regs.ext_q[i*32 +: 32]);
          check_eq("cprev_q", i, e[O_CPV + i], u_pmu.u_evctl.cprev_q[i]);
          check_eq("carry_q", i, e[O_CRY + i], u_pmu.u_evctl.carry_q[i]);
        end
        for (i = 0; i < THREADS; i = i + 1) begin
          check_eq("fixctl_q", i, e[O_FIX + i*32 +: 32], u_pmu.u_regs.fixctl_q[i*32 +: 32]);
          check_eq("ctrl_q", i, e[O_CTL + i*32 +: 32], u_pmu.u_regs.ctrl_q[i*32 +: 32]);
          check_eq("gctrl_q", i, e[O_GCT + i*64 +: 64], u_pmu.u_regs.gctrl_q[i*64 +: 64]);
          check_eq("gstatus_q", i, e[O_GST + i*64 +: 64], u_pmu.u_regs.gstatus_q[i*64 +: 64]);
          check_eq("rdp_data_q", i, e[O_RDQ + i*64 +: 64], u_pmu.u_rdp.data_q[i*64 +: 64]);
          check_eq("rdp_valid_q", i, e[O_RVQ + i], u_pmu.u_rdp.valid_q[i]);
        end
        for (i = 0; i < THREADS*3; i = i + 1)
          check_eq("stk_carry_q", i, e[O_SCR + i*CRW +: CRW], u_pmu.u_stack.carry_q[i*CRW +: CRW]);
        check_eq("hi_latch_q", 0, e[O_HIL +: 32], u_pmu.u_regs.hi_latch_q);
        check_eq("hi_addr_q", 0, e[O_HIA +: AW], u_pmu.u_regs.hi_addr_q);
        check_eq("hi_vld_q", 0, e[O_HIV], u_pmu.u_regs.hi_vld_q);
      end
      if (errors == 0)
        $display("golden %0s: %0d cycles, 0 mismatches", name, n);
      else
        $display("FAIL golden %0s: %0d cycles, %0d mismatches", name, n, errors);
    end
  endtask

  reg pair_failed;
  initial begin
    cur = 0; init_rst = 1'b1; nfailed = 0;
    if ($value$plusargs("list=%s", list_file)) begin
      lfd = $fopen(list_file, "r");
      if (lfd == 0) begin
        $display("FAIL golden: %0s:0: cannot open", list_file);
        finish(1);
      end
      npairs = 0;
      while ($fscanf(lfd, "%s %s\n", stim_file, exp_file) == 2) begin
        npairs = npairs + 1;
        n = -1;
        replay(pair_failed);
        if (pair_failed) nfailed = nfailed + 1;
      end
      $fclose(lfd);
      $display("golden list: %0d pairs, %0d failed", npairs, nfailed);
      finish(nfailed != 0 || npairs == 0);
    end
    if (!$value$plusargs("stim=%s", stim_file) || !$value$plusargs("exp=%s", exp_file)) begin
      $display("FAIL golden: usage: vvp tb.vvp +stim=NAME.stim.hex +exp=NAME.exp.hex [+n=CYCLES] | +list=PAIRS");
      finish(1);
    end
    if (!$value$plusargs("n=%d", n)) n = -1;
    replay(pair_failed);
    finish(pair_failed);
  end
endmodule
