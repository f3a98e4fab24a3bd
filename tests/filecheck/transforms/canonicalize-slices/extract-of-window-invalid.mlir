// RUN: not slice-opt %s -p canonicalize-slices 2>&1 | filecheck %s

// An index a constant puts outside the window (though inside the source) is an error
// now, at the extract.
// CHECK: error: {{.+}}.mlir:9:3: tensor.extract: index 2 is out of bounds for dimension 0 of size 2
func.func @extract_past_the_window(%x: tensor<8xf32>) -> f32 {
  %c2 = arith.constant 2 : index
  %w = slice.window %x offsets [1] sizes [2] strides [1] : tensor<8xf32> -> tensor<2xf32>
  %v = tensor.extract %w[%c2] : tensor<2xf32>
  func.return %v : f32
}
