// A tensor.cast between element types and an arith comparison MLIR's verifier refuses
// and xDSL 0.74's takes (locations.upstream_verifier_gap, since session 63's hunt): the
// cast lowered to a copy run the user never wrote and interpreted as the source's
// elements; the mixed cmpi compared both operands truncated to i8; a predicate out of
// range broke the printer (IndexError) or, -1, printed as uge. slice-opt refuses them
// with no pass too, as mlir-opt does when it parses.
//
// RUN: not slice-opt %s --split-input-file 2>&1 | filecheck %s
// RUN: not slice-opt %s --split-input-file -p canonicalize-slices 2>&1 | filecheck %s

// CHECK-NOT: Traceback
// CHECK:     {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: tensor.cast: operand type tensor<2x3xf32> and result type tensor<2x3xi32> are cast incompatible: a cast keeps the element type{{$}}
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xi32> {
  %w = tensor.cast %x : tensor<2x3xf32> to tensor<2x3xi32>
  func.return %w : tensor<2x3xi32>
}

// -----

// CHECK: {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: tensor.cast: operand type tensor<?xf32> and result type tensor<*xi8> are cast incompatible: a cast keeps the element type{{$}}
func.func @main(%x: tensor<?xf32>) -> tensor<*xi8> {
  %w = tensor.cast %x : tensor<?xf32> to tensor<*xi8>
  func.return %w : tensor<*xi8>
}

// -----

// CHECK: {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: arith.cmpi: requires all operands to have the same type, got i8 and i64{{$}}
func.func @main(%a: i8, %b: i64) -> tensor<1xi64> {
  %c = "arith.cmpi"(%a, %b) <{predicate = 6 : i64}> : (i8, i64) -> i1
  %x = arith.constant 1 : i64
  %y = arith.constant 2 : i64
  %v = arith.select %c, %x, %y : i64
  %t = tensor.from_elements %v : tensor<1xi64>
  func.return %t : tensor<1xi64>
}

// -----

// CHECK: {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: arith.cmpi: predicate = 42 : i64 is not one of its cases (0 to 9){{$}}
func.func @main(%b: i64) -> i1 {
  %c = "arith.cmpi"(%b, %b) <{predicate = 42 : i64}> : (i64, i64) -> i1
  func.return %c : i1
}

// -----

// CHECK: {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: arith.cmpi: predicate = -1 : i64 is not one of its cases (0 to 9){{$}}
func.func @main(%b: i64) -> i1 {
  %c = "arith.cmpi"(%b, %b) <{predicate = -1 : i64}> : (i64, i64) -> i1
  func.return %c : i1
}

// -----

// CHECK: {{^}}error: {{.+}}.mlir:{{[0-9]+}}:3: arith.cmpf: predicate = 16 : i64 is not one of its cases (0 to 15){{$}}
func.func @main(%f: f32) -> i1 {
  %c = "arith.cmpf"(%f, %f) <{predicate = 16 : i64}> : (f32, f32) -> i1
  func.return %c : i1
}

// The valid forms still parse and print.
// -----

// CHECK: arith.cmpi uge, %{{.+}}, %{{.+}} : i64
// CHECK: tensor.cast %{{.+}} : tensor<2x3xf32> to tensor<?x3xf32>
func.func @main(%b: i64, %x: tensor<2x3xf32>) -> (i1, tensor<?x3xf32>) {
  %c = "arith.cmpi"(%b, %b) <{predicate = 9 : i64}> : (i64, i64) -> i1
  %w = tensor.cast %x : tensor<2x3xf32> to tensor<?x3xf32>
  func.return %c, %w : i1, tensor<?x3xf32>
}
// CHECK-NOT: Traceback
