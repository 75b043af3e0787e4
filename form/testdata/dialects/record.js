// record.js: reads queries, one a line in hex, and writes one JSON object a
// line: {"t": the tree qs.parse gives, "b": qs.stringify of it in hex}, or
// {"e": what qs.parse threw, or where it cuts at parameterLimit}. A tree is null, {"s": hex}, {"l": [trees]}
// for an array or {"m": [[hex key, tree], ...]} for an object, its keys in
// Object.keys order. Strings are written as UTF-8. qs is resolved from
// NODE_PATH, or from node_modules here (npm install qs@6.17). With
// "build", it reads trees in that form, one JSON a line, and writes
// {"b": qs.stringify of each in hex} or {"be": what it threw}.
//
//   node record.js version | node record.js < queries | node record.js build < trees
"use strict";
const qs = require("qs");
if (process.argv[2] === "version") {
  console.log("node " + process.version + " qs " + require("qs/package.json").version);
  process.exit(0);
}
const { result, native, hex } = require("./tree.js");
const lines = require("fs").readFileSync(0, "latin1").replace(/\n$/, "").split("\n");
let out = "";
if (process.argv[2] === "build") {
  for (const line of lines) {
    let r;
    try {
      r = { b: hex(qs.stringify(native(JSON.parse(line)))) };
    } catch (e) {
      r = { be: String(e) };
    }
    out += JSON.stringify(r) + "\n";
  }
} else {
  for (const line of lines) {
    const q = Buffer.from(line, "hex").toString("utf8");
    out += JSON.stringify(result(q, qs.parse, qs.stringify)) + "\n";
  }
}
// No process.exit: it would drop what a pipe has not yet taken.
process.stdout.write(out);
