// Records what the URL Standard's reference implementation (the npm
// package whatwg-url, with tr46) or node's own URL gives for the cases on
// standard input, one JSON object a line, as one JSON line each on
// standard output. Usage: node record.js [whatwg-url|node|version].
//
//   {"i": input, "b": base (optional), "s": setter, "v": value}
//     -> {"r": [href, origin, protocol, username, password, host,
//               hostname, port, pathname, search, hash]}, or {"f": "base"}
//        or {"f": "input"} where the constructor throws
//   {"d": domain, "o": [checkHyphens, checkBidi, checkJoiners,
//                       useSTD3ASCIIRules, transitionalProcessing,
//                       verifyDNSLength, ignoreInvalidPunycode]}
//     -> {"a": tr46.toASCII or null, "u": toUnicode's domain, "e": its error}
"use strict";
const mode = process.argv[2] || "whatwg-url";
if (mode === "version") {
  const v = p => require(p + "/package.json").version;
  console.log(`whatwg-url ${v("whatwg-url")}, tr46 ${v("tr46")}, node ${process.version}`);
  process.exit(0);
}
const URLClass = mode === "node" ? globalThis.URL : require("whatwg-url").URL;
const tr46 = mode === "node" ? null : require("tr46");
const names = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
const out = [];
const lines = require("fs").readFileSync(0, "utf8").split("\n");
for (const line of lines) {
  if (line === "") continue;
  const c = JSON.parse(line);
  if (c.d !== undefined) {
    const [checkHyphens, checkBidi, checkJoiners, useSTD3ASCIIRules, transitionalProcessing, verifyDNSLength, ignoreInvalidPunycode] = c.o;
    const o = { checkHyphens, checkBidi, checkJoiners, useSTD3ASCIIRules, transitionalProcessing, verifyDNSLength, ignoreInvalidPunycode };
    const u = tr46.toUnicode(c.d, o);
    out.push(JSON.stringify({ a: tr46.toASCII(c.d, o), u: u.domain, e: u.error }));
    continue;
  }
  let base;
  if (c.b !== undefined) {
    try {
      base = new URLClass(c.b);
    } catch {
      out.push('{"f":"base"}');
      continue;
    }
  }
  let u;
  try {
    u = new URLClass(c.i, base);
  } catch {
    out.push('{"f":"input"}');
    continue;
  }
  if (c.s !== undefined) {
    try {
      u[c.s] = c.v;
    } catch {
      // the href setter throws on a failure and leaves the URL as it was
    }
  }
  out.push(JSON.stringify({ r: names.map(n => u[n]) }));
}
process.stdout.write(out.join("\n") + "\n");
