<?php
// port-php.php: the inputs of php-src's parse_str and http_build_query
// tests (.phpt) that this machine could read, given to parse_str and
// http_build_query as those tests give them, with what PHP returns, one
// JSON object a line (as port-qs.js writes them):
//
//   {"fn": "parse", "file": F, "line": 0, "q": input, "r": result}
//   {"fn": "stringify", "file": F, "line": 0, "tree": input, "r": {"b": hex}}
//   {"fn": ..., "file": F, "line": 0, "left": why}
//
// The sources, php-src at the commits the index holds:
//   ext/standard/tests/strings/parse_str_basic1.phpt (0dfd875)
//   ext/standard/tests/strings/parse_str_basic2.phpt (0dfd875)
//   ext/standard/tests/http/http_build_query/http_build_query.phpt (a401f84)
//   ext/standard/tests/http/http_build_query/http_build_query_with_null.phpt (34a2b6b)
//   ext/standard/tests/http/http_build_query/http_build_query_variation1.phpt (066184f)
//   ext/standard/tests/http/http_build_query/bug26817.phpt (2b3f8e4)
// The rest of the parse_str tests (parse_str_basic3.phpt, basic4, the
// bugs) had no readable text here: the recorded and live inputs of
// dialect_test.go cover what they test.
//
//   php port-php.php > php-suite.jsonl
require __DIR__ . "/tree.php";
function result($q) {
    parse_str($q, $o);
    return ["t" => tree($o), "b" => bin2hex(http_build_query($o))];
}
$out = [];
$parse = function ($file, $q) use (&$out) { $out[] = ["fn" => "parse", "file" => $file, "line" => 0, "q" => $q, "r" => result($q)]; };
$build = function ($file, $tree) use (&$out) { $out[] = ["fn" => "stringify", "file" => $file, "line" => 0, "tree" => $tree, "r" => ["b" => bin2hex(http_build_query($tree))]]; };
$left = function ($file, $fn, $why) use (&$out) { $out[] = ["fn" => $fn, "file" => $file, "line" => 0, "left" => $why]; };

$parse("parse_str_basic1.phpt", "first=val1&second=val2&third=val3");
$left("parse_str_basic2.phpt", "parse", "arg_separator.input \"/\" (a non-default ini)");
$left("http_build_query.phpt", "stringify", "integers, floats and booleans; a numeric_prefix; an arg_separator");
$build("http_build_query_with_null.phpt", [null]);
$left("http_build_query_variation1.phpt", "stringify", "objects");
$left("bug26817.phpt", "stringify", "objects");
foreach ($out as $o) echo json_encode($o), "\n";
