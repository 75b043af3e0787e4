<?php
// record.php: runs one of PHP's urlencode, rawurlencode, urldecode and
// rawurldecode on the hex-encoded byte strings of standard input, one a
// line, and writes one result a line (see main.go): "x" and the hex of the
// output. PHP strings are bytes, so every input is given.
//
//   php record.php version | urlencode | rawurlencode | urldecode | rawurldecode
$name = $argv[1];
if ($name === "version") {
    echo "php " . PHP_VERSION . "\n";
    exit(0);
}
if (!in_array($name, ["urlencode", "rawurlencode", "urldecode", "rawurldecode"], true)) {
    fwrite(STDERR, "unknown function $name\n");
    exit(2);
}
$out = "";
foreach (explode("\n", rtrim(stream_get_contents(STDIN), "\n")) as $line) {
    $out .= "x" . bin2hex($name(hex2bin($line))) . "\n";
}
echo $out;
