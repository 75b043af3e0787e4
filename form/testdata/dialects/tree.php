<?php
// tree.php: the recorders' neutral form of a PHP tree (record.php,
// port-php.php): null, {"s": hex}, {"l": [trees]} for an array that is a
// list (array_is_list, as json_encode prints it), {"m": [[hex key, tree],
// ...]} for any other.
function tree($v) {
    if ($v === null) return null;
    if (is_string($v)) return ["s" => bin2hex($v)];
    if (array_is_list($v)) {
        $l = [];
        foreach ($v as $x) $l[] = tree($x);
        return ["l" => $l];
    }
    $m = [];
    foreach ($v as $k => $x) $m[] = [bin2hex((string)$k), tree($x)];
    return ["m" => $m];
}

// native is the PHP tree of a tree in the neutral form (for http_build_query).
function native($t) {
    if ($t === null) return null;
    if (isset($t["s"])) return hex2bin($t["s"]);
    $a = [];
    if (isset($t["l"])) {
        foreach ($t["l"] as $x) $a[] = native($x);
        return $a;
    }
    foreach ($t["m"] as [$k, $x]) $a[hex2bin($k)] = native($x);
    return $a;
}
