// Shared by the formal property modules (included inside a module that has clk_i, rst_ni and a
// parameter CW). Not RTL: formal-only constructs.

  // First cycle of every trace is a reset cycle (BMC); induction leaves it free.
  reg past_valid = 1'b0;
  always @(posedge clk_i) past_valid <= 1'b1;
  always @* begin
    if (!past_valid) begin
      assume (!rst_ni);
    end
  end

  // Spec 5.3: a write replaces the strobed bytes of the addressed 32-bit word of a counter;
  // the low word is cnt[31:0], the high word cnt[CW-1:32] (zero-extended to 32 bits), and bits
  // beyond CW-1 are dropped.
  function automatic [CW-1:0] spec_write(input [CW-1:0] old, input hi, input [31:0] wd,
                                         input [3:0] st);
    reg [63:0] o64;
    reg [31:0] bm;
    reg [31:0] word;
    reg [63:0] n64;
    begin
      o64        = 64'd0;
      o64[CW-1:0] = old;
      bm         = {{8{st[3]}}, {8{st[2]}}, {8{st[1]}}, {8{st[0]}}};
      word       = hi ? o64[63:32] : o64[31:0];
      word       = (word & ~bm) | (wd & bm);
      n64        = hi ? {word, o64[31:0]} : {o64[63:32], word};
      spec_write = n64[CW-1:0];
    end
  endfunction
