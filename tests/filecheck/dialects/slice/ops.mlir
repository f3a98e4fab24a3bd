// Round trip of every slice op, written in the custom form and in the generic form.
//
// RUN: xdsl-opt %s --split-input-file | filecheck %s
// RUN: slice-opt %s --split-input-file -o %t.custom.mlir
// RUN: filecheck %s --input-file %t.custom.mlir
// RUN: slice-opt %t.custom.mlir --split-input-file | filecheck %s
// RUN: xdsl-opt %s --split-input-file --print-op-generic | xdsl-opt --split-input-file | filecheck %s
// RUN: slice-opt %s --split-input-file --print-op-generic -o %t.generic.mlir
// RUN: slice-opt %t.generic.mlir --split-input-file | filecheck %s
// RUN: filecheck %s --input-file %t.generic.mlir --check-prefix=CHECK-GENERIC

// ===== slice.onnx_v1 =====

// CHECK-LABEL: func.func @onnx_v1_default_axes(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[R:.+]] = slice.onnx_v1 %[[X]] starts [0, 1] ends [-1, 1000] : tensor<2x4xf32> -> tensor<1x3xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<1x3xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "onnx_v1_default_axes",
// CHECK-GENERIC:       ^bb0(%[[X:.+]]: tensor<2x4xf32>):
// CHECK-GENERIC-NEXT:    %{{.+}} = "slice.onnx_v1"(%[[X]]) <{starts = array<i64: 0, 1>, ends = array<i64: -1, 1000>}> : (tensor<2x4xf32>) -> tensor<1x3xf32>
func.func @onnx_v1_default_axes(%x: tensor<2x4xf32>) -> tensor<1x3xf32> {
  %0 = slice.onnx_v1 %x starts [0, 1] ends [-1, 1000] : tensor<2x4xf32> -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

// CHECK-LABEL: func.func @onnx_v1_negative_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[R:.+]] = slice.onnx_v1 %[[X]] starts [1] ends [3] axes [-1] : tensor<2x4xf32> -> tensor<2x2xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<2x2xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "onnx_v1_negative_axis",
// CHECK-GENERIC:         "slice.onnx_v1"(%{{.+}}) <{starts = array<i64: 1>, ends = array<i64: 3>, axes = array<i64: -1>}> : (tensor<2x4xf32>) -> tensor<2x2xf32>
func.func @onnx_v1_negative_axis(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  %0 = slice.onnx_v1 %x starts [1] ends [3] axes [-1] : tensor<2x4xf32> -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

// No parameters at all: the whole input.
// CHECK-LABEL: func.func @onnx_v1_no_params(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xi1>)
// CHECK-NEXT:    %{{.+}} = slice.onnx_v1 %[[X]] starts [] ends [] : tensor<2x4xi1> -> tensor<2x4xi1>
func.func @onnx_v1_no_params(%x: tensor<2x4xi1>) -> tensor<2x4xi1> {
  %0 = slice.onnx_v1 %x starts [] ends [] : tensor<2x4xi1> -> tensor<2x4xi1>
  func.return %0 : tensor<2x4xi1>
}

// -----

// CHECK-LABEL: func.func @onnx_v1_dynamic_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x4xf32>)
// CHECK-NEXT:    %{{.+}} = slice.onnx_v1 %[[X]] starts [0, 1] ends [1, 3] axes [0, 1] : tensor<?x4xf32> -> tensor<?x2xf32>
func.func @onnx_v1_dynamic_dim(%x: tensor<?x4xf32>) -> tensor<?x2xf32> {
  %0 = slice.onnx_v1 %x starts [0, 1] ends [1, 3] axes [0, 1] : tensor<?x4xf32> -> tensor<?x2xf32>
  func.return %0 : tensor<?x2xf32>
}

// -----

// CHECK-LABEL: func.func @onnx_v1_empty(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>, %[[Y:.+]]: tensor<0x4xi32>)
// CHECK-NEXT:    %{{.+}} = slice.onnx_v1 %[[X]] starts [1] ends [1] : tensor<2x4xf32> -> tensor<0x4xf32>
// CHECK-NEXT:    %{{.+}} = slice.onnx_v1 %[[Y]] starts [0] ends [1] axes [1] : tensor<0x4xi32> -> tensor<0x1xi32>
func.func @onnx_v1_empty(%x: tensor<2x4xf32>, %y: tensor<0x4xi32>) -> (tensor<0x4xf32>, tensor<0x1xi32>) {
  %0 = slice.onnx_v1 %x starts [1] ends [1] : tensor<2x4xf32> -> tensor<0x4xf32>
  %1 = slice.onnx_v1 %y starts [0] ends [1] axes [1] : tensor<0x4xi32> -> tensor<0x1xi32>
  func.return %0, %1 : tensor<0x4xf32>, tensor<0x1xi32>
}

// -----

// ===== slice.onnx =====

// The default opset (13) is not printed in the custom form; the generic form has it.
// CHECK-LABEL: func.func @onnx_default(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[S:.+]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<[-1, 1000]> : tensor<2xi64>
// CHECK-NEXT:    %[[R:.+]] = slice.onnx %[[X]] starts %[[S]] ends %[[E]] : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x3xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<1x3xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "onnx_default",
// CHECK-GENERIC:       ^bb0(%[[X:.+]]: tensor<2x4xf32>):
// CHECK-GENERIC-NEXT:    %[[S:.+]] = "arith.constant"() <{value = dense<[0, 1]> : tensor<2xi64>}> : () -> tensor<2xi64>
// CHECK-GENERIC-NEXT:    %[[E:.+]] = "arith.constant"() <{value = dense<[-1, 1000]> : tensor<2xi64>}> : () -> tensor<2xi64>
// CHECK-GENERIC-NEXT:    %{{.+}} = "slice.onnx"(%[[X]], %[[S]], %[[E]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, opset = 13 : i64}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3xf32>
func.func @onnx_default(%x: tensor<2x4xf32>) -> tensor<1x3xf32> {
  %s = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[-1, 1000]> : tensor<2xi64>
  %0 = slice.onnx %x starts %s ends %e : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

// Axes only, i32 index tensors, opset 11.
// CHECK-LABEL: func.func @onnx_axes_i32_opset11(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[S:.+]] = arith.constant dense<[1, 0]> : tensor<2xi32>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<[3, 1]> : tensor<2xi32>
// CHECK-NEXT:    %[[A:.+]] = arith.constant dense<[1, 0]> : tensor<2xi32>
// CHECK-NEXT:    %{{.+}} = slice.onnx %[[X]] starts %[[S]] ends %[[E]] axes %[[A]] {opset = 11 : i64} : tensor<2x4xf32>, tensor<2xi32>, tensor<2xi32> axes tensor<2xi32> -> tensor<1x2xf32>
func.func @onnx_axes_i32_opset11(%x: tensor<2x4xf32>) -> tensor<1x2xf32> {
  %s = arith.constant dense<[1, 0]> : tensor<2xi32>
  %e = arith.constant dense<[3, 1]> : tensor<2xi32>
  %a = arith.constant dense<[1, 0]> : tensor<2xi32>
  %0 = slice.onnx %x starts %s ends %e axes %a {opset = 11 : i64} : tensor<2x4xf32>, tensor<2xi32>, tensor<2xi32> axes tensor<2xi32> -> tensor<1x2xf32>
  func.return %0 : tensor<1x2xf32>
}

// -----

// Steps only, splat constants, opset 10.
// CHECK-LABEL: func.func @onnx_steps_splat_opset10(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf64>)
// CHECK-NEXT:    %[[S:.+]] = arith.constant dense<0> : tensor<2xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<[2, 4]> : tensor<2xi64>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<2> : tensor<2xi64>
// CHECK-NEXT:    %{{.+}} = slice.onnx %[[X]] starts %[[S]] ends %[[E]] steps %[[ST]] {opset = 10 : i64} : tensor<2x4xf64>, tensor<2xi64>, tensor<2xi64> steps tensor<2xi64> -> tensor<1x2xf64>
func.func @onnx_steps_splat_opset10(%x: tensor<2x4xf64>) -> tensor<1x2xf64> {
  %s = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<[2, 4]> : tensor<2xi64>
  %st = arith.constant dense<2> : tensor<2xi64>
  %0 = slice.onnx %x starts %s ends %e steps %st {opset = 10 : i64} : tensor<2x4xf64>, tensor<2xi64>, tensor<2xi64> steps tensor<2xi64> -> tensor<1x2xf64>
  func.return %0 : tensor<1x2xf64>
}

// -----

// Axes and steps, a negative step; an explicit opset 13 prints as the default.
// CHECK-LABEL: func.func @onnx_negative_step_opset13(
// CHECK-SAME:      %[[X:.+]]: tensor<5xbf16>)
// CHECK-NEXT:    %[[S:.+]] = arith.constant dense<4> : tensor<1xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<-6> : tensor<1xi64>
// CHECK-NEXT:    %[[A:.+]] = arith.constant dense<0> : tensor<1xi64>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<-2> : tensor<1xi64>
// CHECK-NEXT:    %{{.+}} = slice.onnx %[[X]] starts %[[S]] ends %[[E]] axes %[[A]] steps %[[ST]] : tensor<5xbf16>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> steps tensor<1xi64> -> tensor<3xbf16>
func.func @onnx_negative_step_opset13(%x: tensor<5xbf16>) -> tensor<3xbf16> {
  %s = arith.constant dense<4> : tensor<1xi64>
  %e = arith.constant dense<-6> : tensor<1xi64>
  %a = arith.constant dense<0> : tensor<1xi64>
  %st = arith.constant dense<-2> : tensor<1xi64>
  %0 = slice.onnx %x starts %s ends %e axes %a steps %st {opset = 13 : i64} : tensor<5xbf16>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> steps tensor<1xi64> -> tensor<3xbf16>
  func.return %0 : tensor<3xbf16>
}

// -----

// INT64_MIN/INT64_MAX clamp like any other value.
// CHECK-LABEL: func.func @onnx_int64_limits(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf16>)
// CHECK-NEXT:    %[[MAX:.+]] = arith.constant dense<9223372036854775807> : tensor<1xi64>
// CHECK-NEXT:    %[[MIN:.+]] = arith.constant dense<-9223372036854775808> : tensor<1xi64>
// CHECK-NEXT:    %[[ONE:.+]] = arith.constant dense<1> : tensor<1xi64>
// CHECK-NEXT:    %[[NEG:.+]] = arith.constant dense<-1> : tensor<1xi64>
// CHECK-NEXT:    %{{.+}} = slice.onnx %[[X]] starts %[[MAX]] ends %[[MIN]] steps %[[NEG]] : tensor<5xf16>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<5xf16>
// CHECK-NEXT:    %{{.+}} = slice.onnx %[[X]] starts %[[ONE]] ends %[[MAX]] : tensor<5xf16>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf16>
func.func @onnx_int64_limits(%x: tensor<5xf16>) -> (tensor<5xf16>, tensor<4xf16>) {
  %max = arith.constant dense<9223372036854775807> : tensor<1xi64>
  %min = arith.constant dense<-9223372036854775808> : tensor<1xi64>
  %one = arith.constant dense<1> : tensor<1xi64>
  %neg = arith.constant dense<-1> : tensor<1xi64>
  %0 = slice.onnx %x starts %max ends %min steps %neg : tensor<5xf16>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<5xf16>
  %1 = slice.onnx %x starts %one ends %max : tensor<5xf16>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf16>
  func.return %0, %1 : tensor<5xf16>, tensor<4xf16>
}

// -----

// A negative-step start below -dim still reads element 0 (TensorFlow gives empty).
// CHECK-LABEL: func.func @onnx_start_below_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NEXT:    %[[S:.+]] = arith.constant dense<-6> : tensor<1xi64>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<-1> : tensor<1xi64>
// CHECK-NEXT:    %{{.+}} = slice.onnx %[[X]] starts %[[S]] ends %[[S]] steps %[[ST]] : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<1xf32>
func.func @onnx_start_below_dim(%x: tensor<5xf32>) -> tensor<1xf32> {
  %s = arith.constant dense<-6> : tensor<1xi64>
  %st = arith.constant dense<-1> : tensor<1xi64>
  %0 = slice.onnx %x starts %s ends %s steps %st : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// Parameters known only at run time: what they leave known is checked.
// CHECK-LABEL: func.func @onnx_runtime_params(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>, %[[S:.+]]: tensor<2xi64>, %[[E:.+]]: tensor<2xi32>, %[[A:.+]]: tensor<2xi64>, %[[ST:.+]]: tensor<2xi32>)
// CHECK-NEXT:    %{{.+}} = slice.onnx %[[X]] starts %[[S]] ends %[[E]] axes %[[A]] steps %[[ST]] {opset = 11 : i64} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi32> axes tensor<2xi64> steps tensor<2xi32> -> tensor<?x?xf32>
func.func @onnx_runtime_params(%x: tensor<2x4xf32>, %s: tensor<2xi64>, %e: tensor<2xi32>, %a: tensor<2xi64>, %st: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = slice.onnx %x starts %s ends %e axes %a steps %st {opset = 11 : i64} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi32> axes tensor<2xi64> steps tensor<2xi32> -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @onnx_dynamic_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x4xf32>)
// CHECK:         %{{.+}} = slice.onnx %[[X]] starts %{{.+}} ends %{{.+}} axes %{{.+}} : tensor<?x4xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<?x2xf32>
func.func @onnx_dynamic_dim(%x: tensor<?x4xf32>) -> tensor<?x2xf32> {
  %s = arith.constant dense<1> : tensor<1xi64>
  %e = arith.constant dense<3> : tensor<1xi64>
  %a = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.onnx %x starts %s ends %e axes %a : tensor<?x4xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<?x2xf32>
  func.return %0 : tensor<?x2xf32>
}

// -----

// CHECK-LABEL: func.func @onnx_empty(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xui8>)
// CHECK:         %{{.+}} = slice.onnx %[[X]] starts %{{.+}} ends %{{.+}} : tensor<3x4xui8>, tensor<1xi64>, tensor<1xi64> -> tensor<0x4xui8>
func.func @onnx_empty(%x: tensor<3x4xui8>) -> tensor<0x4xui8> {
  %s = arith.constant dense<2> : tensor<1xi64>
  %e = arith.constant dense<0> : tensor<1xi64>
  %0 = slice.onnx %x starts %s ends %e : tensor<3x4xui8>, tensor<1xi64>, tensor<1xi64> -> tensor<0x4xui8>
  func.return %0 : tensor<0x4xui8>
}

// -----

// Generic form without an opset: it defaults to 13.
// CHECK-LABEL: func.func @onnx_generic_default_opset(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[S:.+]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<[-1, 1000]> : tensor<2xi64>
// CHECK-NEXT:    %{{.+}} = slice.onnx %[[X]] starts %[[S]] ends %[[E]] : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x3xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "onnx_generic_default_opset",
// CHECK-GENERIC:       ^bb0(%[[X:.+]]: tensor<2x4xf32>):
// CHECK-GENERIC-NEXT:    %[[S:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %[[E:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %{{.+}} = "slice.onnx"(%[[X]], %[[S]], %[[E]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, opset = 13 : i64}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3xf32>
func.func @onnx_generic_default_opset(%x: tensor<2x4xf32>) -> tensor<1x3xf32> {
  %s = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[-1, 1000]> : tensor<2xi64>
  %0 = "slice.onnx"(%x, %s, %e) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

// Generic form with every operand and opset 10.
// CHECK-LABEL: func.func @onnx_generic_all_operands(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xf32>)
// CHECK-NEXT:    %[[S:.+]] = arith.constant dense<0> : tensor<1xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<4> : tensor<1xi64>
// CHECK-NEXT:    %[[A:.+]] = arith.constant dense<1> : tensor<1xi32>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<3> : tensor<1xi64>
// CHECK-NEXT:    %{{.+}} = slice.onnx %[[X]] starts %[[S]] ends %[[E]] axes %[[A]] steps %[[ST]] {opset = 10 : i64} : tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi32> steps tensor<1xi64> -> tensor<3x2xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "onnx_generic_all_operands",
// CHECK-GENERIC:       ^bb0(%[[X:.+]]: tensor<3x4xf32>):
// CHECK-GENERIC-NEXT:    %[[S:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %[[E:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %[[A:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %[[ST:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %{{.+}} = "slice.onnx"(%[[X]], %[[S]], %[[E]], %[[A]], %[[ST]]) <{opset = 10 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}> : (tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi32>, tensor<1xi64>) -> tensor<3x2xf32>
func.func @onnx_generic_all_operands(%x: tensor<3x4xf32>) -> tensor<3x2xf32> {
  %s = arith.constant dense<0> : tensor<1xi64>
  %e = arith.constant dense<4> : tensor<1xi64>
  %a = arith.constant dense<1> : tensor<1xi32>
  %st = arith.constant dense<3> : tensor<1xi64>
  %0 = "slice.onnx"(%x, %s, %e, %a, %st) <{opset = 10 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}> : (tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi32>, tensor<1xi64>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// Generic form with steps but no axes: the segment sizes say which is which.
// CHECK-LABEL: func.func @onnx_generic_steps_only(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xf32>)
// CHECK-NEXT:    %[[S:.+]] = arith.constant dense<0> : tensor<1xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<4> : tensor<1xi64>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<2> : tensor<1xi64>
// CHECK-NEXT:    %{{.+}} = slice.onnx %[[X]] starts %[[S]] ends %[[E]] steps %[[ST]] {opset = 11 : i64} : tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<2x4xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "onnx_generic_steps_only",
// CHECK-GENERIC:         "slice.onnx"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>, opset = 11 : i64}> : (tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4xf32>
func.func @onnx_generic_steps_only(%x: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %s = arith.constant dense<0> : tensor<1xi64>
  %e = arith.constant dense<4> : tensor<1xi64>
  %st = arith.constant dense<2> : tensor<1xi64>
  %0 = "slice.onnx"(%x, %s, %e, %st) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>, opset = 11 : i64}> : (tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// ===== slice.ov_slice =====

// CHECK-LABEL: func.func @ov_slice_default_axes(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[S:.+]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<[-1, 1000]> : tensor<2xi64>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<1> : tensor<2xi64>
// CHECK-NEXT:    %[[R:.+]] = slice.ov_slice %[[X]] start %[[S]] stop %[[E]] step %[[ST]] : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<1x3xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<1x3xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "ov_slice_default_axes",
// CHECK-GENERIC:         "slice.ov_slice"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3xf32>
func.func @ov_slice_default_axes(%x: tensor<2x4xf32>) -> tensor<1x3xf32> {
  %s = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[-1, 1000]> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.ov_slice %x start %s stop %e step %st : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

// Axes present, all index tensors i32, a reversed axis.
// CHECK-LABEL: func.func @ov_slice_axes_i32(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xcomplex<f32>>)
// CHECK-NEXT:    %[[S:.+]] = arith.constant dense<3> : tensor<1xi32>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<-5> : tensor<1xi32>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<-1> : tensor<1xi32>
// CHECK-NEXT:    %[[A:.+]] = arith.constant dense<-1> : tensor<1xi32>
// CHECK-NEXT:    %{{.+}} = slice.ov_slice %[[X]] start %[[S]] stop %[[E]] step %[[ST]] axes %[[A]] : tensor<2x4xcomplex<f32>>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> axes tensor<1xi32> -> tensor<2x4xcomplex<f32>>
func.func @ov_slice_axes_i32(%x: tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>> {
  %s = arith.constant dense<3> : tensor<1xi32>
  %e = arith.constant dense<-5> : tensor<1xi32>
  %st = arith.constant dense<-1> : tensor<1xi32>
  %a = arith.constant dense<-1> : tensor<1xi32>
  %0 = slice.ov_slice %x start %s stop %e step %st axes %a : tensor<2x4xcomplex<f32>>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> axes tensor<1xi32> -> tensor<2x4xcomplex<f32>>
  func.return %0 : tensor<2x4xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @ov_slice_mixed_index_types(
// CHECK-SAME:      %[[X:.+]]: tensor<6xsi16>)
// CHECK:         %{{.+}} = slice.ov_slice %[[X]] start %{{.+}} stop %{{.+}} step %{{.+}} axes %{{.+}} : tensor<6xsi16>, tensor<1xi64>, tensor<1xi32>, tensor<1xi64> axes tensor<1xi64> -> tensor<3xsi16>
func.func @ov_slice_mixed_index_types(%x: tensor<6xsi16>) -> tensor<3xsi16> {
  %s = arith.constant dense<1> : tensor<1xi64>
  %e = arith.constant dense<6> : tensor<1xi32>
  %st = arith.constant dense<2> : tensor<1xi64>
  %a = arith.constant dense<0> : tensor<1xi64>
  %0 = slice.ov_slice %x start %s stop %e step %st axes %a : tensor<6xsi16>, tensor<1xi64>, tensor<1xi32>, tensor<1xi64> axes tensor<1xi64> -> tensor<3xsi16>
  func.return %0 : tensor<3xsi16>
}

// -----

// CHECK-LABEL: func.func @ov_slice_dynamic_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x4xi8>)
// CHECK:         %{{.+}} = slice.ov_slice %[[X]] start %{{.+}} stop %{{.+}} step %{{.+}} axes %{{.+}} : tensor<?x4xi8>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<?x2xi8>
func.func @ov_slice_dynamic_dim(%x: tensor<?x4xi8>) -> tensor<?x2xi8> {
  %s = arith.constant dense<0> : tensor<1xi64>
  %e = arith.constant dense<2> : tensor<1xi64>
  %st = arith.constant dense<1> : tensor<1xi64>
  %a = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.ov_slice %x start %s stop %e step %st axes %a : tensor<?x4xi8>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<?x2xi8>
  func.return %0 : tensor<?x2xi8>
}

// -----

// CHECK-LABEL: func.func @ov_slice_empty(
// CHECK-SAME:      %[[X:.+]]: tensor<4xf64>)
// CHECK:         %{{.+}} = slice.ov_slice %[[X]] start %{{.+}} stop %{{.+}} step %{{.+}} : tensor<4xf64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<0xf64>
func.func @ov_slice_empty(%x: tensor<4xf64>) -> tensor<0xf64> {
  %s = arith.constant dense<3> : tensor<1xi64>
  %st = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.ov_slice %x start %s stop %s step %st : tensor<4xf64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<0xf64>
  func.return %0 : tensor<0xf64>
}

// -----

// Generic form, with and without axes.
// CHECK-LABEL: func.func @ov_slice_generic(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xcomplex<f64>>)
// CHECK-NEXT:    %[[S:.+]] = arith.constant dense<1> : tensor<1xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<2> : tensor<1xi64>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<1> : tensor<1xi64>
// CHECK-NEXT:    %[[A:.+]] = arith.constant dense<0> : tensor<1xi64>
// CHECK-NEXT:    %{{.+}} = slice.ov_slice %[[X]] start %[[S]] stop %[[E]] step %[[ST]] axes %[[A]] : tensor<2x4xcomplex<f64>>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<1x4xcomplex<f64>>
// CHECK-NEXT:    %{{.+}} = slice.ov_slice %[[X]] start %[[S]] stop %[[E]] step %[[ST]] : tensor<2x4xcomplex<f64>>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<1x4xcomplex<f64>>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "ov_slice_generic",
// CHECK-GENERIC:       ^bb0(%[[X:.+]]: tensor<2x4xcomplex<f64>>):
// CHECK-GENERIC-NEXT:    %[[S:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %[[E:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %[[ST:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %[[A:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    "slice.ov_slice"(%[[X]], %[[S]], %[[E]], %[[ST]], %[[A]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}> : (tensor<2x4xcomplex<f64>>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x4xcomplex<f64>>
// CHECK-GENERIC-NEXT:    "slice.ov_slice"(%[[X]], %[[S]], %[[E]], %[[ST]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (tensor<2x4xcomplex<f64>>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x4xcomplex<f64>>
func.func @ov_slice_generic(%x: tensor<2x4xcomplex<f64>>) -> (tensor<1x4xcomplex<f64>>, tensor<1x4xcomplex<f64>>) {
  %s = arith.constant dense<1> : tensor<1xi64>
  %e = arith.constant dense<2> : tensor<1xi64>
  %st = arith.constant dense<1> : tensor<1xi64>
  %a = arith.constant dense<0> : tensor<1xi64>
  %0 = "slice.ov_slice"(%x, %s, %e, %st, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}> : (tensor<2x4xcomplex<f64>>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x4xcomplex<f64>>
  %1 = "slice.ov_slice"(%x, %s, %e, %st) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (tensor<2x4xcomplex<f64>>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x4xcomplex<f64>>
  func.return %0, %1 : tensor<1x4xcomplex<f64>>, tensor<1x4xcomplex<f64>>
}

// -----

// ===== slice.ov_strided_slice =====

// No stride operand; begin_mask and end_mask only.
// CHECK-LABEL: func.func @ov_strided_no_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[B:.+]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<[1, 3]> : tensor<2xi64>
// CHECK-NEXT:    %[[R:.+]] = slice.ov_strided_slice %[[X]] begin %[[B]] end %[[E]] {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x2xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<1x2xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "ov_strided_no_stride",
// CHECK-GENERIC:         "slice.ov_strided_slice"(%{{.+}}, %{{.+}}, %{{.+}}) <{begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2xf32>
func.func @ov_strided_no_stride(%x: tensor<2x4xf32>) -> tensor<1x2xf32> {
  %b = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[1, 3]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x2xf32>
  func.return %0 : tensor<1x2xf32>
}

// -----

// CHECK-LABEL: func.func @ov_strided_stride_and_masks(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[B:.+]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<[-1, 1000]> : tensor<2xi64>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<1> : tensor<2xi64>
// CHECK-NEXT:    %{{.+}} = slice.ov_strided_slice %[[X]] begin %[[B]] end %[[E]] stride %[[ST]] {begin_mask = array<i64: 0, 1>, end_mask = array<i64: 1, 1>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<2x4xf32>
func.func @ov_strided_stride_and_masks(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %b = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[-1, 1000]> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e stride %st {begin_mask = array<i64: 0, 1>, end_mask = array<i64: 1, 1>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// A new axis raises the rank.
// CHECK-LABEL: func.func @ov_strided_new_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK:         %{{.+}} = slice.ov_strided_slice %[[X]] begin %{{.+}} end %{{.+}} stride %{{.+}} {begin_mask = array<i64>, end_mask = array<i64>, new_axis_mask = array<i64: 1, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<1x2x4xf32>
func.func @ov_strided_new_axis(%x: tensor<2x4xf32>) -> tensor<1x2x4xf32> {
  %b = arith.constant dense<0> : tensor<2xi64>
  %e = arith.constant dense<[1, 2]> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e stride %st {begin_mask = array<i64>, end_mask = array<i64>, new_axis_mask = array<i64: 1, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<1x2x4xf32>
  func.return %0 : tensor<1x2x4xf32>
}

// -----

// A shrink axis lowers the rank; its begin counts from the back.
// CHECK-LABEL: func.func @ov_strided_shrink_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK:         %{{.+}} = slice.ov_strided_slice %[[X]] begin %{{.+}} end %{{.+}} stride %{{.+}} {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, shrink_axis_mask = array<i64: 0, 1>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<2xf32>
func.func @ov_strided_shrink_axis(%x: tensor<2x4xf32>) -> tensor<2xf32> {
  %b = arith.constant dense<[0, -1]> : tensor<2xi64>
  %e = arith.constant dense<[2, 0]> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e stride %st {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, shrink_axis_mask = array<i64: 0, 1>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// An ellipsis covers the leading dims.
// CHECK-LABEL: func.func @ov_strided_ellipsis(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xf16>)
// CHECK:         %{{.+}} = slice.ov_strided_slice %[[X]] begin %{{.+}} end %{{.+}} {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, ellipsis_mask = array<i64: 1, 0>} : tensor<2x3x4xf16>, tensor<2xi64>, tensor<2xi64> -> tensor<2x3x2xf16>
func.func @ov_strided_ellipsis(%x: tensor<2x3x4xf16>) -> tensor<2x3x2xf16> {
  %b = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[0, 3]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, ellipsis_mask = array<i64: 1, 0>} : tensor<2x3x4xf16>, tensor<2xi64>, tensor<2xi64> -> tensor<2x3x2xf16>
  func.return %0 : tensor<2x3x2xf16>
}

// -----

// Every mask present: a shrink, a reversed range through index 0, and a new axis.
// CHECK-LABEL: func.func @ov_strided_all_masks(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xsi16>)
// CHECK:         %{{.+}} = slice.ov_strided_slice %[[X]] begin %{{.+}} end %{{.+}} stride %{{.+}} {begin_mask = array<i64: 0, 0, 0>, end_mask = array<i64: 0, 1, 0>, new_axis_mask = array<i64: 0, 0, 1>, shrink_axis_mask = array<i64: 1, 0, 0>, ellipsis_mask = array<i64: 0, 0, 0>} : tensor<3x4xsi16>, tensor<3xi64>, tensor<3xi64> stride tensor<3xi64> -> tensor<4x1xsi16>
func.func @ov_strided_all_masks(%x: tensor<3x4xsi16>) -> tensor<4x1xsi16> {
  %b = arith.constant dense<[1, 3, 0]> : tensor<3xi64>
  %e = arith.constant dense<0> : tensor<3xi64>
  %st = arith.constant dense<[1, -1, 1]> : tensor<3xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e stride %st {begin_mask = array<i64: 0, 0, 0>, end_mask = array<i64: 0, 1, 0>, new_axis_mask = array<i64: 0, 0, 1>, shrink_axis_mask = array<i64: 1, 0, 0>, ellipsis_mask = array<i64: 0, 0, 0>} : tensor<3x4xsi16>, tensor<3xi64>, tensor<3xi64> stride tensor<3xi64> -> tensor<4x1xsi16>
  func.return %0 : tensor<4x1xsi16>
}

// -----

// Masks shorter than begin are padded with zeros.
// CHECK-LABEL: func.func @ov_strided_short_masks(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK:         %{{.+}} = slice.ov_strided_slice %[[X]] begin %{{.+}} end %{{.+}} {begin_mask = array<i64: 1>, end_mask = array<i64>} : tensor<2x4xf32>, tensor<2xi32>, tensor<2xi32> -> tensor<2x2xf32>
func.func @ov_strided_short_masks(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  %b = arith.constant dense<1> : tensor<2xi32>
  %e = arith.constant dense<[2, 3]> : tensor<2xi32>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64: 1>, end_mask = array<i64>} : tensor<2x4xf32>, tensor<2xi32>, tensor<2xi32> -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

// Rank-0 data: only new axes apply.
// CHECK-LABEL: func.func @ov_strided_rank0(
// CHECK-SAME:      %[[X:.+]]: tensor<f32>, %[[Y:.+]]: tensor<i1>)
// CHECK-NEXT:    %[[Z:.+]] = arith.constant dense<0> : tensor<1xi32>
// CHECK-NEXT:    %[[N:.+]] = arith.constant dense<> : tensor<0xi64>
// CHECK-NEXT:    %{{.+}} = slice.ov_strided_slice %[[X]] begin %[[Z]] end %[[Z]] {begin_mask = array<i64: 0>, end_mask = array<i64: 0>, new_axis_mask = array<i64: 1>} : tensor<f32>, tensor<1xi32>, tensor<1xi32> -> tensor<1xf32>
// CHECK-NEXT:    %{{.+}} = slice.ov_strided_slice %[[Y]] begin %[[N]] end %[[N]] {begin_mask = array<i64>, end_mask = array<i64>} : tensor<i1>, tensor<0xi64>, tensor<0xi64> -> tensor<i1>
func.func @ov_strided_rank0(%x: tensor<f32>, %y: tensor<i1>) -> (tensor<1xf32>, tensor<i1>) {
  %z = arith.constant dense<0> : tensor<1xi32>
  %n = arith.constant dense<> : tensor<0xi64>
  %0 = slice.ov_strided_slice %x begin %z end %z {begin_mask = array<i64: 0>, end_mask = array<i64: 0>, new_axis_mask = array<i64: 1>} : tensor<f32>, tensor<1xi32>, tensor<1xi32> -> tensor<1xf32>
  %1 = slice.ov_strided_slice %y begin %n end %n {begin_mask = array<i64>, end_mask = array<i64>} : tensor<i1>, tensor<0xi64>, tensor<0xi64> -> tensor<i1>
  func.return %0, %1 : tensor<1xf32>, tensor<i1>
}

// -----

// CHECK-LABEL: func.func @ov_strided_dynamic_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x4xf32>)
// CHECK:         %{{.+}} = slice.ov_strided_slice %[[X]] begin %{{.+}} end %{{.+}} {begin_mask = array<i64: 1, 0>, end_mask = array<i64: 1, 0>} : tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x2xf32>
func.func @ov_strided_dynamic_dim(%x: tensor<?x4xf32>) -> tensor<?x2xf32> {
  %b = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[0, 3]> : tensor<2xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64: 1, 0>, end_mask = array<i64: 1, 0>} : tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x2xf32>
  func.return %0 : tensor<?x2xf32>
}

// -----

// Parameters known only at run time: the masks give the rank.
// CHECK-LABEL: func.func @ov_strided_runtime_params(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>, %[[B:.+]]: tensor<2xi64>, %[[E:.+]]: tensor<2xi64>)
// CHECK-NEXT:    %{{.+}} = slice.ov_strided_slice %[[X]] begin %[[B]] end %[[E]] {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, shrink_axis_mask = array<i64: 1, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?xf32>
func.func @ov_strided_runtime_params(%x: tensor<2x4xf32>, %b: tensor<2xi64>, %e: tensor<2xi64>) -> tensor<?xf32> {
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, shrink_axis_mask = array<i64: 1, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @ov_strided_empty(
// CHECK-SAME:      %[[X:.+]]: tensor<3xui8>)
// CHECK:         %{{.+}} = slice.ov_strided_slice %[[X]] begin %{{.+}} end %{{.+}} {begin_mask = array<i64: 0>, end_mask = array<i64: 0>} : tensor<3xui8>, tensor<1xi64>, tensor<1xi64> -> tensor<0xui8>
func.func @ov_strided_empty(%x: tensor<3xui8>) -> tensor<0xui8> {
  %b = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %b end %b {begin_mask = array<i64: 0>, end_mask = array<i64: 0>} : tensor<3xui8>, tensor<1xi64>, tensor<1xi64> -> tensor<0xui8>
  func.return %0 : tensor<0xui8>
}

// -----

// Generic form, with and without the stride operand.
// CHECK-LABEL: func.func @ov_strided_generic(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[B:.+]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<[1, 3]> : tensor<2xi64>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-NEXT:    %{{.+}} = slice.ov_strided_slice %[[X]] begin %[[B]] end %[[E]] stride %[[ST]] {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, shrink_axis_mask = array<i64: 1, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64> -> tensor<1xf32>
// CHECK-NEXT:    %{{.+}} = slice.ov_strided_slice %[[X]] begin %[[B]] end %[[E]] {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<1x2xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "ov_strided_generic",
// CHECK-GENERIC:       ^bb0(%[[X:.+]]: tensor<2x4xf32>):
// CHECK-GENERIC-NEXT:    %[[B:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %[[E:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %[[ST:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    "slice.ov_strided_slice"(%[[X]], %[[B]], %[[E]], %[[ST]]) <{begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, shrink_axis_mask = array<i64: 1, 0>, operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1xf32>
// CHECK-GENERIC-NEXT:    "slice.ov_strided_slice"(%[[X]], %[[B]], %[[E]]) <{begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2xf32>
func.func @ov_strided_generic(%x: tensor<2x4xf32>) -> (tensor<1xf32>, tensor<1x2xf32>) {
  %b = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[1, 3]> : tensor<2xi64>
  %st = arith.constant dense<[1, 2]> : tensor<2xi64>
  %0 = "slice.ov_strided_slice"(%x, %b, %e, %st) <{begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, shrink_axis_mask = array<i64: 1, 0>, operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1xf32>
  %1 = "slice.ov_strided_slice"(%x, %b, %e) <{begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2xf32>
  func.return %0, %1 : tensor<1xf32>, tensor<1x2xf32>
}

// -----

// ===== slice.tf_strided_slice =====

// No masks.
// CHECK-LABEL: func.func @tf_no_masks(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[B:.+]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<[1, 3]> : tensor<2xi64>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<1> : tensor<2xi64>
// CHECK-NEXT:    %[[R:.+]] = slice.tf_strided_slice %[[X]] begin %[[B]] end %[[E]] strides %[[ST]] : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<1x2xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<1x2xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "tf_no_masks",
// CHECK-GENERIC:         "slice.tf_strided_slice"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2xf32>
func.func @tf_no_masks(%x: tensor<2x4xf32>) -> tensor<1x2xf32> {
  %b = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[1, 3]> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %b end %e strides %st : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<1x2xf32>
  func.return %0 : tensor<1x2xf32>
}

// -----

// CHECK-LABEL: func.func @tf_shrink_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK:         %{{.+}} = slice.tf_strided_slice %[[X]] begin %{{.+}} end %{{.+}} strides %{{.+}} {shrink_axis_mask = 1 : i64} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<3xf32>
func.func @tf_shrink_axis(%x: tensor<2x4xf32>) -> tensor<3xf32> {
  %b = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[-1, 1000]> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %b end %e strides %st {shrink_axis_mask = 1 : i64} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// Every mask: x[..., newaxis, :, 2] on a 2x3x4 input.
// CHECK-LABEL: func.func @tf_all_masks(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xi8>)
// CHECK:         %{{.+}} = slice.tf_strided_slice %[[X]] begin %{{.+}} end %{{.+}} strides %{{.+}} {begin_mask = 4 : i64, end_mask = 4 : i64, ellipsis_mask = 1 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 8 : i64} : tensor<2x3x4xi8>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32> -> tensor<2x1x3xi8>
func.func @tf_all_masks(%x: tensor<2x3x4xi8>) -> tensor<2x1x3xi8> {
  %b = arith.constant dense<[0, 0, 1, 2]> : tensor<4xi32>
  %e = arith.constant dense<[0, 0, 3, 3]> : tensor<4xi32>
  %st = arith.constant dense<1> : tensor<4xi32>
  %0 = slice.tf_strided_slice %x begin %b end %e strides %st {begin_mask = 4 : i64, end_mask = 4 : i64, ellipsis_mask = 1 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 8 : i64} : tensor<2x3x4xi8>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32> -> tensor<2x1x3xi8>
  func.return %0 : tensor<2x1x3xi8>
}

// -----

// A negative-stride begin below -dim gives an empty dim (the Python rule).
// CHECK-LABEL: func.func @tf_begin_below_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK:         %{{.+}} = slice.tf_strided_slice %[[X]] begin %{{.+}} end %{{.+}} strides %{{.+}} : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<0xf32>
func.func @tf_begin_below_dim(%x: tensor<5xf32>) -> tensor<0xf32> {
  %b = arith.constant dense<-6> : tensor<1xi64>
  %st = arith.constant dense<-1> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %b end %b strides %st : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// An end_mask with a negative stride runs through index 0.
// CHECK-LABEL: func.func @tf_end_mask_negative_stride(
// CHECK-SAME:      %[[X:.+]]: tensor<4xui8>)
// CHECK:         %{{.+}} = slice.tf_strided_slice %[[X]] begin %{{.+}} end %{{.+}} strides %{{.+}} {end_mask = 1 : i64} : tensor<4xui8>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<3xui8>
func.func @tf_end_mask_negative_stride(%x: tensor<4xui8>) -> tensor<3xui8> {
  %b = arith.constant dense<2> : tensor<1xi64>
  %e = arith.constant dense<0> : tensor<1xi64>
  %st = arith.constant dense<-1> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %b end %e strides %st {end_mask = 1 : i64} : tensor<4xui8>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<3xui8>
  func.return %0 : tensor<3xui8>
}

// -----

// Rank-0 data: no entries, or one new axis.
// CHECK-LABEL: func.func @tf_rank0(
// CHECK-SAME:      %[[X:.+]]: tensor<f64>)
// CHECK-NEXT:    %[[N:.+]] = arith.constant dense<> : tensor<0xi32>
// CHECK-NEXT:    %[[Z:.+]] = arith.constant dense<0> : tensor<1xi32>
// CHECK-NEXT:    %[[O:.+]] = arith.constant dense<1> : tensor<1xi32>
// CHECK-NEXT:    %{{.+}} = slice.tf_strided_slice %[[X]] begin %[[N]] end %[[N]] strides %[[N]] : tensor<f64>, tensor<0xi32>, tensor<0xi32>, tensor<0xi32> -> tensor<f64>
// CHECK-NEXT:    %{{.+}} = slice.tf_strided_slice %[[X]] begin %[[Z]] end %[[Z]] strides %[[O]] {new_axis_mask = 1 : i64} : tensor<f64>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> -> tensor<1xf64>
func.func @tf_rank0(%x: tensor<f64>) -> (tensor<f64>, tensor<1xf64>) {
  %n = arith.constant dense<> : tensor<0xi32>
  %z = arith.constant dense<0> : tensor<1xi32>
  %o = arith.constant dense<1> : tensor<1xi32>
  %0 = slice.tf_strided_slice %x begin %n end %n strides %n : tensor<f64>, tensor<0xi32>, tensor<0xi32>, tensor<0xi32> -> tensor<f64>
  %1 = slice.tf_strided_slice %x begin %z end %z strides %o {new_axis_mask = 1 : i64} : tensor<f64>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> -> tensor<1xf64>
  func.return %0, %1 : tensor<f64>, tensor<1xf64>
}

// -----

// Shrinking a dynamic dim.
// CHECK-LABEL: func.func @tf_dynamic_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x4xf32>)
// CHECK:         %{{.+}} = slice.tf_strided_slice %[[X]] begin %{{.+}} end %{{.+}} strides %{{.+}} {shrink_axis_mask = 1 : i64} : tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<2xf32>
func.func @tf_dynamic_dim(%x: tensor<?x4xf32>) -> tensor<2xf32> {
  %b = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[1, 3]> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<2xi64>
  %0 = slice.tf_strided_slice %x begin %b end %e strides %st {shrink_axis_mask = 1 : i64} : tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// Parameters known only at run time: the masks give the rank.
// CHECK-LABEL: func.func @tf_runtime_params(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>, %[[B:.+]]: tensor<3xi32>)
// CHECK-NEXT:    %{{.+}} = slice.tf_strided_slice %[[X]] begin %[[B]] end %[[B]] strides %[[B]] {new_axis_mask = 1 : i64, shrink_axis_mask = 4 : i64} : tensor<2x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32> -> tensor<1x?xf32>
func.func @tf_runtime_params(%x: tensor<2x4xf32>, %b: tensor<3xi32>) -> tensor<1x?xf32> {
  %0 = slice.tf_strided_slice %x begin %b end %b strides %b {new_axis_mask = 1 : i64, shrink_axis_mask = 4 : i64} : tensor<2x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32> -> tensor<1x?xf32>
  func.return %0 : tensor<1x?xf32>
}

// -----

// CHECK-LABEL: func.func @tf_generic(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[B:.+]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:    %[[E:.+]] = arith.constant dense<[1, 3]> : tensor<2xi64>
// CHECK-NEXT:    %[[ST:.+]] = arith.constant dense<1> : tensor<2xi64>
// CHECK-NEXT:    %{{.+}} = slice.tf_strided_slice %[[X]] begin %[[B]] end %[[E]] strides %[[ST]] {begin_mask = 1 : i64} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<1x2xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "tf_generic",
// CHECK-GENERIC:       ^bb0(%[[X:.+]]: tensor<2x4xf32>):
// CHECK-GENERIC-NEXT:    %[[B:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %[[E:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    %[[ST:.+]] = "arith.constant"()
// CHECK-GENERIC-NEXT:    "slice.tf_strided_slice"(%[[X]], %[[B]], %[[E]], %[[ST]]) <{begin_mask = 1 : i64}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2xf32>
func.func @tf_generic(%x: tensor<2x4xf32>) -> tensor<1x2xf32> {
  %b = arith.constant dense<[0, 1]> : tensor<2xi64>
  %e = arith.constant dense<[1, 3]> : tensor<2xi64>
  %st = arith.constant dense<1> : tensor<2xi64>
  %0 = "slice.tf_strided_slice"(%x, %b, %e, %st) <{begin_mask = 1 : i64}> : (tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2xf32>
  func.return %0 : tensor<1x2xf32>
}

// -----

// ===== slice.dml_slice1 =====

// CHECK-LABEL: func.func @dml_slice1_1d(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NEXT:    %[[R:.+]] = slice.dml_slice1 %[[X]] window_offsets [1] window_sizes [4] window_strides [-1] : tensor<5xf32> -> tensor<2xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<2xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "dml_slice1_1d",
// CHECK-GENERIC:         "slice.dml_slice1"(%{{.+}}) <{window_offsets = array<i64: 1>, window_sizes = array<i64: 4>, window_strides = array<i64: -1>}> : (tensor<5xf32>) -> tensor<2xf32>
func.func @dml_slice1_1d(%x: tensor<5xf32>) -> tensor<2xf32> {
  %0 = slice.dml_slice1 %x window_offsets [1] window_sizes [4] window_strides [-1] : tensor<5xf32> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @dml_slice1_2d(
// CHECK-SAME:      %[[X:.+]]: tensor<4x4xcomplex<f32>>)
// CHECK-NEXT:    %{{.+}} = slice.dml_slice1 %[[X]] window_offsets [0, 1] window_sizes [4, 3] window_strides [-2, 2] : tensor<4x4xcomplex<f32>> -> tensor<2x2xcomplex<f32>>
func.func @dml_slice1_2d(%x: tensor<4x4xcomplex<f32>>) -> tensor<2x2xcomplex<f32>> {
  %0 = slice.dml_slice1 %x window_offsets [0, 1] window_sizes [4, 3] window_strides [-2, 2] : tensor<4x4xcomplex<f32>> -> tensor<2x2xcomplex<f32>>
  func.return %0 : tensor<2x2xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @dml_slice1_dynamic_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<?x6xi64>)
// CHECK-NEXT:    %{{.+}} = slice.dml_slice1 %[[X]] window_offsets [0, 0] window_sizes [2, 6] window_strides [1, 3] : tensor<?x6xi64> -> tensor<2x2xi64>
func.func @dml_slice1_dynamic_dim(%x: tensor<?x6xi64>) -> tensor<2x2xi64> {
  %0 = slice.dml_slice1 %x window_offsets [0, 0] window_sizes [2, 6] window_strides [1, 3] : tensor<?x6xi64> -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}

// -----

// Rank 8, the most DirectML takes.
// CHECK-LABEL: func.func @dml_slice1_rank8(
// CHECK-SAME:      %[[X:.+]]: tensor<1x1x1x1x1x1x1x3xf32>)
// CHECK-NEXT:    %{{.+}} = slice.dml_slice1 %[[X]] window_offsets [0, 0, 0, 0, 0, 0, 0, 1] window_sizes [1, 1, 1, 1, 1, 1, 1, 2] window_strides [1, 1, 1, 1, 1, 1, 1, 1] : tensor<1x1x1x1x1x1x1x3xf32> -> tensor<1x1x1x1x1x1x1x2xf32>
func.func @dml_slice1_rank8(%x: tensor<1x1x1x1x1x1x1x3xf32>) -> tensor<1x1x1x1x1x1x1x2xf32> {
  %0 = slice.dml_slice1 %x window_offsets [0, 0, 0, 0, 0, 0, 0, 1] window_sizes [1, 1, 1, 1, 1, 1, 1, 2] window_strides [1, 1, 1, 1, 1, 1, 1, 1] : tensor<1x1x1x1x1x1x1x3xf32> -> tensor<1x1x1x1x1x1x1x2xf32>
  func.return %0 : tensor<1x1x1x1x1x1x1x2xf32>
}

// -----

// CHECK-LABEL: func.func @dml_slice1_generic(
// CHECK-SAME:      %[[X:.+]]: tensor<4x4xf32>)
// CHECK-NEXT:    %{{.+}} = slice.dml_slice1 %[[X]] window_offsets [0, 1] window_sizes [4, 3] window_strides [-2, 2] : tensor<4x4xf32> -> tensor<1x2xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "dml_slice1_generic",
// CHECK-GENERIC:         "slice.dml_slice1"(%{{.+}}) <{window_offsets = array<i64: 0, 1>, window_sizes = array<i64: 4, 3>, window_strides = array<i64: -2, 2>}> : (tensor<4x4xf32>) -> tensor<1x2xf32>
func.func @dml_slice1_generic(%x: tensor<4x4xf32>) -> tensor<1x2xf32> {
  %0 = "slice.dml_slice1"(%x) <{window_offsets = array<i64: 0, 1>, window_sizes = array<i64: 4, 3>, window_strides = array<i64: -2, 2>}> : (tensor<4x4xf32>) -> tensor<1x2xf32>
  func.return %0 : tensor<1x2xf32>
}

// -----

// ===== slice.window =====

// CHECK-LABEL: func.func @window(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[R:.+]] = slice.window %[[X]] offsets [1, 3] sizes [1, 3] strides [1, -1] : tensor<2x4xf32> -> tensor<3xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<3xf32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "window",
// CHECK-GENERIC:         "slice.window"(%{{.+}}) <{offsets = array<i64: 1, 3>, sizes = array<i64: 1, 3>, strides = array<i64: 1, -1>}> : (tensor<2x4xf32>) -> tensor<3xf32>
func.func @window(%x: tensor<2x4xf32>) -> tensor<3xf32> {
  %0 = slice.window %x offsets [1, 3] sizes [1, 3] strides [1, -1] : tensor<2x4xf32> -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// Rank 0, with and without inserted unit dims.
// CHECK-LABEL: func.func @window_rank0(
// CHECK-SAME:      %[[X:.+]]: tensor<f32>)
// CHECK-NEXT:    %{{.+}} = slice.window %[[X]] offsets [] sizes [] strides [] : tensor<f32> -> tensor<f32>
// CHECK-NEXT:    %{{.+}} = slice.window %[[X]] offsets [] sizes [] strides [] : tensor<f32> -> tensor<1x1xf32>
func.func @window_rank0(%x: tensor<f32>) -> (tensor<f32>, tensor<1x1xf32>) {
  %0 = slice.window %x offsets [] sizes [] strides [] : tensor<f32> -> tensor<f32>
  %1 = slice.window %x offsets [] sizes [] strides [] : tensor<f32> -> tensor<1x1xf32>
  func.return %0, %1 : tensor<f32>, tensor<1x1xf32>
}

// -----

// CHECK-LABEL: func.func @window_empty(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    %{{.+}} = slice.window %[[X]] offsets [0, 0] sizes [0, 4] strides [1, 1] : tensor<2x4xf32> -> tensor<0x4xf32>
func.func @window_empty(%x: tensor<2x4xf32>) -> tensor<0x4xf32> {
  %0 = slice.window %x offsets [0, 0] sizes [0, 4] strides [1, 1] : tensor<2x4xf32> -> tensor<0x4xf32>
  func.return %0 : tensor<0x4xf32>
}

// -----

// Unit dims inserted and removed: the shape is sizes up to unit dims.
// CHECK-LABEL: func.func @window_unit_dims(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xbf16>)
// CHECK-NEXT:    %{{.+}} = slice.window %[[X]] offsets [2, 0] sizes [1, 4] strides [1, 1] : tensor<3x4xbf16> -> tensor<1x1x4xbf16>
// CHECK-NEXT:    %{{.+}} = slice.window %[[X]] offsets [2, 3] sizes [1, 2] strides [1, -3] : tensor<3x4xbf16> -> tensor<2xbf16>
func.func @window_unit_dims(%x: tensor<3x4xbf16>) -> (tensor<1x1x4xbf16>, tensor<2xbf16>) {
  %0 = slice.window %x offsets [2, 0] sizes [1, 4] strides [1, 1] : tensor<3x4xbf16> -> tensor<1x1x4xbf16>
  %1 = slice.window %x offsets [2, 3] sizes [1, 2] strides [1, -3] : tensor<3x4xbf16> -> tensor<2xbf16>
  func.return %0, %1 : tensor<1x1x4xbf16>, tensor<2xbf16>
}

// -----

// CHECK-LABEL: func.func @window_generic(
// CHECK-SAME:      %[[X:.+]]: tensor<4x5xi32>)
// CHECK-NEXT:    %{{.+}} = slice.window %[[X]] offsets [1, 4] sizes [2, 3] strides [1, -2] : tensor<4x5xi32> -> tensor<2x3xi32>
// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "window_generic",
// CHECK-GENERIC:         "slice.window"(%{{.+}}) <{offsets = array<i64: 1, 4>, sizes = array<i64: 2, 3>, strides = array<i64: 1, -2>}> : (tensor<4x5xi32>) -> tensor<2x3xi32>
func.func @window_generic(%x: tensor<4x5xi32>) -> tensor<2x3xi32> {
  %0 = "slice.window"(%x) <{offsets = array<i64: 1, 4>, sizes = array<i64: 2, 3>, strides = array<i64: 1, -2>}> : (tensor<4x5xi32>) -> tensor<2x3xi32>
  func.return %0 : tensor<2x3xi32>
}

// -----

// ===== Masks longer than begin: the extra entries are ignored =====

// OpenVINO cuts masks longer than begin, so the two ellipsis bits past entry 0 do not count.
// CHECK-LABEL: func.func @ov_strided_long_masks(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK:         %{{.+}} = slice.ov_strided_slice %[[X]] begin %{{.+}} end %{{.+}} {begin_mask = array<i64: 0>, end_mask = array<i64: 0, 1, 1>, ellipsis_mask = array<i64: 0, 1, 1>} : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<1x4xf32>
func.func @ov_strided_long_masks(%x: tensor<2x4xf32>) -> tensor<1x4xf32> {
  %b = arith.constant dense<0> : tensor<1xi64>
  %e = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.ov_strided_slice %x begin %b end %e {begin_mask = array<i64: 0>, end_mask = array<i64: 0, 1, 1>, ellipsis_mask = array<i64: 0, 1, 1>} : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<1x4xf32>
  func.return %0 : tensor<1x4xf32>
}

// -----

// TensorFlow ignores mask bits at or past len(begin): ellipsis_mask = 6 has no ellipsis here.
// CHECK-LABEL: func.func @tf_long_masks(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4xf32>)
// CHECK:         %{{.+}} = slice.tf_strided_slice %[[X]] begin %{{.+}} end %{{.+}} strides %{{.+}} {end_mask = 6 : i64, ellipsis_mask = 6 : i64} : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<1x4xf32>
func.func @tf_long_masks(%x: tensor<2x4xf32>) -> tensor<1x4xf32> {
  %b = arith.constant dense<0> : tensor<1xi64>
  %e = arith.constant dense<1> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %b end %e strides %e {end_mask = 6 : i64, ellipsis_mask = 6 : i64} : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<1x4xf32>
  func.return %0 : tensor<1x4xf32>
}

// -----

// slice.dynamic_window: mixed static and run-time offsets, sizes and strides.
// CHECK-LABEL: func.func @dynamic_window(
// CHECK-SAME:      %[[X:.+]]: tensor<?x6xf32>, %[[O:.+]]: index, %[[N:.+]]: index)
// CHECK-NEXT:    %{{.+}} = slice.dynamic_window %[[X]] offsets [%[[O]], 0] sizes [%[[N]], 3] strides [1, 2] : tensor<?x6xf32> -> tensor<?x3xf32>
func.func @dynamic_window(%x: tensor<?x6xf32>, %o: index, %n: index) -> tensor<?x3xf32> {
  %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 3] strides [1, 2] : tensor<?x6xf32> -> tensor<?x3xf32>
  func.return %r : tensor<?x3xf32>
}

// -----

// slice.dynamic_window in_bounds: valid whenever it runs (what a framework op's
// normalization makes); a unit property, printed after the strides.
// CHECK-LABEL: func.func @dynamic_window_in_bounds(
// CHECK-NEXT:    %{{.+}} = slice.dynamic_window %{{.+}} offsets [%{{.+}}, 0] sizes [2, 3] strides [1, 2] in_bounds : tensor<?x6xf32> -> tensor<2x3xf32>
func.func @dynamic_window_in_bounds(%x: tensor<?x6xf32>, %o: index) -> tensor<2x3xf32> {
  %r = slice.dynamic_window %x offsets [%o, 0] sizes [2, 3] strides [1, 2] in_bounds : tensor<?x6xf32> -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// -----

// slice.check: a run-time check with the verifier's message.
// CHECK-LABEL: func.func @check(
// CHECK-NEXT:    slice.check %{{.+}}, "slice.onnx: axes[0] = {0} is out of range [-2, 1] for rank 2", %{{.+}}
// CHECK-NEXT:    slice.check %{{.+}}, "slice.onnx: steps[0] = 0: a step must be non-zero"
// CHECK-NEXT:    slice.check %{{.+}}, "slice.window: sizes[0] = {1} but tensor<4xf32, {{[{][{]}}a = 1{{[}][}]}}> has {0}", %{{.+}}, %{{.+}}
func.func @check(%ok: i1, %a: i64) {
  slice.check %ok, "slice.onnx: axes[0] = {0} is out of range [-2, 1] for rank 2", %a
  slice.check %ok, "slice.onnx: steps[0] = 0: a step must be non-zero"
  slice.check %ok, "slice.window: sizes[0] = {1} but tensor<4xf32, {{a = 1}}> has {0}", %a, %a
  func.return
}
