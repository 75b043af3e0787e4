// tree.js: the recorders' neutral form of a qs tree (record.js, port-qs.js):
// null, {"s": hex}, {"l": [trees]} for an array, {"m": [[hex key, tree],
// ...]} for an object, its keys in Object.keys order; strings as UTF-8.
"use strict";
const hex = (s) => Buffer.from(s, "utf8").toString("hex");
function tree(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return { s: hex(v) };
  if (Array.isArray(v)) return { l: v.map(tree) };
  return { m: Object.keys(v).map((k) => [hex(k), tree(v[k])]) };
}
// the line record.js writes for the query q, given qs's parse and stringify
function result(q, parse, stringify) {
  // qs.parse reads the first 1000 pairs (parameterLimit) and drops the
  // rest silently: a cut the dialect reports as an error.
  if (q.split("&").slice(1000).some((p) => p !== "")) return { e: "qs.parse drops the pairs past parameterLimit 1000" };
  let o;
  try {
    o = parse(q);
  } catch (e) {
    return { e: String(e) };
  }
  return { t: tree(o), b: hex(stringify(o)) };
}
// the JavaScript tree of a tree in the neutral form (for qs.stringify)
function native(t) {
  if (t === null) return null;
  if ("s" in t) return Buffer.from(t.s, "hex").toString("utf8");
  if ("l" in t) return t.l.map(native);
  const o = {};
  for (const [k, x] of t.m) o[Buffer.from(k, "hex").toString("utf8")] = native(x);
  return o;
}
module.exports = { hex, tree, result, native };
