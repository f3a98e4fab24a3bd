// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=onnx}' | filecheck %s --check-prefix=ONNX
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=ov_slice}' | filecheck %s --check-prefix=OV
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=ov_strided_slice}' | filecheck %s --check-prefix=OVSS
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=tf_strided_slice}' | filecheck %s --check-prefix=TF
//
// canonicalize-slices after the export gives back the same windows:
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=onnx},canonicalize-slices' | filecheck %s --check-prefix=BACK
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=ov_slice},canonicalize-slices' | filecheck %s --check-prefix=BACK
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=ov_strided_slice},canonicalize-slices' | filecheck %s --check-prefix=BACK
// RUN: slice-opt %s --split-input-file -p 'export-slices{framework=tf_strided_slice},canonicalize-slices' | filecheck %s --check-prefix=BACK

// Every slice.window becomes the framework's op with the parameters a person of that
// framework writes: only the axes that are cut (ONNX, OpenVINO Slice), masks for "from
// the start" and "to the end" (strided slices), INT64_MAX for a forward range to the end
// and INT64_MIN for a reversal through index 0 (never -1, which would be the last
// element), -1 for a reversal from the last element.

// x[::-1]: a reversal through index 0.
// ONNX-LABEL: func.func @reverse(
// ONNX-NEXT:    %[[S:.+]] = arith.constant dense<-1> : tensor<1xi64>
// ONNX-NEXT:    %[[E:.+]] = arith.constant dense<-9223372036854775808> : tensor<1xi64>
// ONNX-NEXT:    %[[ST:.+]] = arith.constant dense<-1> : tensor<1xi64>
// ONNX-NEXT:    %[[R:.+]] = slice.onnx %x starts %[[S]] ends %[[E]] steps %[[ST]] : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<5xf32>
// ONNX-NEXT:    func.return %[[R]]
// OV-LABEL:   func.func @reverse(
// OV-NEXT:      %[[S:.+]] = arith.constant dense<-1> : tensor<1xi64>
// OV-NEXT:      %[[E:.+]] = arith.constant dense<-9223372036854775808> : tensor<1xi64>
// OV-NEXT:      %[[ST:.+]] = arith.constant dense<-1> : tensor<1xi64>
// OV-NEXT:      slice.ov_slice %x start %[[S]] stop %[[E]] step %[[ST]] :
// OVSS-LABEL: func.func @reverse(
// OVSS-NEXT:    %[[B:.+]] = arith.constant dense<0> : tensor<1xi64>
// OVSS-NEXT:    %[[E:.+]] = arith.constant dense<0> : tensor<1xi64>
// OVSS-NEXT:    %[[ST:.+]] = arith.constant dense<-1> : tensor<1xi64>
// OVSS-NEXT:    slice.ov_strided_slice %x begin %[[B]] end %[[E]] stride %[[ST]] {begin_mask = array<i64: 1>, end_mask = array<i64: 1>} :
// TF-LABEL:   func.func @reverse(
// TF-NEXT:      %[[B:.+]] = arith.constant dense<0> : tensor<1xi64>
// TF-NEXT:      %[[E:.+]] = arith.constant dense<0> : tensor<1xi64>
// TF-NEXT:      %[[ST:.+]] = arith.constant dense<-1> : tensor<1xi64>
// TF-NEXT:      slice.tf_strided_slice %x begin %[[B]] end %[[E]] strides %[[ST]] {begin_mask = 1 : i64, end_mask = 1 : i64} :
// BACK-LABEL: func.func @reverse(
// BACK-NEXT:    %[[R:.+]] = slice.window %x offsets [4] sizes [5] strides [-1] : tensor<5xf32> -> tensor<5xf32>
// BACK-NEXT:    func.return %[[R]]
func.func @reverse(%x: tensor<5xf32>) -> tensor<5xf32> {
  %r = slice.window %x offsets [4] sizes [5] strides [-1] : tensor<5xf32> -> tensor<5xf32>
  func.return %r : tensor<5xf32>
}

// -----

// x[1:3, 2:]: the second range runs to the end; default axes and steps.
// ONNX-LABEL: func.func @crop(
// ONNX-NEXT:    %[[S:.+]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// ONNX-NEXT:    %[[E:.+]] = arith.constant dense<[3, 9223372036854775807]> : tensor<2xi64>
// ONNX-NEXT:    slice.onnx %x starts %[[S]] ends %[[E]] : tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<2x4xf32>
// OV-LABEL:   func.func @crop(
// OV-NEXT:      %[[S:.+]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// OV-NEXT:      %[[E:.+]] = arith.constant dense<[3, 9223372036854775807]> : tensor<2xi64>
// OV-NEXT:      %[[ST:.+]] = arith.constant dense<1> : tensor<2xi64>
// OV-NEXT:      slice.ov_slice %x start %[[S]] stop %[[E]] step %[[ST]] :
// OVSS-LABEL: func.func @crop(
// OVSS-NEXT:    %[[B:.+]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// OVSS-NEXT:    %[[E:.+]] = arith.constant dense<[3, 0]> : tensor<2xi64>
// OVSS-NEXT:    slice.ov_strided_slice %x begin %[[B]] end %[[E]] {begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 1>} :
// TF-LABEL:   func.func @crop(
// TF-NEXT:      %[[B:.+]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// TF-NEXT:      %[[E:.+]] = arith.constant dense<[3, 0]> : tensor<2xi64>
// TF-NEXT:      %[[ST:.+]] = arith.constant dense<1> : tensor<2xi64>
// TF-NEXT:      slice.tf_strided_slice %x begin %[[B]] end %[[E]] strides %[[ST]] {end_mask = 2 : i64} :
// BACK-LABEL: func.func @crop(
// BACK-NEXT:    slice.window %x offsets [1, 2] sizes [2, 4] strides [1, 1] : tensor<4x6xf32> -> tensor<2x4xf32>
func.func @crop(%x: tensor<4x6xf32>) -> tensor<2x4xf32> {
  %r = slice.window %x offsets [1, 2] sizes [2, 4] strides [1, 1] : tensor<4x6xf32> -> tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}

// -----

// x[:, 1:7:3]: only the second axis is cut, so ONNX names it in axes.
// ONNX-LABEL: func.func @strided(
// ONNX-NEXT:    %[[S:.+]] = arith.constant dense<1> : tensor<1xi64>
// ONNX-NEXT:    %[[E:.+]] = arith.constant dense<7> : tensor<1xi64>
// ONNX-NEXT:    %[[A:.+]] = arith.constant dense<1> : tensor<1xi64>
// ONNX-NEXT:    %[[ST:.+]] = arith.constant dense<3> : tensor<1xi64>
// ONNX-NEXT:    slice.onnx %x starts %[[S]] ends %[[E]] axes %[[A]] steps %[[ST]] :
// OV-LABEL:   func.func @strided(
// OV:           slice.ov_slice %x start %{{.+}} stop %{{.+}} step %{{.+}} axes %{{.+}} :
// OVSS-LABEL: func.func @strided(
// OVSS-NEXT:    %[[B:.+]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// OVSS-NEXT:    %[[E:.+]] = arith.constant dense<[0, 7]> : tensor<2xi64>
// OVSS-NEXT:    %[[ST:.+]] = arith.constant dense<[1, 3]> : tensor<2xi64>
// OVSS-NEXT:    slice.ov_strided_slice %x begin %[[B]] end %[[E]] stride %[[ST]] {begin_mask = array<i64: 1, 0>, end_mask = array<i64: 1, 0>} :
// TF-LABEL:   func.func @strided(
// TF:           slice.tf_strided_slice %x begin %{{.+}} end %{{.+}} strides %{{.+}} {begin_mask = 1 : i64, end_mask = 1 : i64} :
// BACK-LABEL: func.func @strided(
// BACK-NEXT:    slice.window %x offsets [0, 1] sizes [3, 2] strides [1, 3] : tensor<3x8xi8> -> tensor<3x2xi8>
func.func @strided(%x: tensor<3x8xi8>) -> tensor<3x2xi8> {
  %r = slice.window %x offsets [0, 1] sizes [3, 2] strides [1, 3] : tensor<3x8xi8> -> tensor<3x2xi8>
  func.return %r : tensor<3x2xi8>
}

// -----

// x[4:0:-2]: a reversal that stops before index 0 keeps its plain end.
// ONNX-LABEL: func.func @reverse_partial(
// ONNX-NEXT:    arith.constant dense<4> : tensor<1xi64>
// ONNX-NEXT:    arith.constant dense<0> : tensor<1xi64>
// ONNX-NEXT:    arith.constant dense<-2> : tensor<1xi64>
// OV-LABEL:   func.func @reverse_partial(
// OV-NEXT:      arith.constant dense<4> : tensor<1xi64>
// OV-NEXT:      arith.constant dense<0> : tensor<1xi64>
// OV-NEXT:      arith.constant dense<-2> : tensor<1xi64>
// OVSS-LABEL: func.func @reverse_partial(
// OVSS:         {begin_mask = array<i64: 0>, end_mask = array<i64: 0>}
// TF-LABEL:   func.func @reverse_partial(
// TF-NEXT:      arith.constant dense<4> : tensor<1xi64>
// TF-NEXT:      arith.constant dense<0> : tensor<1xi64>
// TF-NEXT:      arith.constant dense<-2> : tensor<1xi64>
// TF-NEXT:      slice.tf_strided_slice %x begin %{{.+}} end %{{.+}} strides %{{.+}} : tensor<6xi8>
// BACK-LABEL: func.func @reverse_partial(
// BACK-NEXT:    slice.window %x offsets [4] sizes [2] strides [-2] : tensor<6xi8> -> tensor<2xi8>
func.func @reverse_partial(%x: tensor<6xi8>) -> tensor<2xi8> {
  %r = slice.window %x offsets [4] sizes [2] strides [-2] : tensor<6xi8> -> tensor<2xi8>
  func.return %r : tensor<2xi8>
}

// -----

// x[:, 0:0]: an empty window is 0:0.
// ONNX-LABEL: func.func @empty(
// ONNX-NEXT:    arith.constant dense<0> : tensor<1xi64>
// ONNX-NEXT:    arith.constant dense<0> : tensor<1xi64>
// ONNX-NEXT:    arith.constant dense<1> : tensor<1xi64>
// ONNX-NEXT:    slice.onnx %x starts %{{.+}} ends %{{.+}} axes %{{.+}} : tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<3x0xf32>
// OV-LABEL:   func.func @empty(
// OV:           slice.ov_slice
// OVSS-LABEL: func.func @empty(
// OVSS:         {begin_mask = array<i64: 1, 0>, end_mask = array<i64: 1, 0>}
// TF-LABEL:   func.func @empty(
// TF-NEXT:      arith.constant dense<0> : tensor<2xi64>
// TF-NEXT:      arith.constant dense<0> : tensor<2xi64>
// TF-NEXT:      arith.constant dense<1> : tensor<2xi64>
// TF-NEXT:      slice.tf_strided_slice %x {{.*}} {begin_mask = 1 : i64, end_mask = 1 : i64} :
// BACK-LABEL: func.func @empty(
// BACK-NEXT:    slice.window %x offsets [0, 0] sizes [3, 0] strides [1, 1] : tensor<3x4xf32> -> tensor<3x0xf32>
func.func @empty(%x: tensor<3x4xf32>) -> tensor<3x0xf32> {
  %r = slice.window %x offsets [0, 0] sizes [3, 0] strides [1, 1] : tensor<3x4xf32> -> tensor<3x0xf32>
  func.return %r : tensor<3x0xf32>
}
