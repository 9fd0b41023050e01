"""Measured training memory on a real GPU (issue 19, item 5): the device script, prepared before a device is lent.

The estimator's terms were read from the trainers' sources; this script checks them where they are
uncertain by training randomly initialised models built from the catalog's config shapes (nothing
from a model hub) for two steps and reading what the GPU held:

- the training loop: Hugging Face Trainer (frees the loss before the layer backward) against a
  hand-written loop that keeps the model output alive through backward (issue 19, mechanism 1);
- LoRA, QLoRA (bitsandbytes NF4) and full fine-tuning;
- eager against sdpa attention;
- gradient checkpointing on every layer, on a share of the layers, on none, and "selective" (only
  the attention core recomputed, Korthikanti et al. 2022).

Each case runs in its own child process so that one case's allocator cache and CUDA context never
colour the next; the child records `torch.cuda.max_memory_allocated`, `max_memory_reserved` and the
largest device memory NVML reports while it trains (what nvidia-smi shows, CUDA context included).
The parent stops starting cases once its time budget is spent and always writes what it has, so a
device lease that runs short still returns data.

Only torch, transformers, peft, PyYAML and (for QLoRA) bitsandbytes and nvidia-ml-py are imported:
the device machine holds those, not KaSuan's own dependencies. On a device session (see
/work/.library/device/README.md), with the bitsandbytes wheel carried in `.whl`:

    python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl; \\
    PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1 python3 -m benchmarks.gpu_probe --budget-s 420 --out $OUT/gpu_probe.yaml

The output lists each case with its settings in benchmarks/memory_validation.yaml's vocabulary and
the three figures, plus the hardware and library versions. `--device cpu --tiny` runs the same code
paths on a two-layer model on the CPU (no figures): that is what the test suite exercises.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

MODELS_YAML = Path(__file__).resolve().parent.parent / "catalogs" / "models.yaml"
GB = 1e9
TINY = {"name": "tiny-qwen3", "family": "qwen3", "layers": 2, "hidden": 64, "intermediate": 128, "heads": 4,
        "kv_heads": 2, "head_dim": 16, "vocab": 512, "tie_embeddings": False, "qk_norm": True}
CONFIG_CLASSES = {"qwen3": "Qwen3Config", "qwen2.5": "Qwen2Config", "qwen2": "Qwen2Config", "llama3": "LlamaConfig",
                  "llama": "LlamaConfig", "mistral": "MistralConfig"}


@dataclass(frozen=True)
class ProbeCase:
    """One training setup; the names follow benchmarks/memory_validation.yaml."""

    model: str  # catalogs/models.yaml id
    method: str  # full | lora | qlora
    loop: str  # trainer (HF Trainer) | manual (hand-written loop keeping the output through backward)
    attention: str  # eager | sdpa
    checkpointing: str  # full | none | selective (attention core only) | a share of layers such as "0.5"
    seq_len: int
    micro_batch: int = 1
    lora_rank: int = 16

    @property
    def id(self) -> str:
        return (f"h200-{self.model}-{self.method}-{self.loop}-{self.attention}-ckpt{self.checkpointing}"
                f"-seq{self.seq_len}-mb{self.micro_batch}")


def matrix() -> list[ProbeCase]:
    """The cases in the order they are worth running: the mechanisms issue 19 is least sure of come first."""
    cases = []
    for loop in ("trainer", "manual"):  # mechanism 1: when the loss buffers die
        cases += [ProbeCase("qwen3-8b", "lora", loop, "sdpa", "full", 4096),
                  ProbeCase("qwen2.5-1.5b", "full", loop, "sdpa", "full", 2048)]
    for ckpt in ("full", "none", "selective", "0.5"):  # mechanism 6: eager + checkpointing, selective
        cases.append(ProbeCase("qwen3-8b", "lora", "trainer", "eager", ckpt, 2048))
    cases += [ProbeCase("qwen3-8b", "lora", "trainer", "sdpa", "none", 1024, micro_batch=4),  # LoRA, no ckpt, mb 4
              ProbeCase("qwen3-8b", "lora", "trainer", "sdpa", "selective", 4096)]
    for model in ("qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-3b"):  # mechanism 6: small models under QLoRA
        cases.append(ProbeCase(model, "qlora", "trainer", "sdpa", "full", 2048))
    cases += [ProbeCase("qwen3-8b", "qlora", "trainer", "sdpa", "full", 4096),
              ProbeCase("qwen3-8b", "qlora", "manual", "sdpa", "full", 4096),
              ProbeCase("qwen2.5-0.5b", "full", "trainer", "eager", "none", 2048),
              ProbeCase("qwen2.5-0.5b", "full", "trainer", "eager", "full", 2048),
              ProbeCase("qwen3-8b", "lora", "manual", "eager", "full", 2048),
              ProbeCase("qwen2.5-7b", "lora", "trainer", "sdpa", "full", 8192),
              ProbeCase("qwen3-14b", "qlora", "trainer", "sdpa", "full", 2048),  # the seeds' 14B QLoRA row
              ProbeCase("qwen3-8b", "lora", "trainer", "sdpa", "full", 2048)]  # the seeds' 7B/8B LoRA row
    return cases


def architecture(model_id: str, tiny: bool) -> dict[str, Any]:
    if tiny:
        return dict(TINY)
    for entry in yaml.safe_load(MODELS_YAML.read_text(encoding="utf-8"))["models"]:
        if entry["id"] == model_id:
            return entry
    raise SystemExit(f"{model_id} is not in {MODELS_YAML}")


def hf_config(arch: dict[str, Any], attention: str) -> Any:
    """A transformers config with the catalog's shapes (an unknown family is built Llama-shaped and says so)."""
    import transformers

    cls = getattr(transformers, CONFIG_CLASSES.get(str(arch.get("family", "")).lower(), "LlamaConfig"))
    return cls(num_hidden_layers=arch["layers"], hidden_size=arch["hidden"], intermediate_size=arch["intermediate"],
               num_attention_heads=arch["heads"], num_key_value_heads=arch["kv_heads"], head_dim=arch["head_dim"],
               vocab_size=arch["vocab"], tie_word_embeddings=bool(arch.get("tie_embeddings")),
               max_position_embeddings=32768, use_cache=False, attn_implementation=attention)


def register_recomputed_attention() -> None:
    """Selective checkpointing as Megatron and torchtitan do it: only the attention core is recomputed in backward."""
    import torch.utils.checkpoint
    from transformers import AttentionInterface
    from transformers.integrations.sdpa_attention import sdpa_attention_forward

    def eager_core(module: Any, *args: Any, **kwargs: Any) -> Any:
        return sys.modules[type(module).__module__].eager_attention_forward(module, *args, **kwargs)

    for name, core in (("sdpa_recompute", sdpa_attention_forward), ("eager_recompute", eager_core)):
        def recomputed(module: Any, *args: Any, _core: Any = core, **kwargs: Any) -> Any:
            return torch.utils.checkpoint.checkpoint(_core, module, *args, use_reentrant=False, **kwargs)
        AttentionInterface.register(name, recomputed)


def set_checkpointing(model: Any, mode: str) -> list[bool]:
    """Checkpoint every layer, none, or the first share of them; returns which layers are checkpointed."""
    layers = model.get_decoder().layers if hasattr(model, "get_decoder") else model.model.layers
    if mode in ("none", "selective"):
        return [False] * len(layers)
    model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    share = 1.0 if mode == "full" else float(mode)
    keep = round(share * len(layers))
    for n, layer in enumerate(layers):
        layer.gradient_checkpointing = n < keep
    return [bool(layer.gradient_checkpointing) for layer in layers]


def build_model(case: ProbeCase, arch: dict[str, Any], device: str) -> Any:
    import torch
    from transformers import AutoModelForCausalLM

    attention = f"{case.attention}_recompute" if case.checkpointing == "selective" else case.attention
    if case.checkpointing == "selective":
        register_recomputed_attention()
    config = hf_config(arch, attention)
    if case.method == "qlora":
        return quantized_model(config, device)
    dtype = torch.float32 if case.method == "full" else torch.bfloat16  # full: fp32 weights, bf16 autocast
    with torch.device(device):
        return AutoModelForCausalLM.from_config(config, dtype=dtype)


def quantized_model(config: Any, device: str) -> Any:
    """NF4 with double quantization, bf16 compute (QLoRA's setting), loaded through transformers' real path.

    The random bf16 weights are drawn on the target device (seconds on a GPU, minutes for 8B on a CPU),
    saved to a RAM-backed folder where it has room, and freed (the allocator's cache emptied) before
    the quantized load, so the measured peaks hold nothing of the bf16 copy. bitsandbytes decides
    whether the device has 4-bit kernels: a machine without it gets its import error, not a fake.
    """
    import gc
    import tempfile

    import torch
    from transformers import AutoModelForCausalLM, BitsAndBytesConfig

    quant = BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type="nf4", bnb_4bit_use_double_quant=True,
                               bnb_4bit_compute_dtype=torch.bfloat16)
    with tempfile.TemporaryDirectory(dir=scratch_folder(bf16_bytes(config))) as folder:
        with torch.device(device):
            AutoModelForCausalLM.from_config(config, dtype=torch.bfloat16).save_pretrained(folder)
        gc.collect()
        if device == "cuda":
            torch.cuda.empty_cache()
        return AutoModelForCausalLM.from_pretrained(folder, quantization_config=quant, dtype=torch.bfloat16,
                                                    device_map={"": 0 if device == "cuda" else "cpu"})


def bf16_bytes(config: Any) -> int:
    """The bf16 checkpoint's size from the config's shapes (embeddings, layers, head), for choosing a folder."""
    hidden, layers, vocab = config.hidden_size, config.num_hidden_layers, config.vocab_size
    head_dim = getattr(config, "head_dim", None) or hidden // config.num_attention_heads
    attention = hidden * head_dim * (2 * config.num_attention_heads + 2 * config.num_key_value_heads)
    per_layer = attention + 3 * hidden * config.intermediate_size
    heads = 1 if config.tie_word_embeddings else 2
    return 2 * (layers * per_layer + heads * vocab * hidden)


def scratch_folder(needed_bytes: int) -> str | None:
    """/dev/shm when it holds the checkpoint twice over (a RAM write instead of a disk one), else the default."""
    import shutil

    shm = Path("/dev/shm")
    if shm.is_dir() and shutil.disk_usage(shm).free > 2 * needed_bytes:
        return str(shm)
    return None


def with_adapter(model: Any, case: ProbeCase) -> Any:
    if case.method == "full":
        return model
    from peft import LoraConfig, get_peft_model, prepare_model_for_kbit_training

    if case.method == "qlora":
        model = prepare_model_for_kbit_training(model, use_gradient_checkpointing=False)
    lora = LoraConfig(r=case.lora_rank, lora_alpha=2 * case.lora_rank, lora_dropout=0.0, task_type="CAUSAL_LM",
                      target_modules="all-linear")
    return get_peft_model(model, lora)


def nvml_handle() -> Any:
    """NVML's handle on GPU 0, or None where NVML is absent (then nvidia-smi's figure is not measured)."""
    try:
        import pynvml
        pynvml.nvmlInit()
        return pynvml.nvmlDeviceGetHandleByIndex(0)
    except Exception:  # no NVML, no GPU: the figure is reported as not measured
        return None


def device_used_bytes(handle: Any) -> int | None:
    if handle is None:
        return None
    import pynvml
    return int(pynvml.nvmlDeviceGetMemoryInfo(handle).used)


class PeakDeviceMemory:
    """The most device memory NVML reports while training runs (nvidia-smi's figure), sampled every 5 ms."""

    def __init__(self, handle: Any) -> None:
        self.peak_bytes: int | None = None
        self._handle = handle
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.is_set():
            self.peak_bytes = max(self.peak_bytes or 0, device_used_bytes(self._handle) or 0)
            time.sleep(0.005)

    def __enter__(self) -> PeakDeviceMemory:
        if self._handle is not None:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._handle is not None:
            self._thread.join()


def batches(case: ProbeCase, vocab: int, device: str, steps: int) -> list[dict[str, Any]]:
    import torch

    generator = torch.Generator().manual_seed(0)
    out = []
    for _ in range(steps):
        ids = torch.randint(0, vocab, (case.micro_batch, case.seq_len), generator=generator).to(device)
        out.append({"input_ids": ids, "labels": ids.clone()})
    return out


def train_manual(model: Any, data: list[dict[str, Any]], device: str) -> list[float]:
    """A hand-written loop: the output (with its fp32 logits) stays referenced until after backward."""
    import torch

    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=1e-4)
    losses = []
    model.train()
    for batch in data:
        with torch.autocast(device_type=device, dtype=torch.bfloat16):
            output = model(**batch)
        output.loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        losses.append(float(output.loss.detach()))
    return losses


def train_with_trainer(model: Any, data: list[dict[str, Any]], device: str, workdir: str) -> list[float]:
    """The Hugging Face Trainer over the same batches (one row per sample, the micro-batch as its batch size)."""
    from transformers import Trainer, TrainingArguments

    micro_batch = int(data[0]["input_ids"].shape[0])
    rows = [{key: value[i].cpu() for key, value in batch.items()} for batch in data for i in range(micro_batch)]
    args = TrainingArguments(output_dir=workdir, max_steps=len(data), per_device_train_batch_size=micro_batch,
                             bf16=device == "cuda", use_cpu=device != "cuda", optim="adamw_torch",
                             learning_rate=1e-4, report_to="none", save_strategy="no", logging_steps=1,
                             dataloader_num_workers=0, remove_unused_columns=False, disable_tqdm=True)
    trainer = Trainer(model=model, args=args, train_dataset=rows)
    trainer.train()
    return [float(entry["loss"]) for entry in trainer.state.log_history if "loss" in entry]


def run_case(case: ProbeCase, device: str, tiny: bool = False, steps: int = 2) -> dict[str, Any]:
    """Build, train `steps` steps and read the peaks; the trainable weights must have moved (it really trained)."""
    import tempfile

    import torch

    started = time.monotonic()
    handle = nvml_handle() if device == "cuda" else None
    before = device_used_bytes(handle)  # before this process holds a CUDA context: what others hold
    arch = architecture(case.model, tiny)
    model = with_adapter(build_model(case, arch, device), case)
    checkpointed = set_checkpointing(model, case.checkpointing)
    # The copies that prove training moved the weights live on the host: on the GPU they would be measured.
    trainable = {n: p.detach().float().cpu().clone() for n, p in model.named_parameters() if p.requires_grad}
    data = batches(case, int(arch["vocab"]), device, steps)
    loaded_bytes = 0
    if device == "cuda":
        torch.cuda.synchronize()
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
        loaded_bytes = torch.cuda.memory_allocated()  # the weights (and adapters) before the first step
    with PeakDeviceMemory(handle) as nvml, tempfile.TemporaryDirectory() as workdir:
        losses = (train_manual(model, data, device) if case.loop == "manual"
                  else train_with_trainer(model, data, device, workdir))
    moved = sum(not torch.equal(trainable[n], p.detach().float().cpu()) for n, p in model.named_parameters()
                if p.requires_grad)
    result: dict[str, Any] = {"id": case.id, "case": asdict(case), "losses": losses,
                              "checkpointed_layers": sum(checkpointed), "layers": len(checkpointed),
                              "trainable_tensors": len(trainable), "trainable_tensors_moved": int(moved),
                              "trainable_params": sum(int(t.numel()) for t in trainable.values()),
                              "four_bit_linears": sum(type(m).__name__ == "Linear4bit" and type(m).__module__.startswith("bitsandbytes")
                                                     for m in model.modules())}
    if device == "cuda":
        result.update(loaded_gb=round(loaded_bytes / GB, 3),
                      allocated_gb=round(torch.cuda.max_memory_allocated() / GB, 3),
                      reserved_gb=round(torch.cuda.max_memory_reserved() / GB, 3),
                      nvidia_smi_gb=None if nvml.peak_bytes is None or before is None
                      else round((nvml.peak_bytes - before) / GB, 3))
    result["seconds"] = round(time.monotonic() - started, 1)
    return result


def environment() -> dict[str, Any]:
    import torch
    import transformers

    env: dict[str, Any] = {"torch": str(torch.__version__), "transformers": str(transformers.__version__),
                           "python": sys.version.split()[0], "date": time.strftime("%Y-%m-%d", time.gmtime())}
    for name in ("peft", "bitsandbytes"):
        try:
            env[name] = str(__import__(name).__version__)
        except Exception as exc:  # recorded, not fatal: only the cases needing it fail
            env[name] = f"missing ({type(exc).__name__})"
    handle = nvml_handle()  # NVML, not torch.cuda: the parent must hold no CUDA context while children measure
    if handle is not None:
        import pynvml
        env["gpu"] = str(pynvml.nvmlDeviceGetName(handle))
        env["driver"] = str(pynvml.nvmlSystemGetDriverVersion())
    env["cuda"] = torch.version.cuda
    return env


def run_child(case: ProbeCase, device: str, timeout_s: float, tiny: bool) -> dict[str, Any]:
    """One case in a fresh process: its own CUDA context and allocator, so no case inherits another's cache."""
    command = [sys.executable, "-m", "benchmarks.gpu_probe", "--one", json.dumps(asdict(case)), "--device", device,
               *(["--tiny"] if tiny else [])]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, check=False)
    except subprocess.TimeoutExpired:
        return {"id": case.id, "case": asdict(case), "error": f"timed out after {timeout_s:.0f} s"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode == 0 and lines:
        return dict(json.loads(lines[-1]))
    tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
    return {"id": case.id, "case": asdict(case), "error": " | ".join(tail) or f"exit {done.returncode}"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    parser.add_argument("--budget-s", type=float, default=420.0, help="stop starting cases after this long")
    parser.add_argument("--case-timeout-s", type=float, default=150.0)
    parser.add_argument("--out", type=Path, default=Path("gpu_probe.yaml"))
    parser.add_argument("--only", nargs="*", help="case ids to run (default: the whole matrix, in order)")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # a child: one case as JSON, result as one JSON line
    parser.add_argument("--tiny", action="store_true", help="a two-layer model (checks the code paths, no figures)")
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(run_case(ProbeCase(**json.loads(args.one)), args.device, tiny=args.tiny)))
        return 0
    started = time.monotonic()
    env = environment()
    results: list[dict[str, Any]] = []
    for case in matrix():
        if args.only and case.id not in args.only:
            continue
        left = args.budget_s - (time.monotonic() - started)
        if left < 20:
            results.append({"id": case.id, "case": asdict(case), "error": "not run: time budget spent"})
            continue
        results.append(run_child(case, args.device, min(args.case_timeout_s, left), args.tiny))
        print(f"{time.monotonic() - started:6.0f} s  {results[-1]['id']}: "
              f"{results[-1].get('error') or results[-1].get('allocated_gb')}", flush=True)
        args.out.write_text(yaml.safe_dump({"environment": env, "results": results}, sort_keys=False,
                                           allow_unicode=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
