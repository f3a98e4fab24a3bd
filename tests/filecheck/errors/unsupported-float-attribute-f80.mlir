// A float attribute of a type xDSL 0.74 cannot print (f80): a verifier message that
// prints it raised an empty NotImplementedError at no op (session 51's fuzz:
// "error: NotImplementedError: "); slice-opt, which prints every op, refuses it where
// it is parsed, naming the op and the attribute (compile() names it only where a
// verifier would print it: tests/test_bad_input.py).
//
// RUN: awk -v RS='\n// -----\n' 'NR==1' %s > %t.1.mlir && not slice-opt %t.1.mlir 2>&1 | filecheck %s --check-prefix=MASK
// RUN: awk -v RS='\n// -----\n' 'NR==2' %s > %t.2.mlir && not slice-opt %t.2.mlir 2>&1 | filecheck %s --check-prefix=CONSTANT

// MASK-NOT:  NotImplementedError
// MASK:      {{^}}error: {{.*}}.mlir:{{[0-9]+}}:3{{$}}
// MASK:      {{^}}  slice.tf_strided_slice: end_mask is a float of type f80, which xDSL cannot print (an element type outside SPEC section 1){{$}}
func.func @mask(%x: tensor<4xf32>) -> tensor<4xf32> {
  %b = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %b end %b strides %b {end_mask = 1 : f80} : tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// CONSTANT-NOT:  NotImplementedError
// CONSTANT:      {{^}}error: {{.*}}.mlir:{{[0-9]+}}:3{{$}}
// CONSTANT:      {{^}}  arith.constant: value is a float of type f80, which xDSL cannot print (an element type outside SPEC section 1){{$}}
func.func @constant() -> f80 {
  %c = arith.constant 1.0 : f80
  func.return %c : f80
}
