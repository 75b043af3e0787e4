# record.rb: reads queries, one a line in hex, and writes one JSON object a
# line: {"t": the tree Rack::Utils.parse_nested_query gives, "b":
# build_nested_query of it in hex (or "be": what it raised)}, or {"e": the
# class and message parse_nested_query raised}. A tree is null,
# {"s": hex}, {"l": [trees]} for an Array or {"m": [[hex key, tree], ...]}
# for a Hash. The query is given as Rack gets QUERY_STRING: binary. With
# "build", it reads trees in that form, one JSON a line, and writes
# {"b": build_nested_query of each in hex} or {"be": what it raised}.
#
#   ruby record.rb version | ruby record.rb < queries | ruby record.rb build < trees
require "rack"
require "json"

if ARGV[0] == "version"
  puts "ruby #{RUBY_VERSION}p#{RUBY_PATCHLEVEL} rack #{Rack.release}"
  exit 0
end

require_relative "tree"

out = +""
if ARGV[0] == "build"
  $stdin.read.split("\n").each do |line|
    out << JSON.generate(build_result(JSON.parse(line, max_nesting: false))) << "\n"
  end
  $stdout.write(out)
  exit 0
end
$stdin.read.split("\n").each do |line|
  q = [line].pack("H*").force_encoding(Encoding::BINARY)
  out << JSON.generate(result(q), max_nesting: false) << "\n"
end
$stdout.write(out)
