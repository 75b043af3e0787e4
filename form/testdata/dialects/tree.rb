# tree.rb: the recorders' neutral form of a Rack tree (record.rb,
# port-rack.rb): null, {"s": hex}, {"l": [trees]} for an Array,
# {"m": [[hex key, tree], ...]} for a Hash.
def hexs(s) = s.b.unpack1("H*")

def tree(v)
  case v
  when nil then nil
  when String then { "s" => hexs(v) }
  when Array then { "l" => v.map { |x| tree(x) } }
  when Hash then { "m" => v.map { |k, x| [hexs(k), tree(x)] } }
  else raise "unexpected #{v.class}"
  end
end

# the line record.rb writes for the query q: the tree and what
# build_nested_query writes for it, or the error raised
def result(q)
  h = Rack::Utils.default_query_parser.parse_nested_query(q)
  r = { "t" => tree(h) }
  begin
    r["b"] = hexs(Rack::Utils.build_nested_query(h).to_s)
  rescue => e
    r["be"] = e.class.name
  end
  r
rescue => e
  { "e" => "#{e.class}: #{hexs(e.message)}" }
end

# the Ruby tree of a tree in the neutral form (for build_nested_query)
def native(t)
  return nil if t.nil?
  return [t["s"]].pack("H*") if t.key?("s")
  return t["l"].map { |x| native(x) } if t.key?("l")
  t["m"].to_h { |k, x| [[k].pack("H*"), native(x)] }
end

# the line record.rb build writes for a tree: what build_nested_query
# writes for it, or the error raised
def build_result(t)
  { "b" => hexs(Rack::Utils.build_nested_query(native(t)).to_s) }
rescue => e
  { "be" => e.class.name }
end
