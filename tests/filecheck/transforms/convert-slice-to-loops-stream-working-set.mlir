// convert-slice-to-loops{stream-working-set=N}: the target's streaming bound. A copy
// stores with non-temporal stores (`nontemporal`) only where its source footprint and
// its output hold at least N bytes together (and it writes 2 MiB, STREAM_STORE_BYTES);
// a dynamic run carries N and its source footprint and decides at run time. The
// default, 0, streams every copy of 2 MiB or more; compile() passes the bound
// calibrated on the host.
//
// RUN: slice-opt %s -p convert-slice-to-loops | filecheck %s --check-prefix=DEFAULT
// RUN: slice-opt %s -p 'convert-slice-to-loops{stream-working-set=16777216}' | filecheck %s --check-prefix=AT
// RUN: slice-opt %s -p 'convert-slice-to-loops{stream-working-set=16777217}' | filecheck %s --check-prefix=ABOVE
// RUN: not slice-opt %s -p 'convert-slice-to-loops{stream-working-set=-1}' 2>&1 | filecheck %s --check-prefix=NEGATIVE
// RUN: not slice-opt %s -p 'convert-slice-to-loops{stream-working-set=9223372036854775808}' 2>&1 | filecheck %s --check-prefix=HUGE

// W4's copy: an 8 MiB output from an 8 MiB span of a 16 MiB source, 16 MiB together.
// DEFAULT-LABEL: func.func @crop(
// DEFAULT:         slice.copy_run {{.*}} count 2097152 source_stride 1 dest_stride 1 nontemporal :
// AT-LABEL:      func.func @crop(
// AT:              slice.copy_run {{.*}} count 2097152 source_stride 1 dest_stride 1 nontemporal :
// ABOVE-LABEL:   func.func @crop(
// ABOVE:           slice.copy_run {{.*}} count 2097152 source_stride 1 dest_stride 1 :
func.func @crop(%x: tensor<1x256x128x128xf32>) -> tensor<1x128x128x128xf32> {
  %r = slice.window %x offsets [0, 64, 0, 0] sizes [1, 128, 128, 128] strides [1, 1, 1, 1] : tensor<1x256x128x128xf32> -> tensor<1x128x128x128xf32>
  func.return %r : tensor<1x128x128x128xf32>
}

// The source's share is its footprint: gaps of 4 KiB or more between rows are not
// brought into the caches (FETCHED_GAP_BYTES). Four rows of 1 MiB, 4 MiB apart: a 4
// MiB output and 4 MiB of rows, 8 MiB together (their span, 13 MiB, would make 17).
// DEFAULT-LABEL: func.func @far_apart_rows(
// DEFAULT:         slice.copy_run {{.*}} count 262144 source_stride 1 dest_stride 1 nontemporal :
// AT-LABEL:      func.func @far_apart_rows(
// AT:              slice.copy_run {{.*}} count 262144 source_stride 1 dest_stride 1 :
// ABOVE-LABEL:   func.func @far_apart_rows(
// ABOVE:           slice.copy_run {{.*}} count 262144 source_stride 1 dest_stride 1 :
func.func @far_apart_rows(%x: tensor<4x1048576xf32>) -> tensor<4x262144xf32> {
  %r = slice.window %x offsets [0, 0] sizes [4, 262144] strides [1, 1] : tensor<4x1048576xf32> -> tensor<4x262144xf32>
  func.return %r : tensor<4x262144xf32>
}

// A dynamic run counts the same footprint (copy_plan.source_footprint_on, emitted before
// the loops; folded here, where only the offset is a value): the rows of
// @far_apart_rows at a run-time offset, 4 x 262144 elements. Without a bound nothing
// is counted. (No row prefetch: rows 4 MiB apart are beyond PREFETCH_ROW_BYTES, a gate
// that folds to false.)
// DEFAULT-LABEL: func.func @dynamic_far_apart_rows(
// DEFAULT:         slice.dynamic_copy_run {{.*}} loops[{{.*}}] adaptive : memref
// AT-LABEL:      func.func @dynamic_far_apart_rows(
// AT:              [[FOOTPRINT:%.+]] = arith.constant 1048576 : index
// AT:              slice.dynamic_copy_run {{.*}} adaptive stream_working_set 16777216 footprint [[FOOTPRINT]] : memref
func.func @dynamic_far_apart_rows(%x: tensor<4x1048576xf32>, %o: index) -> tensor<4x262144xf32> {
  %r = slice.dynamic_window %x offsets [0, %o] sizes [4, 262144] strides [1, 1] : tensor<4x1048576xf32> -> tensor<4x262144xf32>
  func.return %r : tensor<4x262144xf32>
}

// The same bound decides whether rows whose runs span 2-8 KiB are prefetched
// (PREFETCH_FAR_RUN_BYTES): only where their rows come from memory. Runs of 4 KiB
// rows 16 KiB apart, a 2 MiB output of a span of about 8 MiB: prefetched and streamed
// by default, neither at 16 MiB; runs of 2 KiB are prefetched at any bound.
// DEFAULT-LABEL: func.func @far_rows(
// DEFAULT:         slice.copy_run {{.*}} count 1024 source_stride 1 dest_stride 1 nontemporal prefetch 8192 :
// AT-LABEL:      func.func @far_rows(
// AT:              slice.copy_run {{.*}} count 1024 source_stride 1 dest_stride 1 :
// ABOVE-LABEL:   func.func @far_rows(
// ABOVE:           slice.copy_run {{.*}} count 1024 source_stride 1 dest_stride 1 :
func.func @far_rows(%x: tensor<512x4096xf32>) -> tensor<512x1024xf32> {
  %r = slice.window %x offsets [0, 0] sizes [512, 1024] strides [1, 1] : tensor<512x4096xf32> -> tensor<512x1024xf32>
  func.return %r : tensor<512x1024xf32>
}

// DEFAULT-LABEL: func.func @near_rows(
// DEFAULT:         slice.copy_run {{.*}} count 512 source_stride 1 dest_stride 1 nontemporal prefetch 8192 :
// AT-LABEL:      func.func @near_rows(
// AT:              slice.copy_run {{.*}} count 512 source_stride 1 dest_stride 1 prefetch 8192 :
// ABOVE-LABEL:   func.func @near_rows(
// ABOVE:           slice.copy_run {{.*}} count 512 source_stride 1 dest_stride 1 prefetch 8192 :
func.func @near_rows(%x: tensor<1024x2048xf32>) -> tensor<1024x512xf32> {
  %r = slice.window %x offsets [0, 0] sizes [1024, 512] strides [1, 1] : tensor<1024x2048xf32> -> tensor<1024x512xf32>
  func.return %r : tensor<1024x512xf32>
}

// DEFAULT-LABEL: func.func @dynamic(
// DEFAULT:         slice.dynamic_copy_run {{.*}} adaptive :
// AT-LABEL:      func.func @dynamic(
// AT:              slice.dynamic_copy_run {{.*}} adaptive stream_working_set 16777216 footprint %{{.+}} :
// ABOVE-LABEL:   func.func @dynamic(
// ABOVE:           slice.dynamic_copy_run {{.*}} adaptive stream_working_set 16777217 footprint %{{.+}} :
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  func.return %x : tensor<?xf32>
}

// NEGATIVE: convert-slice-to-loops: stream-working-set = -1: a byte count must be from 0 to 2**63 - 1
// HUGE: convert-slice-to-loops: stream-working-set = 9223372036854775808: a byte count must be from 0 to 2**63 - 1
