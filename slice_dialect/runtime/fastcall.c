/* slice_dialect fast call path: checks a kernel call in C and makes it.
 *
 * Shipped as package data of slice_dialect.runtime and compiled once per Python and
 * numpy version (slice_dialect/runtime/fastcall.py fills in @MAX_ARGS@ and @CASES@).
 * FastCKernel = Entry + CKernel: a call that is exactly the usual one (exact ndarrays
 * of the right dtype and shape, C-contiguous and aligned, outputs writeable and
 * overlapping nothing) is made here; any other goes to CKernel._call_checked, whose
 * Python checks are the one definition of what is accepted and how errors read.
 * A kernel returning a non-zero status is reported by CKernel._fail. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>
#include <stdint.h>

#if NPY_ABI_VERSION < 0x02000000 /* numpy 1.x headers */
#define PyDataType_ELSIZE(descr) ((descr)->elsize)
#endif

#define MAX_ARGS @MAX_ARGS@

typedef struct {
    PyObject_HEAD
    void *function;              /* the kernel; NULL until bound */
    int n_inputs, n_outputs;
    int release_gil;
    PyArray_Descr *descrs[MAX_ARGS];
    int ndims[MAX_ARGS];
    npy_intp *shapes[MAX_ARGS];  /* into shape_storage */
    npy_intp nbytes[MAX_ARGS];
    char check_pointer[MAX_ARGS];
    npy_intp *shape_storage;
} Entry;

#define ERROR_VALUES 4

static PyObject *str_out, *str_call_checked;

/* Whether argument i is exactly the array the kernel takes as it is. */
static inline int
acceptable(Entry *self, int i, PyObject *object, int flags)
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
        if (dims[d] != self->shapes[i][d]) return 0;
    if ((PyArray_FLAGS(array) & flags) != flags) return 0;
    if (self->check_pointer[i] && ((uintptr_t)PyArray_DATA(array) & 7)) return 0;
    return 1;
}

/* The kernel takes one pointer per memref argument and the error values array, and
 * returns a status. Object pointers are passed alike on every ABI CPython runs on, so
 * it is called as taking void * (as ctypes calls it with c_void_p argument types). */
static int32_t
call_kernel(void *f, void **p, int n, int64_t *e)
{
    switch (n) {
@CASES@
    }
    return -1;
}

/* Raise the SliceError of status `status` (CKernel._fail); always NULL. */
static PyObject *
fail(PyObject *self, int32_t status, const int64_t *v)
{
    PyObject *result = PyObject_CallMethod(
        self, "_fail", "iLLLL", (int)status, (long long)v[0], (long long)v[1],
        (long long)v[2], (long long)v[3]);
    if (result != NULL) {
        Py_DECREF(result);
        PyErr_Format(PyExc_RuntimeError, "kernel failed with status %d", (int)status);
    }
    return NULL;
}

static PyObject *
slow_call(PyObject *self, PyObject *args, PyObject *kwargs)
{
    PyObject *method = PyObject_GetAttr(self, str_call_checked);
    if (method == NULL) return NULL;
    PyObject *result = PyObject_Call(method, args, kwargs);
    Py_DECREF(method);
    return result;
}

static PyObject *
entry_call(PyObject *op, PyObject *args, PyObject *kwargs)
{
    Entry *self = (Entry *)op;
    PyObject *out = Py_None;
    void *pointers[MAX_ARGS];
    char *starts[MAX_ARGS], *ends[MAX_ARGS];
    PyObject *outputs[MAX_ARGS];
    int n_in = self->n_inputs, n_out = self->n_outputs;

    if (self->function == NULL || PyTuple_GET_SIZE(args) != n_in) goto slow;
    if (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0) {
        if (PyDict_GET_SIZE(kwargs) != 1) goto slow;
        out = PyDict_GetItemWithError(kwargs, str_out);
        if (out == NULL) {
            if (PyErr_Occurred()) return NULL;
            goto slow;
        }
    }
    for (int i = 0; i < n_in; i++) {
        PyObject *array = PyTuple_GET_ITEM(args, i);
        if (!acceptable(self, i, array, NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED))
            goto slow;
        pointers[i] = PyArray_DATA((PyArrayObject *)array);
        starts[i] = (char *)pointers[i];
        ends[i] = starts[i] + self->nbytes[i];
    }
    if (out == Py_None) {
        for (int k = 0; k < n_out; k++) {
            int i = n_in + k;
            Py_INCREF(self->descrs[i]);
            outputs[k] = PyArray_NewFromDescr(
                &PyArray_Type, self->descrs[i], self->ndims[i], self->shapes[i],
                NULL, NULL, 0, NULL);
            if (outputs[k] == NULL) {
                for (int j = 0; j < k; j++) Py_DECREF(outputs[j]);
                return NULL;
            }
            pointers[i] = PyArray_DATA((PyArrayObject *)outputs[k]);
        }
    } else {
        int is_array = PyArray_CheckExact(out);
        if (is_array) {
            if (n_out != 1) goto slow;
            outputs[0] = out;
        } else if (PyTuple_CheckExact(out) && PyTuple_GET_SIZE(out) == n_out) {
            for (int k = 0; k < n_out; k++) outputs[k] = PyTuple_GET_ITEM(out, k);
        } else if (PyList_CheckExact(out) && PyList_GET_SIZE(out) == n_out) {
            for (int k = 0; k < n_out; k++) outputs[k] = PyList_GET_ITEM(out, k);
        } else {
            goto slow;
        }
        for (int k = 0; k < n_out; k++) {
            int i = n_in + k;
            if (!acceptable(self, i, outputs[k],
                            NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED
                                | NPY_ARRAY_WRITEABLE))
                goto slow;
            char *start = PyArray_DATA((PyArrayObject *)outputs[k]);
            char *end = start + self->nbytes[i];
            for (int j = 0; j < i; j++)
                if (start < ends[j] && starts[j] < end) goto slow;
            pointers[i] = start;
            starts[i] = start;
            ends[i] = end;
        }
        /* a list can lose its arrays while the GIL is released */
        for (int k = 0; k < n_out; k++) Py_INCREF(outputs[k]);
    }
    int64_t values[ERROR_VALUES] = {0};
    int32_t status;
    if (self->release_gil) {
        Py_BEGIN_ALLOW_THREADS
        status = call_kernel(self->function, pointers, n_in + n_out, values);
        Py_END_ALLOW_THREADS
    } else {
        status = call_kernel(self->function, pointers, n_in + n_out, values);
    }
    if (status != 0) {
        for (int k = 0; k < n_out; k++) Py_DECREF(outputs[k]);
        return fail(op, status, values);
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
slow:
    return slow_call(op, args, kwargs);
}

static void
entry_clear(Entry *self)
{
    for (int i = 0; i < MAX_ARGS; i++) Py_CLEAR(self->descrs[i]);
    PyMem_Free(self->shape_storage);
    self->shape_storage = NULL;
    self->function = NULL;
}

static void
entry_dealloc(PyObject *op)
{
    entry_clear((Entry *)op);
    Py_TYPE(op)->tp_free(op);
}

/* _bind(address, n_inputs, dtypes, shapes, check_pointer, release_gil) */
static PyObject *
entry_bind(PyObject *op, PyObject *args)
{
    Entry *self = (Entry *)op;
    PyObject *address, *dtypes, *shapes, *checks;
    int n_inputs, release_gil;
    if (!PyArg_ParseTuple(args, "OiO!O!O!p", &address, &n_inputs, &PyList_Type,
                          &dtypes, &PyList_Type, &shapes, &PyList_Type, &checks,
                          &release_gil))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(dtypes);
    if (n > MAX_ARGS || PyList_GET_SIZE(shapes) != n || PyList_GET_SIZE(checks) != n
        || n_inputs < 0 || n_inputs > n) {
        PyErr_SetString(PyExc_ValueError, "_bind: inconsistent argument lists");
        return NULL;
    }
    void *function = PyLong_AsVoidPtr(address);
    if (function == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "_bind: null function address");
        return NULL;
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
            count *= storage[d];
        }
        self->shapes[i] = storage;
        self->ndims[i] = ndim;
        self->nbytes[i] = count * PyDataType_ELSIZE(descr);
        self->check_pointer[i] = (char)PyObject_IsTrue(PyList_GET_ITEM(checks, i));
        storage += ndim;
    }
    self->n_inputs = n_inputs;
    self->n_outputs = (int)n - n_inputs;
    self->release_gil = release_gil;
    self->function = function;
    Py_RETURN_NONE;
}

static PyMethodDef entry_methods[] = {
    {"_bind", entry_bind, METH_VARARGS, "Bind the kernel and its argument specs."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EntryType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "slice_fastcall.Entry",
    .tp_basicsize = sizeof(Entry),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "A kernel entry whose calls are checked and made in C.",
    .tp_new = PyType_GenericNew,
    .tp_dealloc = entry_dealloc,
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
