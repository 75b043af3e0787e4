// record.js: runs one ECMAScript function of node on the hex-encoded byte
// strings of standard input, one a line, and writes one result a line (see
// main.go): "x" and the hex of the output, "!" and the error, or "-" and why
// the input was not given to the function.
//
//	node record.js version | encodeURIComponent | encodeURI | decodeURIComponent | decodeURI
"use strict";
const fn = {
  encodeURIComponent, encodeURI, decodeURIComponent, decodeURI,
}[process.argv[2]];
if (process.argv[2] === "version") {
  process.stdout.write("node " + process.version + "\n");
  process.exit(0);
}
if (!fn) throw new Error("unknown function " + process.argv[2]);
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const out = [];
const lines = require("fs").readFileSync(0, "latin1").split("\n");
if (lines[lines.length - 1] === "") lines.pop();
for (const hex of lines) {
  let s;
  try {
    s = strict.decode(Buffer.from(hex, "hex"));
  } catch (e) {
    out.push("-invalid UTF-8: a JavaScript string holds UTF-16 text, these bytes are none");
    continue;
  }
  try {
    out.push("x" + Buffer.from(fn(s), "utf8").toString("hex"));
  } catch (e) {
    out.push("!" + e.name + ": " + e.message);
  }
}
process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
