// RUN: slice-opt %s -p canonicalize-slices,convert-slice-to-tensor -o %t.mlir
// RUN: %mlir_opt %t.mlir | filecheck %s --check-prefix=UPSTREAM
// RUN: %mlir_lower %t.mlir > %t.ll
// RUN: %mlir_run %t.ll | filecheck %s --check-prefix=EXEC
// RUN: %expect_abort %mlir_run -e bad_rows %t.ll | filecheck %s --check-prefix=ROWS
// RUN: %expect_abort %mlir_run -e bad_step %t.ll | filecheck %s --check-prefix=STEP
// RUN: %expect_abort %mlir_run -e bad_axis %t.ll | filecheck %s --check-prefix=AXIS

// Framework ops with run-time parameters and ? data dims (an ONNX model whose starts,
// ends, axes or steps are graph inputs), through the README's upstream pipeline:
// canonicalize-slices leaves the normalization (arith ops, slice.check) and a
// slice.dynamic_window, convert-slice-to-tensor makes them upstream ops (the checks
// cf.assert), and mlir-opt 22 parses, lowers and runs the result. Valid parameters give
// numpy's elements; invalid ones abort the program with the check's message, the
// run-time values shown as ? (mlir-runner's last -e picks the entry; %expect_abort,
// defined in lit.local.cfg, keeps the message cf.assert prints before it aborts).

// UPSTREAM-NOT: slice.{{[a-z_0-9]+ }}
// UPSTREAM: cf.assert
// UPSTREAM-NOT: slice.{{[a-z_0-9]+ }}

// onnx: x[-2:INT64_MAX] along axis 0
// EXEC: sizes = [2, 4]
// EXEC-NEXT: {{\[\[}}4,   5,   6,   7],
// EXEC-NEXT:  [8,   9,   10,   11]]
// rows2: x[0:2], the static result dim 2 holds
// EXEC: sizes = [2, 4]
// EXEC-NEXT: {{\[\[}}0,   1,   2,   3],
// EXEC-NEXT:  [4,   5,   6,   7]]
// step: rows 2, 0 of a ?x4 tensor (starts -1, ends INT64_MIN, steps -2)
// EXEC: sizes = [2, 4]
// EXEC-NEXT: {{\[\[}}8,   9,   10,   11],
// EXEC-NEXT:  [0,   1,   2,   3]]
// axis: columns 1, 2 (axes -1)
// EXEC: sizes = [3, 2]
// EXEC-NEXT: {{\[\[}}1,   2],
// EXEC-NEXT:  [5,   6],
// EXEC-NEXT:  [9,   10]]
// empty: rows 1, 2 of a 4x0 tensor (a static dim of size 0: no offset into it)
// EXEC: sizes = [2, 0]

// Each aborts at the check, before any result is printed.
// ROWS-NOT: {{Unranked|exit status}}
// ROWS: {{^}}slice.onnx: result type tensor<2x4xf32> does not match the shape [?, 4] the slice gives{{$}}
// ROWS-NOT: Unranked
// ROWS: {{^}}exit status 134{{$}}
// STEP-NOT: {{Unranked|exit status}}
// STEP: {{^}}slice.onnx: steps[0] = 0: a step must be non-zero{{$}}
// STEP-NOT: Unranked
// STEP: {{^}}exit status 134{{$}}
// AXIS-NOT: {{Unranked|exit status}}
// AXIS: {{^}}slice.onnx: axes[0] = ? is out of range [-2, 1] for rank 2{{$}}
// AXIS-NOT: Unranked
// AXIS: {{^}}exit status 134{{$}}

func.func @onnx(%x: tensor<3x4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?x4xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?x4xf32>
  func.return %r : tensor<?x4xf32>
}

func.func @rows2(%x: tensor<3x4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<2x4xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}

func.func @step(%x: tensor<?x4xf32>, %st: tensor<1xi64>) -> tensor<?x4xf32> {
  %s = arith.constant dense<[-1]> : tensor<1xi64>
  %e = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e steps %st : tensor<?x4xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<?x4xf32>
  func.return %r : tensor<?x4xf32>
}

func.func @axis(%x: tensor<3x4xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  %s = arith.constant dense<[1]> : tensor<1xi64>
  %e = arith.constant dense<[3]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e axes %a : tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

func.func @empty(%x: tensor<4x0xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?x0xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<4x0xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?x0xf32>
  func.return %r : tensor<?x0xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @data() -> tensor<3x4xf32> {
  %x = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  func.return %x : tensor<3x4xf32>
}

func.func @main() {
  %x = func.call @data() : () -> tensor<3x4xf32>
  %xd = tensor.cast %x : tensor<3x4xf32> to tensor<?x4xf32>
  %m2 = arith.constant dense<[-2]> : tensor<1xi64>
  %max = arith.constant dense<[9223372036854775807]> : tensor<1xi64>
  %z = arith.constant dense<[0]> : tensor<1xi64>
  %two = arith.constant dense<[2]> : tensor<1xi64>
  %m1 = arith.constant dense<[-1]> : tensor<1xi64>
  %r0 = func.call @onnx(%x, %m2, %max) : (tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x4xf32>
  %u0 = tensor.cast %r0 : tensor<?x4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %r1 = func.call @rows2(%x, %z, %two) : (tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4xf32>
  %u1 = tensor.cast %r1 : tensor<2x4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %r2 = func.call @step(%xd, %m2) : (tensor<?x4xf32>, tensor<1xi64>) -> tensor<?x4xf32>
  %u2 = tensor.cast %r2 : tensor<?x4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %r3 = func.call @axis(%x, %m1) : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  %u3 = tensor.cast %r3 : tensor<?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  %n = tensor.empty() : tensor<4x0xf32>
  %one = arith.constant dense<[1]> : tensor<1xi64>
  %three = arith.constant dense<[3]> : tensor<1xi64>
  %r4 = func.call @empty(%n, %one, %three) : (tensor<4x0xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x0xf32>
  %u4 = tensor.cast %r4 : tensor<?x0xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  func.return
}

// x[0:3] declared 2 rows
func.func @bad_rows() {
  %x = func.call @data() : () -> tensor<3x4xf32>
  %z = arith.constant dense<[0]> : tensor<1xi64>
  %three = arith.constant dense<[3]> : tensor<1xi64>
  %r = func.call @rows2(%x, %z, %three) : (tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x4xf32>
  %u = tensor.cast %r : tensor<2x4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  func.return
}

func.func @bad_step() {
  %x = func.call @data() : () -> tensor<3x4xf32>
  %xd = tensor.cast %x : tensor<3x4xf32> to tensor<?x4xf32>
  %z = arith.constant dense<[0]> : tensor<1xi64>
  %r = func.call @step(%xd, %z) : (tensor<?x4xf32>, tensor<1xi64>) -> tensor<?x4xf32>
  %u = tensor.cast %r : tensor<?x4xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  func.return
}

func.func @bad_axis() {
  %x = func.call @data() : () -> tensor<3x4xf32>
  %a = arith.constant dense<[5]> : tensor<1xi64>
  %r = func.call @axis(%x, %a) : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  func.return
}
