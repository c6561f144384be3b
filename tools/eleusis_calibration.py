"""Fit and measure the scientist's calibration (``junban.games.eleusis.belief``) from the turns of benchmark runs.

    PYTHONPATH=py python3 tools/eleusis_calibration.py FIT.turns.json ...
    PYTHONPATH=py python3 tools/eleusis_calibration.py --sure FIT.turns.json ... [--measure HELD.turns.json ...]
    PYTHONPATH=py python3 tools/eleusis_calibration.py --sure --cv FIT.turns.json ...

Every turn of every game is one example: what the reading said (``Reading.raw``: the raw share of the best rule's
idea; the pieces of evidence seen; the best rule's text) and whether the best rule was
the secret rule. The ``.turns.json`` files are what ``python -m junban.bench eleusis --turns`` writes.

Without ``--sure``: the bots' own calibration, a logistic regression of "right" on logit(raw) and the evidence,
giving ``CALIBRATION_SLOPE``, ``CALIBRATION_SHIFT`` and ``CALIBRATION_EVIDENCE`` (fitted on the tuning sets for
issue 32; the bots decide by it).

With ``--sure``: "Sure", what the hint says to people: the same regression on ``belief.sure_features`` (the raw
share, the evidence, whether the best rule reads only the card played, and that times the evidence and times the
raw share's logit), giving ``SURE_WEIGHTS``. Fit it on rule sets the bots were not tuned on; ``--measure`` files are never fitted
on. For the fitted files and the measured ones it prints, pooled and per kind of rule (the ``level`` of the rule
sets), the turns, how often the best rule was right, the mean stated probability and the expected calibration error
(10 buckets) of: the bots' belief as recorded (``bots``), Sure as ``belief`` has it now (``sure now``), Sure with the
weights just fitted (``fitted``), and two bounds for the measured files: the same features refitted on the measured
turns themselves (``oracle``: no calibration of these inputs does better on these turns), the bots' inputs alone
refitted so (``oracle raw+evidence``), and ``noise``: the error a perfectly calibrated number would still show on
that many turns (the mean over simulated outcomes). For the measured files each kind's ECE of ``fitted`` gets a 95%
interval (``ci95``: resampling the games, ``BOOTSTRAP`` times) and ``oracle blind``: Sure's features refitted on all
the measured turns at once, not told the kind (what any calibration of these inputs could at best do per kind: Sure
is not told the secret rule's kind either), ``oracle blind + split`` (the same with how the weight splits between
rules about the card alone and the others, ``SPLIT_FEATURES`` from the turns' field 10, when every measured turn has
it), beside ``oracle raw+ev``, which is refitted per kind (told it). It also
times ``belief.sure`` (CPU per call, the rule's reading cached as on a hint, and the first call of a new best rule).
The last line is one JSON object with the weights and the measured numbers.

With ``--cv``: how the model would do on rules it was not fitted on, judged on the fitting files alone (to choose
a model without looking at held-out turns): the rules are split into ``FOLDS`` groups (by a hash of the rule's name,
so a rule's deals stay together), each group predicted by weights fitted on the others, and the per-kind table of
those predictions is printed with its intervals.
"""
from __future__ import annotations

import json
import math
import random
import sys
import time
import zlib
from pathlib import Path

from junban.games.eleusis import belief

RIDGE = 1.0  # a weak pull of the parameters towards (1, 0, 0, ...) (one turn's worth), so separable data cannot diverge
BUCKETS = 10
BOOTSTRAP = 400  # resamples of the games for an ECE's 95% interval
FOLDS = 5  # groups of rules for --cv


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, z))))


def turns_of(paths: list[str]) -> list[dict]:
    """Every turn of the runs' ``--turns`` files, with its game's kind of rule."""
    out = []
    for path in paths:
        for game in json.loads(Path(path).read_text(encoding="utf-8")):
            for turn in game["turns"]:
                out.append({"kind": game.get("level", "-"), "turn": turn, "right": 1 if turn[1] else 0,
                            "rule": game.get("name", "-"), "game": f"{path}:{game.get('name')}:{game.get('game')}"})
    return out


def plain_features(turn: list) -> tuple[float, ...]:
    """The bots' calibration's inputs: (logit of the raw share, 1, evidence in units)."""
    x, e = belief.calibration_features(turn[2], turn[6] if len(turn) > 6 else 0)
    return x, 1.0, e


def sure_features(turn: list) -> tuple[float, ...]:
    if len(turn) < 8:
        raise ValueError("a turn without its best rule: run the bench again (issue 42)")
    return belief.sure_features(turn[2], turn[6], turn[7])


SPLIT_FIELD = 10  # a turn's [card-alone share of the best rule's idea, of all the surviving weight] (since 9649a56)
SPLIT_FEATURES = ("card-alone share of the idea", "card-alone share of the weight", "card alone x share of the idea")


def has_split(turns: list[dict]) -> bool:
    return bool(turns) and all(len(t["turn"]) > SPLIT_FIELD for t in turns)


def split_features(turn: list) -> tuple[float, ...]:
    """Sure's inputs and how the weight splits between rules about the card alone and the others (``SPLIT_FEATURES``):
    what the kind-blind oracle ``oracle blind + split`` is refitted on."""
    base = sure_features(turn)
    idea, weight = turn[SPLIT_FIELD]
    return base + (idea, weight, base[3] * idea)


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    """m x = v by Gaussian elimination (m small and positive definite)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(a[r][i]))
        a[i], a[pivot] = a[pivot], a[i]
        for r in range(i + 1, n):
            f = a[r][i] / a[i][i]
            for c in range(i, n + 1):
                a[r][c] -= f * a[i][c]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (a[i][n] - sum(a[i][c] * x[c] for c in range(i + 1, n))) / a[i][i]
    return x


def fit(data: list[tuple[tuple[float, ...], int]], steps: int = 60) -> list[float]:
    """Maximum-likelihood weights w of P(right) = sigmoid(w . features), by damped Newton steps."""
    n = len(data[0][0])
    prior = [1.0] + [0.0] * (n - 1)
    w = prior[:]
    for _ in range(steps):
        grad = [RIDGE * (w[i] - prior[i]) for i in range(n)]
        hess = [[RIDGE if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in data:
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            for i in range(n):
                grad[i] += (p - y) * x[i]
                for j in range(n):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        scale = min(1.0, 1.0 / max(max(abs(s) for s in step), 1e-12))  # at most 1 a step
        w = [wi - scale * si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def scores(ps: list[float], ys: list[int], buckets: int = BUCKETS) -> tuple[float, float]:
    """(Brier score, expected calibration error)."""
    brier = sum((p - y) ** 2 for p, y in zip(ps, ys)) / len(ps)
    rows = [[0, 0.0, 0] for _ in range(buckets)]
    for p, y in zip(ps, ys):
        row = rows[min(buckets - 1, int(p * buckets))]
        row[0] += 1
        row[1] += p
        row[2] += y
    ece = sum(abs(sp - k) for n, sp, k in rows if n) / len(ps)
    return brier, ece


def noise_floor(ps: list[float], draws: int = 200, seed: int = 42) -> float:
    """The expected calibration error of a perfectly calibrated number on these turns: outcomes drawn with the
    stated probabilities, the mean error over ``draws`` draws."""
    rng = random.Random(seed)
    return sum(scores(ps, [1 if rng.random() < p else 0 for p in ps])[1] for _ in range(draws)) / draws


def ece_interval(rows: list[dict], ps: list[float], seed: int = 42) -> list[float]:
    """95% interval of the ECE of ``ps`` (one per row) from resampling the rows' games."""
    games: dict[str, list[int]] = {}
    for i, t in enumerate(rows):
        games.setdefault(t["game"], []).append(i)
    keys = list(games)
    if len(keys) < 2:
        return [None, None]
    rng = random.Random(seed)
    eces = []
    for _ in range(BOOTSTRAP):
        picked = [i for _ in keys for i in games[keys[rng.randrange(len(keys))]]]
        eces.append(scores([ps[i] for i in picked], [rows[i]["right"] for i in picked])[1])
    eces.sort()
    return [round(eces[int(0.025 * len(eces))], 4), round(eces[int(0.975 * len(eces)) - 1], 4)]


def cross_validated(turns: list[dict]) -> list[float]:
    """Each turn's Sure from weights fitted on the other ``FOLDS - 1`` groups of rules (a rule's deals together)."""
    fold = [zlib.crc32(t["rule"].encode()) % FOLDS for t in turns]
    ps = [0.0] * len(turns)
    for k in range(FOLDS):
        train = [(sure_features(t["turn"]), t["right"]) for t, f in zip(turns, fold) if f != k]
        if not train:
            continue
        w = fit(train)
        for i, t in enumerate(turns):
            if fold[i] == k:
                ps[i] = _predict(w, sure_features(t["turn"]))
    return ps


def cpu_per_call(turns: list[dict], rounds: int = 20) -> dict:
    """CPU microseconds per ``belief.sure`` call over these turns: warm (the rule's reading cached, as on every hint
    after the first with the same best rule) and cold (each best rule read afresh)."""
    args = [(t["turn"][2], t["turn"][6], t["turn"][7]) for t in turns]
    start = time.process_time()
    for _ in range(rounds):
        for a in args:
            belief.sure(*a)
    warm = (time.process_time() - start) / (rounds * len(args))
    cold_times = []
    for a in args[:300]:
        belief.reads_only_the_card.cache_clear()
        belief.rule_of.cache_clear()
        start = time.process_time()
        belief.sure(*a)
        cold_times.append(time.process_time() - start)
    cold_times.sort()
    return {"warm_us": round(warm * 1e6, 1), "cold_us_p50": round(cold_times[len(cold_times) // 2] * 1e6, 1),
            "cold_us_max": round(cold_times[-1] * 1e6, 1)}


def _predict(weights: list[float], features: tuple[float, ...]) -> float:
    return sigmoid(sum(w * f for w, f in zip(weights, features)))


def table(name: str, turns: list[dict], columns: dict, bounds: bool, blind: list[float] | None = None,
          blind_split: list[float] | None = None) -> dict:
    """Per kind and pooled: turns, right rate, and for each column (a function of a turn) mean and ECE; with
    ``bounds``, the last column's ECE interval, the oracles (``blind``: the kind-blind oracle's Sure per turn) and the
    noise floor."""
    out = {}
    groups = {"all": turns, **{k: [t for t in turns if t["kind"] == k] for k in sorted({t["kind"] for t in turns})}}
    print(f"\n{name}")
    heads = "".join(f" | {c:>19s}" for c in columns) + (
        " | ece 95% interval" + (" | oracle blind" if blind is not None else "") +
        (" | oracle blind+split" if blind_split is not None else "") + " | oracle raw+ev | noise" if bounds else "")
    print(f"{'kind':14s} | turns | right{heads}")
    for kind, rows in groups.items():
        ys = [t["right"] for t in rows]
        line = f"{kind:14s} | {len(rows):5d} | {sum(ys) / len(ys):.3f}"
        entry = {"turns": len(rows), "right": round(sum(ys) / len(ys), 4)}
        for col, predict in columns.items():
            ps = [predict(t) for t in rows]
            ece = scores(ps, ys)[1]
            line += f" | {sum(ps) / len(ps):.3f} ece {ece:.3f}".rjust(22)
            entry[col] = {"mean": round(sum(ps) / len(ps), 4), "ece": round(ece, 4)}
        if bounds:
            last = list(columns.values())[-1]
            ci = ece_interval(rows, [last(t) for t in rows])
            plain = [(plain_features(t["turn"]), t["right"]) for t in rows]
            w = fit(plain)
            oracle_plain = scores([_predict(w, x) for x, _ in plain], ys)[1]
            line += f" | {ci[0]:.3f}-{ci[1]:.3f}".rjust(19) if ci[0] is not None else " | -".rjust(19)
            entry["ci95"] = ci
            if blind is not None:
                index = {id(t): i for i, t in enumerate(turns)}
                oracle_blind = scores([blind[index[id(t)]] for t in rows], ys)[1]
                line += f" | {oracle_blind:12.3f}"
                entry["oracle blind"] = round(oracle_blind, 4)
            if blind_split is not None:
                index = {id(t): i for i, t in enumerate(turns)}
                oracle_split = scores([blind_split[index[id(t)]] for t in rows], ys)[1]
                line += f" | {oracle_split:18.3f}"
                entry["oracle blind + split"] = round(oracle_split, 4)
            floor = noise_floor([last(t) for t in rows])
            line += f" | {oracle_plain:13.3f} | {floor:.3f}"
            entry["oracle raw+evidence"] = round(oracle_plain, 4)
            entry["noise"] = round(floor, 4)
        print(line)
        out[kind] = entry
    return out


def card_alone_split(name: str, turns: list[dict]) -> dict:
    """Per kind: the turns whose best rule reads only the card played, and how often that rule was the secret rule
    (what Sure cannot tell apart: it is not told the secret rule's kind)."""
    out = {}
    for kind in sorted({t["kind"] for t in turns}):
        alone = [t["right"] for t in turns if t["kind"] == kind and belief.reads_only_the_card(t["turn"][7])]
        out[kind] = {"turns": len(alone), "right": sum(alone)}
    print(f"best rule about the card alone ({name}): " + ", ".join(
        f"{k} {v['right']}/{v['turns']}" for k, v in out.items()))
    return out


def main(argv: list[str]) -> int:
    args = list(argv)
    if not args or args[0] in ("-h", "--help"):
        print(__doc__, file=sys.stderr)
        return 2
    if args[0] != "--sure":
        data = [(plain_features(t["turn"]), t["right"]) for t in turns_of(args)]
        if not data:
            print("no turns in those files", file=sys.stderr)
            return 2
        slope, shift, per_evidence = fit(data)
        ys = [y for _, y in data]
        raw = scores([sigmoid(x[0]) for x, _ in data], ys)
        fitted = scores([sigmoid(slope * x[0] + shift + per_evidence * x[2]) for x, _ in data], ys)
        print(f"turns {len(data)}, right {sum(ys) / len(ys):.3f}")
        print(f"raw share:      brier {raw[0]:.4f}, ece {raw[1]:.4f}")
        print(f"fitted belief:  brier {fitted[0]:.4f}, ece {fitted[1]:.4f}")
        print(json.dumps({"CALIBRATION_SLOPE": round(slope, 3), "CALIBRATION_SHIFT": round(shift, 3),
                          "CALIBRATION_EVIDENCE": round(per_evidence, 3)}))
        return 0
    args = args[1:]
    cv = "--cv" in args
    args = [a for a in args if a != "--cv"]
    measure_paths = args[args.index("--measure") + 1:] if "--measure" in args else []
    fit_paths = args[:args.index("--measure")] if "--measure" in args else args
    try:
        fitted_on = turns_of(fit_paths)
        measured = turns_of(measure_paths)
        data = [(sure_features(t["turn"]), t["right"]) for t in fitted_on]
        for t in measured:
            sure_features(t["turn"])
    except ValueError as err:
        print(f"eleusis_calibration: {err}", file=sys.stderr)
        return 2
    if not data:
        print("no turns in those files", file=sys.stderr)
        return 2
    if cv:
        held = dict(zip(map(id, fitted_on), cross_validated(fitted_on)))
        print(f"cross-validated on {len(data)} turns of {', '.join(fit_paths)} ({FOLDS} groups of rules)")
        result = table("cross-validated (each group of rules predicted by a fit on the others)", fitted_on,
                       {"sure now": lambda t: belief.sure(t["turn"][2], t["turn"][6], t["turn"][7]),
                        "cross-validated": lambda t: held[id(t)]}, True)
        print(json.dumps({"cross_validated": result}))
        return 0
    weights = [round(w, 3) for w in fit(data)]
    columns = {"bots": lambda t: t["turn"][0],
               "sure now": lambda t: belief.sure(t["turn"][2], t["turn"][6], t["turn"][7]),
               "fitted": lambda t: _predict(weights, sure_features(t["turn"]))}
    print(f"fitted on {len(data)} turns of {', '.join(fit_paths)}")
    print("SURE_WEIGHTS = (" + ", ".join(f"{w}" for w in weights) + ")  # " + ", ".join(belief.SURE_FEATURES))
    result = {"SURE_WEIGHTS": weights, "fitted_on": table("fitted on", fitted_on, columns, False)}
    result["card_alone_fitted_on"] = card_alone_split("fitted on", fitted_on)
    if measured:
        oracle = fit([(sure_features(t["turn"]), t["right"]) for t in measured])
        blind = [_predict(oracle, sure_features(t["turn"])) for t in measured]
        blind_split = None
        if has_split(measured):
            with_split = fit([(split_features(t["turn"]), t["right"]) for t in measured])
            blind_split = [_predict(with_split, split_features(t["turn"])) for t in measured]
        result["measured"] = table("measured (never fitted on)", measured, columns, True, blind, blind_split)
        ys = [t["right"] for t in measured]
        result["oracle_ece"] = round(scores(blind, ys)[1], 4)
        print(f"oracle (Sure's features refitted on the measured turns): ece {result['oracle_ece']:.3f}")
        if blind_split is not None:
            result["oracle_split_ece"] = round(scores(blind_split, ys)[1], 4)
            print(f"oracle with the split ({', '.join(SPLIT_FEATURES)}): ece {result['oracle_split_ece']:.3f}")
        result["card_alone_measured"] = card_alone_split("measured", measured)
        result["sure_cpu"] = cpu_per_call(measured)
        print("belief.sure CPU per call: {warm_us} us warm, first call of a new best rule {cold_us_p50} us median, "
              "{cold_us_max} us max".format(**result["sure_cpu"]))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
