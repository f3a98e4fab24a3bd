// RUN: slice-opt %s -p 'canonicalize-slices{dynamic=true},convert-slice-to-loops' --split-input-file -o %t
// RUN: filecheck %s --input-file %t
// RUN: filecheck %s --input-file %t --check-prefix=SHAPE

// A run-time start on a static source: the normalization (loads of the index operand,
// arith on i64), no window checks (the framework op's window is in_bounds: valid
// whenever it runs, proved), the output's dims checked against the sizes, one
// run over the whole rows (the merge rule: rows of 4 are one contiguous run), and a
// shape function that computes the result's dims the same way.
// CHECK-LABEL: func.func @runtime_start(
// CHECK-SAME:      %[[X:.+]]: memref<10x4xf32>, %[[S:.+]]: memref<1xi64>, %[[OUT:.+]]: memref<?x4xf32>)
// CHECK-SAME:      attributes {slice.shape_function = @runtime_start.shape}
// CHECK:         memref.load %[[S]][%{{.+}}] : memref<1xi64>
// CHECK:         arith.maxsi
// CHECK-NOT:     "slice.dynamic_window: {{(offsets|strides|last|sizes\[0\] = \{0\}: a)}}
// CHECK:         %[[D:.+]] = memref.dim %[[OUT]], %{{.+}} : memref<?x4xf32>
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: sizes[0] = {0} but the output has {1} in dimension 0"
// CHECK:         %[[XF:.+]] = memref.collapse_shape %[[X]] {{.+}} into memref<40xf32>
// CHECK:         %[[OF:.+]] = memref.collapse_shape %[[OUT]] {{.+}} into memref<?xf32>
// CHECK-NOT:     scf.for
// CHECK:         slice.dynamic_copy_run %[[XF]][%{{.+}}], %[[OF]][%{{.+}}] count %{{.+}} source_stride %{{.+}} adaptive : memref<40xf32>, memref<?xf32>
// CHECK-NEXT:    func.return
// SHAPE-LABEL: func.func @runtime_start.shape(
// SHAPE-SAME:      %{{.+}}: memref<10x4xf32>, %{{.+}}: memref<1xi64>, %[[SH:.+]]: memref<2xi64>)
// SHAPE-NOT:     slice.dynamic_copy_run
// SHAPE:         %[[FOUR:.+]] = arith.constant 4 : i64
// SHAPE:         memref.store %{{.+}}, %[[SH]][%{{.+}}] : memref<2xi64>
// SHAPE:         memref.store %[[FOUR]], %[[SH]][%{{.+}}] : memref<2xi64>
// SHAPE-NEXT:    func.return
func.func @runtime_start(%x: tensor<10x4xf32>, %s: tensor<1xi64>) -> tensor<?x4xf32> {
  %e = arith.constant dense<8> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<10x4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?x4xf32>
  func.return %r : tensor<?x4xf32>
}

// -----

// A run-time step on a `?` dim: one op for the rows and the run in them (its `loops`:
// the rows' bound, source step and dest step; the C guards the nest once), versioned in
// the IR on whether its stride is 1 (copied as a block) or not. The row prefetch is
// gated by a run-time value (`prefetch_if`; the run may absorb the rows at run time).
// CHECK-LABEL: func.func @runtime_steps(
// CHECK-SAME:      %[[X:.+]]: memref<?x?xi8>, %{{.+}}: memref<2xi64>, %{{.+}}: memref<2xi64>, %{{.+}}: memref<2xi32>, %[[OUT:.+]]: memref<?x?xi8>)
// CHECK:         %[[C1:.+]] = arith.constant 1 : index
// CHECK:         memref.dim %[[X]], %[[C1]]
// CHECK:         slice.check %{{.+}}, "slice.onnx: steps[0] = 0: a step must be non-zero"
// CHECK-NOT:     scf.for
// CHECK:         scf.if %{{.+}} {
// CHECK-NEXT:      slice.dynamic_copy_run %{{.+}} count %[[N:.+]] source_stride %[[C1]] loops[%[[ROWS:.+]]] source_steps[%[[STEP:.+]]] dest_steps[%[[OUT_STEP:.+]]] adaptive prefetch_if %[[GATE:.+]] : memref<?xi8>, memref<?xi8>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      slice.dynamic_copy_run %{{.+}} count %[[N]] source_stride %{{.+}} loops[%[[ROWS]]] source_steps[%[[STEP]]] dest_steps[%[[OUT_STEP]]] adaptive prefetch_if %[[GATE]] : memref<?xi8>, memref<?xi8>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @runtime_steps(%x: tensor<?x?xi8>, %s: tensor<2xi64>, %e: tensor<2xi64>, %st: tensor<2xi32>) -> tensor<?x?xi8> {
  %r = slice.onnx %x starts %s ends %e steps %st : tensor<?x?xi8>, tensor<2xi64>, tensor<2xi64> steps tensor<2xi32> -> tensor<?x?xi8>
  func.return %r : tensor<?x?xi8>
}

// -----

// Returning an argument with `?` dims: a whole copy, after checking the output's dims.
// CHECK-LABEL: func.func @identity(
// CHECK-SAME:      %[[X:.+]]: memref<?xf32>, %[[OUT:.+]]: memref<?xf32>)
// CHECK:         %[[N:.+]] = memref.dim %[[X]], %[[C0:.+]] : memref<?xf32>
// CHECK-NEXT:    %[[M:.+]] = memref.dim %[[OUT]], %[[C0]] : memref<?xf32>
// CHECK-NEXT:    %[[EQ:.+]] = arith.cmpi eq, %[[N]], %[[M]] : index
// CHECK:         slice.check %[[EQ]], "func.return: sizes[0] = {0} but the output has {1} in dimension 0"
// CHECK:         slice.dynamic_copy_run %[[X]][%[[C0]]], %[[OUT]][%[[C0]]] count %[[N]] source_stride %{{.+}} adaptive : memref<?xf32>, memref<?xf32>
// SHAPE-LABEL: func.func @identity.shape(
// SHAPE-SAME:      %[[X:.+]]: memref<?xf32>, %[[SH:.+]]: memref<1xi64>)
// SHAPE:         memref.dim %[[X]]
// SHAPE:         memref.store %{{.+}}, %[[SH]][%{{.+}}] : memref<1xi64>
func.func @identity(%x: tensor<?xf32>) -> tensor<?xf32> {
  func.return %x : tensor<?xf32>
}

// -----

// Run-time parameters on every dim: the loop over the rows is merged into the run at
// run time where the run continues it (a run of one element, or count * stride = the
// row's step, with the destination rows filled): the run's count and stride and the
// loop's bound are selects, decided once before the op, and so is the stride-1 test.
// CHECK-LABEL: func.func @runtime_merge(
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: sizes[1] = {0} but the output has {1} in dimension 1"
// CHECK-NEXT:    arith.constant 6 : index
// CHECK-NEXT:    arith.muli
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    %[[ROW:.+]] = arith.muli %{{.+}}, %{{.+}} : index
// CHECK-NEXT:    %[[UNIT:.+]] = arith.cmpi eq, %[[COUNT:.+]], %[[ONE:.+]] : index
// CHECK-NEXT:    %[[REACH:.+]] = arith.muli %[[COUNT]], %[[S1:.+]] : index
// CHECK-NEXT:    %[[CONT:.+]] = arith.cmpi eq, %[[REACH]], %[[ROW]] : index
// CHECK-NEXT:    %[[MERGES:.+]] = arith.ori %[[UNIT]], %[[CONT]] : i1
// CHECK-NEXT:    %[[TAKE:.+]] = arith.andi %[[MERGES]], %[[UNIT]] : i1
// CHECK-NEXT:    %[[STRIDE:.+]] = arith.select %[[TAKE]], %[[ROW]], %[[S1]] : index
// CHECK-NEXT:    %[[ALL:.+]] = arith.muli %[[COUNT]], %[[ROWS:.+]] : index
// CHECK-NEXT:    %[[N:.+]] = arith.select %[[MERGES]], %[[ALL]], %[[COUNT]] : index
// CHECK-NEXT:    %[[BOUND:.+]] = arith.select %[[MERGES]], %[[ONE]], %[[ROWS]] : index
// CHECK:         %[[IS1:.+]] = arith.cmpi eq, %[[STRIDE]], %[[ONE]] : index
// CHECK-NEXT:    scf.if %[[IS1]] {
// CHECK-NEXT:      slice.dynamic_copy_run %{{.+}} count %[[N]] source_stride %[[ONE]] loops[%[[BOUND]]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      slice.dynamic_copy_run %{{.+}} count %[[N]] source_stride %[[STRIDE]] loops[%[[BOUND]]]
func.func @runtime_merge(%x: tensor<8x6xf32>, %s: tensor<2xi64>, %e: tensor<2xi64>, %st: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = slice.onnx %x starts %s ends %e steps %st : tensor<8x6xf32>, tensor<2xi64>, tensor<2xi64> steps tensor<2xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// A window of no elements copies nothing: the loops outside an empty dim must not
// count up to their bounds (a source of 10^10 x 0 x 3 elements: 10^10 empty rows,
// 10 s). They are the op's `loops`, whose bounds and count its C tests before any
// loop runs (a size of 0 is a bound or the count): no `scf.for`, nothing added.
// CHECK-LABEL: func.func @empty_rows(
// CHECK-NOT:     slice.check %{{.+}}, "slice.dynamic_window: {{(offsets|strides|last|sizes\[[0-9]\] = \{0\}: a)}}
// CHECK-NOT:     scf.for
// CHECK:         slice.dynamic_copy_run %{{.+}} loops[%{{.+}}, %{{.+}}] source_steps[%{{.+}}, %{{.+}}] dest_steps[%{{.+}}, %{{.+}}] adaptive
func.func @empty_rows(%x: tensor<?x?x3xf32>) -> tensor<?x?x2xf32> {
  %s = arith.constant dense<[-1, 0, 0]> : tensor<3xi64>
  %e = arith.constant dense<[-9223372036854775808, 9223372036854775807, 3]> : tensor<3xi64>
  %st = arith.constant dense<[-1, 1, 2]> : tensor<3xi64>
  %r = slice.onnx %x starts %s ends %e steps %st : tensor<?x?x3xf32>, tensor<3xi64>, tensor<3xi64> steps tensor<3xi64> -> tensor<?x?x2xf32>
  func.return %r : tensor<?x?x2xf32>
}

// -----

// The runs of a nest prefetch the run some rows later in the loops' order: the row
// loop is the innermost loop of more than one iteration (a loop the run absorbs at run
// time runs once, as does a loop over a dim of size 1), its planes the next such loop
// out; the op's C finds them on its bounds. The IR selects the rows' source step the
// same way, for the gate below.
// Before that, the loops are compacted at run time (`_compact_at_run_time`): the outer
// loop merges into the inner one where the inner one's rows continue it (both steps
// the inner bound times the inner steps: the inner loop then counts both, the outer
// one runs once), and a loop of one iteration moves out past one that counts (a swap
// of the two triples).
// CHECK-LABEL: func.func @planes(
// CHECK:         %out_flat = memref.collapse_shape
// CHECK-NEXT:    %[[REACH:.+]] = arith.muli %[[INNER_BOUND:.+]], %[[INNER_STEP:.+]] : index
// CHECK-NEXT:    %[[CONTINUES:.+]] = arith.cmpi eq, %[[OUTER_STEP:.+]], %[[REACH]] : index
// CHECK-NEXT:    %[[OUT_REACH:.+]] = arith.muli %[[INNER_BOUND]], %[[INNER_OUT:.+]] : index
// CHECK-NEXT:    %[[FILLS:.+]] = arith.cmpi eq, %[[OUTER_OUT:.+]], %[[OUT_REACH]] : index
// CHECK-NEXT:    %[[MERGES:.+]] = arith.andi %[[CONTINUES]], %[[FILLS]] : i1
// CHECK-NEXT:    %[[BOTH:.+]] = arith.muli %[[OUTER_BOUND:.+]], %[[INNER_BOUND]] : index
// CHECK-NEXT:    %[[INNER:.+]] = arith.select %[[MERGES]], %[[BOTH]], %[[INNER_BOUND]] : index
// CHECK-NEXT:    %[[OUTER:.+]] = arith.select %[[MERGES]], %[[ONE:.+]], %[[OUTER_BOUND]] : index
// CHECK-NEXT:    %[[INNER_ONCE:.+]] = arith.cmpi eq, %[[INNER]], %[[ONE]] : index
// CHECK-NEXT:    %[[OUTER_COUNTS:.+]] = arith.cmpi ne, %[[OUTER]], %[[ONE]] : index
// CHECK-NEXT:    %[[SWAP:.+]] = arith.andi %[[INNER_ONCE]], %[[OUTER_COUNTS]] : i1
// CHECK-NEXT:    arith.select %[[SWAP]], %[[INNER]], %[[OUTER]] : index
// CHECK-NEXT:    arith.select %[[SWAP]], %[[INNER_STEP]], %[[OUTER_STEP]] : index
// CHECK-NEXT:    arith.select %[[SWAP]], %[[INNER_OUT]], %[[OUTER_OUT]] : index
// CHECK-NEXT:    %[[B1:.+]] = arith.select %[[SWAP]], %[[OUTER]], %[[INNER]] : index
// CHECK-NEXT:    arith.select %[[SWAP]], %[[OUTER_STEP]], %[[INNER_STEP]] : index
// CHECK-NEXT:    arith.select %[[SWAP]], %[[OUTER_OUT]], %[[INNER_OUT]] : index
// The row loop (for the gate), the innermost of more than one iteration, and the
// next such loop out (the plane), selected at run time:
// CHECK-NEXT:    %[[SEVERAL1:.+]] = arith.cmpi slt, %{{.+}}, %[[B1]] : index
// CHECK-NEXT:    %[[R1:.+]] = arith.select %[[SEVERAL1]], %[[B1]], %{{.+}} : index
// CHECK-NEXT:    %[[S1:.+]] = arith.select %[[SEVERAL1]], %{{.+}}, %{{.+}} : index
// CHECK-NEXT:    arith.cmpi slt
// CHECK-NEXT:    arith.cmpi sge
// CHECK-NEXT:    %[[PICK0:.+]] = arith.andi %{{.+}}, %{{.+}} : i1
// CHECK-NEXT:    %[[PLANED:.+]] = arith.andi %{{.+}}, %[[SEVERAL1]] : i1
// CHECK-NEXT:    %[[ROWS:.+]] = arith.select %[[PICK0]], %{{.+}}, %[[R1]] : index
// CHECK-NEXT:    %[[STEP:.+]] = arith.select %[[PICK0]], %{{.+}}, %[[S1]] : index
// CHECK-NEXT:    %[[PLANE:.+]] = arith.select %[[PLANED]], %{{.+}}, %{{.+}} : index
// The gate (prefetch_gate; passes/copy_plan.reads_at_least_on and prefetches_rows_on):
// a copy reading at least 2 MiB of cache lines (32768 lines: the runs' lines, a line
// per element where they are 16 f32 or more apart, else their span's, at least the
// 32768 lines divided by the rows, the product of the loops' bounds, so that nothing
// wraps), a span of at most 8 KiB (2048 f32: the default target's streaming bound is 0,
// so every copy's rows come from memory), a gap to the next row of at least 512 bytes
// (128 f32) and a quarter of the span (bounded first, so nothing wraps), rows at most 1
// MiB apart, and (prefetches_row_loop_on) a row loop of more rows than the prefetch
// reaches ahead (32 KiB of rows, rounded up: 8192 f32 divided by the row step, bounded
// to 1 ... 8192 first) or one its plane continues (the plane step past the rows is one
// or two row steps); `prefetch_if` takes it.
// (The rows read, the product of the bounds, is the compaction's %[[BOTH]].)
// CHECK:         %[[CAP:.+]] = arith.constant 2305843009213693952 : index
// CHECK-NEXT:    %[[CAPPED_ROWS:.+]] = arith.minsi %[[BOTH]], %[[CAP]] : index
// CHECK:         %[[APART:.+]] = arith.constant 16 : index
// CHECK-NEXT:    %[[ONE_PER_ELEMENT:.+]] = arith.cmpi sle, %[[APART]], %{{.+}} : index
// CHECK:         %[[LINES:.+]] = arith.select %[[ONE_PER_ELEMENT]], %{{.+}}, %{{.+}} : index
// CHECK-NEXT:    %[[SOME_ROWS:.+]] = arith.maxsi %[[CAPPED_ROWS]], %{{.+}} : index
// CHECK-NEXT:    arith.subi %[[SOME_ROWS]]
// CHECK-NEXT:    %[[LEAST:.+]] = arith.constant 32768 : index
// CHECK-NEXT:    %[[PLUS:.+]] = arith.addi %[[LEAST]], %{{.+}} : index
// CHECK-NEXT:    %[[NEEDED:.+]] = arith.divsi %[[PLUS]], %[[SOME_ROWS]] : index
// CHECK-NEXT:    arith.cmpi slt, %{{.+}}, %[[CAPPED_ROWS]] : index
// CHECK-NEXT:    arith.cmpi slt
// CHECK-NEXT:    arith.andi
// CHECK-NEXT:    arith.cmpi sle, %[[NEEDED]], %[[LINES]] : index
// CHECK-NEXT:    arith.andi
// CHECK-NEXT:    %[[BOUND:.+]] = arith.constant 2049 : index
// CHECK-NEXT:    %[[BOUNDED:.+]] = arith.minsi %[[SPAN:.+]], %[[BOUND]] : index
// CHECK-NEXT:    %[[THREE:.+]] = arith.constant 3 : index
// CHECK-NEXT:    %[[PLUS3:.+]] = arith.addi %[[BOUNDED]], %[[THREE]] : index
// CHECK-NEXT:    %[[FOUR:.+]] = arith.constant 4 : index
// CHECK-NEXT:    %[[QUARTER:.+]] = arith.divsi %[[PLUS3]], %[[FOUR]] : index
// CHECK-NEXT:    %[[MIN_GAP:.+]] = arith.constant 128 : index
// CHECK-NEXT:    %[[GAP:.+]] = arith.maxsi %[[MIN_GAP]], %[[QUARTER]] : index
// CHECK-NEXT:    %[[LIMIT:.+]] = arith.constant 2048 : index
// CHECK-NEXT:    arith.cmpi sle, %[[SPAN]], %[[LIMIT]] : index
// CHECK-NEXT:    %[[NEED:.+]] = arith.addi %[[BOUNDED]], %[[GAP]] : index
// CHECK-NEXT:    arith.cmpi sle, %[[NEED]], %{{.+}} : index
// CHECK-NEXT:    arith.andi
// CHECK-NEXT:    arith.constant 262144 : index
// CHECK-NEXT:    %[[NEAR:.+]] = arith.cmpi sle, %[[ROW:.+]], %{{.+}} : index
// CHECK-NEXT:    %[[SOME_ROW:.+]] = arith.maxsi %[[ROW]], %{{.+}} : index
// CHECK-NEXT:    %[[WHOLE:.+]] = arith.constant 8192 : index
// CHECK-NEXT:    %[[CLAMPED:.+]] = arith.minsi %[[SOME_ROW]], %[[WHOLE]] : index
// CHECK-NEXT:    %[[WHOLE_LESS:.+]] = arith.constant 8191 : index
// CHECK-NEXT:    %[[UP:.+]] = arith.addi %[[WHOLE_LESS]], %[[CLAMPED]] : index
// CHECK-NEXT:    %[[AHEAD:.+]] = arith.divsi %[[UP]], %[[CLAMPED]] : index
// CHECK-NEXT:    %[[ROWS_REACH:.+]] = arith.muli %[[ROWS]], %[[STEP]] : index
// CHECK-NEXT:    %[[EXTRA:.+]] = arith.subi %[[PLANE]], %[[ROWS_REACH]] : index
// CHECK-NEXT:    %[[ONE_ROW:.+]] = arith.cmpi eq, %[[EXTRA]], %[[STEP]] : index
// CHECK-NEXT:    %[[TWO_STEPS:.+]] = arith.muli %{{.+}}, %[[STEP]] : index
// CHECK-NEXT:    %[[TWO_ROWS:.+]] = arith.cmpi eq, %[[EXTRA]], %[[TWO_STEPS]] : index
// CHECK-NEXT:    %[[SKIPS:.+]] = arith.ori %[[ONE_ROW]], %[[TWO_ROWS]] : i1
// CHECK-NEXT:    %[[CONTINUED:.+]] = arith.andi %[[PLANED]], %[[SKIPS]] : i1
// CHECK-NEXT:    %[[LONG:.+]] = arith.cmpi slt, %[[AHEAD]], %[[ROWS]] : index
// CHECK-NEXT:    %[[ROW_LOOP:.+]] = arith.ori %[[CONTINUED]], %[[LONG]] : i1
// CHECK-NEXT:    arith.andi
// CHECK-NEXT:    %[[SPACED:.+]] = arith.andi %{{.+}}, %[[NEAR]] : i1
// CHECK-NEXT:    %[[GATE:.+]] = arith.andi %[[SPACED]], %[[ROW_LOOP]] : i1
// CHECK-NEXT:    %[[UNIT:.+]] = arith.cmpi eq
// CHECK-NEXT:    scf.if %[[UNIT]] {
// CHECK-NEXT:      slice.dynamic_copy_run %{{.+}} loops[%{{.+}}, %[[B1]]] source_steps[%{{.+}}, %{{.+}}] dest_steps[%{{.+}}, %{{.+}}] adaptive prefetch_if %[[GATE]] : memref<?xf32>, memref<?xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      slice.dynamic_copy_run %{{.+}} loops[%{{.+}}, %[[B1]]] source_steps[%{{.+}}, %{{.+}}] dest_steps[%{{.+}}, %{{.+}}] adaptive prefetch_if %[[GATE]] : memref<?xf32>, memref<?xf32>
func.func @planes(%x: tensor<?x?x?xf32>, %s: tensor<3xi64>, %e: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<?x?x?xf32>, tensor<3xi64>, tensor<3xi64> -> tensor<?x?x?xf32>
  func.return %r : tensor<?x?x?xf32>
}

// -----

// A masked begin is not read: its load goes (the C target would declare a value
// nothing uses); the function still takes the operand.
// CHECK-LABEL: func.func @masked_begin(
// CHECK-SAME:      %{{.+}}: memref<6xf32>, %[[B:.+]]: memref<1xi32>, %[[E:.+]]: memref<1xi32>, %[[S:.+]]: memref<1xi32>, %{{.+}}: memref<?xf32>)
// CHECK-NOT:     memref.load %[[B]]
// CHECK:         memref.load %[[E]]
// CHECK-NOT:     memref.load %[[B]]
// CHECK:         func.return
func.func @masked_begin(%x: tensor<6xf32>, %b: tensor<1xi32>, %e: tensor<1xi32>, %s: tensor<1xi32>) -> tensor<?xf32> {
  %r = slice.tf_strided_slice %x begin %b end %e strides %s {begin_mask = 1 : i64} : tensor<6xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// The output check names the window's size and the output's dim it pairs with, which
// differ where a unit dim is dropped: sizes[1] against dimension 0.
// CHECK-LABEL: func.func @output_dim_of_a_dropped_unit_dim(
// CHECK:         slice.check %{{.+}}, "slice.dynamic_window: sizes[1] = {0} but the output has {1} in dimension 0"
func.func @output_dim_of_a_dropped_unit_dim(%x: tensor<4x6xf32>, %o: tensor<1xi64>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %i = tensor.extract %o[%c0] : tensor<1xi64>
  %n = arith.index_cast %i : i64 to index
  %r = slice.dynamic_window %x offsets [1, 0] sizes [1, %n] strides [1, 1] : tensor<4x6xf32> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// A tensor.extract of an argument at a run-time index is checked to lie in its dim
// (upstream leaves it undefined; here it is a run-time error, at the extract's
// location) and then clamped to it, the same value wherever the check holds, so the C
// target's interval check proves the load in bounds (session 48; before, the C target
// refused the load).
// CHECK-LABEL: func.func @extract_at_run_time(
// CHECK-SAME:      %[[X:.+]]: memref<8xf32>, %[[P:.+]]: memref<4xi64>, %[[I:.+]]: memref<1xi64>, %{{.+}}: memref<?xf32>)
// CHECK:         %[[K:.+]] = arith.index_cast %{{.+}} : i64 to index
// CHECK-NEXT:    %[[LOW:.+]] = arith.cmpi sle, %[[C0:.+]], %[[K]] : index
// CHECK-NEXT:    %[[FOUR:.+]] = arith.constant 4 : index
// CHECK-NEXT:    %[[HIGH:.+]] = arith.cmpi slt, %[[K]], %[[FOUR]] : index
// CHECK-NEXT:    %[[IN:.+]] = arith.andi %[[LOW]], %[[HIGH]] : i1
// CHECK-NEXT:    %[[K64:.+]] = arith.index_cast %[[K]] : index to i64
// CHECK-NEXT:    slice.check %[[IN]], "tensor.extract: index {0} is out of bounds for dimension 0 of size 4", %[[K64]]
// CHECK-NEXT:    %[[MAX:.+]] = arith.maxsi %[[K]], %[[C0]] : index
// CHECK-NEXT:    %[[THREE:.+]] = arith.constant 3 : index
// CHECK-NEXT:    %[[CLAMPED:.+]] = arith.minsi %[[MAX]], %[[THREE]] : index
// CHECK-NEXT:    %{{.+}} = memref.load %[[P]][%[[CLAMPED]]] : memref<4xi64>
// SHAPE-LABEL: func.func @extract_at_run_time.shape(
// SHAPE:         slice.check %{{.+}}, "tensor.extract: index {0} is out of bounds for dimension 0 of size 4"
func.func @extract_at_run_time(%x: tensor<8xf32>, %p: tensor<4xi64>, %i: tensor<1xi64>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %j = tensor.extract %i[%c0] : tensor<1xi64>
  %k = arith.index_cast %j : i64 to index
  %a = tensor.extract %p[%k] : tensor<4xi64>
  %s = tensor.from_elements %a : tensor<1xi64>
  %e = arith.constant dense<8> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<8xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// -----

// A check of a condition a check before it tested is erased (after cse): here the
// tensor.extract of the constant table at the extract_slice's offset is the offset's
// own check, which the extract_slice made first (session 49).
// CHECK-LABEL: func.func @constant_table(
// CHECK:         %[[TABLE:.+]] = memref.alloc() : memref<3xi64>
// CHECK:         slice.check %[[IN:.+]], "tensor.extract_slice: offsets[0] = {0} is out of bounds for dimension 0 of size {1}"
// CHECK-NOT:     slice.check %[[IN]],
// CHECK-NOT:     "tensor.extract: index
// CHECK:         memref.load %[[TABLE]]
// CHECK:         func.return
// SHAPE-LABEL: func.func @constant_table.shape(
func.func @constant_table(%x: tensor<8xf32>, %k: tensor<1xi64>) -> tensor<?xf32> {
  %table = arith.constant dense<[1, 3, 5]> : tensor<3xi64>
  %c0 = arith.constant 0 : index
  %ki = tensor.extract %k[%c0] : tensor<1xi64>
  %o = arith.index_cast %ki : i64 to index
  %s = tensor.extract_slice %table[%o] [1] [1] : tensor<3xi64> to tensor<1xi64>
  %e = arith.constant dense<[8]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<8xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
