// An op whose custom parser refuses the type of a value (upstream tensor.extract_slice
// of an unranked tensor): one `error:` at the op, naming it, from slice-opt and
// convert-tensor-to-slice alike; xDSL's message alone has neither position nor op.
//
// RUN: not slice-opt %s 2>&1 | filecheck %s
// RUN: not slice-opt %s -p convert-tensor-to-slice 2>&1 | filecheck %s

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}custom-parser-wrong-type.mlir:[[# @LINE + 7]]:3{{$}}
// CHECK-NEXT: {{^}}  %r = tensor.extract_slice %x[0] [1] [1] : tensor<*xf32> to tensor<1xf32>{{$}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}  tensor.extract_slice: tensor<*xf32> should be of base attribute tensor{{$}}
// CHECK-NOT:  Traceback

func.func @unranked(%x: tensor<*xf32>) -> tensor<1xf32> {
  %r = tensor.extract_slice %x[0] [1] [1] : tensor<*xf32> to tensor<1xf32>
  func.return %r : tensor<1xf32>
}
