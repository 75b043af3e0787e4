// record.js: reads queries, one a line in hex, and writes one JSON object a
// line: {"t": the tree qs.parse gives, "b": qs.stringify of it in hex}, or
// {"e": what qs.parse threw, or where it cuts at parameterLimit}. A tree is null, {"s": hex}, {"l": [trees]}
// for an array or {"m": [[hex key, tree], ...]} for an object, its keys in
// Object.keys order. Strings are written as UTF-8. qs is resolved from
// NODE_PATH, or from node_modules here (npm install qs@6.17).
//
//   node record.js version | node record.js < queries
"use strict";
const qs = require("qs");
if (process.argv[2] === "version") {
  console.log("node " + process.version + " qs " + require("qs/package.json").version);
  process.exit(0);
}
const hex = (s) => Buffer.from(s, "utf8").toString("hex");
function tree(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return { s: hex(v) };
  if (Array.isArray(v)) return { l: v.map(tree) };
  return { m: Object.keys(v).map((k) => [hex(k), tree(v[k])]) };
}
const lines = require("fs").readFileSync(0, "latin1").replace(/\n$/, "").split("\n");
let out = "";
for (const line of lines) {
  const q = Buffer.from(line, "hex").toString("utf8");
  // qs.parse reads the first 1000 pairs (parameterLimit) and drops the
  // rest silently: a cut the dialect reports as an error.
  if (q.split("&").slice(1000).some((p) => p !== "")) {
    out += JSON.stringify({ e: "qs.parse drops the pairs past parameterLimit 1000" }) + "\n";
    continue;
  }
  let o;
  try {
    o = qs.parse(q);
  } catch (e) {
    out += JSON.stringify({ e: String(e) }) + "\n";
    continue;
  }
  out += JSON.stringify({ t: tree(o), b: hex(qs.stringify(o)) }) + "\n";
}
process.stdout.write(out);
