// String literals the lexer refuses get MLIR's message at MLIR's column (its
// Lexer::lexString; lexer.mlir_string_error, since session 64): xDSL 0.74 said "End
// of file reached before closing string literal." for each, at the opening quote, even
// for a bad escape in a string closed on its line. The escapes MLIR takes still parse.
//
// RUN: not slice-opt %s --split-input-file 2>&1 | filecheck %s

// CHECK-NOT: Traceback
// CHECK-NOT: End of file reached
// CHECK:      {{^}}error: {{.+}}.mlir:[[# @LINE + 3]]:22{{$}}
// CHECK-NEXT: {{^}}  "test.op"() {a = "x\qy"} : () -> (){{$}}
// CHECK:      {{^ +}}unknown escape in string literal{{$}}
  "test.op"() {a = "x\qy"} : () -> ()

// -----

// The first token of the input.
// CHECK:      {{^}}error: {{.+}}.mlir:[[# @LINE + 2]]:4{{$}}
// CHECK:      {{^ +}}unknown escape in string literal{{$}}
"te\st.op"() : () -> ()

// -----

// One hex digit is no escape.
// CHECK:      {{^}}error: {{.+}}.mlir:[[# @LINE + 2]]:21{{$}}
// CHECK:      {{^ +}}unknown escape in string literal{{$}}
"test.op"() {a = "ab\4"} : () -> ()

// -----

// A string cut by the end of its line: the error is at the line's end.
// CHECK:      {{^}}error: {{.+}}.mlir:[[# @LINE + 2]]:21{{$}}
// CHECK:      {{^ +}}expected '"' in string literal{{$}}
"test.op"() {a = "xy
"} : () -> ()

// -----

// Every escape MLIR takes: \" \\ \n \t and two hex digits.
// CHECK:      "test.op"() {a = "a\22b\\c\0A\09dA"} : () -> ()
"test.op"() {a = "a\"b\\c\n\td\41"} : () -> ()

// -----

// CHECK:      {{^}}error: {{.+}}.mlir:[[# @LINE + 2]]:21{{$}}
// CHECK:      {{^ +}}expected '"' in string literal{{$}}
"test.op"() {a = "xy
