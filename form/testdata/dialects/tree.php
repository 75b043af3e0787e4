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
