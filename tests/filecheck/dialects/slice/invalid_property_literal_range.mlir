// A slice op's i64 property with a value beyond 64 bits: a parse error at the value (xDSL
// raises a struct.error without a position; compile() put the location into the message
// and left SliceError.location None).
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK:      {{^}}error: {{.*}}invalid_property_literal_range.mlir:[[# @LINE + 5]]:33{{$}}
// CHECK-NEXT: {{^}}  %r = slice.window %x offsets [9223372036854775808] sizes [2] strides [1] : tensor<10xf32> -> tensor<2xf32>{{$}}
// CHECK-NEXT: {{^}}                                ^^^^^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}                                integer 9223372036854775808 does not fit in a signed 64-bit integer{{$}}
func.func @main(%x: tensor<10xf32>) -> tensor<2xf32> {
  %r = slice.window %x offsets [9223372036854775808] sizes [2] strides [1] : tensor<10xf32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
