// With --disable-verify an op that does not verify reaches the printer; where its custom
// form needs what the verifier checks (here a slice.dynamic_window without its
// static_offsets), the module is printed in the generic form, as mlir-opt prints an
// op that does not verify, instead of failing with xDSL's AssertionError.
//
// RUN: slice-opt %s --disable-verify 2>&1 | filecheck %s

// CHECK-NOT:  Traceback
// CHECK:      // the custom form failed to print an op that does not verify (AssertionError); the module in the generic form:
// CHECK-NEXT: "builtin.module"() ({
// CHECK:      %sizes = "slice.dynamic_window"(%a0) <{static_sizes = array<i64>, static_strides = array<i64>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<i3>) -> tensor<i3>
// CHECK-NOT:  error

"builtin.module"() ({
  "func.func"() <{sym_name = "f", function_type = (tensor<i3>) -> ()}> ({
  ^bb0(%a0: tensor<i3>):
    %sizes = "slice.dynamic_window"(%a0) <{static_sizes = array<i64>, static_strides = array<i64>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<i3>) -> tensor<i3>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
