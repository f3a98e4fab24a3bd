// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s
// RUN: slice-opt %s -p canonicalize --split-input-file | filecheck %s
// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=false},canonicalize-slices{dynamic=false}' --split-input-file | filecheck %s

// slice.ov_slice (OpenVINO Slice-8) with a static data shape and constant index operands
// becomes one normal-form slice.window, and its index constants go away; with a
// non-constant index operand or a dynamic data dim it stays. Windows were computed by
// hand from the seed document's examples and research/semantics.md section C (IDs in the
// comments), under SPEC.md section 2.

// OpenVINO Slice-8 Example 1 (C10): 1:8:1, axes [0].
// CHECK-LABEL: func @seed_example1(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1] sizes [7] strides [1] : tensor<10xf32> -> tensor<7xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<7xf32>
func.func @seed_example1(%x: tensor<10xf32>) -> tensor<7xf32> {
  %start = arith.constant dense<[1]> : tensor<1xi64>
  %stop = arith.constant dense<[8]> : tensor<1xi64>
  %step = arith.constant dense<[1]> : tensor<1xi64>
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<7xf32>
  func.return %0 : tensor<7xf32>
}

// -----

// Example 2: axes default.
// CHECK-LABEL: func @seed_example2(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1] sizes [7] strides [1] : tensor<10xf32> -> tensor<7xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<7xf32>
func.func @seed_example2(%x: tensor<10xf32>) -> tensor<7xf32> {
  %start = arith.constant dense<[1]> : tensor<1xi64>
  %stop = arith.constant dense<[8]> : tensor<1xi64>
  %step = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<7xf32>
  func.return %0 : tensor<7xf32>
}

// -----

// Example 3 (C11): step 2.
// CHECK-LABEL: func @seed_example3(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1] sizes [4] strides [2] : tensor<10xf32> -> tensor<4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4xf32>
func.func @seed_example3(%x: tensor<10xf32>) -> tensor<4xf32> {
  %start = arith.constant dense<[1]> : tensor<1xi64>
  %stop = arith.constant dense<[8]> : tensor<1xi64>
  %step = arith.constant dense<[2]> : tensor<1xi64>
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// Example 4 (C12): -100:100 is the whole dim: the identity.
// CHECK-LABEL: func @seed_example4(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK-NOT:       slice.window
// CHECK:           func.return %[[X]] : tensor<10xf32>
func.func @seed_example4(%x: tensor<10xf32>) -> tensor<10xf32> {
  %start = arith.constant dense<[-100]> : tensor<1xi64>
  %stop = arith.constant dense<[100]> : tensor<1xi64>
  %step = arith.constant dense<[1]> : tensor<1xi64>
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<10xf32>
  func.return %0 : tensor<10xf32>
}

// -----

// Example 5 (C13): 9:-11:-1 reverses everything.
// CHECK-LABEL: func @seed_example5(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [9] sizes [10] strides [-1] : tensor<10xf32> -> tensor<10xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<10xf32>
func.func @seed_example5(%x: tensor<10xf32>) -> tensor<10xf32> {
  %start = arith.constant dense<[9]> : tensor<1xi64>
  %stop = arith.constant dense<[-11]> : tensor<1xi64>
  %step = arith.constant dense<[-1]> : tensor<1xi64>
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<10xf32>
  func.return %0 : tensor<10xf32>
}

// -----

// Example 6 (C14): 9:0:-1 stops before 0.
// CHECK-LABEL: func @seed_example6(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [9] sizes [9] strides [-1] : tensor<10xf32> -> tensor<9xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<9xf32>
func.func @seed_example6(%x: tensor<10xf32>) -> tensor<9xf32> {
  %start = arith.constant dense<[9]> : tensor<1xi64>
  %stop = arith.constant dense<[0]> : tensor<1xi64>
  %step = arith.constant dense<[-1]> : tensor<1xi64>
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<9xf32>
  func.return %0 : tensor<9xf32>
}

// -----

// Example 7 (C15): 9:-10:-1 stops before 0.
// CHECK-LABEL: func @seed_example7(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [9] sizes [9] strides [-1] : tensor<10xf32> -> tensor<9xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<9xf32>
func.func @seed_example7(%x: tensor<10xf32>) -> tensor<9xf32> {
  %start = arith.constant dense<[9]> : tensor<1xi64>
  %stop = arith.constant dense<[-10]> : tensor<1xi64>
  %step = arith.constant dense<[-1]> : tensor<1xi64>
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<9xf32>
  func.return %0 : tensor<9xf32>
}

// -----

// Example 8 (C16): 9:-11:-2.
// CHECK-LABEL: func @seed_example8(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [9] sizes [5] strides [-2] : tensor<10xf32> -> tensor<5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<5xf32>
func.func @seed_example8(%x: tensor<10xf32>) -> tensor<5xf32> {
  %start = arith.constant dense<[9]> : tensor<1xi64>
  %stop = arith.constant dense<[-11]> : tensor<1xi64>
  %step = arith.constant dense<[-2]> : tensor<1xi64>
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// Example 9 (C17): 100:-100:-1.
// CHECK-LABEL: func @seed_example9(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [9] sizes [10] strides [-1] : tensor<10xf32> -> tensor<10xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<10xf32>
func.func @seed_example9(%x: tensor<10xf32>) -> tensor<10xf32> {
  %start = arith.constant dense<[100]> : tensor<1xi64>
  %stop = arith.constant dense<[-100]> : tensor<1xi64>
  %step = arith.constant dense<[-1]> : tensor<1xi64>
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<10xf32>
  func.return %0 : tensor<10xf32>
}

// -----

// Example 10 (C18): 2-D, all axes.
// CHECK-LABEL: func @seed_example10(
// CHECK-SAME:      %[[X:.+]]: tensor<2x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1] sizes [2, 2] strides [1, 2] : tensor<2x5xf32> -> tensor<2x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x2xf32>
func.func @seed_example10(%x: tensor<2x5xf32>) -> tensor<2x2xf32> {
  %start = arith.constant dense<[0, 1]> : tensor<2xi64>
  %stop = arith.constant dense<[2, 4]> : tensor<2xi64>
  %step = arith.constant dense<[1, 2]> : tensor<2xi64>
  %axes = arith.constant dense<[0, 1]> : tensor<2xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<2x5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

// Example 11: 3-D, all axes.
// CHECK-LABEL: func @seed_example11(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [4, 10, 5] strides [1, 1, 1] : tensor<20x10x5xf32> -> tensor<4x10x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4x10x5xf32>
func.func @seed_example11(%x: tensor<20x10x5xf32>) -> tensor<4x10x5xf32> {
  %start = arith.constant dense<[0, 0, 0]> : tensor<3xi64>
  %stop = arith.constant dense<[4, 10, 5]> : tensor<3xi64>
  %step = arith.constant dense<[1, 1, 1]> : tensor<3xi64>
  %axes = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<20x10x5xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> axes tensor<3xi64> -> tensor<4x10x5xf32>
  func.return %0 : tensor<4x10x5xf32>
}

// -----

// Example 12 (C19): 3-D, the last axis by default.
// CHECK-LABEL: func @seed_example12(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [4, 10, 5] strides [1, 1, 1] : tensor<20x10x5xf32> -> tensor<4x10x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4x10x5xf32>
func.func @seed_example12(%x: tensor<20x10x5xf32>) -> tensor<4x10x5xf32> {
  %start = arith.constant dense<[0, 0]> : tensor<2xi64>
  %stop = arith.constant dense<[4, 10]> : tensor<2xi64>
  %step = arith.constant dense<[1, 1]> : tensor<2xi64>
  %axes = arith.constant dense<[0, 1]> : tensor<2xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<20x10x5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> -> tensor<4x10x5xf32>
  func.return %0 : tensor<4x10x5xf32>
}

// -----

// C04: all axes backward.
// CHECK-LABEL: func @c04_negative_steps(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [19, 9, 4] sizes [19, 3, 2] strides [-1, -3, -2] : tensor<20x10x5xf32> -> tensor<19x3x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<19x3x2xf32>
func.func @c04_negative_steps(%x: tensor<20x10x5xf32>) -> tensor<19x3x2xf32> {
  %start = arith.constant dense<[20, 10, 4]> : tensor<3xi64>
  %stop = arith.constant dense<[0, 0, 1]> : tensor<3xi64>
  %step = arith.constant dense<[-1, -3, -2]> : tensor<3xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<20x10x5xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<19x3x2xf32>
  func.return %0 : tensor<19x3x2xf32>
}

// -----

// C05: an empty middle dim.
// CHECK-LABEL: func @c05_start_out_of_bounds(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 0] sizes [20, 0, 5] strides [1, 1, 1] : tensor<20x10x5xf32> -> tensor<20x0x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<20x0x5xf32>
func.func @c05_start_out_of_bounds(%x: tensor<20x10x5xf32>) -> tensor<20x0x5xf32> {
  %start = arith.constant dense<[1000]> : tensor<1xi64>
  %stop = arith.constant dense<[1000]> : tensor<1xi64>
  %step = arith.constant dense<[1]> : tensor<1xi64>
  %axes = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<20x10x5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<20x0x5xf32>
  func.return %0 : tensor<20x0x5xf32>
}

// -----

// C09: negative axes.
// CHECK-LABEL: func @c09_negative_axes(
// CHECK-SAME:      %[[X:.+]]: tensor<20x10x5xi16>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 0, 3] sizes [20, 10, 1] strides [1, 1, 1] : tensor<20x10x5xi16> -> tensor<20x10x1xi16>
// CHECK-NEXT:      func.return %[[R]] : tensor<20x10x1xi16>
func.func @c09_negative_axes(%x: tensor<20x10x5xi16>) -> tensor<20x10x1xi16> {
  %start = arith.constant dense<[0, 0, 3]> : tensor<3xi64>
  %stop = arith.constant dense<[20, 10, 4]> : tensor<3xi64>
  %step = arith.constant dense<[1, 1, 1]> : tensor<3xi64>
  %axes = arith.constant dense<[0, -2, -1]> : tensor<3xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<20x10x5xi16>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> axes tensor<3xi64> -> tensor<20x10x1xi16>
  func.return %0 : tensor<20x10x1xi16>
}

// -----

// C21: -1:INT64_MIN:-1 runs through index 0.
// CHECK-LABEL: func @c21_int64_min_stop(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [5] strides [-1] : tensor<5xf32> -> tensor<5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<5xf32>
func.func @c21_int64_min_stop(%x: tensor<5xf32>) -> tensor<5xf32> {
  %start = arith.constant dense<[-1]> : tensor<1xi64>
  %stop = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %step = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

// C23: stop INT64_MAX with a negative step: empty.
// CHECK-LABEL: func @c23_int64_max_stop_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [0] strides [1] : tensor<5xf32> -> tensor<0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<0xf32>
func.func @c23_int64_max_stop_backward(%x: tensor<5xf32>) -> tensor<0xf32> {
  %start = arith.constant dense<[-1]> : tensor<1xi64>
  %stop = arith.constant dense<[9223372036854775807]> : tensor<1xi64>
  %step = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

// C27: start below -dim with a negative step reads element 0.
// CHECK-LABEL: func @c27_start_below_minus_dim_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [1] strides [1] : tensor<5xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c27_start_below_minus_dim_backward(%x: tensor<5xf32>) -> tensor<1xf32> {
  %start = arith.constant dense<[-10]> : tensor<1xi64>
  %stop = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %step = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C28: -5:INT64_MIN:-1 is element 0.
// CHECK-LABEL: func @c28_start_minus_dim_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [1] strides [1] : tensor<5xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c28_start_minus_dim_backward(%x: tensor<5xf32>) -> tensor<1xf32> {
  %start = arith.constant dense<[-5]> : tensor<1xi64>
  %stop = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %step = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C33: a huge step takes one element.
// CHECK-LABEL: func @c33_step_int64_max(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1] sizes [1] strides [1] : tensor<5xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c33_step_int64_max(%x: tensor<5xf32>) -> tensor<1xf32> {
  %start = arith.constant dense<[1]> : tensor<1xi64>
  %stop = arith.constant dense<[5]> : tensor<1xi64>
  %step = arith.constant dense<[9223372036854775807]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C34: step INT64_MIN takes the last element.
// CHECK-LABEL: func @c34_step_int64_min(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [1] strides [1] : tensor<5xf32> -> tensor<1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<1xf32>
func.func @c34_step_int64_min(%x: tensor<5xf32>) -> tensor<1xf32> {
  %start = arith.constant dense<[-1]> : tensor<1xi64>
  %stop = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %step = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// C35: 4:0:-2.
// CHECK-LABEL: func @c35_backward_step2(
// CHECK-SAME:      %[[X:.+]]: tensor<5xi64>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [4] sizes [2] strides [-2] : tensor<5xi64> -> tensor<2xi64>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xi64>
func.func @c35_backward_step2(%x: tensor<5xi64>) -> tensor<2xi64> {
  %start = arith.constant dense<[4]> : tensor<1xi64>
  %stop = arith.constant dense<[0]> : tensor<1xi64>
  %step = arith.constant dense<[-2]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<5xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}

// -----

// C36: 3:INT64_MIN:-2.
// CHECK-LABEL: func @c36_backward_step2_int64_min(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [3] sizes [2] strides [-2] : tensor<5xf32> -> tensor<2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2xf32>
func.func @c36_backward_step2_int64_min(%x: tensor<5xf32>) -> tensor<2xf32> {
  %start = arith.constant dense<[3]> : tensor<1xi64>
  %stop = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %step = arith.constant dense<[-2]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// C42: axis -1.
// CHECK-LABEL: func @c42_negative_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1] sizes [3, 2] strides [1, 1] : tensor<3x4xf32> -> tensor<3x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x2xf32>
func.func @c42_negative_axis(%x: tensor<3x4xf32>) -> tensor<3x2xf32> {
  %start = arith.constant dense<[1]> : tensor<1xi64>
  %stop = arith.constant dense<[3]> : tensor<1xi64>
  %step = arith.constant dense<[1]> : tensor<1xi64>
  %axes = arith.constant dense<[-1]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// C43: axes [1, 0].
// CHECK-LABEL: func @c43_unsorted_axes(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1] sizes [2, 2] strides [1, 1] : tensor<3x4xf32> -> tensor<2x2xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x2xf32>
func.func @c43_unsorted_axes(%x: tensor<3x4xf32>) -> tensor<2x2xf32> {
  %start = arith.constant dense<[1, 0]> : tensor<2xi64>
  %stop = arith.constant dense<[3, 2]> : tensor<2xi64>
  %step = arith.constant dense<[1, 1]> : tensor<2xi64>
  %axes = arith.constant dense<[1, 0]> : tensor<2xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

// C44: one element of the middle axis.
// CHECK-LABEL: func @c44_middle_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4x5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0, 1, 0] sizes [3, 1, 5] strides [1, 1, 1] : tensor<3x4x5xf32> -> tensor<3x1x5xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x1x5xf32>
func.func @c44_middle_axis(%x: tensor<3x4x5xf32>) -> tensor<3x1x5xf32> {
  %start = arith.constant dense<[1]> : tensor<1xi64>
  %stop = arith.constant dense<[2]> : tensor<1xi64>
  %step = arith.constant dense<[1]> : tensor<1xi64>
  %axes = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<3x4x5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<3x1x5xf32>
  func.return %0 : tensor<3x1x5xf32>
}

// -----

// C47: start INT64_MIN clamps to 0.
// CHECK-LABEL: func @c47_int64_min_start(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [0] sizes [4] strides [1] : tensor<5xf32> -> tensor<4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4xf32>
func.func @c47_int64_min_start(%x: tensor<5xf32>) -> tensor<4xf32> {
  %start = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %stop = arith.constant dense<[-1]> : tensor<1xi64>
  %step = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// i32 splats: -1:INT32_MIN:-2 on both axes.
// CHECK-LABEL: func @splat_i32_backward(
// CHECK-SAME:      %[[X:.+]]: tensor<4x6xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [3, 5] sizes [2, 3] strides [-2, -2] : tensor<4x6xf32> -> tensor<2x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x3xf32>
func.func @splat_i32_backward(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %start = arith.constant dense<-1> : tensor<2xi32>
  %stop = arith.constant dense<-2147483648> : tensor<2xi32>
  %step = arith.constant dense<-2> : tensor<2xi32>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// One constant used as both start and step.
// CHECK-LABEL: func @shared_constant(
// CHECK-SAME:      %[[X:.+]]: tensor<6xf32>)
// CHECK-NOT:       arith.constant
// CHECK-NOT:       slice.ov_slice
// CHECK:           %[[R:.+]] = slice.window %[[X]] offsets [1] sizes [3] strides [1] : tensor<6xf32> -> tensor<3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3xf32>
func.func @shared_constant(%x: tensor<6xf32>) -> tensor<3xf32> {
  %start = arith.constant dense<[1]> : tensor<1xi64>
  %stop = arith.constant dense<[4]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %start : tensor<6xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// step is a function argument: the op and its constants stay.
// CHECK-LABEL: func @non_constant_step(
// CHECK-SAME:      %[[X:.+]]: tensor<10xf32>, %[[ST:.+]]: tensor<1xi64>)
// CHECK-NEXT:      %[[S:.+]] = arith.constant dense<1> : tensor<1xi64>
// CHECK-NEXT:      %[[E:.+]] = arith.constant dense<8> : tensor<1xi64>
// CHECK-NEXT:      %[[R:.+]] = slice.ov_slice %[[X]] start %[[S]] stop %[[E]] step %[[ST]] : tensor<10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4xf32>
func.func @non_constant_step(%x: tensor<10xf32>, %step: tensor<1xi64>) -> tensor<4xf32> {
  %start = arith.constant dense<[1]> : tensor<1xi64>
  %stop = arith.constant dense<[8]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %step : tensor<10xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// axes is a function argument: the op stays.
// CHECK-LABEL: func @non_constant_axes(
// CHECK-SAME:      %[[X:.+]]: tensor<3x4xf32>, %[[A:.+]]: tensor<1xi32>)
// CHECK-NEXT:      %[[S:.+]] = arith.constant dense<1> : tensor<1xi32>
// CHECK-NEXT:      %[[E:.+]] = arith.constant dense<3> : tensor<1xi32>
// CHECK-NEXT:      %[[ST:.+]] = arith.constant dense<2> : tensor<1xi32>
// CHECK-NEXT:      %[[R:.+]] = slice.ov_slice %[[X]] start %[[S]] stop %[[E]] step %[[ST]] axes %[[A]] : tensor<3x4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> axes tensor<1xi32> -> tensor<3x1xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x1xf32>
func.func @non_constant_axes(%x: tensor<3x4xf32>, %axes: tensor<1xi32>) -> tensor<3x1xf32> {
  %start = arith.constant dense<[1]> : tensor<1xi32>
  %stop = arith.constant dense<[3]> : tensor<1xi32>
  %step = arith.constant dense<[2]> : tensor<1xi32>
  %0 = slice.ov_slice %x start %start stop %stop step %step axes %axes : tensor<3x4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> axes tensor<1xi32> -> tensor<3x1xf32>
  func.return %0 : tensor<3x1xf32>
}

// -----

// Constant parameters but a dynamic data dim: the op stays.
// CHECK-LABEL: func @dynamic_data_dim(
// CHECK-SAME:      %[[X:.+]]: tensor<4x?xf32>)
// CHECK-NEXT:      %[[S:.+]] = arith.constant dense<-1> : tensor<1xi64>
// CHECK-NEXT:      %[[E:.+]] = arith.constant dense<-9223372036854775808> : tensor<1xi64>
// CHECK-NEXT:      %[[A:.+]] = arith.constant dense<1> : tensor<1xi64>
// CHECK-NEXT:      %[[R:.+]] = slice.ov_slice %[[X]] start %[[S]] stop %[[E]] step %[[S]] axes %[[A]] : tensor<4x?xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<4x?xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<4x?xf32>
func.func @dynamic_data_dim(%x: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %start = arith.constant dense<[-1]> : tensor<1xi64>
  %stop = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %axes = arith.constant dense<[1]> : tensor<1xi64>
  %0 = slice.ov_slice %x start %start stop %stop step %start axes %axes : tensor<4x?xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<4x?xf32>
  func.return %0 : tensor<4x?xf32>
}
