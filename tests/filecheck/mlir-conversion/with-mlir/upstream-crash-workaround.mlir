// RUN: slice-opt %s -p convert-tensor-to-slice,canonicalize-slices,convert-slice-to-tensor | %mlir_lower | %mlir_run | filecheck %s

// Upstream MLIR 22 aborts lowering this chain as it is (SubViewOp::getDroppedDims:
// "unable to find unused dims of subview", on a slice of a rank-reduced view with a
// stride on a unit dim). Raised to one window and exported again, it lowers and runs:
// the element x[6, 0, 0, 6] of a 7x1x3x7 iota, 6 * 21 + 6 = 132.

// CHECK: sizes = [1, 1]
// CHECK-NEXT: {{\[\[}}132]]

func.func @slice(%x: tensor<7x1x3x7xf32>) -> tensor<1x1xf32> {
  %s0 = tensor.extract_slice %x[0, 0, 0, 6] [4, 1, 1, 1] [2, 1, 1, 1] : tensor<7x1x3x7xf32> to tensor<4x1xf32>
  %s1 = tensor.extract_slice %s0[3, 0] [1, 1] [2, 1] : tensor<4x1xf32> to tensor<1x1xf32>
  func.return %s1 : tensor<1x1xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = arith.constant dense<[[[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
   [7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0],
   [14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0]]],


 [[[21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0],
   [28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0],
   [35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0]]],


 [[[42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0],
   [49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0],
   [56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0]]],


 [[[63.0, 64.0, 65.0, 66.0, 67.0, 68.0, 69.0],
   [70.0, 71.0, 72.0, 73.0, 74.0, 75.0, 76.0],
   [77.0, 78.0, 79.0, 80.0, 81.0, 82.0, 83.0]]],


 [[[84.0, 85.0, 86.0, 87.0, 88.0, 89.0, 90.0],
   [91.0, 92.0, 93.0, 94.0, 95.0, 96.0, 97.0],
   [98.0, 99.0, 100.0, 101.0, 102.0, 103.0, 104.0]]],


 [[[105.0, 106.0, 107.0, 108.0, 109.0, 110.0, 111.0],
   [112.0, 113.0, 114.0, 115.0, 116.0, 117.0, 118.0],
   [119.0, 120.0, 121.0, 122.0, 123.0, 124.0, 125.0]]],


 [[[126.0, 127.0, 128.0, 129.0, 130.0, 131.0, 132.0],
   [133.0, 134.0, 135.0, 136.0, 137.0, 138.0, 139.0],
   [140.0, 141.0, 142.0, 143.0, 144.0, 145.0, 146.0]]]]> : tensor<7x1x3x7xf32>
  %r = func.call @slice(%x) : (tensor<7x1x3x7xf32>) -> tensor<1x1xf32>
  %u = tensor.cast %r : tensor<1x1xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  func.return
}
