# record.rb: reads queries, one a line in hex, and writes one JSON object a
# line: {"t": the tree Rack::Utils.parse_nested_query gives, "b":
# build_nested_query of it in hex (or "be": what it raised)}, or {"e": the
# class and message parse_nested_query raised}. A tree is null,
# {"s": hex}, {"l": [trees]} for an Array or {"m": [[hex key, tree], ...]}
# for a Hash. The query is given as Rack gets QUERY_STRING: binary.
#
#   ruby record.rb version | ruby record.rb < queries
require "rack"
require "json"

if ARGV[0] == "version"
  puts "ruby #{RUBY_VERSION}p#{RUBY_PATCHLEVEL} rack #{Rack.release}"
  exit 0
end

def tree(v)
  case v
  when nil then nil
  when String then { "s" => v.unpack1("H*") }
  when Array then { "l" => v.map { |x| tree(x) } }
  when Hash then { "m" => v.map { |k, x| [k.unpack1("H*"), tree(x)] } }
  else raise "unexpected #{v.class}"
  end
end

out = +""
$stdin.read.split("\n").each do |line|
  q = [line].pack("H*").force_encoding(Encoding::BINARY)
  begin
    h = Rack::Utils.parse_nested_query(q)
  rescue => e
    out << JSON.generate({ "e" => "#{e.class}: #{e.message.b.unpack1("H*")}" }) << "\n"
    next
  end
  r = { "t" => tree(h) }
  begin
    r["b"] = Rack::Utils.build_nested_query(h).to_s.unpack1("H*")
  rescue => e
    r["be"] = e.class.name
  end
  out << JSON.generate(r, max_nesting: false) << "\n"
end
$stdout.write(out)
