// Load pipeline traces with Konata's own parsers (https://github.com/shioyadan/Konata) and print
// what Konata would show: a test driver for scripts/run/check_traces.py, not part of StallScope's
// outputs. Konata's code is not in this repository: `make trace-tools` bundles its parsers
// (src/core/*.ts, unchanged except that the zstd decompressor is left out) into
//   build/tools/konata/konata_parsers.cjs
// with Debian's esbuild; this script loads that bundle (or the one named by KONATA_PARSERS).
//
//   node scripts/run/konata_load.js FILE...
//
// Like Konata's trace_parser.ts, each file is first given to OnikiriParser (Kanata) and, if it
// is not a Kanata trace, to Gem5O3PipeViewParser. Per file, one line of JSON:
//   file, parser, ops, retired, flushed, inflight (R never seen: Konata's eof), warnings (the
//   parser's warning count) and warning_text (what it printed), deps (W arrows), drawable
//   (arrows Konata's renderer can draw: the consumer has an X stage start, the producer an X
//   stage end), future (producer id above the consumer's), on_flushed (a retired consumer
//   depending on a flushed producer), late (an arrow whose producer's last X cycle is not before
//   the consumer's first: the consumer issued before its producer completed, impossible in the
//   core, so the arrow names the wrong producer), stages (lane-0 stage names seen), last_cycle.
// Exit status 2 when a bundle or file cannot be read or a parser throws.
"use strict";
const fs = require("fs");
const path = require("path");
const { File } = require("buffer");

const bundle = process.env.KONATA_PARSERS ||
  path.resolve(__dirname, "..", "..", process.env.BUILD || "build", "tools", "konata", "konata_parsers.cjs");

async function loadOne(k, file) {
  const bytes = fs.readFileSync(file);
  const input = new File([bytes], path.basename(file));
  const warnings = [];
  const origWarn = console.warn, origLog = console.log;
  console.warn = (...a) => warnings.push(a.join(" "));
  console.log = (...a) => warnings.push("log: " + a.join(" "));
  let trace, parser = "OnikiriParser";
  try {
    try {
      trace = await new k.OnikiriParser(new k.ArrayOpStore()).parse(new k.FileLineReader(input));
    } catch (e) {
      if (!(e instanceof Error) || e.message !== "The selected file is not a Kanata trace.") throw e;
      parser = "Gem5O3PipeViewParser";
      trace = await new k.Gem5O3PipeViewParser(new k.ArrayOpStore()).parse(new k.FileLineReader(input));
    }
  } finally {
    console.warn = origWarn;
    console.log = origLog;
  }
  const r = { file, parser, ops: 0, retired: 0, flushed: 0, inflight: 0,
              warnings: trace.warningCount, warning_text: warnings.filter((w) => !w.startsWith("log: Detected ticks")),
              deps: 0, drawable: 0, future: 0, on_flushed: 0, late: 0, stages: [], last_cycle: trace.lastCycle };
  const stages = new Set();
  for (let id = 0; id <= trace.lastID; id++) {
    const op = trace.getOp(id);
    if (op === undefined) continue;
    r.ops++;
    if (op.retired) r.retired++;
    else if (op.flush) r.flushed++;
    else r.inflight++;
    const lane0 = op.lanes[0];
    if (lane0) for (const s of lane0.stages) stages.add(s.name);
    for (const d of op.prods) {
      r.deps++;
      const prod = trace.getOp(d.opID);
      if (d.opID > op.id) r.future++;
      if (prod !== undefined && op.consCycle !== -1 && prod.prodCycle !== -1) {
        r.drawable++;
        if (prod.prodCycle >= op.consCycle) r.late++;
      }
      if (prod !== undefined && op.retired && prod.flush) r.on_flushed++;
    }
  }
  r.stages = [...stages].sort();
  return r;
}

async function main() {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error("usage: node scripts/run/konata_load.js FILE...");
    process.exit(2);
  }
  let k;
  try {
    k = require(bundle);
  } catch (e) {
    console.error(`konata_load: cannot load Konata's parsers from ${bundle} (make trace-tools): ${e.message}`);
    process.exit(2);
  }
  let bad = 0;
  for (const f of files) {
    try {
      console.log(JSON.stringify(await loadOne(k, f)));
    } catch (e) {
      console.error(`konata_load: ${f}: ${e && e.message ? e.message : e}`);
      bad++;
    }
  }
  process.exit(bad ? 2 : 0);
}

main();
