// RUN: slice-opt %s -p canonicalize-slices | filecheck %s

// An index operand computed by a cycle of elementwise ops, which only a graph region
// (a module's body) can hold: the element reader stops at the cycle and reads the value
// with tensor.extract, and the cycle's ops stay (the lowering refuses them). Before,
// the reader followed the cycle for ever (session 47's review).
// CHECK:      %[[A:.+]] = arith.addi %[[B:.+]], %{{.+}} : tensor<1xi64>
// CHECK-NEXT: %[[B]] = arith.addi %[[A]], %{{.+}} : tensor<1xi64>
// CHECK:      tensor.extract %{{[ab]}}[%{{.+}}] : tensor<1xi64>
// CHECK:      slice.dynamic_window
%x = "test.op"() : () -> tensor<10xf32>
%e = arith.constant dense<10> : tensor<1xi64>
%a = arith.addi %b, %e : tensor<1xi64>
%b = arith.addi %a, %e : tensor<1xi64>
%r = slice.onnx %x starts %b ends %e : tensor<10xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
"test.op"(%r) : (tensor<?xf32>) -> ()
