"""A sized plan -> the files that start the job: LLaMA-Factory YAML, DeepSpeed JSON, accelerate
FSDP config and the launch command.

One source of truth: every number written (card count, ZeRO stage, offload, sequence length,
micro-batch, gradient accumulation, LoRA rank and targets, quantization, precision, gradient
checkpointing, attention kernel, DeepSpeed bucket sizes) is read from the `Sizing` the engine
produced, and each file opens with a short header (model, card, count, predicted memory per card,
cost) so it explains itself when shared. Values the sizing does not decide (learning rate,
epochs, dataset) are the tools' common defaults and the header says so.

Pure: no files are written here; `export_files` returns {file name: content}.
"""

from __future__ import annotations

import json
import re
import shlex
import unicodedata
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

import yaml

from engine.architecture import LORA_TARGETS
from engine.breakdown import CARDS_PER_NODE
from engine.cost import CostOption, CostReport, compare
from engine.errors import KasuanError
from engine.export_data import DEMO, dataset_files, dataset_note
from engine.export_rules import CHANGED_LINES, NO_BF16_CARD, accepted, refused, trainer_precision_flags
from engine.fit import Fit, Planner, ladder, stage_states_fit, with_settings_said
from engine.memory import ZERO3_LIVE_PARAMS, ZERO12_BUCKET_ELEMENTS, MemoryEstimate
from engine.money import Money
from engine.resolve import Resolved
from engine.sizing import Sizing

FORMATS = ("llamafactory", "deepspeed", "accelerate", "torchrun")

# LLaMA-Factory chat template per catalog family (names from LLaMA-Factory's template registry).
TEMPLATES = {
    "qwen3": "qwen3", "qwen3-moe": "qwen3", "qwen2.5": "qwen", "llama3": "llama3", "llama2": "llama2",
    "deepseek-distill": "deepseekr1", "deepseek": "deepseek", "deepseek-v3": "deepseek3",
    "chatglm": "chatglm3", "glm4": "glm4", "mistral": "mistral", "gemma2": "gemma2",
    "deepseek-v2": "deepseek", "gemma3": "gemma3", "internlm2": "intern2", "mixtral": "mistral", "phi3": "phi",
    "phi4": "phi4", "qwen2.5-vl": "qwen2_vl", "yi": "yi",
    # a model sized from its config.json carries the Hugging Face model_type as its family
    "qwen2": "qwen", "qwen2_moe": "qwen", "qwen3_moe": "qwen3",
}
STAGES = {"full": "sft", "lora": "sft", "qlora": "sft", "pretrain": "pt"}
# preference objectives -> LLaMA-Factory stage and DPO-family loss (pref_loss); PPO needs a reward model
OBJECTIVE_STAGES = {"dpo": ("dpo", "sigmoid"), "orpo": ("dpo", "orpo"), "simpo": ("dpo", "simpo"),
                    "kto": ("kto", None), "rm": ("rm", None), "ppo": ("ppo", None)}
FINETUNING = {"full": "full", "lora": "lora", "qlora": "lora", "pretrain": "full"}
ATTENTION = {"flash": "fa2", "sdpa": "sdpa", "eager": "disabled"}
# Defaults the sizing does not decide: the values LLaMA-Factory's own examples use.
LEARNING_RATE = {"full": 1.0e-5, "pretrain": 1.0e-5, "lora": 1.0e-4, "qlora": 1.0e-4}
EPOCHS = 3.0
LOGGING_STEPS = 10
SAVE_STEPS = 500
SAVE_TOTAL_LIMIT = 3  # the checkpoint advice (bot/views/checkpoint.KEEP): its disk figure is for 3 saves
# Hub owners whose checkpoints are gated behind a licence click (Llama, Gemma): a download without an
# accepted licence and a token stops with 401/403 after the job has started.
GATED_OWNERS = ("meta-llama", "google")
MASTER_PORT = 29500
DS_FILE = "ds_config.json"
PRECISIONS = ("bf16", "fp16", "no")  # accelerate's mixed_precision values a config can be asked for
SHARDING = {3: "FULL_SHARD", 2: "SHARD_GRAD_OP", 1: "SHARD_GRAD_OP", 0: "NO_SHARD"}  # ZeRO stage -> FSDP


@dataclass(frozen=True)
class ExportPlan:
    """The setup the files are written for: the sizing, the card and its estimate, the cost pick.

    `basis` says which setup that is: as_stated (the named card holds it), alternative (the named
    card at the fewest count that holds it), recommended (no card named: the best fitting one, or
    the cheapest priced option), does_not_fit (nothing holds it; exported as stated).
    """

    sizing: Sizing
    fit: Fit | None
    estimate: MemoryEstimate
    cost: CostOption | None
    basis: str
    priced: bool = False  # a cost comparison was run (so no `cost` means no provider rents this setup)
    model_path: str | None = None  # a local checkpoint (sized from its config.json) instead of a hub id
    fsdp: bool = False  # FSDP was asked for: accelerate + FSDP is the main plan, DeepSpeed the other
    mixed_precision: str | None = None  # "bf16", "fp16" or "no", when asked: every file trains at it
    deepspeed_asked: bool = False  # the message asked for the DeepSpeed JSON by name: written even without ZeRO
    stated: frozenset[str] = frozenset()  # the request's fields the user set ("micro_batch", "attention"): written as given
    changed: str | None = None  # a combination LLaMA-Factory refuses, exported as it accepts (engine.export_rules)

    @property
    def deepspeed(self) -> bool:
        """The job runs under DeepSpeed: a ZeRO stage, or the JSON asked for by name (at stage 0 on a
        plan that shards nothing, so the file the user asked for is the one the run reads)."""
        return self.estimate.plan.zero > 0 or self.deepspeed_asked

    @property
    def stage(self) -> str:
        """LLaMA-Factory's training stage: the objective's when it has one, else the method's."""
        found = OBJECTIVE_STAGES.get(self.resolved.request.objective or "sft")
        return found[0] if found is not None and self.resolved.method != "pretrain" else STAGES[self.resolved.method]

    @property
    def resolved(self) -> Resolved:
        return self.sizing.resolved

    @property
    def num_gpus(self) -> int:
        return self.estimate.plan.num_gpus

    @property
    def nodes(self) -> int:
        return self.estimate.plan.nodes

    @property
    def per_node(self) -> int:
        return min(self.num_gpus, CARDS_PER_NODE)


def plan_for(s: Sizing, report: CostReport | None = None, model_path: str | None = None,
             fsdp: bool = False, mixed_precision: str | None = None, deepspeed: bool = False,
             stated: frozenset[str] = frozenset()) -> ExportPlan:
    """Which setup to export for `s` (and the cost option that prices it, when `report` is given);
    `model_path` names a local checkpoint to train instead of the catalog's hub id; `fsdp` makes
    accelerate + FSDP the main plan; `mixed_precision` is the precision asked ("bf16", "fp16", "no")."""
    fit, basis = _pick(s, report)
    if (changed := refused(s, fit, mixed_precision)) is not None:  # engine.export_rules: as the tools accept it
        s, report = accepted(s, report) if s.resolved.request.precision == "bf16" else (s, report)
        asked = "fp16" if changed == NO_BF16_CARD else mixed_precision
        return replace(plan_for(s, report, model_path, fsdp, asked, deepspeed, stated), changed=changed)
    estimate = fit.estimate if fit is not None else s.estimate
    cost = _price(s, report, fit) if report is not None and fit is not None else None
    fsdp = fsdp or s.resolved.request.sharding == "fsdp"  # asked for in the request itself, e.g. by a button
    return ExportPlan(s, fit, estimate, cost, basis, priced=report is not None, model_path=model_path, fsdp=fsdp,
                      mixed_precision=mixed_precision if mixed_precision in PRECISIONS else None, deepspeed_asked=deepspeed,
                      stated=stated)


def _pick(s: Sizing, report: CostReport | None) -> tuple[Fit | None, str]:
    """The fit to export. A stated card count that does not fit as stated is kept when another plan
    (a ZeRO stage, offload) holds it there: 16 cards asked for stay 16 cards on two nodes, priced as
    the cost reply prices them; only when no plan fits at that count is the fewest that fits taken."""
    r = s.resolved
    if s.fit is not None and s.fit.fits:
        return s.fit, "as_stated"
    if s.fit is not None and (s.fit.may_fit or _seed_edge(s)):
        # only the high end misses (or it is seed 000's own minimum, at the edge): the setup the user
        # named, with every option they stated (a ZeRO-2, an 8-bit optimizer), is what they get, and
        # the reply says it is tight; a replan would silently drop what they asked for
        return s.fit, "tight"
    if s.fit is not None and stage_states_fit(s.fit, r.request):
        return s.fit, "stage_kept"  # "zero-2 json, 7b full on two A100": the stage said is the one the trainer runs
    if s.fit is not None and r.num_gpus_stated:
        count = s.fit.num_gpus
        priced = [o.fit for o in (report.options if report else ()) if o.gpu.id == s.fit.gpu.id and o.num_gpus == count]
        at_count = priced[0] if priced else Planner(r, s.memo).first_fit(s.fit.gpu, ladder(r, count))
        if at_count.fits:
            return at_count, "replanned"
    if s.fit is not None and s.alternative is not None:
        return s.alternative, "alternative"
    if s.fit is not None:
        return s.fit, "does_not_fit"
    found = report.cheapest.fit if report is not None and report.cheapest is not None else next(
        (f for f in s.recommendations if f.fits), None)
    if found is None:
        return None, "does_not_fit"
    kept = with_settings_said(Planner(s.resolved, s.memo), found)
    return kept, "recommended" if kept.fits or kept is found else "stage_kept"


def _seed_edge(s: Sizing) -> bool:
    """The named setup is seed 000's minimum for the class and our expected figure is within the
    seed's allowance for activations (engine.seed_minimums): borderline, not out."""
    return any(w.code == "seed_minimum" and w.params.get("edge") for w in s.warnings)


def _price(s: Sizing, report: CostReport, fit: Fit) -> CostOption | None:
    """The cheapest rental of exactly the exported setup (card, count, plan). The report prices the
    request as stated; when the export moved to another count (the fewest cards that hold it) the
    report has no option there, so that setup is priced on its own — the same request the cost reply
    would price for it, hence one price for one setup, whichever way the export was reached."""
    plan = fit.estimate.plan
    same = [o for o in report.options if o.gpu.id == fit.gpu.id and o.num_gpus == plan.num_gpus]
    exact = [o for o in same if o.fit.estimate.plan == plan]
    if exact or same:
        return (exact or same)[0]
    q = report.request
    update = {"gpu": fit.gpu.id, "num_gpus": plan.num_gpus, "zero": plan.zero, "offload": plan.offload}
    spec = s.resolved.spec if q.model is None and q.params_b is None else None
    try:
        again = compare(q.model_copy(update=update), spec)
    except KasuanError:
        return None
    return next((o for o in again.options if o.gpu.id == fit.gpu.id and o.fit.estimate.plan == plan), None)


# ---------------------------------------------------------------- the header


def hf_id(r: Resolved) -> str | None:
    """The Hugging Face repository of the catalog model: its first alias written owner/name."""
    if any(a.code == "architecture_from" for a in r.assumptions):
        return None  # a bare size: there is no checkpoint to name
    return next((a for a in r.spec.aliases if "/" in a), None)


def money(amount: Decimal, currency: str) -> str:
    return f"{Money(amount, currency).rounded().amount:,} {currency}"


def cost_line(o: CostOption) -> str:
    q = o.quote
    total = money(q.total_min, q.currency) if q.total_min == q.total_max else (
        f"{money(q.total_min, q.currency)} – {money(q.total_max, q.currency)}")
    cycles = ", ".join(f"{c.count} × {c.kind}" for c in q.cycles)
    hours = f", training about {o.hours:.1f} h" if o.hours is not None else ""
    return f"{o.provider.name}: {o.num_gpus} × {o.gpu.name}, {cycles}, total {total}{hours}"


def gated(p: ExportPlan) -> str | None:
    """The hub repository when it sits behind a licence click (a local checkpoint is already here)."""
    repo = None if p.model_path else hf_id(p.resolved)
    return repo if repo is not None and repo.split("/")[0] in GATED_OWNERS else None


def setup_line(p: ExportPlan) -> str:
    plan = p.estimate.plan
    if plan.num_gpus == 1 and plan.zero == 0:
        how = "single card" + (", under DeepSpeed without ZeRO (stage 0, as asked)" if p.deepspeed else "")
    elif p.fsdp:
        how = f"FSDP {SHARDING[plan.zero]} (accelerate launch; DeepSpeed ZeRO-{plan.zero} files as the other way)"
    else:
        how = f"DeepSpeed ZeRO-{plan.zero}" if plan.zero else (
            "data parallel under DeepSpeed (ZeRO stage 0, as asked)" if p.deepspeed else "data parallel (DDP)")
    offload = {"none": "", "optimizer": ", optimizer offloaded to CPU", "all": ", optimizer and parameters offloaded to CPU"}
    moved = offload[plan.offload]
    if p.fsdp and plan.offload != "none":  # FSDP's CPU offload takes parameters, gradients and optimizer together
        moved += " (FSDP: parameters, gradients and optimizer, it has no optimizer-only offload)"
    card = p.fit.gpu.name if p.fit is not None else "no card named"
    return f"{plan.num_gpus} × {card} ({p.nodes} node{'s' if p.nodes > 1 else ''}), {how}{moved}"


def header(p: ExportPlan, what: str) -> list[str]:
    """The self-explaining lines every file starts with (as comments, or a JSON list)."""
    r = p.resolved
    q = r.request
    method = r.method + (f" r={q.lora_rank} on {','.join(q.lora_targets or ())}" if r.adapter else "")
    if p.stage not in ("sft", "pt"):
        method += f", objective {q.objective}"
    memory = f"{p.estimate.total_gb:.1f} GB per card"
    if p.fit is not None:
        memory += f" of {p.fit.gpu.memory_gb:g} GB ({'fits' if p.fit.fits else 'may fit' if p.fit.may_fit else 'does NOT fit'}"
        memory += (f"{', tight' if p.fit.tight else ''}, {p.fit.headroom_gb:+.1f} GB headroom)" if p.fit.fits
                   else f", high end short {-p.fit.headroom_gb:.1f} GB)")
        if p.basis == "tight" and not p.fit.may_fit:
            memory += (f"; seed 000 gives this as the minimum setup ({p.estimate.model_states_gb:.1f} GB of model states"
                       " per card, activations on top): at the edge, so shorten the sequence if it runs out of memory")
    if p.estimate.host_gb:
        memory += f"; host memory for offload {p.estimate.host_gb:.0f} GB per node"
    lines = [
        f"KaSuan (卡算) export: {what}",
        f"model: {r.spec.name} ({p.model_path or q.hub_id or hf_id(r) or 'bare size: set model_name_or_path'})",
        f"method: {method}, seq {q.seq_len}, micro-batch {q.micro_batch}, grad-accum {q.grad_accum}",
        f"setup: {setup_line(p)} [{p.basis.replace('_', ' ')}]",
        f"memory (predicted): {memory}",
        *([CHANGED_LINES[p.changed]] if p.changed else []),
        f"cost: {cost_line(p.cost)}" if p.cost is not None else (
            "cost: no catalog provider rents this setup" if p.priced else "cost: not priced (see kasuan cost)"),
        f"defaults to change: learning rate {q.learning_rate or LEARNING_RATE[r.method]:g}"
        + ("" if q.epochs is not None else f", {EPOCHS:g} epochs")
        + dataset_note(p.stage, q.seq_len or 0, q.packing, q.dataset),
    ]
    repo = gated(p)
    if repo is not None:
        lines.append(f"licence: {repo} is gated: accept its licence at https://huggingface.co/{repo}, then "
                     "`huggingface-cli login` (or export HF_TOKEN=...) on every node before launching")
    if p.stage == "ppo":
        lines.append("ppo: set reward_model to your trained reward model (stage rm) before launching")
    objective = q.objective or "sft"
    if objective != "sft" and objective not in OBJECTIVE_STAGES:
        lines.append(f"objective {objective}: LLaMA-Factory has no such stage, so this file trains {p.stage};"
                     f" run {objective} with TRL (memory above is sized for {objective})")
    return lines


def one_line(text: str) -> str:
    """`text` as one safe comment line: every control, format or separator character (newline, CR,
    NEL, U+2028/U+2029, escapes, bidi overrides) becomes a space, because a name read from a
    downloaded config.json must not end a `#` comment in a shell script or a YAML file."""
    return "".join(" " if unicodedata.category(ch)[0] in "CZ" and ch != " " else ch for ch in text)


def comment_lines(p: ExportPlan, what: str) -> str:
    return "".join(f"# {one_line(line)}\n" for line in header(p, what))


def commented(p: ExportPlan, what: str, body: str) -> str:
    return comment_lines(p, what) + "\n" + body


# ---------------------------------------------------------------- LLaMA-Factory


def lora_target(r: Resolved) -> str:
    targets = tuple(r.request.lora_targets or LORA_TARGETS)
    if set(targets) == set(LORA_TARGETS):
        return "all"
    if r.spec.fused_qkv:  # GLM names its fused projections differently
        names = {"q": "query_key_value", "k": "query_key_value", "v": "query_key_value", "o": "dense",
                 "gate": "dense_h_to_4h", "up": "dense_h_to_4h", "down": "dense_4h_to_h"}
        return ",".join(dict.fromkeys(names[t] for t in targets))
    return ",".join(f"{t}_proj" for t in targets)


def slug(text: str) -> str:
    """A folder name every file system and shell takes as it is: letters, digits, `.`, `_`, `-`
    (a config.json's name can hold a colon, a slash, a newline or `..`)."""
    parts = re.sub(r"[^A-Za-z0-9._-]+", "-", text.removeprefix("config:")).strip("-.")
    return parts[:80] or "model"


def llamafactory_args(p: ExportPlan, deepspeed: bool = True) -> dict[str, Any]:
    """The LLaMA-Factory training arguments for the plan (keys as `llamafactory-cli train` reads them)."""
    r = p.resolved
    q = r.request
    stage = p.stage
    args: dict[str, Any] = {
        "model_name_or_path": p.model_path or q.hub_id or hf_id(r) or "path/to/your/model",
        "trust_remote_code": True,
        "stage": stage,
        "do_train": True,
        "finetuning_type": FINETUNING[r.method],
    }
    if r.adapter:
        args |= {"lora_rank": q.lora_rank, "lora_alpha": 2 * (q.lora_rank or 8), "lora_dropout": 0.0,
                 "lora_target": lora_target(r)}
    if r.method == "qlora":
        # LLaMA-Factory names bitsandbytes "bnb" (QuantizationMethod.BNB); any other value silently
        # builds no 4-bit config and the model trains unquantized
        args |= {"quantization_bit": 4, "quantization_method": "bnb", "quantization_type": "nf4",
                 "double_quantization": bool(q.double_quant)}
    found = OBJECTIVE_STAGES.get(q.objective or "sft")
    if found is not None and found[1] is not None and stage == "dpo":
        args |= {"pref_beta": 0.1, "pref_loss": found[1]}
    if stage == "ppo":
        # LLaMA-Factory refuses its default LoRA reward model under a full PPO ("`reward_model_type` cannot be lora")
        args |= {"reward_model": "path/to/your/reward_model", "reward_model_type": "lora" if r.adapter else "full"}
    if deepspeed and p.deepspeed:
        args["deepspeed"] = DS_FILE
    args |= {
        "dataset_dir": ".",  # dataset_info.json and the demo file sit beside this file (the scripts cd here)
        "dataset": q.dataset or DEMO[stage].name,
        "template": TEMPLATES.get(r.spec.family, "default"),
        "cutoff_len": q.seq_len,
        **({"packing": bool(q.packing)} if q.packing is not None else {}),
        "overwrite_cache": True,
        "preprocessing_num_workers": 16,
        "output_dir": f"saves/{slug(r.spec.id)}/{r.method}",
        "logging_steps": LOGGING_STEPS,
        "save_steps": q.save_steps or SAVE_STEPS,
        "save_total_limit": SAVE_TOTAL_LIMIT,
        "plot_loss": True,
        "overwrite_output_dir": True,
        "report_to": "none",
        "per_device_train_batch_size": q.micro_batch,
        "gradient_accumulation_steps": q.grad_accum,
        "learning_rate": q.learning_rate or LEARNING_RATE[r.method],
        "num_train_epochs": float(q.epochs) if q.epochs is not None else EPOCHS,
        "lr_scheduler_type": "cosine",
        "warmup_ratio": 0.1,
        **trainer_precision_flags(p),
        "flash_attn": ATTENTION[q.attention or "flash"],
        "disable_gradient_checkpointing": not q.grad_checkpointing,
        "optim": "adamw_bnb_8bit" if q.optimizer == "adamw-8bit" else "adamw_torch",
        "ddp_timeout": 180000000,
    }
    return args


def llamafactory_yaml(p: ExportPlan, deepspeed: bool = True) -> str:
    body = yaml.safe_dump(llamafactory_args(p, deepspeed), sort_keys=False, allow_unicode=True)
    what = "LLaMA-Factory training config (llamafactory-cli train THIS_FILE)"
    return commented(p, what + ("" if deepspeed else ", for accelerate + FSDP"), body)


# ---------------------------------------------------------------- DeepSpeed


def deepspeed_config(p: ExportPlan) -> dict[str, Any]:
    """DeepSpeed JSON for the plan's ZeRO stage and offload; "auto" where the HF trainer fills it
    from the training arguments (batch sizes, clipping, precision, stage-3 bucket sizes)."""
    plan = p.estimate.plan
    q = p.resolved.request
    # a batch the user set is written as set (the trainer's own arguments carry the same numbers, so
    # the HF integration's check that they match holds); one not set stays "auto"
    batch = {key: getattr(q, key) for key in ("micro_batch", "grad_accum") if key in p.stated}
    return {"_kasuan": [one_line(line) for line in header(p, "DeepSpeed config (LLaMA-Factory/HF Trainer fill the \"auto\" values)")],
            **deepspeed_body(plan.zero, plan.offload, p.mixed_precision, **batch)}


def deepspeed_body(zero_stage: int, offload: str, precision: str | None = None,
                   micro_batch: int | None = None, grad_accum: int | None = None) -> dict[str, Any]:
    """The DeepSpeed JSON for a ZeRO stage and offload target alone: what needs no model (the batch
    sizes and clipping are "auto", filled by the trainer, unless a micro-batch or gradient accumulation
    was asked for; so is the precision unless one was asked for: "bf16", "fp16" or "no"), so a config
    asked for without a model is this same text."""
    # overlap_comm: LLaMA-Factory's own stage-3 example turns it off (it pins a second set of buckets
    # and has given wrong losses with stage 3); stages 1/2 keep it on unless offloading to the CPU
    overlap = offload == "none" and zero_stage in (1, 2)
    zero: dict[str, Any] = {"stage": zero_stage, "overlap_comm": overlap, "contiguous_gradients": True}
    if zero_stage in (1, 2):
        bucket = int(ZERO12_BUCKET_ELEMENTS // 2)  # the memory model counts one reduce + one allgather bucket
        zero |= {"allgather_partitions": True, "allgather_bucket_size": bucket, "reduce_scatter": True,
                 "reduce_bucket_size": bucket, "round_robin_gradients": True}
    if zero_stage == 3:
        zero |= {"sub_group_size": int(1e9), "reduce_bucket_size": "auto", "stage3_prefetch_bucket_size": "auto",
                 "stage3_param_persistence_threshold": "auto", "stage3_max_live_parameters": int(ZERO3_LIVE_PARAMS),
                 "stage3_max_reuse_distance": int(ZERO3_LIVE_PARAMS), "stage3_gather_16bit_weights_on_model_save": True}
    if offload in ("optimizer", "all"):
        zero["offload_optimizer"] = {"device": "cpu", "pin_memory": True}
    if offload == "all":
        zero["offload_param"] = {"device": "cpu", "pin_memory": True}
    return {
        "train_batch_size": "auto",
        "train_micro_batch_size_per_gpu": "auto" if micro_batch is None else micro_batch,
        "gradient_accumulation_steps": "auto" if grad_accum is None else grad_accum,
        "gradient_clipping": "auto",
        "zero_allow_untested_optimizer": True,
        "fp16": {"enabled": "auto" if precision is None else precision == "fp16", "loss_scale": 0, "loss_scale_window": 1000, "initial_scale_power": 16,
                 "hysteresis": 2, "min_loss_scale": 1},
        "bf16": {"enabled": "auto" if precision is None else precision == "bf16"},
        "zero_optimization": zero,
    }


# ---------------------------------------------------------------- accelerate (FSDP)


def accelerate_config(p: ExportPlan) -> dict[str, Any]:
    """accelerate's FSDP config: ZeRO-3 -> FULL_SHARD, ZeRO-2/1 -> SHARD_GRAD_OP, DDP -> NO_SHARD;
    FSDP offloads parameters, gradients and optimizer together (there is no optimizer-only offload)."""
    plan = p.estimate.plan
    q = p.resolved.request
    strategy = SHARDING[plan.zero]
    single = plan.num_gpus == 1  # one card: nothing to shard, a plain single-process launch
    config: dict[str, Any] = {
        "compute_environment": "LOCAL_MACHINE",
        "debug": False,
        "distributed_type": "NO" if single else "FSDP",
        "downcast_bf16": "no",
        "fsdp_config": {} if single else {
            "fsdp_auto_wrap_policy": "TRANSFORMER_BASED_WRAP",
            "fsdp_backward_prefetch": "BACKWARD_PRE",
            "fsdp_cpu_ram_efficient_loading": True,
            "fsdp_forward_prefetch": False,
            "fsdp_offload_params": plan.offload != "none",
            "fsdp_sharding_strategy": strategy,
            "fsdp_state_dict_type": "FULL_STATE_DICT",
            "fsdp_sync_module_states": True,
            "fsdp_use_orig_params": True,
        },
        "machine_rank": 0,
        "main_training_function": "main",
        "mixed_precision": p.mixed_precision or ("bf16" if q.precision in ("mixed", "bf16") else "no"),
        "num_machines": p.nodes,
        "num_processes": plan.num_gpus,
        "rdzv_backend": "static",
        "same_network": True,
        "tpu_env": [],
        "tpu_use_cluster": False,
        "tpu_use_sudo": False,
        "use_cpu": False,
    }
    return config


def accelerate_yaml(p: ExportPlan) -> str:
    body = yaml.safe_dump(accelerate_config(p), sort_keys=False)
    return commented(p, "accelerate FSDP config (accelerate launch --config_file THIS_FILE ...)", body)


# ---------------------------------------------------------------- launch commands


def _multi_node_env(p: ExportPlan) -> list[str]:
    """The node variables and NCCL's network settings: fixed shell text, quoted numbers, and comments
    (one_line) naming the provider's InfiniBand; nothing from the user's input is shell code."""
    if p.nodes == 1:
        return []
    q = shlex.quote
    lines = [
        f"# {p.nodes} nodes: run this script on every node with its own NODE_RANK (0..{p.nodes - 1})",
        f"NNODES={q(str(p.nodes))}",
        'NODE_RANK="${NODE_RANK:?set NODE_RANK on each node}"',
        'MASTER_ADDR="${MASTER_ADDR:?set MASTER_ADDR to the address of node 0}"',
        f'MASTER_PORT="${{MASTER_PORT:-{MASTER_PORT:d}}}"',
    ]
    ib = infiniband(p)
    if ib is not None:
        lines += [f"# {one_line(ib)}", "export NCCL_IB_DISABLE=0",
                  "# the InfiniBand adapters to use (list them with ibv_devinfo); mlx5 takes every mlx5_* port",
                  'export NCCL_IB_HCA="${NCCL_IB_HCA:-mlx5}"']
    else:
        lines.append("# no InfiniBand named for this setup: NCCL falls back to TCP between nodes, several times slower")
    lines += ["# the interface that reaches node 0 (ip -br addr); eth0 is a placeholder",
              'export NCCL_SOCKET_IFNAME="${NCCL_SOCKET_IFNAME:-eth0}"']
    return lines


def infiniband(p: ExportPlan) -> str | None:
    """What to rent for the nodes to talk over InfiniBand, from the priced provider's add-ons."""
    if p.cost is None:
        return None
    o = p.cost
    found = next((a for a in o.provider.add_ons if a.multi_node
                  and (not a.offers or any(f.id in a.offers for f in o.provider.offers if f.gpu == o.gpu.id))), None)
    if found is None:
        return None
    where = f" (regions {', '.join(found.regions)}: rent the nodes there)" if found.regions else ""
    return f"InfiniBand: {o.provider.name} rents {found.name} for multi-node jobs{where}"


NODE_VARS = {"NNODES": "$NNODES", "NODE_RANK": "$NODE_RANK", "MASTER_ADDR": "$MASTER_ADDR",
             "MASTER_PORT": "$MASTER_PORT"}


def command(p: ExportPlan, fmt: str) -> list[str]:
    """The launch command as words (environment assignments first); a word starting with `$`
    names one of NODE_VARS and is written double-quoted, every other word shlex-quoted."""
    multi = p.nodes > 1
    if fmt == "llamafactory":
        if p.num_gpus == 1 and not p.deepspeed:
            return ["llamafactory-cli", "train", "llamafactory.yaml"]
        # DeepSpeed (ZeRO-Offload on one card too) only starts under torchrun: LLaMA-Factory refuses a
        # deepspeed config in a plain process ("Please use `FORCE_TORCHRUN=1` to launch DeepSpeed training")
        env = ["FORCE_TORCHRUN=1"]
        if multi:
            env += [f"{k}={v}" for k, v in NODE_VARS.items()]
        return [*env, f"NPROC_PER_NODE={p.per_node}", "llamafactory-cli", "train", "llamafactory.yaml"]
    if fmt == "torchrun":
        rdzv = (["--nnodes", "$NNODES", "--node_rank", "$NODE_RANK", "--master_addr", "$MASTER_ADDR",
                 "--master_port", "$MASTER_PORT"] if multi else ["--nnodes", "1"])
        return ["torchrun", *rdzv, "--nproc_per_node", str(p.per_node), "-m", "llamafactory.launcher",
                "llamafactory.yaml"]
    if fmt == "accelerate":
        rdzv = (["--machine_rank", "$NODE_RANK", "--main_process_ip", "$MASTER_ADDR", "--main_process_port",
                 "$MASTER_PORT"] if multi else [])
        return ["accelerate", "launch", "--config_file", "accelerate_fsdp.yaml", "--num_machines", str(p.nodes),
                "--num_processes", str(p.num_gpus), *rdzv, "-m", "llamafactory.launcher", "llamafactory_fsdp.yaml"]
    raise ValueError(f"unknown launcher {fmt!r}")


def shell_word(word: str) -> str:
    """One word of the command line: a node variable reference stays a (double-quoted) expansion,
    `NAME=value` keeps its name bare, and every value is shlex-quoted."""
    name, eq, value = word.partition("=")
    if eq and name.isidentifier() and name.isupper():
        return f"{name}={shell_word(value)}"
    if word in NODE_VARS.values():
        return f'"{word}"'
    return shlex.quote(word)


def launch_script(p: ExportPlan, fmt: str) -> str:
    """`launch.sh` for one launcher: llamafactory-cli, torchrun or accelerate launch."""
    words = command(p, fmt)
    lines = ["set -euo pipefail", 'cd "$(dirname "$0")"', "", *_multi_node_env(p),
             " ".join(shell_word(w) for w in words)]
    return "#!/usr/bin/env bash\n" + comment_lines(p, f"launch command ({fmt})") + "\n" + "\n".join(lines) + "\n"


# ---------------------------------------------------------------- the front door


def export_files(p: ExportPlan, fmt: str = "all") -> dict[str, str]:
    """{file name: content} for `fmt` (llamafactory, deepspeed, accelerate, torchrun or all)."""
    if fmt != "all" and fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}")
    wanted = FORMATS if fmt == "all" else (fmt,)
    zero = p.deepspeed
    out: dict[str, str] = {}
    if {"llamafactory", "torchrun"} & set(wanted):
        out["llamafactory.yaml"] = llamafactory_yaml(p)
    if (zero and {"llamafactory", "torchrun", "deepspeed"} & set(wanted)) or fmt == "deepspeed":
        out[DS_FILE] = json.dumps(deepspeed_config(p), indent=2, ensure_ascii=False) + "\n"
    if "accelerate" in wanted:
        out["accelerate_fsdp.yaml"] = accelerate_yaml(p)
        out["llamafactory_fsdp.yaml"] = llamafactory_yaml(p, deepspeed=False)
    if {"llamafactory", "torchrun", "accelerate"} & set(wanted):
        q = p.resolved.request
        out |= dataset_files(p.stage, q.seq_len or 0, q.packing, q.dataset)
    for launcher in ("llamafactory", "torchrun", "accelerate"):
        if launcher in wanted:
            out[f"launch_{launcher}.sh"] = launch_script(p, launcher)
    return out
