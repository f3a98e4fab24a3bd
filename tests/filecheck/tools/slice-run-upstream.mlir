// slice-run (compile()) takes upstream's tensor.extract_slice as written (since session
// 52 it raises what canonicalize-slices leaves with convert-tensor-to-slice): a static
// slice, and a dynamic one of an index argument, which takes a 0-d .npy.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python -c "import numpy as n; n.save('%t/x.npy', n.arange(80, dtype=n.float32).reshape(10, 8)); n.save('%t/o.npy', n.int64(5)); n.save('%t/bad.npy', n.int64(7))"
// RUN: slice-run %s --input %t/x.npy --input %t/o.npy --output %t/a.npy --output %t/b.npy
// RUN: python -c "import numpy as n; [print(a.dtype, a.shape, a.ravel().tolist()) for a in (n.load('%t/a.npy'), n.load('%t/b.npy'))]" | filecheck %s
// RUN: slice-run %s --backend interpreter --input %t/x.npy --input %t/o.npy --output %t/a.npy --output %t/b.npy
// RUN: python -c "import numpy as n; [print(a.dtype, a.shape, a.ravel().tolist()) for a in (n.load('%t/a.npy'), n.load('%t/b.npy'))]" | filecheck %s
// RUN: not slice-run %s --input %t/x.npy --input %t/bad.npy --output %t/a.npy --output %t/b.npy 2>&1 | filecheck %s --check-prefix=BOUNDS

// CHECK:      float32 (2, 3) [50.0, 49.0, 48.0, 10.0, 9.0, 8.0]
// CHECK-NEXT: float32 (4, 2) [40.0, 42.0, 48.0, 50.0, 56.0, 58.0, 64.0, 66.0]

// The run-time error names the extract_slice, at its line (compile raises with
// convert-tensor-to-slice{checks=true}; the raised window's name before session 54):
// BOUNDS-NOT: Traceback
// BOUNDS:     {{^}}error: {{.+}}slice-run-upstream.mlir:[[# @LINE + 5]]:3: tensor.extract_slice: last index offsets[0] + strides[0] * (sizes[0] - 1) = 7 + 1 * (4 - 1) is out of bounds for dimension 0 of size 10{{$}}
// BOUNDS-NOT: Traceback

func.func @main(%x: tensor<10x8xf32>, %o: index) -> (tensor<2x3xf32>, tensor<4x2xf32>) {
  %r = tensor.extract_slice %x[6, 2] [2, 3] [-5, -1] : tensor<10x8xf32> to tensor<2x3xf32>
  %s = tensor.extract_slice %x[%o, 0] [4, 2] [1, 2] : tensor<10x8xf32> to tensor<4x2xf32>
  func.return %r, %s : tensor<2x3xf32>, tensor<4x2xf32>
}
