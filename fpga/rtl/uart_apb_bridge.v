// StallScope FPGA board: UART-to-APB bridge with a framed, CRC-checked protocol (docs/fpga.md
// "Protocol"). One frame in flight: a request is received whole, checked, executed, and answered
// by exactly one reply; bytes that arrive while a frame executes or its reply is sent are dropped.
//
// Request : A5 CMD SEQ LEN PAYLOAD[LEN] CRC_HI CRC_LO
// Reply   : 5A STATUS SEQ LEN PAYLOAD[LEN] CRC_HI CRC_LO
// CRC-16/CCITT-FALSE (crc16_ccitt.vh) over every byte after the sync byte up to the payload's
// end. Commands: 00 PING, 01 READ / 02 WRITE (PMU, APB4 master), 11 RC_READ / 12 RC_WRITE (the
// run-control registers). READ payload: ADDR_LO ADDR_HI FLAGS COUNT; WRITE payload: ADDR_LO
// ADDR_HI FLAGS STRB DATA0[4] .. DATAn-1[4] (little endian), n = 1..MAXW. FLAGS bit 0: privileged
// access (pprot[0]), bit 1: every word at ADDR (else ADDR + 4i), bits 7:2 reserved (0).
// Status: 00 OK, 01 BAD_CRC, 02 BAD_LEN, 03 BAD_CMD, 04 TIMEOUT (no byte for TIMEOUT cycles
// inside a frame), 05 SLVERR (payload: the index of the word that failed; the words before it
// were done), 06 BAD_ARG (reserved flag bits, COUNT outside 1..MAXW, STRB above 0xf, RC_WRITE
// STRB other than 0xf). A request that is not OK before execution (01..04, 06) changes nothing.
//
// The APB master holds psel for a setup and an access cycle per word and raises pmu_ce_o in both:
// the board clocks the PMU in those cycles (and while the core runs), so every PMU access is
// two PMU cycles, three with a wait state (pready_i low, honoured: the access cycle repeats; the
// PMU's counters in block RAM, docs/spec.md 5.1). paddr, pwdata and pstrb come from registers
// (set in the cycle before the setup cycle) and the read data and error are taken into
// registers at the end of the access and used in the cycle after it (psel low, the PMU not
// clocked), so neither the word's address nor the buffer lies on a path through the PMU's
// register decode. Synchronous active-low reset rst_ni.

module uart_apb_bridge #(
  parameter TIMEOUT = 65535,   // cycles without a byte inside a frame before TIMEOUT
  parameter MAXW    = 16       // words per READ/WRITE
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // UART
  input  wire [7:0]  rx_data_i,
  input  wire        rx_valid_i,
  output wire [7:0]  tx_data_o,
  output wire        tx_valid_o,
  input  wire        tx_ready_i,
  // APB4 master (the PMU)
  output wire        psel_o,
  output wire        penable_o,
  output wire        pwrite_o,
  output wire [15:0] paddr_o,
  output wire [31:0] pwdata_o,
  output wire [3:0]  pstrb_o,
  output wire [2:0]  pprot_o,
  input  wire        pready_i,
  input  wire [31:0] prdata_i,
  input  wire        pslverr_i,
  output wire        pmu_ce_o,
  // run-control register port (one cycle per access, combinational read data and error)
  output wire        rc_req_o,
  output wire        rc_we_o,
  output wire [7:0]  rc_addr_o,
  output wire [31:0] rc_wdata_o,
  input  wire [31:0] rc_rdata_i,
  input  wire        rc_err_i
);

  `include "crc16_ccitt.vh"

  localparam [7:0] SYNC_REQ = 8'hA5, SYNC_RSP = 8'h5A;
  localparam [7:0] C_PING = 8'h00, C_READ = 8'h01, C_WRITE = 8'h02,
                   C_RCREAD = 8'h11, C_RCWRITE = 8'h12;
  localparam [7:0] ST_OK = 8'h00, ST_CRC = 8'h01, ST_LEN = 8'h02, ST_CMD = 8'h03,
                   ST_TIMEOUT = 8'h04, ST_SLVERR = 8'h05, ST_ARG = 8'h06;
  localparam NB    = MAXW + 1;          // buffer words: header + MAXW data words
  localparam BAW   = $clog2(NB);
  localparam [8:0] MAXLEN = 4 + 4 * MAXW;
  localparam [31:0] MAXW32 = MAXW;
  localparam [7:0] MAXW8  = MAXW32[7:0];
  localparam TW    = $clog2(TIMEOUT + 1);
  localparam [31:0]   TMAX32 = TIMEOUT;
  localparam [TW-1:0] TMAX = TMAX32[TW-1:0];
  localparam [7:0] VERSION = 8'h01;

  localparam [3:0] S_HUNT = 4'd0, S_HDR = 4'd1, S_PAY = 4'd2, S_CRC = 4'd3, S_CHECK = 4'd4,
                   S_EXEC = 4'd5, S_XS = 4'd6, S_XA = 4'd7, S_RC = 4'd8, S_REPLY = 4'd9,
                   S_XD = 4'd10;

  reg [3:0]    st_q, st_d;
  reg [7:0]    idx_q, idx_d;            // byte index in the header / payload / CRC / reply
  reg [15:0]   crc_q, crc_d;            // receive CRC, then transmit CRC
  reg [TW-1:0] tmr_q, tmr_d;            // cycles since the last byte
  reg [7:0]    cmd_q, cmd_d;
  reg [7:0]    seq_q, seq_d;
  reg [7:0]    len_q, len_d;            // request length, then reply length
  reg [7:0]    stat_q, stat_d;
  reg [7:0]    det_q, det_d;            // SLVERR detail: the failing word
  reg [15:0]   addr_q, addr_d;
  reg [7:0]    flags_q, flags_d;
  reg [3:0]    strb_q, strb_d;
  reg [7:0]    nw_q, nw_d;              // words to do
  reg [7:0]    wi_q, wi_d;              // word being done
  reg [15:0]   pa_q, pa_d;              // APB address, write data and strobes (0 unless psel)
  reg [31:0]   pwd_q, pwd_d;
  reg [3:0]    pst_q, pst_d;
  reg [31:0]   rdat_q, rdat_d;          // the access's read data and error (S_XD uses them)
  reg          rerr_q, rerr_d;

  // ---- payload buffer: 4 byte lanes of NB words, no reset --------------------------------------
  reg  [7:0]     lane0_q [0:NB-1];
  reg  [7:0]     lane1_q [0:NB-1];
  reg  [7:0]     lane2_q [0:NB-1];
  reg  [7:0]     lane3_q [0:NB-1];
  reg  [3:0]     bwe;                   // lane write enables
  reg  [BAW-1:0] bwa;                   // write word
  reg  [31:0]    bwd;                   // write data (each lane its byte)
  reg  [BAW-1:0] bra;                   // read word
  wire [31:0]    brd = {lane3_q[bra], lane2_q[bra], lane1_q[bra], lane0_q[bra]};

  always @(posedge clk_i) begin
    if (bwe[0]) lane0_q[bwa] <= bwd[7:0];
    if (bwe[1]) lane1_q[bwa] <= bwd[15:8];
    if (bwe[2]) lane2_q[bwa] <= bwd[23:16];
    if (bwe[3]) lane3_q[bwa] <= bwd[31:24];
  end

  // ---- outputs --------------------------------------------------------------------------------
  wire is_pmu = (cmd_q == C_READ) || (cmd_q == C_WRITE);
  wire is_wr  = (cmd_q == C_WRITE) || (cmd_q == C_RCWRITE);
  wire [15:0] waddr = flags_q[1] ? addr_q : addr_q + {8'd0, wi_q[5:0], 2'b00};

  assign psel_o     = (st_q == S_XS) || (st_q == S_XA);
  assign penable_o  = (st_q == S_XA);
  assign pwrite_o   = psel_o && is_wr;
  assign paddr_o    = pa_q;
  assign pwdata_o   = pwd_q;
  assign pstrb_o    = pst_q;
  assign pprot_o    = {2'b00, flags_q[0]};
  assign pmu_ce_o   = psel_o;
  assign rc_req_o   = (st_q == S_RC);
  assign rc_we_o    = rc_req_o && is_wr;
  assign rc_addr_o  = rc_req_o ? waddr[7:0] : 8'h00;
  assign rc_wdata_o = rc_we_o ? brd : 32'h0;

  // reply byte idx_q: 0 sync, 1 status, 2 seq, 3 len, 4.. payload, then CRC high, CRC low
  reg  [7:0] txb;
  /* verilator lint_off UNUSEDSIGNAL */  // payloads are at most 4*MAXW+4 bytes
  wire [7:0] pidx = idx_q - 8'd4;      // payload byte
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    if (idx_q == 8'd0)                  txb = SYNC_RSP;
    else if (idx_q == 8'd1)             txb = stat_q;
    else if (idx_q == 8'd2)             txb = seq_q;
    else if (idx_q == 8'd3)             txb = len_q;
    else if (idx_q < len_q + 8'd4) begin
      if (stat_q == ST_SLVERR)          txb = det_q;
      else case (pidx[1:0])
        2'd0:    txb = brd[7:0];
        2'd1:    txb = brd[15:8];
        2'd2:    txb = brd[23:16];
        default: txb = brd[31:24];
      endcase
    end
    else if (idx_q == len_q + 8'd4)     txb = crc_q[15:8];
    else                                txb = crc_q[7:0];
  end
  assign tx_data_o  = txb;
  assign tx_valid_o = (st_q == S_REPLY);

  // ---- request checks (S_CHECK reads the header word 0) ----------------------------------------
  wire [7:0] h_flags = brd[23:16];
  wire [7:0] h_arg   = brd[31:24];
  wire       cmd_ok  = (cmd_q == C_PING) || (cmd_q == C_READ) || (cmd_q == C_WRITE) ||
                       (cmd_q == C_RCREAD) || (cmd_q == C_RCWRITE);
  wire       len_ok  = (cmd_q == C_PING)  ? (len_q == 8'd0) :
                       (cmd_q == C_READ || cmd_q == C_RCREAD) ? (len_q == 8'd4) :
                       ({1'b0, len_q} >= 9'd8 && {1'b0, len_q} <= MAXLEN && len_q[1:0] == 2'b00);
  wire       arg_ok  = (cmd_q == C_PING) ? 1'b1 :
                       (h_flags[7:2] != 6'd0) ? 1'b0 :
                       (cmd_q == C_READ || cmd_q == C_RCREAD) ? (h_arg != 8'd0 && h_arg <= MAXW8) :
                       (cmd_q == C_WRITE) ? (h_arg[7:4] == 4'd0) : (h_arg == 8'h0f);

  // ---- the end of one word's access: S_XD (the cycle after the APB access, from the registers
  // taken when it ended) or S_RC (run control, one cycle); an error stops the request with
  // ST_SLVERR and the word's index
  wire        acc_err   = (st_q == S_RC) ? rc_err_i : rerr_q;
  wire [31:0] acc_rdata = (st_q == S_RC) ? rc_rdata_i : rdat_q;

  // ---- next state -----------------------------------------------------------------------------
  always @* begin
    st_d    = st_q;
    idx_d   = idx_q;
    crc_d   = crc_q;
    tmr_d   = tmr_q;
    cmd_d   = cmd_q;
    seq_d   = seq_q;
    len_d   = len_q;
    stat_d  = stat_q;
    det_d   = det_q;
    addr_d  = addr_q;
    flags_d = flags_q;
    strb_d  = strb_q;
    nw_d    = nw_q;
    wi_d    = wi_q;
    pa_d    = 16'h0000;
    pwd_d   = 32'h0;
    pst_d   = 4'h0;
    rdat_d  = rdat_q;
    rerr_d  = rerr_q;
    bwe     = 4'b0000;
    bwa     = {BAW{1'b0}};
    bwd     = {4{rx_data_i}};
    bra     = {BAW{1'b0}};
    case (st_q)
      S_HUNT: if (rx_valid_i && rx_data_i == SYNC_REQ) begin
        st_d  = S_HDR;
        idx_d = 8'd0;
        crc_d = 16'hffff;
        tmr_d = {TW{1'b0}};
        seq_d = 8'd0;
      end
      S_HDR, S_PAY, S_CRC: begin
        if (rx_valid_i) begin
          tmr_d = {TW{1'b0}};
          crc_d = crc16_byte(crc_q, rx_data_i);
          idx_d = idx_q + 1'b1;
          if (st_q == S_HDR) begin
            if (idx_q == 8'd0) cmd_d = rx_data_i;
            if (idx_q == 8'd1) seq_d = rx_data_i;
            if (idx_q == 8'd2) begin
              len_d = rx_data_i;
              idx_d = 8'd0;
              st_d  = (rx_data_i == 8'd0) ? S_CRC : S_PAY;
            end
          end else if (st_q == S_PAY) begin
            if ({1'b0, idx_q} < MAXLEN) begin
              bwa = idx_q[BAW+1:2];
              bwe = 4'b0001 << idx_q[1:0];
            end
            if (idx_q == len_q - 1'b1) begin
              idx_d = 8'd0;
              st_d  = S_CRC;
            end
          end else if (idx_q == 8'd1) begin
            st_d = S_CHECK;
          end
        end else if (tmr_q == TMAX) begin
          stat_d = ST_TIMEOUT;
          len_d  = 8'd0;
          idx_d  = 8'd0;
          st_d   = S_REPLY;
        end else begin
          tmr_d = tmr_q + 1'b1;
        end
      end
      S_CHECK: begin
        bra     = {BAW{1'b0}};
        addr_d  = brd[15:0];
        flags_d = h_flags;
        strb_d  = h_arg[3:0];
        nw_d    = (cmd_q == C_READ || cmd_q == C_RCREAD) ? h_arg : {2'b00, len_q[7:2]} - 8'd1;
        wi_d    = 8'd0;
        idx_d   = 8'd0;
        len_d   = 8'd0;
        if (crc_q != 16'h0000)  begin stat_d = ST_CRC; st_d = S_REPLY; end
        else if (!cmd_ok)       begin stat_d = ST_CMD; st_d = S_REPLY; end
        else if (!len_ok)       begin stat_d = ST_LEN; st_d = S_REPLY; end
        else if (!arg_ok)       begin stat_d = ST_ARG; st_d = S_REPLY; end
        else                    begin stat_d = ST_OK;  st_d = S_EXEC;  end
      end
      S_EXEC: begin
        if (cmd_q == C_PING) begin
          bwa   = {BAW{1'b0}};
          bwe   = 4'b1111;
          bwd   = {MAXW8, VERSION, 8'h42, 8'h53};     // 'S' 'B' version MAXW
          len_d = 8'd4;
          st_d  = S_REPLY;
        end else if (wi_q == nw_q) begin
          len_d = is_wr ? 8'd0 : {nw_q[5:0], 2'b00};
          st_d  = S_REPLY;
        end else begin
          st_d = is_pmu ? S_XS : S_RC;
          if (is_pmu) begin                         // the word's APB signals, from registers
            bra   = wi_q[BAW-1:0] + 1'b1;
            pa_d  = waddr;
            pwd_d = is_wr ? brd : 32'h0;
            pst_d = is_wr ? strb_q : 4'h0;
          end
        end
      end
      S_XS: begin
        pa_d  = pa_q;
        pwd_d = pwd_q;
        pst_d = pst_q;
        st_d  = S_XA;
      end
      S_XA: begin
        if (pready_i) begin
          rdat_d = prdata_i;
          rerr_d = pslverr_i;
          st_d   = S_XD;
        end else begin
          pa_d  = pa_q;
          pwd_d = pwd_q;
          pst_d = pst_q;
        end
      end
      S_XD, S_RC: begin
        bra = wi_q[BAW-1:0] + 1'b1;               // the run-control write data
        if (acc_err) begin
          stat_d = ST_SLVERR;
          det_d  = wi_q;
          len_d  = 8'd1;
          st_d   = S_REPLY;
        end else begin
          if (!is_wr) begin
            bwa = wi_q[BAW-1:0];
            bwe = 4'b1111;
            bwd = acc_rdata;
          end
          wi_d = wi_q + 1'b1;
          st_d = S_EXEC;
        end
      end
      default: begin  // S_REPLY
        bra = (idx_q >= 8'd4) ? pidx[BAW+1:2] : {BAW{1'b0}};
        if (idx_q == 8'd0) crc_d = 16'hffff;
        if (tx_ready_i) begin
          if (idx_q != 8'd0 && idx_q < len_q + 8'd4) crc_d = crc16_byte(crc_q, txb);
          idx_d = idx_q + 1'b1;
          if (idx_q == len_q + 8'd5) st_d = S_HUNT;
        end
      end
    endcase
  end

  // ---- flops ----------------------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q    <= S_HUNT;
      idx_q   <= 8'd0;
      crc_q   <= 16'hffff;
      tmr_q   <= {TW{1'b0}};
      cmd_q   <= 8'd0;
      seq_q   <= 8'd0;
      len_q   <= 8'd0;
      stat_q  <= 8'd0;
      det_q   <= 8'd0;
      addr_q  <= 16'd0;
      flags_q <= 8'd0;
      strb_q  <= 4'd0;
      nw_q    <= 8'd0;
      wi_q    <= 8'd0;
      pa_q    <= 16'h0000;
      pwd_q   <= 32'h0;
      pst_q   <= 4'h0;
      rdat_q  <= 32'h0;
      rerr_q  <= 1'b0;
    end else begin
      st_q    <= st_d;
      idx_q   <= idx_d;
      crc_q   <= crc_d;
      tmr_q   <= tmr_d;
      cmd_q   <= cmd_d;
      seq_q   <= seq_d;
      len_q   <= len_d;
      stat_q  <= stat_d;
      det_q   <= det_d;
      addr_q  <= addr_d;
      flags_q <= flags_d;
      strb_q  <= strb_d;
      nw_q    <= nw_d;
      wi_q    <= wi_d;
      pa_q    <= pa_d;
      pwd_q   <= pwd_d;
      pst_q   <= pst_d;
      rdat_q  <= rdat_d;
      rerr_q  <= rerr_d;
    end
  end

endmodule
