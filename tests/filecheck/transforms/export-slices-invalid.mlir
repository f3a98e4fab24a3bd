// RUN: slice-opt %s --split-input-file --verify-diagnostics -p 'export-slices{framework=onnx}' | filecheck %s --check-prefix=ONNX
// RUN: slice-opt %s --split-input-file --verify-diagnostics -p 'export-slices{framework=onnx_v1}' | filecheck %s --check-prefix=V1
// RUN: slice-opt %s --split-input-file --verify-diagnostics -p 'export-slices{framework=ov_slice}' | filecheck %s --check-prefix=OV
// RUN: slice-opt %s --split-input-file --verify-diagnostics -p 'export-slices{framework=dml_slice1}' | filecheck %s --check-prefix=DML
// RUN: not slice-opt %s --split-input-file -p 'export-slices{framework=dml_slice1}' 2>&1 | filecheck %s --check-prefix=FIRST
// RUN: not slice-opt %s -p 'export-slices{framework=torch}' 2>&1 | filecheck %s --check-prefix=NAME

// Windows a framework cannot express: the pass fails at the window with the reason.
// With --verify-diagnostics every chunk's message is printed; without it slice-opt
// reports each one with its location and exits non-zero without a traceback.

// FIRST-NOT: Traceback
// FIRST: {{^}}error: {{.+}}export-slices-invalid.mlir:23:3: slice.window: cannot be expressed as slice.dml_slice1: the result has rank 1 from a source of rank 2, and slice.dml_slice1 keeps the source's rank and shape (it cannot insert or remove unit dimensions){{$}}
// FIRST-NOT: Traceback
// NAME: {{^}}error: export-slices: framework = 'torch' is not one of onnx, onnx_v1, ov_slice, ov_strided_slice, tf_strided_slice, dml_slice1{{$}}

// x[1, :]: a removed unit dim.
// ONNX: {{^}}slice.window: cannot be expressed as slice.onnx: the result has rank 1 from a source of rank 2, and slice.onnx keeps the source's rank and shape (it cannot insert or remove unit dimensions){{$}}
// V1:   {{^}}slice.window: cannot be expressed as slice.onnx_v1: the result has rank 1 from a source of rank 2
// OV:   {{^}}slice.window: cannot be expressed as slice.ov_slice: the result has rank 1 from a source of rank 2
// DML:  {{^}}slice.window: cannot be expressed as slice.dml_slice1: the result has rank 1 from a source of rank 2
func.func @shrink(%x: tensor<3x4xf32>) -> tensor<4xf32> {
  %r = slice.window %x offsets [1, 0] sizes [1, 4] strides [1, 1] : tensor<3x4xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// The same rank, but the unit dims moved.
// ONNX: {{^}}slice.window: cannot be expressed as slice.onnx: the result has shape [4, 1] but the window's sizes are [1, 4], and slice.onnx keeps the source's rank and shape
// DML:  {{^}}slice.window: cannot be expressed as slice.dml_slice1: the result has shape [4, 1] but the window's sizes are [1, 4]
func.func @moved_unit_dim(%x: tensor<3x4xf32>) -> tensor<4x1xf32> {
  %r = slice.window %x offsets [1, 0] sizes [1, 4] strides [1, 1] : tensor<3x4xf32> -> tensor<4x1xf32>
  func.return %r : tensor<4x1xf32>
}

// -----

// A rank-0 source.
// ONNX: {{^}}slice.window: cannot be expressed as slice.onnx: the source has rank 0, and slice.onnx needs rank >= 1{{$}}
// OV:   {{^}}slice.window: cannot be expressed as slice.ov_slice: the source has rank 0, and slice.ov_slice needs rank >= 1{{$}}
// DML:  {{^}}slice.window: cannot be expressed as slice.dml_slice1: the source has rank 0, and DirectML takes rank 1 to 8{{$}}
func.func @scalar(%x: tensor<f32>) -> tensor<f32> {
  %r = slice.window %x offsets [] sizes [] strides [] : tensor<f32> -> tensor<f32>
  func.return %r : tensor<f32>
}

// -----

// A stride other than 1 for ONNX Slice-1; an empty window for DirectML.
// V1:   {{^}}slice.window: cannot be expressed as slice.onnx_v1: dimension 1 has stride -1, and slice.onnx_v1 only takes stride 1 (no steps){{$}}
// DML:  {{^}}slice.window: cannot be expressed as slice.dml_slice1: dimension 0 is empty (sizes[0] = 0), and DirectML cannot express an empty window{{$}}
func.func @reverse_empty(%x: tensor<3x4xf32>) -> tensor<0x4xf32> {
  %r = slice.window %x offsets [0, 3] sizes [0, 4] strides [1, -1] : tensor<3x4xf32> -> tensor<0x4xf32>
  func.return %r : tensor<0x4xf32>
}

// -----

// Nine dims are more than DirectML takes.
// DML:  {{^}}slice.window: cannot be expressed as slice.dml_slice1: the source has rank 9, and DirectML takes rank 1 to 8{{$}}
func.func @rank9(%x: tensor<1x1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x1x1xf32> {
  %r = slice.window %x offsets [0, 0, 0, 0, 0, 0, 0, 0, 1] sizes [1, 1, 1, 1, 1, 1, 1, 1, 1] strides [1, 1, 1, 1, 1, 1, 1, 1, 1] : tensor<1x1x1x1x1x1x1x1x2xf32> -> tensor<1x1x1x1x1x1x1x1x1xf32>
  func.return %r : tensor<1x1x1x1x1x1x1x1x1xf32>
}

// -----

// DirectML's tensor sizes are 32-bit UINTs: a dim of 2**32 is no DirectML tensor.
// DML:  {{^}}slice.window: cannot be expressed as slice.dml_slice1: dimension 1 has size 4294967296, and DirectML's tensor sizes are 32-bit UINTs (at most 4294967295){{$}}
func.func @dml_big_dim(%x: tensor<2x4294967296xi8>) -> tensor<2x3xi8> {
  %r = slice.window %x offsets [0, 7] sizes [2, 3] strides [1, 1] : tensor<2x4294967296xi8> -> tensor<2x3xi8>
  func.return %r : tensor<2x3xi8>
}

// -----

// DML_SLICE1's strides are 32-bit INTs: a stride of -(2**31 + 1) does not fit, although
// the dim (2**32 - 1) does.
// DML:  {{^}}slice.window: cannot be expressed as slice.dml_slice1: dimension 0 has stride -2147483649, and DirectML's window_strides are 32-bit INTs (-2147483648 to 2147483647){{$}}
func.func @dml_big_stride(%x: tensor<4294967295xi8>) -> tensor<2xi8> {
  %r = slice.window %x offsets [2147483649] sizes [2] strides [-2147483649] : tensor<4294967295xi8> -> tensor<2xi8>
  func.return %r : tensor<2xi8>
}
