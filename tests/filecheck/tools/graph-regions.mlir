// RUN: slice-opt %s | filecheck %s

// A graph region (a module's body, an hw.module's) may use a value before its
// definition, as in MLIR: slice-opt's dominance check (see
// errors/use-before-definition.mlir) looks only into function bodies.

// CHECK:      %a = arith.addi %b, %b : index
// CHECK-NEXT: %b = arith.constant 1 : index
%a = arith.addi %b, %b : index
%b = arith.constant 1 : index

// CHECK:      hw.module @m(in %p: i1, out o: i1) {
// CHECK-NEXT:   %0 = comb.and %p, %1 : i1
// CHECK-NEXT:   %1 = comb.or %p, %p : i1
hw.module @m(in %p: i1, out o: i1) {
  %0 = comb.and %p, %1 : i1
  %1 = comb.or %p, %p : i1
  hw.output %0 : i1
}
