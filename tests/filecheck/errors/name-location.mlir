// An op written with a location of no file (`loc("nm")`, a fused location of names):
// a verifier error at it still says where its text stands, and the op keeps the
// location it was written with (`--print-debuginfo`), as MLIR's parser keeps it.
//
// RUN: not slice-opt %s --split-input-file 2>&1 | filecheck %s
// RUN: slice-opt %s --split-input-file --disable-verify --print-debuginfo | filecheck %s --check-prefix=KEPT

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}name-location.mlir:[[# @LINE + 4]]:3: slice.window: last index offsets[0] + strides[0] * (sizes[0] - 1) = 3 + 1 * (2 - 1) is out of bounds for dimension 0 of size 4{{$}}
// KEPT:       slice.window %x offsets [3] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32> loc("nm")
// KEPT:       slice.window %x offsets [4] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32> loc(fused["a", "b"])
func.func @name(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = slice.window %x offsets [3] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32> loc("nm")
  func.return %r : tensor<2xf32>
}

// -----

// CHECK:      {{^}}error: {{.*}}name-location.mlir:[[# @LINE + 2]]:3: slice.window: offsets[0] = 4 is out of bounds for dimension 0 of size 4{{$}}
func.func @fused(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = slice.window %x offsets [4] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32> loc(fused["a", "b"])
  func.return %r : tensor<2xf32>
}
