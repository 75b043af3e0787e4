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
//   tests/basic/003.phpt (1e02cc4), 004.phpt (12b38c1), 005.phpt (0f8555a),
//   013.phpt, 018.phpt, 019.phpt (10f9537), 014.phpt, 015.phpt, 016.phpt,
//   017.phpt (10c04ac), bug53180.phpt (12b38c1), bug61000.phpt (2e5e82a),
//   011.phpt (00c81b0), 022.phpt (0dccab1), 023.phpt (10f9537),
//   030.phpt (994df9f), 031.phpt (ecd5c82), 032.phpt (4aabfe9),
//   bug55500.phpt (2a687ae)
//   ext/standard/tests/strings/parse_str_basic3.phpt and parse_str_basic4.phpt,
//   as HHVM's copies of php-src's tests hold them (facebook/hhvm
//   hphp/test/zend/good/ext/standard/tests/strings/parse_str_basic3.php
//   at 1555e6a, parse_str_basic4.php at 1824535), with the one input of
//   php-src's parse_str_basic3.phpt (84a0e8e) that HHVM's copy dropped:
//   their inputs only, the results are PHP's own here.
// The tests/basic ones give their --GET-- and --POST-- bodies to the
// request parser, which reads a name as parse_str does
// (php_default_treat_data, php_register_variable); each body is given to
// parse_str here. The rest of the parse_str tests (parse_str_basic3.phpt,
// basic4, the bugs) had no readable text here: the recorded and live
// inputs of dialect_test.go cover what they test.
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
foreach ([
    "first=abc&a[]=123&a[]=false&b[]=str&c[]=3.5&a[]=last",
    "arr[1]=sid&arr[4]=bill",
    "arr[first]=sid&arr[forth]=bill",
    "a[]=123&a[]=false&a[]=last", // php-src's copy only (84a0e8e)
    "a=999",
    "a=%3c%3d%3d%20%20foo+bar++%3d%3d%3e&b=%23%23%23Hello+World%23%23%23",
    "firstname=Bill&surname=O%27Reilly",
    "sum=10%5c2%3d5",
    "str=A+string+with+%22quoted%22+strings",
    "str=A%20string%20with%20containing%20%00%00%00%20nulls",
    "arr[3][4]=sid&arr[3][6]=fred",
    "arr[][]=sid&arr[][]=fred",
    "arr[one][four]=sid&arr[three][six]=fred",
    "arr[1][2][3]=sid&arr[1][2][6]=fred",
] as $q) $parse("parse_str_basic3.phpt", $q);
foreach ([
    "arr[1=sid&arr[4][2=fred",
    "arr1]=sid&arr[4]2]=fred",
    "arr[one=sid&arr[4][two=fred",
    "first=%41&second=%a&third=%b",
    "arr.test[1]=sid&arr test[4][two]=fred",
] as $q) $parse("parse_str_basic4.phpt", $q);
// Request bodies and query strings of tests/basic.
$parse("tests/basic/003.phpt --POST--", "a=Hello+World");
$parse("tests/basic/003.phpt --GET--", "b=Hello+Again+World&c=Hi+Mom");
$parse("tests/basic/004.phpt", "a=Hello+World&b=Hello+Again+World");
$parse("tests/basic/005.phpt", "a=Hello+World&b=Hello+Again+World&c=1");
$parse("tests/basic/013.phpt", "a[]=1");
$parse("tests/basic/014.phpt", "a[]=1&a[]=1");
$parse("tests/basic/015.phpt", "a[]=1&a[0]=5");
$parse("tests/basic/016.phpt", "a[a]=1&a[b]=3");
$parse("tests/basic/017.phpt", "a[]=1&a[a]=1&a[b]=3");
$parse("tests/basic/018.phpt", "a[][]=1&a[][]=3&b[a][b][c]=1&b[a][b][d]=1");
$parse("tests/basic/019.phpt", "a[]=1&a[]]=3&a[[]=4");
$parse("tests/basic/bug53180.phpt", "email=foo&password=bar&submit=Log+on");
$left("tests/basic/bug61000.phpt", "parse", "max_input_nesting_level=2 (a non-default ini)");
$left("tests/basic/011.phpt", "parse", "a query read as argv (register_argc_argv)");
$left("tests/basic/022.phpt", "parse", "a Cookie header: \";\" separates, names are not decoded the same way");
$left("tests/basic/023.phpt", "parse", "a Cookie header: \";\" separates, names are not decoded the same way");
$left("tests/basic/030.phpt", "parse", "a multipart/form-data body");
$left("tests/basic/031.phpt", "parse", "a multipart/form-data body");
$left("tests/basic/032.phpt", "parse", "a multipart/form-data body");
$left("tests/basic/bug55500.phpt", "parse", "a multipart/form-data body");
foreach ($out as $o) echo json_encode($o), "\n";
