// RUN: slice-opt %s -p 'canonicalize-slices,convert-slice-to-loops' | filecheck %s

// A function some func.call calls (recursive: inline leaves such calls) keeps its
// scalar arguments, so every call of it stays well typed; the entry, which no call
// names, takes its own in a rank-0 memref.
// CHECK-LABEL: func.func @h(
// CHECK-SAME:      %{{.+}}: index)
// CHECK:         func.call @h(%{{.+}}) : (index) -> ()
// CHECK-LABEL: func.func @entry(
// CHECK-SAME:      %{{.+}}: memref<4xi32>, %[[N:.+]]: memref<i64>, %{{.+}}: memref<4xi32>)
// CHECK-NEXT:    %[[NV:.+]] = memref.load %[[N]][] : memref<i64>
// CHECK-NEXT:    %[[NI:.+]] = arith.index_cast %[[NV]] : i64 to index
// CHECK-NEXT:    func.call @h(%[[NI]]) : (index) -> ()
func.func @h(%n: index) {
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  %c1 = arith.constant 1 : index
  %i = arith.minsi %n, %c1 : index
  %k = tensor.extract %c[%i] : tensor<2xi32>
  %ki = arith.index_cast %k : i32 to index
  %p = arith.cmpi sgt, %n, %ki : index
  scf.if %p {
    %m = arith.subi %n, %c1 : index
    func.call @h(%m) : (index) -> ()
  }
  func.return
}
func.func @entry(%x: tensor<4xi32>, %n: index) -> tensor<4xi32> {
  func.call @h(%n) : (index) -> ()
  func.return %x : tensor<4xi32>
}
