// The round trip through upstream's dialects and back (SPEC section 8) of a dynamic
// window with an empty static dim and a run-time stride: convert-slice-to-tensor
// reverses a possibly negative stride with a linalg.generic whose body extracts
// from the raised window; its iteration space is empty, so that extract never runs,
// and canonicalize-slices leaves it as written rather than failing on it (session
// 65, helper 86's hunt: "tensor.extract: dimension 1 of tensor<?x0xf32> has no
// elements" before).
//
// RUN: slice-opt %s -p convert-slice-to-tensor,convert-tensor-to-slice,canonicalize-slices | filecheck %s

// CHECK:      %[[W:.+]] = slice.dynamic_window %x offsets [%{{.+}}, 0] sizes [%n, 0] strides [%{{.+}}, 1] : tensor<4x3xf32> -> tensor<?x0xf32>
// CHECK:      linalg.generic
// CHECK:        tensor.extract %[[W]][%{{.+}}, %{{.+}}] : tensor<?x0xf32>
func.func @main(%x: tensor<4x3xf32>, %o: index, %n: index, %st: index) -> tensor<?x0xf32> {
  %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 0] strides [%st, 1] : tensor<4x3xf32> -> tensor<?x0xf32>
  func.return %r : tensor<?x0xf32>
}
