<?php
// record.php: reads queries, one a line in hex, and writes one JSON object a
// line: {"t": the tree parse_str gives, "b": http_build_query of it in
// hex}, or {"e": why} where parse_str warns (max_input_vars,
// max_input_nesting_level) and cuts, or reads the query only up to a NUL
// byte (a C string). A tree is null, {"s": hex}, {"l": [trees]} for an
// array that is a list (array_is_list, as json_encode prints it) or
// {"m": [[hex key, tree], ...]}. With "build", it reads trees in that form,
// one JSON a line, and writes {"b": http_build_query of each in hex}.
//
//   php record.php version | php record.php < queries | php record.php build < trees
if (($argv[1] ?? "") === "version") {
    echo "php " . PHP_VERSION . "\n";
    exit(0);
}
require __DIR__ . "/tree.php";
if (($argv[1] ?? "") === "build") {
    $out = "";
    foreach (explode("\n", rtrim(stream_get_contents(STDIN), "\n")) as $line) {
        $out .= json_encode(["b" => bin2hex(http_build_query(native(json_decode($line, true))))]) . "\n";
    }
    echo $out;
    exit(0);
}
$warning = null;
set_error_handler(function ($no, $str) use (&$warning) { $warning = $str; return true; });
$out = "";
foreach (explode("\n", rtrim(stream_get_contents(STDIN), "\n")) as $line) {
    $warning = null;
    $o = [];
    $q = hex2bin($line);
    if (strpos($q, "\0") !== false) {
        $out .= json_encode(["e" => "parse_str reads the query only up to its NUL byte"]) . "\n";
        continue;
    }
    parse_str($q, $o);
    if ($warning !== null) {
        $out .= json_encode(["e" => $warning]) . "\n";
        continue;
    }
    $out .= json_encode(["t" => tree($o), "b" => bin2hex(http_build_query($o))]) . "\n";
}
echo $out;
