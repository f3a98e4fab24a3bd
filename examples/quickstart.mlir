// An ONNX Slice and a TensorFlow StridedSlice, as a framework importer would emit them.
func.func @main(%image: tensor<4x6xf32>) -> (tensor<2x3xf32>, tensor<4x1xf32>) {
  // ONNX: image[1:3, ::2]   (starts, ends, axes, steps as constants)
  %starts = arith.constant dense<[1, 0]> : tensor<2xi64>
  %ends = arith.constant dense<[3, 9223372036854775807]> : tensor<2xi64>
  %axes = arith.constant dense<[0, -1]> : tensor<2xi64>
  %steps = arith.constant dense<[1, 2]> : tensor<2xi64>
  %crop = slice.onnx %image starts %starts ends %ends axes %axes steps %steps
      : tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> steps tensor<2xi64>
      -> tensor<2x3xf32>
  // TensorFlow: image[::-1, ..., 2, tf.newaxis]  (masks, ellipsis, shrink, new axis)
  %begin = arith.constant dense<[0, 0, 2, 0]> : tensor<4xi32>
  %end = arith.constant dense<[0, 0, 3, 0]> : tensor<4xi32>
  %strides = arith.constant dense<[-1, 1, 1, 1]> : tensor<4xi32>
  %column = slice.tf_strided_slice %image begin %begin end %end strides %strides
      {begin_mask = 1 : i64, end_mask = 1 : i64, ellipsis_mask = 2 : i64, shrink_axis_mask = 4 : i64,
       new_axis_mask = 8 : i64}
      : tensor<4x6xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32> -> tensor<4x1xf32>
  func.return %crop, %column : tensor<2x3xf32>, tensor<4x1xf32>
}
