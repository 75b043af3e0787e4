<?php
// record.php: reads queries, one a line in hex, and writes one JSON object a
// line: {"t": the tree parse_str gives, "b": http_build_query of it in
// hex}, or {"e": the warning} where parse_str warns (max_input_vars,
// max_input_nesting_level) and cuts. A tree is null, {"s": hex},
// {"l": [trees]} for an array that is a list (array_is_list, as
// json_encode prints it) or {"m": [[hex key, tree], ...]}.
//
//   php record.php version | php record.php < queries
if (($argv[1] ?? "") === "version") {
    echo "php " . PHP_VERSION . "\n";
    exit(0);
}
require __DIR__ . "/tree.php";
$warning = null;
set_error_handler(function ($no, $str) use (&$warning) { $warning = $str; return true; });
$out = "";
foreach (explode("\n", rtrim(stream_get_contents(STDIN), "\n")) as $line) {
    $warning = null;
    $o = [];
    parse_str(hex2bin($line), $o);
    if ($warning !== null) {
        $out .= json_encode(["e" => $warning]) . "\n";
        continue;
    }
    $out .= json_encode(["t" => tree($o), "b" => bin2hex(http_build_query($o))]) . "\n";
}
echo $out;
