"""`make bench`: accuracy against published measurements and the speed targets of each issue."""

from __future__ import annotations

from benchmarks import memory_validation, speed
from testkit.parser_accuracy import score


def section(title: str) -> None:
    print(f"\n== {title}")


def main() -> None:
    section("Memory: predicted vs measured (benchmarks/memory_validation.yaml)")
    outcomes = memory_validation.run()
    print(memory_validation.report(outcomes))
    print(memory_validation.table(outcomes))
    section("Memory range: leave-one-publisher-out beside in-sample (targets: median |error| <= 7%, high end below "
            "the measurement in <= 5% of runs)")
    print(memory_validation.generalization_table(outcomes))
    section("Memory on our own H200 (benchmarks/gpu_probe_h200.yaml): measured / predicted GB and error, all three figures")
    print(memory_validation.probe_table())

    from benchmarks import cli_speed

    section("Whole process: `kasuan size --json`, a new process each run (target: median of 20 < 0.25 s)")
    print(cli_speed.report(cli_speed.run()))
    section("Start-up beside fitcheck-llm 0.3.1's CLI, pair by pair (target: kasuan/fitcheck <= 0.6)")
    print(cli_speed.compare_report(cli_speed.compare()))

    section("Sizing speed (target: median < 2 ms)")
    s = speed.sizing()
    print(f"one sizing + recommendations over all GPUs: median {s['median_ms']:.3f} ms, p99 {s['p99_ms']:.3f} ms")

    section("Parser (target: >= 95% field accuracy; parse + route median < 1 ms)")
    correct, total, _ = score()
    print(f"field accuracy {sum(correct.values()) / sum(total.values()):.1%} over {sum(total.values())} fields, "
          f"intent {correct['intent'] / total['intent']:.1%}")
    p = speed.parsing()
    print(f"parse + route: median {p['median_ms']:.3f} ms, p99 {p['p99_ms']:.3f} ms")
    w = speed.worst_parse()
    print(f"random text up to 10 KB: median {w['median_ms']:.1f} ms, slowest {w['max_ms']:.1f} ms of {w['runs']} (target < 50 ms)")

    from benchmarks import metamorphic

    section("Metamorphic: generated variants read as their base request (target: invariance >= 99.5%)")
    print(metamorphic.report(metamorphic.run()))

    section("Whole path: parse, route, engine, one render, 200 messages (target: p99 < 10 ms)")
    f = speed.full_path()
    print(f"wall p50 {f['median_ms']:.2f} ms, p99 {f['p99_ms']:.2f} ms, max {f['max_ms']:.2f} ms; CPU p50 "
          f"{f['cpu_median_ms']:.2f} ms, p99 {f['cpu_p99_ms']:.2f} ms over {f['runs']} runs")
    f = speed.full_path(all_flavors=True)
    print(f"rendered in all three flavors: wall p99 {f['p99_ms']:.2f} ms, CPU p99 {f['cpu_p99_ms']:.2f} ms")
    f = speed.full_path_store()
    print(f"conversations in a SQLite store (as `kasuan run`): p50 {f['median_ms']:.2f} ms, p99 {f['p99_ms']:.2f} ms")
    c = speed.conversation_cost()
    print(f"the store's part alone (2 reads + 1 write a message): median {c['store_median_ms']:.3f} ms, p99 "
          f"{c['store_p99_ms']:.3f} ms (in memory {c['memory_median_ms']:.3f} ms); ~{c['row_bytes']:.0f} bytes a conversation")

    section("FAQ retrieval (target: top-1 >= 90%)")
    from pathlib import Path

    import yaml

    from bot.understand.faq import CONFIDENT, faq_index

    cases = yaml.safe_load(Path("tests/faq_cases.yaml").read_text(encoding="utf-8"))["cases"]
    tops = [(faq_index().search(c["q"])[0], c["expect"]) for c in cases]
    right = sum(1 for h, want in tops if h.entry.id == want)
    sure = [(h, want) for h, want in tops if h.score >= CONFIDENT]
    wrong_sure = sum(1 for h, want in sure if h.entry.id != want)
    print(f"top-1 {right / len(cases):.1%} on {len(cases)} paraphrases; answered with confidence {len(sure)}, "
          f"of which wrong {wrong_sure}")

    from benchmarks import chat_eval

    section("Team chat: benchmarks/chat_eval.yaml through the chat core, judged on the reply (target: >= 95%)")
    chats = chat_eval.run()
    chat_eval.write_failures(chats)
    print(chat_eval.report(chats))
    blinds = sorted(chat_eval.HERE.glob("chat_eval_blind*.yaml"), key=lambda p: int(p.stem.removeprefix("chat_eval_blind")))
    for blind in (p.name for p in blinds):  # every blind set, in the order they were written
        section(f"Team chat, blind set benchmarks/{blind} (spent: first contact in the README; target: >= 95%)")
        path = chat_eval.HERE / blind
        outcomes = chat_eval.run(chat_eval.load(path)[0])
        chat_eval.write_failures(outcomes, chat_eval.HERE / "out" / f"{path.stem}_failures.txt")
        print(chat_eval.report(outcomes))

    from benchmarks import cost_speed

    section("Cost: one compare() across all providers and cards (target: median < 5 ms)")
    print(cost_speed.report(cost_speed.run()))

    from benchmarks import chart_speed

    section("Charts, export and planning (target: chart median < 150 ms)")
    print(chart_speed.report(chart_speed.run(), chart_speed.other()))

    from benchmarks import telegram_load, wallet_scale

    section("Telegram load: 2,000 updates from 200 chats via the fake Bot API (limits 30/s, 1/s a chat, 20/min a group)")
    print(telegram_load.report(telegram_load.run()))

    section("Wallet scale: 1M rentals, 100k wallets (targets: sweep tick < 1 s, top-up + rent median < 5 ms)")
    print(wallet_scale.report(wallet_scale.run()))

    from benchmarks import alert_sim, fuzz, money_concurrency

    section("Fuzz: hostile messages and payloads through the whole core (target: 0 apologies, 0 invalid HTML)")
    print(fuzz.report(fuzz.run()))

    section("Money under concurrency and kill -9 (target: 0 lost, 0 doubled, 0 mismatches)")
    print(money_concurrency.report(money_concurrency.run()))

    section("Alert simulation: 40 days, faults, a killed sender (target: 0 lost)")
    print(alert_sim.report(alert_sim.run()))

    from benchmarks import inbox_kill

    section("Inbox: polling kasuan run SIGKILLed mid-burst, restarted (target: 0 lost, 0 doubled)")
    print(inbox_kill.report(inbox_kill.run()))

    from benchmarks import scale

    section("Scale: PostgreSQL + 3 kasuan run replicas behind a proxy, one killed; 5,000 updates, 10,000 alerts"
            " (about 10 min: bound by Telegram's 30/s)")
    print(scale.report(scale.run()))


if __name__ == "__main__":
    main()
