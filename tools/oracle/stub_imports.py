"""Stand-ins for the packages Megatron-LM imports but its argument checks never use.

Megatron-LM's parse_args / validate_args / TransformerConfig need torch only for dtypes,
a version string and a device-capability query; importing them, though, pulls in most of
megatron.core, which imports torch, numpy, einops, transformer_engine and more at module
level. `install(real=...)` puts a finder on sys.meta_path that serves any module not
installed (and not under megatron) as an inert stand-in: attributes are further
stand-ins, classes derive from them, and a call with one callable returns it (so
decorators leave functions intact). Where torch is missing, a small fake provides what the
checks read: dtypes, __version__, a Hopper-class device (compute capability 9.0) and no
gradient mode change. Where torch is installed (the lent GPU machine), the real one runs.
"""

import abc
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types


def _make_subclass(name, module, superclass=None, attributes=None):
    attrs = {"__module__": module, "__display_name__": module + "." + name}
    attrs.update(attributes or {})
    return type(name, (superclass or _Stub,), attrs)


class _StubMeta(abc.ABCMeta):
    def __getattr__(cls, key):
        if key.startswith("__") and key.endswith("__"):
            raise AttributeError(key)
        return _make_subclass(key, cls.__display_name__)()


class _Stub(metaclass=_StubMeta):
    """An object that absorbs any use; subclassing it yields a usable class."""

    __display_name__ = "_Stub"

    def __new__(cls, *args, **kwargs):
        if len(args) == 3 and isinstance(args[1], tuple):
            superclass = args[1][-1].__class__
            if superclass is cls:
                return _make_subclass(args[0], superclass.__display_name__, superclass, args[2])
        return super().__new__(cls)

    def __init__(self, *args, **kwargs):
        pass

    def __init_subclass__(cls, **kwargs):  # class keywords (pydantic's extra=...) are absorbed
        super().__init_subclass__()

    def __len__(self):
        return 0

    def __contains__(self, key):
        return False

    def __iter__(self):
        return iter([])

    def __bool__(self):
        return False

    def __mro_entries__(self, bases):
        return (self.__class__,)

    def __getitem__(self, key):
        return _make_subclass(str(key), self.__display_name__, self.__class__)()

    def __getattr__(self, key):
        if key.startswith("__") and key.endswith("__"):
            raise AttributeError(key)
        return _make_subclass(key, self.__display_name__, self.__class__)()

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and (callable(args[0]) or isinstance(args[0], type)):
            return args[0]
        return self.__class__()

    def __or__(self, other):
        return self

    __ror__ = __or__

    def __repr__(self):
        return self.__display_name__


class _StubModule(types.ModuleType):
    def __init__(self, name):
        super().__init__(name)
        self.__path__ = []
        self.__file__ = "<stub>"
        self.__all__ = []
        self.__version__ = "0.0.0"  # older than any version a check asks for

    def __getattr__(self, key):
        if key.startswith("__") and key.endswith("__"):
            raise AttributeError(key)
        return _make_subclass(key, self.__name__)()


class _Loader(importlib.abc.Loader):
    def create_module(self, spec):
        return _StubModule(spec.name)

    def exec_module(self, module):
        pass


class _Finder(importlib.abc.MetaPathFinder):
    def __init__(self, stubbed):
        self.stubbed = stubbed

    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in self.stubbed:
            return importlib.machinery.ModuleSpec(fullname, _Loader(), is_package=True)
        return None


class _DType:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "torch." + self.name


def _fake_torch():
    """The parts of torch the argument checks read, on a machine without torch."""
    torch = _StubModule("torch")
    torch.__version__ = "2.7.1"
    torch.dtype = _DType
    for name in ("float32", "float16", "bfloat16", "uint8", "int32", "int64", "float64", "float", "half", "bool"):
        setattr(torch, name, _DType(name))
    torch.is_grad_enabled = lambda: True
    torch.use_deterministic_algorithms = lambda *a, **k: None
    cuda = _StubModule("torch.cuda")
    cuda.is_available = lambda: True
    cuda.get_device_capability = lambda *a: (9, 0)
    cuda.get_device_properties = lambda *a: types.SimpleNamespace(major=9, minor=0, name="H100 (stand-in)")
    cuda.current_device = lambda: 0
    cuda.device_count = lambda: 1
    torch.cuda = cuda
    nn = _StubModule("torch.nn")
    functional = _StubModule("torch.nn.functional")

    def gelu(x):
        return x

    def silu(x):
        return x

    def relu(x):
        return x

    functional.gelu, functional.silu, functional.relu = gelu, silu, relu
    nn.functional = functional
    torch.nn = nn
    distributed = _StubModule("torch.distributed")
    distributed.is_initialized = lambda: False
    distributed.is_available = lambda: True
    torch.distributed = distributed
    utils = _StubModule("torch.utils")
    cpp_extension = _StubModule("torch.utils.cpp_extension")

    def load_inline(*args, **kwargs):
        raise ImportError("no compiler in the stand-in torch")

    cpp_extension.load_inline = load_inline
    utils.cpp_extension = cpp_extension
    torch.utils = utils
    for mod in (torch, cuda, nn, functional, distributed, utils, cpp_extension):
        sys.modules[mod.__name__] = mod
    return torch


# Optional accelerators Megatron imports inside try/except: absent here, as on a plain
# torch install, so Megatron takes its own fallback paths instead of a stand-in.
ABSENT = {"transformer_engine", "apex", "flash_attn", "flash_attn_2_cuda", "flash_attn_interface",
          "nvidia_resiliency_ext", "mamba_ssm", "causal_conv1d", "deep_ep", "flashinfer",
          "fla", "emerging_optimizers", "multistorageclient", "tensorstore", "zarr", "modelopt",
          "nvtx", "wandb", "one_logger_utils", "nv_one_logger", "transformers", "grouped_gemm",
          "megatron_fsdp", "hybrid_ep", "torch_memory_saver", "kitchen", "nvidia_kitchen"}


def install(keep=("megatron", "packaging")):
    """Serve every missing top-level package (but those in `keep`) as a stand-in."""
    real = set(keep)
    try:
        import torch  # noqa: F401  (the real one, where installed)
        real.add("torch")
    except ImportError:
        _fake_torch()

    class _Missing(set):
        def __contains__(self, top):
            if top in real or top in ABSENT or top in sys.builtin_module_names or top in sys.stdlib_module_names:
                return False
            if top in sys.modules:
                return isinstance(sys.modules[top], _StubModule)
            if top == "torch":
                return True
            # installed packages import for real; everything else is a stand-in
            sys.meta_path.remove(finder)
            try:
                found = importlib.util.find_spec(top) is not None
            except (ImportError, ValueError):
                found = False
            finally:
                sys.meta_path.insert(0, finder)
            return not found

    finder = _Finder(_Missing())
    sys.meta_path.insert(0, finder)
