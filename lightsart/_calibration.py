"""The nominal speeds, shares and caps that turn a time budget into a count of work, in one place.

Every search in lightsart plans its work from the budget before it starts: ``seconds`` times a
nominal speed gives a number of rounds, leaves or pairs, and the answer then depends only on the
inputs, the seed and that number, so it repeats on any machine. The clock only caps the work
(``cut_short``) where a machine is slower than these numbers. Each constant below says what was
measured, on the development machine (two cores, often shared), and where it is used; the old
module of each still exports it under the same name.

Changing a number here changes the answers of every run that plans from it (the captured
outputs, ``scripts/capture_outputs.py``, must then be recorded again). Like
:mod:`lightsart._limits`, the
module imports nothing, so the CLI can read it without numpy.
"""

from __future__ import annotations

__all__ = [
    "CELL_PATTERNS_PER_SECOND",
    "CHAIN_SHARE",
    "CHASE_WORDS",
    "CHASE_WORDS_PER_SECOND",
    "COLUMN_BITS",
    "COMPILED_START_SECONDS",
    "DECODE_SHARE",
    "EDGE_BAND",
    "EDGE_CHAINS_MAX_NULLITY",
    "EDGE_CHAINS_NULLITY",
    "EDGE_CHAINS_SECONDS",
    "ELIMINATION_WORDS",
    "MEMBERS_PER_SECOND",
    "NUMPY_MEMBERS_PER_SECOND",
    "OPS_PER_SECOND",
    "PAIRS_PER_SECOND",
    "QUIET_PLANNED_SHARE",
    "QUIET_ROUND_SECONDS",
    "SAMPLE_ROWS",
    "SPLIT_DECODE_SHARE",
    "STERN_SHARE",
    "TRANSFORM_MEMBERS_PER_SECOND",
    "WORDS_PER_SECOND",
]

# ---------------------------------------------------------------- two states: decoding (decode, isd)

#: Nominal packed-word operations per second of one round's work (a round costs
#: :func:`lightsart._core.isd.round_words`); :func:`lightsart._core.isd.rounds_for` turns a budget
#: in seconds into a number of rounds with it. Calibrated on the development machine so the
#: rounds finish in about 70% of the budget.
WORDS_PER_SECOND = 2.5e8
#: Pair sums the lower-bound table (:mod:`lightsart._core.bound`) sorts and scans per second of
#: budget (measured: the 128x128 astronaut's 132 million in ~12 s); a budget below the table's
#: size skips it (:func:`lightsart._core.decode.decode`).
PAIRS_PER_SECOND = 1e7
#: Shares of the decoder's search budget planned for the Stern walk and for the focused chains
#: when a focus is given (full-resolution 512x512 astronaut, 7.5 s, seeds 0-7: the walk and the
#: edge chain 50.75 wrong pixels on average in 3.5 s, the walk alone with the whole share 51.5
#: in 6.4 s).
STERN_SHARE = 0.2
CHAIN_SHARE = 0.5

# ---------------------------------------------------------- two states: a fit's budget (optimize)

#: Nominal packed words a second the check-column chase steps through (measured ~4e8); its
#: nominal time comes off a fit's budget before the decoder's share.
CHASE_WORDS_PER_SECOND = 3e8
#: The decoder's share of a fit's budget when the clicks need a search of their own, and when
#: that search is the split branch and bound (which proves more with more time).
DECODE_SHARE = 0.75
SPLIT_DECODE_SHARE = 0.5

# ------------------------------------------- two states: what a fit's decoder is given (closest)
# Caps on the check columns a fit hands the decoder (:func:`lightsart._core.closest._check_columns`)
# and the plan for its edge chains; :mod:`lightsart._core.closest` still exports each name.

#: Check-column bits handed to the decoder at once (cells × nullity; 128 MB packed).
COLUMN_BITS = 1 << 30
#: Packed words the chase of check columns may step through (rows × width × words per row).
CHASE_WORDS = 1 << 26
#: Word operations of one elimination of the check columns (``d**2 * cells / 64``).
ELIMINATION_WORDS = 1 << 29
#: Rows a sample of check columns is spread over.
SAMPLE_ROWS = 64
#: Rows (columns) next to each edge whose cells the decoder's focused chain walks on: on the
#: full-resolution 512x512 astronaut (8 seeds, the same work) 16 gives 50.75 wrong pixels on
#: average, 24 gives 51.0 and 8 gives 53.0.
EDGE_BAND = 16
#: Nullity above which the decoder gets the edge chains. Up to 64 the pair-table bound follows
#: the Stern walk and, given the time, proves its answer (128x128 astronaut: 5 wrong pixels in
#: 20 s); chains there only took the table's time (30 s budget: cut short, 36 s in all).
EDGE_CHAINS_NULLITY = 64
#: Largest nullity that gets the chains (at 2048x2048, nullity 1056, their set-up ran past the
#: plan), and the decoding budget they need (with less, set-up alone overran 1 s at 512x512).
EDGE_CHAINS_MAX_NULLITY = 512
EDGE_CHAINS_SECONDS = 2.0

# ---------------------------------------------------- two states: fewest clicks (fewest, quiet)

#: Nominal speed of the compiled leaves of the split branch and bound (coset members scored per
#: second, two threads) from which the number of leaves a budget buys is planned. Measured on
#: 61 x 61 (two cores): about 7e9 with both cores free (37 us a leaf), 3.3e9-5.6e9 beside other
#: jobs (the proof in 25-42 s), so a minute plans the whole proof.
MEMBERS_PER_SECOND = 3e9
#: Nominal seconds to import numba and load the compiled leaf (0.5-1 s once its machine code is
#: cached; compiling it the first time takes a few more, which the clock then caps).
COMPILED_START_SECONDS = 1.0
#: Nominal speed of the numpy leaves (measured 3e8-6e8), used where the compiled ones would not
#: buy more work or finish sooner: budgets up to about a second (a picture's default), and
#: small cosets (47 x 47: 628 leaves of 2**18 in 0.6 s).
NUMPY_MEMBERS_PER_SECOND = 2e8
#: Nominal speed of the block search over quiet patterns (cells × patterns chased and scored
#: per second) and the fixed cost of one round, used to plan its rounds from a budget. Measured
#: on the development machine (2 cores, busy): 13 ms a round at 256 x 256, 35 ms at 512, 93 ms
#: at 1024, 480 ms at 2048; rounds are planned for :data:`QUIET_PLANNED_SHARE` of the budget, so
#: the work normally ends before the cap.
CELL_PATTERNS_PER_SECOND = 1.5e8
#: Nominal coset members per second one numpy Walsh–Hadamard transform scores
#: (:func:`lightsart._core.quiet.coset_weights`; measured 3.7e6-1.4e7 at 2**12-2**20 members,
#: busy): ``table`` plans how many top rows it makes lightest from its budget.
TRANSFORM_MEMBERS_PER_SECOND = 4e6
QUIET_ROUND_SECONDS = 0.006
QUIET_PLANNED_SHARE = 0.8

# ------------------------------------------------------------------ k states: decoding (isd_ring)

#: Nominal element operations per second of one round's numpy work
#: (:func:`lightsart._core.isd_ring.rounds_for`); turns a budget in seconds into rounds.
#: Calibrated on the development machine (``benchmarks/bench_modk.py``).
OPS_PER_SECOND = 4e8
