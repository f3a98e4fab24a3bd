/* slice_dialect fast call path: checks a kernel call in C and makes it.
 *
 * Shipped as package data of slice_dialect.runtime and compiled once per Python and
 * numpy version (slice_dialect/runtime/fastcall.py fills in @MAX_ARGS@ and @CALLERS@).
 * FastCKernel = Entry + CKernel: a call that is exactly the usual one (exact ndarrays
 * of the right dtype and shape, C-contiguous and aligned, outputs writeable and
 * overlapping nothing) is made here; any other goes to CKernel._call_checked, whose
 * Python checks are the one definition of what is accepted and how errors read.
 * A kernel returning a non-zero status is reported by CKernel._fail.
 *
 * Dynamic kernels (DYNAMIC.md, "C ABI"): a `?` dim (-1 in a bound shape) takes any
 * size; the kernel then takes `slice_dims` (the `?` dims of every argument, in order)
 * after its arrays. With a shape function, it is called first (inputs, one int64_t
 * array per output, `slice_dims` of the inputs if it takes them), and the outputs are
 * made (or checked) with the shapes it wrote; a shape that does not fit is left to
 * the Python path, which calls it again and reports it. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>
#include <stddef.h>
#include <stdint.h>

#if NPY_ABI_VERSION < 0x02000000 /* numpy 1.x headers */
#define PyDataType_ELSIZE(descr) ((descr)->elsize)
#endif

#define MAX_ARGS @MAX_ARGS@
#define MAX_DIMS @MAX_DIMS@ /* the most dims of all arguments together */
#define MAX_INDEX_VALUES 64 /* index values converted from lists, per call */

#define ERROR_VALUES 16 /* SLICE_ERROR_VALUES of slice_dialect/backend/c.py */

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#else
#define ALWAYS_INLINE inline
#define NOINLINE
#endif

typedef int32_t (*Caller)(void *f, void **p, int64_t *e);

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;   /* entry_vectorcall for a static kernel, else NULL */
    void *static_function;       /* the kernel if it is static, else NULL (make_call) */
    void *function;              /* the kernel; NULL until bound */
    void *shape_function;        /* its shape function, or NULL */
    Caller call, shape_call;     /* the callers of their arities */
    int takes_dims;              /* whether the kernel takes slice_dims */
    int shape_takes_dims;        /* whether the shape function takes slice_dims */
    int n_inputs, n_outputs;
    npy_intp gil_bytes;          /* release the GIL when writing at least this many */
    int release_gil;             /* a static kernel writes at least gil_bytes */
    PyArray_Descr *descrs[MAX_ARGS];
    int ndims[MAX_ARGS];
    npy_intp *shapes[MAX_ARGS];  /* into shape_storage */
    npy_intp nbytes[MAX_ARGS];   /* -1 for an argument with a `?` dim */
    char check_pointer[MAX_ARGS];
    char index[MAX_ARGS];        /* an i32/i64 index operand: a list of ints is taken;
                                    a scalar argument: an int (a bool for i1) */
    npy_intp *shape_storage;
    /* The error values of calls made with the GIL held: zero (the object is
     * allocated zeroed), written by a failing kernel, copied out and zeroed again
     * at once. Zeroing 16 values on the stack at every call cost 11 ns of a 135 ns
     * call (bench/run.py's W5). */
    int64_t error_values[ERROR_VALUES];
} Entry;


static PyObject *str_out, *str_call_checked;

/* Whether argument i is exactly the array the kernel takes as it is, of `shape`
 * (a -1 dim takes any size). */
static inline int
acceptable(Entry *self, int i, PyObject *object, const npy_intp *shape, int flags)
{
    if (!PyArray_CheckExact(object)) return 0;
    PyArrayObject *array = (PyArrayObject *)object;
    PyArray_Descr *descr = PyArray_DESCR(array);
    if (descr != self->descrs[i] && !PyArray_EquivTypes(descr, self->descrs[i]))
        return 0;
    int ndim = PyArray_NDIM(array);
    if (ndim != self->ndims[i]) return 0;
    npy_intp *dims = PyArray_DIMS(array);
    for (int d = 0; d < ndim; d++)
        if (dims[d] != shape[d] && shape[d] >= 0) return 0;
    if ((PyArray_FLAGS(array) & flags) != flags) return 0;
    if (self->check_pointer[i] && ((uintptr_t)PyArray_DATA(array) & 7)) return 0;
    return 1;
}

/* Index operand i given as an exact list or tuple of exact ints that fit (a scalar
 * argument, of rank 0: an exact int or a numpy integer scalar that fits its width; an
 * i1 one, a bool descr: a bool, a numpy bool or the int 0 or 1): its values converted
 * into `storage` (of `room` int64s); how many int64s it used, or -1 for anything else
 * (then the Python path converts or reports it). */
static Py_ssize_t
index_values(Entry *self, int i, PyObject *object, int64_t *storage, Py_ssize_t room)
{
    int size = (int)PyDataType_ELSIZE(self->descrs[i]);
    int narrow = size == 4;
    if (self->ndims[i] == 0) {
        /* a scalar argument (index, i1, i8-i64) in its rank-0 buffer: an exact int or
         * a numpy integer scalar (not a bool, but for i1: numpy's bool is no Integer;
         * not a timedelta64, an Integer whose value has a unit) */
        if (room < 1) return -1;
        int flag = self->descrs[i]->type_num == NPY_BOOL;
        if (flag && (PyBool_Check(object) || PyArray_IsScalar(object, Bool))) {
            int truth = PyObject_IsTrue(object);
            if (truth < 0) {
                PyErr_Clear();
                return -1;
            }
            *(uint8_t *)storage = (uint8_t)truth;
            return 1;
        }
        int overflow;
        long long v;
        if (PyLong_CheckExact(object)) {
            v = PyLong_AsLongLongAndOverflow(object, &overflow);
        } else if (PyArray_IsScalar(object, Integer)
                   && !PyArray_IsScalar(object, Timedelta)) {
            PyObject *value = PyNumber_Index(object);
            if (value == NULL) {
                PyErr_Clear();
                return -1;
            }
            v = PyLong_AsLongLongAndOverflow(value, &overflow);
            Py_DECREF(value);
        } else {
            return -1;
        }
        if (overflow || (v == -1 && PyErr_Occurred())) {
            PyErr_Clear();
            return -1;
        }
        if (flag) {
            if (v != 0 && v != 1) return -1;
            *(uint8_t *)storage = (uint8_t)v;
        } else if (size == 1) {
            if (v < INT8_MIN || v > INT8_MAX) return -1;
            *(int8_t *)storage = (int8_t)v;
        } else if (size == 2) {
            if (v < INT16_MIN || v > INT16_MAX) return -1;
            *(int16_t *)storage = (int16_t)v;
        } else if (narrow) {
            if (v < INT32_MIN || v > INT32_MAX) return -1;
            *(int32_t *)storage = (int32_t)v;
        } else {
            *storage = (int64_t)v;
        }
        return 1;
    }
    if (!(PyList_CheckExact(object) || PyTuple_CheckExact(object))) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(object);
    if (n != self->shapes[i][0] || n > room) return -1;
    PyObject **items = PySequence_Fast_ITEMS(object);
    for (Py_ssize_t j = 0; j < n; j++) {
        if (!PyLong_CheckExact(items[j])) return -1;
        int overflow;
        long long v = PyLong_AsLongLongAndOverflow(items[j], &overflow);
        if (overflow || (v == -1 && PyErr_Occurred())) {
            PyErr_Clear();
            return -1;
        }
        if (narrow) {
            if (v < INT32_MIN || v > INT32_MAX) return -1;
            ((int32_t *)storage)[j] = (int32_t)v;
        } else {
            storage[j] = (int64_t)v;
        }
    }
    return n;
}

/* The callers of kernels, one per arity (callers[n] passes p[0], ..., p[n - 1]),
 * chosen at _bind: a kernel takes one pointer per memref argument (and slice_dims)
 * and the error values array, and returns a status. Object pointers are passed alike
 * on every ABI CPython runs on, so it is called as taking void * (as ctypes calls it
 * with c_void_p argument types). */
@CALLERS@

/* Raise the SliceError of status `status` (CKernel._fail); always NULL. */
static PyObject *
fail(PyObject *self, int32_t status, const int64_t *v);

/* fail() with the values of self->error_values, which are zeroed again first (the
 * Python code fail() runs may call this kernel). */
static PyObject *
fail_held(PyObject *op, int32_t status)
{
    Entry *self = (Entry *)op;
    int64_t values[ERROR_VALUES];
    memcpy(values, self->error_values, sizeof values);
    memset(self->error_values, 0, sizeof self->error_values);
    return fail(op, status, values);
}

static PyObject *
fail(PyObject *self, int32_t status, const int64_t *v)
{
    PyObject *args = PyTuple_New(ERROR_VALUES + 1);
    if (args == NULL) return NULL;
    PyObject *item = PyLong_FromLong((long)status);
    if (item == NULL) { Py_DECREF(args); return NULL; }
    PyTuple_SET_ITEM(args, 0, item);
    for (int k = 0; k < ERROR_VALUES; k++) {
        item = PyLong_FromLongLong((long long)v[k]);
        if (item == NULL) { Py_DECREF(args); return NULL; }
        PyTuple_SET_ITEM(args, k + 1, item);
    }
    PyObject *method = PyObject_GetAttrString(self, "_fail");
    if (method == NULL) { Py_DECREF(args); return NULL; }
    PyObject *result = PyObject_CallObject(method, args);
    Py_DECREF(method);
    Py_DECREF(args);
    if (result != NULL) {
        Py_DECREF(result);
        PyErr_Format(PyExc_RuntimeError, "kernel failed with status %d", (int)status);
    }
    return NULL;
}

/* What make_call returns for a call it does not make: the caller passes it on to
 * CKernel._call_checked with the arguments as it was given them. */
static char declined_marker;
#define DECLINED ((PyObject *)&declined_marker)

/* The call, compiled once per kind of kernel (ALWAYS_INLINE, `dynamic` constant):
 * static kernels (bound, without `?` dims, shape function or index operands:
 * `static_function` is set) and any other. The static copy has none of the dynamic
 * branches, arrays and copies: W5's call (bench/run.py) took 5 ns longer with
 * them than before they came (issue 11). */
static ALWAYS_INLINE PyObject *
make_call(Entry *self, PyObject *const *args, Py_ssize_t nargs, PyObject *out,
          const int dynamic)
{
    PyObject *op = (PyObject *)self;
    void *pointers[MAX_ARGS + 1];
    char *starts[MAX_ARGS], *ends[MAX_ARGS];
    PyObject *outputs[MAX_ARGS];
    /* the shape of each output in this call: the bound ones, or computed */
    npy_intp *const *out_shapes = self->shapes + self->n_inputs;
    npy_intp *computed_shapes[MAX_ARGS];
    npy_intp computed[MAX_DIMS];    /* output shapes from the shape function */
    int64_t dims[MAX_DIMS];         /* slice_dims */
    int64_t converted[MAX_INDEX_VALUES]; /* index operands given as lists */
    Py_ssize_t used = 0;
    int n_dims = 0;
    int n_in = self->n_inputs, n_out = self->n_outputs;
    void *function = dynamic ? self->function : self->static_function;

    if ((dynamic && function == NULL) || nargs != n_in) goto decline;
    for (int i = 0; i < n_in; i++) {
        PyObject *array = args[i];
        if (!acceptable(self, i, array, self->shapes[i],
                        NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED)) {
            if (!dynamic || !self->index[i]) goto decline;
            Py_ssize_t n = index_values(self, i, array, converted + used,
                                        MAX_INDEX_VALUES - used);
            if (n < 0) goto decline;
            /* private storage: no output can overlap it */
            pointers[i] = converted + used;
            starts[i] = ends[i] = (char *)pointers[i];
            used += n;
            continue;
        }
        pointers[i] = PyArray_DATA((PyArrayObject *)array);
        starts[i] = (char *)pointers[i];
        if (!dynamic || self->nbytes[i] >= 0) {
            ends[i] = starts[i] + self->nbytes[i];
        } else {
            ends[i] = starts[i] + PyArray_NBYTES((PyArrayObject *)array);
            npy_intp *given = PyArray_DIMS((PyArrayObject *)array);
            for (int d = 0; d < self->ndims[i]; d++)
                if (self->shapes[i][d] < 0) dims[n_dims++] = given[d];
        }
    }
    if (dynamic && self->shape_function != NULL) {
        int64_t written[MAX_DIMS];
        int64_t *next = written;
        for (int k = 0; k < n_out; k++) {
            pointers[n_in + k] = next;
            next += self->ndims[n_in + k];
        }
        if (self->shape_takes_dims) pointers[n_in + n_out] = dims;
        int32_t status = self->shape_call(self->shape_function, pointers,
                                          self->error_values);
        if (status != 0) return fail_held(op, status);
        /* A shape that does not fit its output, or that numpy cannot hold, is
         * reported by the Python path. */
        next = written;
        npy_intp *shape = computed;
        for (int k = 0; k < n_out; k++) {
            int i = n_in + k;
            npy_intp size = PyDataType_ELSIZE(self->descrs[i]);
            for (int d = 0; d < self->ndims[i]; d++) {
                int64_t v = next[d];
                if (v < 0 || (self->shapes[i][d] >= 0 && v != self->shapes[i][d]))
                    goto decline;
                /* numpy's rule: the non-zero dims and the item size multiply
                 * to at most NPY_MAX_INTP, whatever zero dims there are */
                if (v != 0 && size > NPY_MAX_INTP / v) goto decline;
                if (v != 0) size *= (npy_intp)v;
                shape[d] = (npy_intp)v;
            }
            computed_shapes[k] = shape;
            next += self->ndims[i];
            shape += self->ndims[i];
        }
        out_shapes = computed_shapes;
    }
    npy_intp written_bytes = 0;
    if (out == Py_None) {
        for (int k = 0; k < n_out; k++) {
            int i = n_in + k;
            Py_INCREF(self->descrs[i]);
            outputs[k] = PyArray_NewFromDescr(
                &PyArray_Type, self->descrs[i], self->ndims[i], out_shapes[k],
                NULL, NULL, 0, NULL);
            if (outputs[k] == NULL) {
                for (int j = 0; j < k; j++) Py_DECREF(outputs[j]);
                /* no memory: the Python path reports it as a SliceError */
                if (!PyErr_ExceptionMatches(PyExc_MemoryError)) return NULL;
                PyErr_Clear();
                goto decline;
            }
            pointers[i] = PyArray_DATA((PyArrayObject *)outputs[k]);
            written_bytes += PyArray_NBYTES((PyArrayObject *)outputs[k]);
        }
    } else {
        int is_array = PyArray_CheckExact(out);
        if (is_array) {
            if (n_out != 1) goto decline;
            outputs[0] = out;
        } else if (PyTuple_CheckExact(out) && PyTuple_GET_SIZE(out) == n_out) {
            for (int k = 0; k < n_out; k++) outputs[k] = PyTuple_GET_ITEM(out, k);
        } else if (PyList_CheckExact(out) && PyList_GET_SIZE(out) == n_out) {
            for (int k = 0; k < n_out; k++) outputs[k] = PyList_GET_ITEM(out, k);
        } else {
            goto decline;
        }
        for (int k = 0; k < n_out; k++) {
            int i = n_in + k;
            if (!acceptable(self, i, outputs[k],
                            dynamic ? out_shapes[k] : self->shapes[i],
                            NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED
                                | NPY_ARRAY_WRITEABLE))
                goto decline;
            char *start = PyArray_DATA((PyArrayObject *)outputs[k]);
            npy_intp nbytes = !dynamic || self->nbytes[i] >= 0
                                  ? self->nbytes[i]
                                  : PyArray_NBYTES((PyArrayObject *)outputs[k]);
            char *end = start + nbytes;
            written_bytes += nbytes;
            for (int j = 0; j < i; j++)
                if (start < ends[j] && starts[j] < end) goto decline;
            pointers[i] = start;
            starts[i] = start;
            ends[i] = end;
        }
        /* a list can lose its arrays while the GIL is released */
        for (int k = 0; k < n_out; k++) Py_INCREF(outputs[k]);
    }
    if (dynamic && self->takes_dims) {
        for (int k = 0; k < n_out; k++) {
            int i = n_in + k;
            if (self->nbytes[i] >= 0) continue;
            for (int d = 0; d < self->ndims[i]; d++)
                if (self->shapes[i][d] < 0) dims[n_dims++] = out_shapes[k][d];
        }
        pointers[n_in + n_out] = dims;
    }
    int32_t status;
    if (dynamic ? written_bytes >= self->gil_bytes : self->release_gil) {
        /* other threads may call this kernel meanwhile: values of this call's own */
        int64_t values[ERROR_VALUES] = {0};
        Py_BEGIN_ALLOW_THREADS
        status = self->call(function, pointers, values);
        Py_END_ALLOW_THREADS
        if (status != 0) {
            for (int k = 0; k < n_out; k++) Py_DECREF(outputs[k]);
            return fail(op, status, values);
        }
    } else {
        status = self->call(function, pointers, self->error_values);
        if (status != 0) {
            for (int k = 0; k < n_out; k++) Py_DECREF(outputs[k]);
            return fail_held(op, status);
        }
    }
    if (out != Py_None) {
        for (int k = 0; k < n_out; k++) Py_DECREF(outputs[k]);
        Py_INCREF(out);
        return out;
    }
    if (n_out == 1) return outputs[0];
    PyObject *result = PyTuple_New(n_out);
    if (result == NULL) {
        for (int k = 0; k < n_out; k++) Py_DECREF(outputs[k]);
        return NULL;
    }
    for (int k = 0; k < n_out; k++) PyTuple_SET_ITEM(result, k, outputs[k]);
    return result;
decline:
    return DECLINED;
}

/* The call of a static kernel. */
static NOINLINE PyObject *
call_static(Entry *self, PyObject *const *args, Py_ssize_t nargs, PyObject *out)
{
    return make_call(self, args, nargs, out, 0);
}

/* The call of any other kernel (dynamic or unbound); apart from call_static so that
 * the static call's stack frame does not hold its arrays. */
static NOINLINE PyObject *
call_dynamic(Entry *self, PyObject *const *args, Py_ssize_t nargs, PyObject *out)
{
    return make_call(self, args, nargs, out, 1);
}

/* The call of either kind, or DECLINED. */
static ALWAYS_INLINE PyObject *
dispatch(Entry *self, PyObject *const *args, Py_ssize_t nargs, PyObject *out)
{
    if (self->static_function == NULL) return call_dynamic(self, args, nargs, out);
    return call_static(self, args, nargs, out);
}

/* tp_call: a call whose arguments come as a tuple and a dict. Every call of a
 * dynamic or unbound kernel comes here (their `vectorcall` is NULL), and calls of
 * any kernel through PyObject_Call from a class without Entry's vectorcall (see
 * _enable_vectorcall). */
static PyObject *
entry_call(PyObject *op, PyObject *args, PyObject *kwargs)
{
    Entry *self = (Entry *)op;
    PyObject *out = Py_None;
    if (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0) {
        if (PyDict_GET_SIZE(kwargs) != 1) goto slow;
        out = PyDict_GetItemWithError(kwargs, str_out);
        if (out == NULL) {
            if (PyErr_Occurred()) return NULL;
            goto slow;
        }
    }
    PyObject *result = dispatch(self, &PyTuple_GET_ITEM(args, 0), PyTuple_GET_SIZE(args),
                                out);
    if (result != DECLINED) return result;
slow:;
    PyObject *method = PyObject_GetAttr(op, str_call_checked);
    if (method == NULL) return NULL;
    result = PyObject_Call(method, args, kwargs);
    Py_DECREF(method);
    return result;
}

/* The vectorcall of a static kernel (PEP 590): the arguments as an array and the
 * keyword names as a tuple, without the tuple and dict that CPython makes for
 * tp_call at every call (W5's call, bench/run.py: 138 -> 79 ns). Dynamic kernels
 * keep tp_call: a call with *args and a keyword (`d(x, *p, out=o)`) reaches a
 * vectorcall through PyObject_Call, which unpacks the dict into a new array and
 * tuple for it (245 -> 300 ns, 2026-11-23). */
static PyObject *
entry_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Entry *self = (Entry *)op;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *out = Py_None;
    if (kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0) {
        if (PyTuple_GET_SIZE(kwnames) != 1) goto slow;
        PyObject *name = PyTuple_GET_ITEM(kwnames, 0);
        /* keyword names are strs; "out" is usually the interned one */
        if (name != str_out && PyUnicode_Compare(name, str_out) != 0) {
            if (PyErr_Occurred()) return NULL;
            goto slow;
        }
        out = args[nargs];
    }
    PyObject *result = dispatch(self, args, nargs, out);
    if (result != DECLINED) return result;
slow:;
    PyObject *method = PyObject_GetAttr(op, str_call_checked);
    if (method == NULL) return NULL;
    result = PyObject_Vectorcall(method, args, nargsf, kwnames);
    Py_DECREF(method);
    return result;
}

static void
entry_clear(Entry *self)
{
    for (int i = 0; i < MAX_ARGS; i++) Py_CLEAR(self->descrs[i]);
    PyMem_Free(self->shape_storage);
    self->shape_storage = NULL;
    self->vectorcall = NULL;
    self->static_function = NULL;
    self->function = NULL;
    self->shape_function = NULL;
}

static void
entry_dealloc(PyObject *op)
{
    entry_clear((Entry *)op);
    Py_TYPE(op)->tp_free(op);
}

/* _bind(address, n_inputs, dtypes, shapes, check_pointer, gil_bytes,
 *       shape_address, takes_dims, shape_takes_dims, index): shapes with -1 for
 * `?`; shape_address None for a kernel without a shape function; index: whether
 * each argument is an i32/i64 index operand. */
static PyObject *
entry_bind(PyObject *op, PyObject *args)
{
    Entry *self = (Entry *)op;
    PyObject *address, *dtypes, *shapes, *checks, *shape_address, *index;
    int n_inputs, takes_dims, shape_takes_dims;
    Py_ssize_t gil_bytes;
    if (!PyArg_ParseTuple(args, "OiO!O!O!nOppO!", &address, &n_inputs, &PyList_Type,
                          &dtypes, &PyList_Type, &shapes, &PyList_Type, &checks,
                          &gil_bytes, &shape_address, &takes_dims, &shape_takes_dims,
                          &PyList_Type, &index))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(dtypes);
    if (n > MAX_ARGS || PyList_GET_SIZE(shapes) != n || PyList_GET_SIZE(checks) != n
        || PyList_GET_SIZE(index) != n || n_inputs < 0 || n_inputs > n) {
        PyErr_SetString(PyExc_ValueError, "_bind: inconsistent argument lists");
        return NULL;
    }
    void *function = PyLong_AsVoidPtr(address);
    if (function == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "_bind: null function address");
        return NULL;
    }
    void *shape_function = NULL;
    if (shape_address != Py_None) {
        shape_function = PyLong_AsVoidPtr(shape_address);
        if (shape_function == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "_bind: null shape function address");
            return NULL;
        }
    }
    Py_ssize_t total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *shape = PyList_GET_ITEM(shapes, i);
        if (!PyTuple_Check(shape) || PyTuple_GET_SIZE(shape) > NPY_MAXDIMS) {
            PyErr_SetString(PyExc_ValueError, "_bind: a shape must be a tuple");
            return NULL;
        }
        total += PyTuple_GET_SIZE(shape);
    }
    if (total > MAX_DIMS) {
        PyErr_SetString(PyExc_ValueError, "_bind: more dims than MAX_DIMS");
        return NULL;
    }
    npy_intp *storage = PyMem_Malloc(sizeof(npy_intp) * (size_t)(total + 1));
    if (storage == NULL) return PyErr_NoMemory();
    entry_clear(self);
    self->shape_storage = storage;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyArray_Descr *descr = NULL;
        if (!PyArray_DescrConverter(PyList_GET_ITEM(dtypes, i), &descr)) {
            entry_clear(self);
            return NULL;
        }
        self->descrs[i] = descr;
        PyObject *shape = PyList_GET_ITEM(shapes, i);
        int ndim = (int)PyTuple_GET_SIZE(shape);
        npy_intp count = 1;
        for (int d = 0; d < ndim; d++) {
            storage[d] = PyLong_AsSsize_t(PyTuple_GET_ITEM(shape, d));
            if (storage[d] == -1 && PyErr_Occurred()) {
                entry_clear(self);
                return NULL;
            }
            count = storage[d] < 0 || count < 0 ? -1 : count * storage[d];
        }
        self->shapes[i] = storage;
        self->ndims[i] = ndim;
        self->nbytes[i] = count < 0 ? -1 : count * PyDataType_ELSIZE(descr);
        self->check_pointer[i] = (char)PyObject_IsTrue(PyList_GET_ITEM(checks, i));
        /* index operands of i32/i64 (lists of ints) and scalar arguments of every
         * width (ints, and bools for i1) */
        npy_intp size = PyDataType_ELSIZE(descr);
        self->index[i] = (char)(PyObject_IsTrue(PyList_GET_ITEM(index, i))
                                && ((ndim == 1 && (size == 4 || size == 8))
                                    || (ndim == 0 && (size == 1 || size == 2
                                                      || size == 4 || size == 8))));
        storage += ndim;
    }
    self->n_inputs = n_inputs;
    self->n_outputs = (int)n - n_inputs;
    self->gil_bytes = gil_bytes;
    self->shape_function = shape_function;
    self->takes_dims = takes_dims;
    self->shape_takes_dims = shape_takes_dims;
    /* a shape function, slice_dims, a `?` dim or an index operand */
    int dynamic = shape_function != NULL || takes_dims;
    for (Py_ssize_t i = 0; i < n; i++)
        if (self->nbytes[i] < 0 || self->index[i]) dynamic = 1;
    npy_intp written = 0;
    for (Py_ssize_t i = n_inputs; i < n; i++)
        written = self->nbytes[i] > NPY_MAX_INTP - written ? NPY_MAX_INTP
                                                           : written + self->nbytes[i];
    self->release_gil = !dynamic && written >= gil_bytes;
    self->call = callers[n + (takes_dims != 0)];
    self->shape_call = callers[n + (shape_takes_dims != 0)];
    self->function = function;
    self->static_function = dynamic ? NULL : function;
    self->vectorcall = dynamic ? NULL : entry_vectorcall;
    Py_RETURN_NONE;
}

/* cls._enable_vectorcall() (a class method): let `cls`, a class defined in Python on
 * Entry that keeps Entry's call, be called through an instance's `vectorcall` where
 * it is set (a static kernel); whether it is. CPython 3.12 and later do so
 * themselves; 3.11 gives the vectorcall protocol to no class defined in Python. */
static PyObject *
entry_enable_vectorcall(PyObject *cls, PyObject *unused)
{
    (void)unused;
    PyTypeObject *type = (PyTypeObject *)cls;
    if (type->tp_call == entry_call
        && type->tp_vectorcall_offset == (Py_ssize_t)offsetof(Entry, vectorcall))
        type->tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
    return PyBool_FromLong(PyType_HasFeature(type, Py_TPFLAGS_HAVE_VECTORCALL));
}

static PyMethodDef entry_methods[] = {
    {"_bind", entry_bind, METH_VARARGS, "Bind the kernel and its argument specs."},
    {"_enable_vectorcall", entry_enable_vectorcall, METH_CLASS | METH_NOARGS,
     "Let this class be called through vectorcall; whether it is."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EntryType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "slice_fastcall.Entry",
    .tp_basicsize = sizeof(Entry),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "A kernel entry whose calls are checked and made in C.",
    .tp_new = PyType_GenericNew,
    .tp_dealloc = entry_dealloc,
    .tp_vectorcall_offset = offsetof(Entry, vectorcall),
    .tp_call = entry_call,
    .tp_methods = entry_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "slice_fastcall", NULL, -1, NULL,
};

PyMODINIT_FUNC
PyInit_slice_fastcall(void)
{
    import_array();
    str_out = PyUnicode_InternFromString("out");
    str_call_checked = PyUnicode_InternFromString("_call_checked");
    if (str_out == NULL || str_call_checked == NULL) return NULL;
    if (PyType_Ready(&EntryType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&EntryType);
    if (PyModule_AddObject(m, "Entry", (PyObject *)&EntryType) < 0) {
        Py_DECREF(&EntryType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
