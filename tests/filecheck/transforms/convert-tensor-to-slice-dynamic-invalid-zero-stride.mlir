// RUN: not slice-opt %s -p convert-tensor-to-slice 2>&1 | filecheck %s --check-prefix=ERR
// ERR-NOT: Traceback

// A static stride 0 with a static size > 1 is an error (upstream reads one element
// repeatedly; a window needs a non-zero stride), dynamic offset or not.
// ERR: error: {{.+}}convert-tensor-to-slice-dynamic-invalid-zero-stride.mlir:[[# @LINE + 2]]:3: tensor.extract_slice: strides[0] = 0 with sizes[0] = 3: a window needs a non-zero stride
func.func @zero_stride(%x: tensor<?xf32>, %o: index) -> tensor<3xf32> {
  %r = tensor.extract_slice %x[%o] [3] [0] : tensor<?xf32> to tensor<3xf32>
  func.return %r : tensor<3xf32>
}
