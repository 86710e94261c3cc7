"""Print the fairness test's p-values for several seeds (100,000 deals each).

A fair dealer gives p-values spread evenly between 0 and 1; the test fails below 0.00025.

    .venv/bin/python -m bench.fairness [--seeds 5]
"""

from __future__ import annotations

import argparse

from tools.fairness import DEALS, p_values, production_dealer


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    print(f"{DEALS} deals per seed; p-values of the chi-square tests")
    print(f"{'seed':>6}{'robot':>10}{'power':>10}{'points':>10}{'allegiance':>12}")
    for seed in range(1, args.seeds + 1):
        p = p_values(production_dealer, seed=seed)
        print(
            f"{seed:>6}{p['robot']:>10.3f}{p['power']:>10.3f}{p['points']:>10.3f}"
            f"{p['allegiance']:>12.3f}"
        )


if __name__ == "__main__":
    main()
