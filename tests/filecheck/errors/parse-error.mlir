// IR that does not parse: one `error:` with the file, line and column, no traceback,
// from slice-opt and slice-run alike.
//
// RUN: not slice-opt %s 2>&1 | filecheck %s
// RUN: not slice-opt %s -p canonicalize-slices,convert-slice-to-loops -t c 2>&1 | filecheck %s
// RUN: not slice-run %s --output %t.npy 2>&1 | filecheck %s --check-prefix=TOOL

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}parse-error.mlir:{{[0-9]+}}:36{{$}}
// CHECK-NEXT: {{^}}  %r = slice.onnx_v1 %x starts [0] : tensor<2x4xf32> -> tensor<1x4xf32>{{$}}
// CHECK-NEXT: {{^}}                                   ^{{$}}
// CHECK-NEXT: {{^}}                                   Expected 'ends'{{$}}
// CHECK-NOT:  Traceback

// TOOL-NOT:   Traceback
// TOOL:       {{^}}error: {{.*}}:{{[0-9]+}}:36{{$}}
// TOOL:       Expected 'ends'
// TOOL-NOT:   Traceback

func.func @main(%x: tensor<2x4xf32>) -> tensor<1x4xf32> {
  %r = slice.onnx_v1 %x starts [0] : tensor<2x4xf32> -> tensor<1x4xf32>
  func.return %r : tensor<1x4xf32>
}
