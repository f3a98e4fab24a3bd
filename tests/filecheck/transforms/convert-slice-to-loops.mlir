// RUN: slice-opt %s -p convert-slice-to-loops --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p convert-slice-to-loops --split-input-file | filecheck %s

// A positive-stride crop: one loop per non-unit dim, linear offsets into 1-D views.
// CHECK-LABEL: func.func @crop(
// CHECK-SAME:      %[[X:.+]]: memref<4x5xf32>, %[[OUT:.+]]: memref<2x3xf32>) {
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:     %[[C5:.+]] = arith.constant 5 : index
// CHECK-DAG:     %[[C6:.+]] = arith.constant 6 : index
// CHECK:         %[[SRC:.+]] = memref.collapse_shape %[[X]] {{.*}} : memref<4x5xf32> into memref<20xf32>
// CHECK:         %[[DST:.+]] = memref.collapse_shape %[[OUT]] {{.*}} : memref<2x3xf32> into memref<6xf32>
// CHECK:         scf.for %[[I:.+]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK:           %[[A:.+]] = arith.muli %[[I]], %[[C5]] : index
// CHECK:           %[[S0:.+]] = arith.addi %[[C6]], %[[A]] : index
// CHECK:           %[[D0:.+]] = arith.muli %[[I]], %[[C3]] : index
// CHECK:           scf.for %[[J:.+]] = %[[C0]] to %[[C3]] step %[[C1]] {
// CHECK:             %[[S:.+]] = arith.addi %[[S0]], %[[J]] : index
// CHECK:             %[[D:.+]] = arith.addi %[[D0]], %[[J]] : index
// CHECK:             %[[V:.+]] = memref.load %[[SRC]][%[[S]]] : memref<20xf32>
// CHECK:             memref.store %[[V]], %[[DST]][%[[D]]] : memref<6xf32>
// CHECK:         func.return
func.func @crop(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %0 = slice.window %x offsets [1, 1] sizes [2, 3] strides [1, 1] : tensor<4x5xf32> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Negative and mixed strides: the start is the window's offset, the steps are signed.
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME:      %{{.+}}: memref<4x5xf32>, %{{.+}}: memref<2x3xf32>) {
// CHECK-DAG:     %[[CM2:.+]] = arith.constant -2 : index
// CHECK-DAG:     %[[C9:.+]] = arith.constant 9 : index
// CHECK:         scf.for %[[I:.+]] =
// CHECK:           arith.muli %[[I]], %{{.+}} : index
// CHECK:           arith.addi %[[C9]], %{{.+}} : index
// CHECK:           scf.for %[[J:.+]] =
// CHECK:             arith.muli %[[J]], %[[CM2]] : index
func.func @mixed(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %0 = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2] : tensor<4x5xf32> -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// Whole inner dims merge with the dim around them: the crop of channels is one loop.
// CHECK-LABEL: func.func @channels(
// CHECK-DAG:     %[[C1024:.+]] = arith.constant 1024 : index
// CHECK-DAG:     %[[C2048:.+]] = arith.constant 2048 : index
// CHECK:         scf.for %[[I:.+]] = %{{.+}} to %[[C2048]] step %{{.+}} {
// CHECK-NEXT:      %[[S:.+]] = arith.addi %[[C1024]], %[[I]] : index
// CHECK-NEXT:      %[[V:.+]] = memref.load %{{.+}}[%[[S]]] : memref<4096xf32>
// CHECK-NEXT:      memref.store %[[V]], %{{.+}}[%[[I]]] : memref<2048xf32>
// CHECK-NOT:     scf.for
func.func @channels(%y: tensor<1x64x8x8xf32>) -> tensor<1x32x8x8xf32> {
  %0 = slice.window %y offsets [0, 16, 0, 0] sizes [1, 32, 8, 8] strides [1, 1, 1, 1] : tensor<1x64x8x8xf32> -> tensor<1x32x8x8xf32>
  func.return %0 : tensor<1x32x8x8xf32>
}

// -----

// Unit dims need no loop; a dropped (shrunk) or inserted (new) unit dim changes nothing.
// CHECK-LABEL: func.func @unit_dims(
// CHECK-SAME:      %{{.+}}: memref<4x5xi16>, %[[OUT:.+]]: memref<1x4x1xi16>) {
// CHECK:         scf.for
// CHECK-NOT:     scf.for
// CHECK:         memref.store
func.func @unit_dims(%x: tensor<4x5xi16>) -> tensor<1x4x1xi16> {
  %0 = slice.window %x offsets [3, 2] sizes [4, 1] strides [-1, 1] : tensor<4x5xi16> -> tensor<1x4x1xi16>
  func.return %0 : tensor<1x4x1xi16>
}

// -----

// One element into a rank-0 result: no loop, a constant offset.
// CHECK-LABEL: func.func @scalar(
// CHECK-SAME:      %{{.+}}: memref<4x5xbf16>, %[[OUT:.+]]: memref<bf16>) {
// CHECK:         %[[C17:.+]] = arith.constant 17 : index
// CHECK:         %[[V:.+]] = memref.load %{{.+}}[%[[C17]]] : memref<20xbf16>
// CHECK-NEXT:    memref.store %[[V]], %[[OUT]][] : memref<bf16>
func.func @scalar(%x: tensor<4x5xbf16>) -> tensor<bf16> {
  %0 = slice.window %x offsets [3, 2] sizes [1, 1] strides [1, 1] : tensor<4x5xbf16> -> tensor<bf16>
  func.return %0 : tensor<bf16>
}

// -----

// An empty result writes nothing.
// CHECK-LABEL: func.func @empty(
// CHECK-SAME:      %{{.+}}: memref<4x5xf32>, %{{.+}}: memref<0x5xf32>) {
// CHECK-NOT:     scf.for
// CHECK-NOT:     memref.store
// CHECK:         func.return
func.func @empty(%x: tensor<4x5xf32>) -> tensor<0x5xf32> {
  %0 = slice.window %x offsets [0, 0] sizes [0, 5] strides [1, 1] : tensor<4x5xf32> -> tensor<0x5xf32>
  func.return %0 : tensor<0x5xf32>
}

// -----

// A chain: the returned first window is written in place and read back by the second.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[X:.+]]: memref<8xi8>, %[[OUT0:.+]]: memref<2xi8>, %[[OUT1:.+]]: memref<4xi8>) {
// CHECK:         scf.for %[[I:.+]] =
// CHECK:           memref.load %[[X]]
// CHECK:           memref.store %{{.+}}, %[[OUT1]][%[[I]]] : memref<4xi8>
// CHECK:         scf.for %[[J:.+]] =
// CHECK:           memref.load %[[OUT1]]
// CHECK:           memref.store %{{.+}}, %[[OUT0]][%[[J]]] : memref<2xi8>
// CHECK-NOT:     memref.alloc
func.func @chain(%x: tensor<8xi8>) -> (tensor<2xi8>, tensor<4xi8>) {
  %a = slice.window %x offsets [7] sizes [4] strides [-2] : tensor<8xi8> -> tensor<4xi8>
  %b = slice.window %a offsets [1] sizes [2] strides [1] : tensor<4xi8> -> tensor<2xi8>
  func.return %b, %a : tensor<2xi8>, tensor<4xi8>
}

// -----

// An intermediate that is not returned lives in a memref.alloc, freed before return.
// CHECK-LABEL: func.func @temporary(
// CHECK:         %[[TMP:.+]] = memref.alloc() : memref<4xi8>
// CHECK:         memref.store %{{.+}}, %[[TMP]][%{{.+}}] : memref<4xi8>
// CHECK:         memref.load %[[TMP]]
// CHECK:         memref.dealloc %[[TMP]] : memref<4xi8>
// CHECK-NEXT:    func.return
func.func @temporary(%x: tensor<8xi8>) -> tensor<2xi8> {
  %a = slice.window %x offsets [7] sizes [4] strides [-2] : tensor<8xi8> -> tensor<4xi8>
  %b = slice.window %a offsets [1] sizes [2] strides [1] : tensor<4xi8> -> tensor<2xi8>
  func.return %b : tensor<2xi8>
}

// -----

// An argument returned unchanged (twice) is copied into each output.
// CHECK-LABEL: func.func @passthrough(
// CHECK-SAME:      %[[X:.+]]: memref<3xcomplex<f32>>, %[[OUT0:.+]]: memref<3xcomplex<f32>>, %[[OUT1:.+]]: memref<3xcomplex<f32>>) {
// CHECK-NEXT:    "memref.copy"(%[[X]], %[[OUT0]])
// CHECK-NEXT:    "memref.copy"(%[[X]], %[[OUT1]])
// CHECK-NEXT:    func.return
func.func @passthrough(%x: tensor<3xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) {
  func.return %x, %x : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
}

// -----

// Functions without tensors are left as they are.
// CHECK-LABEL: func.func @scalars(%{{.+}}: i32) -> i32 {
// CHECK-NEXT:    func.return
func.func @scalars(%a: i32) -> i32 {
  func.return %a : i32
}
