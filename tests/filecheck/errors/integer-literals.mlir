// Integer literals that do not fit their type: one `error:`, a parse error at the
// value naming it and the range of its type, no traceback.
//
// RUN: sed -n '/^\/\/ I32-BEGIN/,/^\/\/ I32-END/p' %s > %t.i32.mlir
// RUN: not slice-opt %t.i32.mlir 2>&1 | filecheck %s --check-prefix=I32
// RUN: not slice-run %t.i32.mlir --output %t.npy 2>&1 | filecheck %s --check-prefix=I32
// RUN: sed -n '/^\/\/ ARRAY-BEGIN/,/^\/\/ ARRAY-END/p' %s > %t.array.mlir
// RUN: not slice-opt %t.array.mlir 2>&1 | filecheck %s --check-prefix=ARRAY
// RUN: sed -n '/^\/\/ INDEX-BEGIN/,/^\/\/ INDEX-END/p' %s > %t.index.mlir
// RUN: not slice-opt %t.index.mlir 2>&1 | filecheck %s --check-prefix=INDEX

// I32-NOT:   Traceback
// I32:       {{^}}error: {{.*}}.i32.mlir:4:30{{$}}
// I32:       {{^ +}}integer 4294967296 does not fit in i32 (a literal of i32 lies in [-2147483648, 4294967295]){{$}}
// I32-NOT:   Traceback
// ARRAY-NOT: Traceback
// ARRAY:     {{^}}error: {{.*}}.array.mlir:3:33{{$}}
// ARRAY:     {{^ +}}integer 9223372036854775808 does not fit in a signed 64-bit integer{{$}}
// ARRAY-NOT: Traceback
// An index literal outside 64 bits, which MLIR refuses and xDSL took (session 61's
// hunt: the passes then named an offset of 18446744073709551617).
// INDEX-NOT: Traceback
// INDEX:     {{^}}error: {{.*}}.index.mlir:3:23{{$}}
// INDEX:     {{^ +}}integer 18446744073709551617 does not fit in index (a literal of index lies in [-9223372036854775808, 9223372036854775807]){{$}}
// INDEX-NOT: Traceback

// I32-BEGIN
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  %s = arith.constant dense<[0]> : tensor<1xi32>
  %e = arith.constant dense<[4294967296]> : tensor<1xi32>
  %r = slice.onnx %x starts %s ends %e : tensor<4xf32>, tensor<1xi32>, tensor<1xi32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
// I32-END

// ARRAY-BEGIN
func.func @main(%x: tensor<5xf32>) -> tensor<5xf32> {
  %r = slice.window %x offsets [9223372036854775808] sizes [5] strides [1] : tensor<5xf32> -> tensor<5xf32>
  func.return %r : tensor<5xf32>
}
// ARRAY-END

// INDEX-BEGIN
func.func @main(%x: tensor<10xf32>) -> tensor<?xf32> {
  %o = arith.constant 18446744073709551617 : index
  %n = arith.constant 2 : index
  %r = slice.dynamic_window %x offsets [%o] sizes [%n] strides [1] : tensor<10xf32> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
// INDEX-END
