// port-qs.js: runs qs's own test files (test/parse.js and test/stringify.js
// of the installed qs package) with a stand-in for tape, and writes every
// input they give qs.parse and qs.stringify with the default options, and
// what qs returns for it, one JSON object a line:
//
//   {"fn": "parse", "file": F, "line": N, "q": input, "r": result}
//   {"fn": "stringify", "file": F, "line": N, "tree": input, "r": {"b": hex}}
//   {"fn": ..., "file": F, "line": N, "left": why}
//
// A parse result is what record.js writes for the query; a stringify input
// is a tree of strings, null, arrays and plain objects. "left" marks an
// input only JavaScript has (a number, boolean, date, undefined, symbol,
// bigint, buffer, cycle, or a parse input that is not a string), or a call
// with options ("options" and their names: the dialect is qs's defaults).
// The suite's own assertions are not run; what qs returns is recorded
// instead.
//
//   node port-qs.js > qs-suite.jsonl   (qs in node_modules here)
"use strict";
const Module = require("module");
const path = require("path");
const qsDir = path.dirname(require.resolve("qs/package.json"));

// a tape that runs every test body and asserts nothing
function makeT() {
  const t = {
    test(name, opts, fn) {
      if (typeof opts === "function") fn = opts;
      if (typeof fn === "function") {
        try { fn(makeT()); } catch (e) { /* a stand-in broke it: its inputs so far are kept */ }
      }
    },
    throws(fn) { try { fn(); } catch (e) {} },
    doesNotThrow(fn) { try { fn(); } catch (e) {} },
    teardown() {}, end() {}, plan() {}, comment() {}, skip() {},
  };
  return new Proxy(t, { get: (o, k) => (k in o ? o[k] : () => {}) });
}
const tape = (name, opts, fn) => makeT().test(name, opts, fn);
const stubs = {
  tape,
  "for-each": (xs, fn) => (Array.isArray(xs) ? xs.forEach(fn) : Object.keys(xs).forEach((k) => fn(xs[k], k))),
  "has-property-descriptors": () => true,
  "has-override-mistake": () => false,
  "has-proto": () => true,
  "has-symbols": () => true,
  "mock-property": () => () => {},
  "iconv-lite": { encode: (s) => Buffer.from(String(s)), decode: (b) => String(b) },
  "safer-buffer": { Buffer },
  "es-value-fixtures": new Proxy({}, { get: () => [] }),
};
const load = Module._load;
// any other development dependency that is not installed: a function that
// returns false, whose properties are such functions
const absent = new Proxy(function () { return false; }, { get: (o, k) => (k === "prototype" ? {} : absent) });
Module._load = function (request, parent, isMain) {
  if (Object.prototype.hasOwnProperty.call(stubs, request)) return stubs[request];
  try {
    return load.apply(this, arguments);
  } catch (e) {
    if (e.code === "MODULE_NOT_FOUND" && !request.startsWith(".")) return absent;
    throw e;
  }
};

const qs = require(qsDir);
const out = [];
function callLine() {
  const m = /(parse|stringify)\.js:(\d+)/.exec(new Error().stack.split("\n").slice(3).join("\n"));
  return m ? { file: "test/" + m[1] + ".js", line: Number(m[2]) } : { file: "?", line: 0 };
}
// why v has no tree form, or "" for a tree of strings, null, arrays and plain objects
function jsOnly(v, seen) {
  if (v === null || typeof v === "string") return "";
  if (typeof v !== "object") return typeof v;
  if (seen.has(v)) return "a cycle";
  seen.add(v);
  if (Array.isArray(v)) {
    if (Object.keys(v).length !== v.length) return "an array with named properties";
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) return "a sparse array";
      const w = jsOnly(v[i], seen);
      if (w) return w;
    }
    return "";
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return (v.constructor && v.constructor.name) || "an object with a prototype";
  for (const k of Reflect.ownKeys(v)) {
    if (typeof k === "symbol") return "a symbol key";
    const d = Object.getOwnPropertyDescriptor(v, k);
    if (!("value" in d)) return "a getter";
    if (!d.enumerable) continue;
    const w = jsOnly(d.value, seen);
    if (w) return w;
  }
  return "";
}
const parse = qs.parse, stringify = qs.stringify;
const { hex, result: record } = require("./tree.js");
const result = (q) => record(q, parse, stringify);
// an options object with no option in it is qs's defaults
const defaults = (opts) =>
  opts === undefined || (opts !== null && typeof opts === "object" && Object.getPrototypeOf(opts) === Object.prototype && Object.keys(opts).length === 0);
const withOptions = (fn, opts) =>
  out.push({ fn, ...callLine(), left: "options " + (opts && typeof opts === "object" ? Object.keys(opts).sort().join(",") : typeof opts) });
qs.parse = function (str, opts) {
  if (!defaults(opts)) withOptions("parse", opts);
  else {
    const at = callLine();
    if (typeof str === "string") out.push({ fn: "parse", ...at, q: str, r: result(str) });
    else out.push({ fn: "parse", ...at, left: "an input that is not a string (" + (str === null ? "null" : typeof str) + ")" });
  }
  return parse.apply(this, arguments);
};
qs.stringify = function (obj, opts) {
  if (!defaults(opts)) withOptions("stringify", opts);
  else {
    const at = callLine();
    const why = jsOnly(obj, new Set());
    if (why) out.push({ fn: "stringify", ...at, left: why });
    else out.push({ fn: "stringify", ...at, tree: obj, r: { b: hex(stringify(obj)) } });
  }
  return stringify.apply(this, arguments);
};
require(path.join(qsDir, "test", "parse.js"));
require(path.join(qsDir, "test", "stringify.js"));
for (const o of out) process.stdout.write(JSON.stringify(o) + "\n");
