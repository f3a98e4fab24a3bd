// A preprocessing step written with framework slices among upstream ops (SPEC section 8):
//
//   rgb   = image[0, ::-1, 2:6, 1:8:2]        TensorFlow StridedSlice: batch 0 (shrink),
//                                             BGR to RGB (reversed channels), a crop
//   gains = table[4::-2]                      ONNX Slice of a constant: folds to a constant
//   out   = @scale(rgb, gains) + bias         linalg, a call, arith
//
// `slice-opt -p canonicalize-slices,convert-slice-to-tensor` turns the slices into
// upstream tensor/linalg ops and folds the slice of the constant table; the rest of the
// module is untouched and goes on through upstream's bufferization and lowering
// (examples/upstream_pipeline.py runs it with upstream's JIT).

func.func @scale(%x: tensor<3x4x4xf32>, %g: tensor<3xf32>) -> tensor<3x4x4xf32> {
  %init = tensor.empty() : tensor<3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(c, h, w) -> (c, h, w)>, affine_map<(c, h, w) -> (c)>, affine_map<(c, h, w) -> (c, h, w)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %g : tensor<3x4x4xf32>, tensor<3xf32>) outs(%init : tensor<3x4x4xf32>) {
  ^bb0(%v: f32, %k: f32, %o: f32):
    %p = arith.mulf %v, %k : f32
    linalg.yield %p : f32
  } -> tensor<3x4x4xf32>
  func.return %r : tensor<3x4x4xf32>
}

func.func @main(%image: tensor<2x3x8x8xf32>, %bias: tensor<3x4x4xf32>) -> tensor<3x4x4xf32> {
  %begin = arith.constant dense<[0, 0, 2, 1]> : tensor<4xi64>
  %end = arith.constant dense<[0, 0, 6, 8]> : tensor<4xi64>
  %strides = arith.constant dense<[1, -1, 1, 2]> : tensor<4xi64>
  %rgb = slice.tf_strided_slice %image begin %begin end %end strides %strides {begin_mask = 2 : i64, end_mask = 2 : i64, shrink_axis_mask = 1 : i64} : tensor<2x3x8x8xf32>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64> -> tensor<3x4x4xf32>

  %table = arith.constant dense<[0.5, 1.0, 2.0, 4.0, 8.0, 16.0]> : tensor<6xf32>
  %starts = arith.constant dense<[4]> : tensor<1xi64>
  %ends = arith.constant dense<[-7]> : tensor<1xi64>
  %steps = arith.constant dense<[-2]> : tensor<1xi64>
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %gains = slice.onnx %table starts %starts ends %ends axes %axes steps %steps : tensor<6xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> steps tensor<1xi64> -> tensor<3xf32>

  %scaled = func.call @scale(%rgb, %gains) : (tensor<3x4x4xf32>, tensor<3xf32>) -> tensor<3x4x4xf32>
  %init = tensor.empty() : tensor<3x4x4xf32>
  %out = linalg.add ins(%scaled, %bias : tensor<3x4x4xf32>, tensor<3x4x4xf32>) outs(%init : tensor<3x4x4xf32>) -> tensor<3x4x4xf32>
  func.return %out : tensor<3x4x4xf32>
}
