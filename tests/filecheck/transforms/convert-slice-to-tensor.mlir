// RUN: slice-opt %s -p convert-slice-to-tensor --split-input-file | filecheck %s

// convert-slice-to-tensor: each slice.window becomes a positive-stride
// tensor.extract_slice, one linalg.generic reversing its negative-stride dims, and the
// reshapes to its result type; every other op stays as it was.

// Positive strides: one extract_slice, nothing else.
// CHECK-LABEL: func @positive(
// CHECK-SAME:      %[[X:.+]]: tensor<4x5xf32>)
// CHECK-NEXT:      %[[R:.+]] = tensor.extract_slice %[[X]][1, 0] [2, 3] [1, 2] : tensor<4x5xf32> to tensor<2x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x3xf32>
func.func @positive(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %r = slice.window %x offsets [1, 0] sizes [2, 3] strides [1, 2] : tensor<4x5xf32> -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// -----

// Columns 4, 2, 0: the extract_slice reads columns 0, 2, 4 (stride +2 from the lowest
// index), the generic reads its input at column 2 - d1.
// CHECK-LABEL: func @negative(
// CHECK-SAME:      %[[X:.+]]: tensor<4x5xf32>)
// CHECK-NEXT:      %[[S:.+]] = tensor.extract_slice %[[X]][1, 0] [2, 3] [1, 2] : tensor<4x5xf32> to tensor<2x3xf32>
// CHECK-NEXT:      %[[E:.+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:      %[[R:.+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, ((d1 * -1) + 2))>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<2x3xf32>) outs(%[[E]] : tensor<2x3xf32>) {
// CHECK-NEXT:      ^{{.+}}(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:        linalg.yield %[[IN]] : f32
// CHECK-NEXT:      } -> tensor<2x3xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x3xf32>
func.func @negative(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %r = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2] : tensor<4x5xf32> -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// -----

// Both dims reversed: one generic for both.
// CHECK-LABEL: func @negative_both(
// CHECK:           tensor.extract_slice %{{.+}}[0, 1] [3, 2] [1, 3] : tensor<3x5xi8> to tensor<3x2xi8>
// CHECK:           linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (((d0 * -1) + 2), ((d1 * -1) + 1))>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-NOT:       linalg.generic
func.func @negative_both(%x: tensor<3x5xi8>) -> tensor<3x2xi8> {
  %r = slice.window %x offsets [2, 4] sizes [3, 2] strides [-1, -3] : tensor<3x5xi8> -> tensor<3x2xi8>
  func.return %r : tensor<3x2xi8>
}

// -----

// A removed unit dim (a shrink axis) and an inserted one (a new axis): collapse every
// unit dim of the sizes, then expand to the result type.
// CHECK-LABEL: func @reshape(
// CHECK-SAME:      %[[X:.+]]: tensor<4x5xi64>)
// CHECK-NEXT:      %[[S:.+]] = tensor.extract_slice %[[X]][2, 1] [1, 3] [1, 1] : tensor<4x5xi64> to tensor<1x3xi64>
// CHECK-NEXT:      %[[C:.+]] = tensor.collapse_shape %[[S]] {{\[}}[0 : i64, 1 : i64]] : tensor<1x3xi64> into tensor<3xi64>
// CHECK-NEXT:      %[[R:.+]] = tensor.expand_shape %[[C]] {{\[}}[0 : i64, 1 : i64]] output_shape [3, 1] : tensor<3xi64> into tensor<3x1xi64>
// CHECK-NEXT:      func.return %[[R]] : tensor<3x1xi64>
func.func @reshape(%x: tensor<4x5xi64>) -> tensor<3x1xi64> {
  %r = slice.window %x offsets [2, 1] sizes [1, 3] strides [1, 1] : tensor<4x5xi64> -> tensor<3x1xi64>
  func.return %r : tensor<3x1xi64>
}

// -----

// One element to rank 0: a rank-reducing tensor.extract_slice (a reshape to or from
// rank 0 has an empty reassociation, which xDSL's verifier rejects; tensor.extract and
// tensor.from_elements, used before, load the element, which upstream cannot for i1).
// CHECK-LABEL: func @to_rank_0(
// CHECK:           %[[S:.+]] = tensor.extract_slice %{{.+}}[1, 2] [1, 1] [1, 1] : tensor<2x3xf64> to tensor<1x1xf64>
// CHECK-NEXT:      %[[R:.+]] = tensor.extract_slice %[[S]][0, 0] [1, 1] [1, 1] : tensor<1x1xf64> to tensor<f64>
// CHECK-NEXT:      func.return %[[R]] : tensor<f64>
func.func @to_rank_0(%x: tensor<2x3xf64>) -> tensor<f64> {
  %r = slice.window %x offsets [1, 2] sizes [1, 1] strides [1, 1] : tensor<2x3xf64> -> tensor<f64>
  func.return %r : tensor<f64>
}

// -----

// Rank-0 source with new axes: its one element inserted into a tensor.empty of the
// result type.
// CHECK-LABEL: func @from_rank_0(
// CHECK-SAME:      %[[X:.+]]: tensor<i16>)
// CHECK-NEXT:      %[[E:.+]] = tensor.empty() : tensor<1x1xi16>
// CHECK-NEXT:      %[[R:.+]] = tensor.insert_slice %[[X]] into %[[E]][0, 0] [1, 1] [1, 1] : tensor<i16> into tensor<1x1xi16>
// CHECK-NEXT:      func.return %[[R]] : tensor<1x1xi16>
func.func @from_rank_0(%x: tensor<i16>) -> tensor<1x1xi16> {
  %r = slice.window %x offsets [] sizes [] strides [] : tensor<i16> -> tensor<1x1xi16>
  func.return %r : tensor<1x1xi16>
}

// -----

// An empty window keeps our normal form (offset 0, stride 1 where the size is 0), which
// upstream's verifier accepts.
// CHECK-LABEL: func @empty(
// CHECK:           tensor.extract_slice %{{.+}}[0, 2] [0, 2] [1, 1] : tensor<4x5xi32> to tensor<0x2xi32>
func.func @empty(%x: tensor<4x5xi32>) -> tensor<0x2xi32> {
  %r = slice.window %x offsets [0, 2] sizes [0, 2] strides [1, 1] : tensor<4x5xi32> -> tensor<0x2xi32>
  func.return %r : tensor<0x2xi32>
}

// -----

// A source with a dim of size 0: upstream rejects every offset into it (even 0 with size
// 0), so the window, which reads nothing, is a tensor.empty of its shape.
// CHECK-LABEL: func @empty_source(
// CHECK-NEXT:      %[[R:.+]] = tensor.empty() : tensor<2x0xf32>
// CHECK-NEXT:      func.return %[[R]] : tensor<2x0xf32>
func.func @empty_source(%x: tensor<3x0xf32>) -> tensor<2x0xf32> {
  %r = slice.window %x offsets [1, 0] sizes [2, 0] strides [1, 1] : tensor<3x0xf32> -> tensor<2x0xf32>
  func.return %r : tensor<2x0xf32>
}

// -----

// The whole source in order only needs the reshape.
// CHECK-LABEL: func @whole(
// CHECK-SAME:      %[[X:.+]]: tensor<3xf32>)
// CHECK-NEXT:      %[[R:.+]] = tensor.expand_shape %[[X]] {{\[}}[0 : i64, 1 : i64]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
func.func @whole(%x: tensor<3xf32>) -> tensor<1x3xf32> {
  %r = slice.window %x offsets [0] sizes [3] strides [1] : tensor<3xf32> -> tensor<1x3xf32>
  func.return %r : tensor<1x3xf32>
}

// -----

// Other ops (arith, linalg, calls) are left alone. (A framework op not canonicalized
// yet is an error: tests/filecheck/mlir-conversion/convert-slice-to-tensor-checks.mlir.)
// CHECK-LABEL: func @mixed(
// CHECK:           %[[C:.+]] = arith.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK-NEXT:      %[[S:.+]] = tensor.extract_slice %{{.+}}[3] [2] [2] : tensor<8xf32> to tensor<2xf32>
// CHECK-NEXT:      %{{.+}} = tensor.empty() : tensor<2xf32>
// CHECK-NEXT:      %[[V:.+]] = linalg.generic
// CHECK:           %[[A:.+]] = arith.addf %[[V]], %[[C]] : tensor<2xf32>
// CHECK-NEXT:      %{{.+}} = func.call @mixed(%{{.+}}) : (tensor<8xf32>) -> tensor<2xf32>
func.func @mixed(%x: tensor<8xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<1.0> : tensor<2xf32>
  %w = slice.window %x offsets [5] sizes [2] strides [-2] : tensor<8xf32> -> tensor<2xf32>
  %a = arith.addf %w, %c : tensor<2xf32>
  %rec = func.call @mixed(%x) : (tensor<8xf32>) -> tensor<2xf32>
  func.return %a : tensor<2xf32>
}
