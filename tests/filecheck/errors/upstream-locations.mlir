// An op whose location upstream MLIR wrote as a call site (an op inlined by
// `mlir-opt --inline`), a name or a fused location is reported at the file location
// it holds: the callee's, the named one's, the first of the fused ones.
//
// RUN: not slice-opt %s --split-input-file -p convert-tensor-to-slice 2>&1 | filecheck %s

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: f.mlir:2:8: tensor.extract_slice: last index offsets[1] + strides[1] * (sizes[1] - 1) = 1 + -2 * (4 - 1) is out of bounds for dimension 1 of size 4{{$}}
func.func @inlined(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = tensor.extract_slice %x[0, 1] [4, 4] [1, -2] : tensor<4x4xf32> to tensor<4x4xf32> loc(callsite("f.mlir":2:8 at "g.mlir":6:8))
  return %r : tensor<4x4xf32>
}

// -----

// CHECK:      {{^}}error: f.mlir:3:9: tensor.extract_slice: strides[0] = 0 with sizes[0] = 3: a window needs a non-zero stride{{$}}
func.func @named(%x: tensor<4xf32>) -> tensor<3xf32> {
  %r = tensor.extract_slice %x[0] [3] [0] : tensor<4xf32> to tensor<3xf32> loc("slice"("f.mlir":3:9))
  return %r : tensor<3xf32>
}

// -----

// CHECK:      {{^}}error: f.mlir:4:10: tensor.extract_slice: last index offsets[0] + strides[0] * (sizes[0] - 1) = 3 + 1 * (2 - 1) is out of bounds for dimension 0 of size 4{{$}}
func.func @fused(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = tensor.extract_slice %x[3] [2] [1] : tensor<4xf32> to tensor<2xf32> loc(fused["unknown-name", "f.mlir":4:10, "f.mlir":5:1])
  return %r : tensor<2xf32>
}
