"""English classes' curricula for each lesson (England, US Common Core, AP Statistics).

English only by design: these lines name English-language curricula for English-speaking
teachers; the French guide and worksheets give the French programme
(:attr:`dicelab.lessons.base.Lesson.programme`).
"""

from __future__ import annotations

#: English classes' curricula, per lesson, shown on English pages only (the
#: French guide and worksheets give the French programme, :attr:`Lesson.programme`): England
#: (GCSE Mathematics and A level Mathematics / Further Mathematics, by the content codes and
#: wording of the DfE subject content), the US Common Core high-school Statistics and
#: Probability standards, and the AP Statistics course's units and topics.  English only by
#: design: these lines name English-language curricula for English-speaking teachers.
CURRICULA: dict[str, tuple[tuple[str, str], ...]] = {
    "counting": (
        ("England", "GCSE N5 (systematic listing, the product rule for counting), P6 "
                    "(enumerate sets and combinations systematically), P7 (possibility spaces "
                    "of equally likely outcomes); A level Mathematics: n! and nCr. Counting "
                    "multisets (stars and bars) is enrichment"),
        ("US Common Core", "S-CP.A.1 (events as subsets of a sample space), S-CP.B.9 (+) "
                           "(permutations and combinations to compute probabilities)"),
        ("AP Statistics", "Unit 4 (Probability, Random Variables, and Probability "
                          "Distributions): 4.3 Introduction to Probability"),
    ),
    "figures": (
        ("England", "GCSE P4 (probabilities of an exhaustive set of mutually exclusive events "
                    "sum to one), P7 (theoretical probabilities from a possibility space)"),
        ("US Common Core", "S-CP.A.1; S-CP.B.7 (the Addition Rule)"),
        ("AP Statistics", "Unit 4: 4.3 Introduction to Probability, 4.4 Mutually Exclusive "
                          "Events"),
    ),
    "large_numbers": (
        ("England", "GCSE P3 (relative expected frequencies and theoretical probability), P5 "
                    "(empirical samples tend towards theoretical probability distributions "
                    "with increasing sample size); the standard error √(p(1 − p)/n) goes "
                    "beyond A level Mathematics"),
        ("US Common Core", "S-IC.A.2 (is a model consistent with results from simulation?), "
                           "S-IC.B.4 (margin of error through simulation)"),
        ("AP Statistics", "Unit 4: 4.2 Estimating Probabilities Using Simulation; Unit 5 "
                          "(Sampling Distributions): 5.5 Sampling Distributions for Sample "
                          "Proportions"),
    ),
    "at_least_one": (
        ("England", "GCSE P4 (the probabilities of an exhaustive set of mutually exclusive "
                    "events sum to one: P(not A) = 1 − P(A)), P8 (probability of independent "
                    "combined events); A level Mathematics: mutually exclusive and independent "
                    "events"),
        ("US Common Core", "S-CP.A.1 (events as complements of other events), S-CP.A.2 "
                           "(independent events: P(A and B) = P(A)P(B))"),
        ("AP Statistics", "Unit 4: 4.3 Introduction to Probability (the complement rule); "
                          "4.6 Independent Events and Unions of Events"),
    ),
    "binomial": (
        ("England", "A level Mathematics: the binomial distribution as a model, calculate "
                    "probabilities using the binomial distribution (the calculation of the mean "
                    "and variance of discrete random variables is excluded: np and np(1 − p) "
                    "appear there only to choose a normal approximation); E(X) = np as the "
                    "mean of a discrete random variable is A level Further Mathematics"),
        ("US Common Core", "S-MD.A.3 (+) (a probability distribution from theoretical "
                           "probabilities, its expected value)"),
        ("AP Statistics", "Unit 4: 4.10 Introduction to the Binomial Distribution, 4.11 "
                          "Parameters for a Binomial Distribution"),
    ),
    "conditional": (
        ("England", "GCSE P9 (conditional probabilities with two-way tables, tree and Venn "
                    "diagrams); A level Mathematics: conditional probability, "
                    "P(A|B) = P(A ∩ B)/P(B)"),
        ("US Common Core", "S-CP.A.3 (conditional probability of A given B), S-CP.B.6 (the "
                           "fraction of B's outcomes that also belong to A)"),
        ("AP Statistics", "Unit 4: 4.5 Conditional Probability"),
    ),
    "expected_value": (
        ("England", "A level Further Mathematics (statistics): expectation of a discrete "
                    "random variable, E(X). Not A level Mathematics, which uses simple discrete "
                    "probability distributions but excludes the calculation of their mean and "
                    "variance"),
        ("US Common Core", "S-MD.A.1 (+) (define a random variable, graph its distribution), "
                           "S-MD.A.2 (+) (expected value as the mean of the distribution)"),
        ("AP Statistics", "Unit 4: 4.7 Introduction to Random Variables and Probability "
                          "Distributions, 4.8 Mean and Standard Deviation of Random Variables, "
                          "4.9 Combining Random Variables (E(X + Y) = E(X) + E(Y), exercise "
                          "2)"),
    ),
    "stop_or_roll": (
        ("England", "A level Further Mathematics (statistics): expectation of a discrete "
                    "random variable, used to compare choices. Not A level Mathematics, which "
                    "excludes the calculation of the mean and variance of discrete random "
                    "variables"),
        ("US Common Core", "S-MD.B.5 (+) (weigh the outcomes of a decision by expected "
                           "values; a and b: expected payoff, compare strategies)"),
        ("AP Statistics", "Unit 4: 4.8 Mean and Standard Deviation of Random Variables"),
    ),
    "variance": (
        ("England", "A level Further Mathematics (statistics): variance and standard "
                    "deviation of a discrete random variable, Var(X). Not A level Mathematics, "
                    "which excludes the calculation of the mean and variance of discrete random "
                    "variables"),
        ("US Common Core", "S-MD.A.2 (+) (expected value); standard deviation as a spread: "
                           "S-ID.A.2"),
        ("AP Statistics", "Unit 4: 4.8 Mean and Standard Deviation of Random Variables; "
                          "Unit 5: 5.7 Sampling Distributions for Sample Means (σ/√n)"),
    ),
    "markov": (
        ("England", "Beyond A level Mathematics: matrices are A level Further Mathematics; "
                    "Markov chains are enrichment"),
        ("US Common Core", "N-VM.C.6–8 (+) (matrices and their products); Markov chains are "
                           "enrichment"),
        ("AP Statistics", "not in the course (enrichment)"),
    ),
    "optimal_play": (
        ("England", "A level Further Mathematics (statistics): expectation; the backwards "
                    "solving is enrichment"),
        ("US Common Core", "S-MD.B.5b (+) (evaluate and compare strategies on the basis of "
                           "expected values), S-MD.B.7 (+) (analyse decisions and strategies "
                           "using probability)"),
        ("AP Statistics", "Unit 4: 4.8 Mean and Standard Deviation of Random Variables"),
    ),
    "gamblers_fallacy": (
        ("England", "GCSE P5 (empirical samples tend towards theoretical probability), P8 "
                    "(independent combined events); A level Mathematics: independent events"),
        ("US Common Core", "S-CP.A.2 (independence), S-CP.A.3 (P(B | A) = P(B)), S-CP.A.5 "
                           "(independence in everyday language and situations)"),
        ("AP Statistics", "Unit 4: 4.1 Introducing Statistics: Random and Non-Random "
                          "Patterns?, 4.2 Estimating Probabilities Using Simulation, 4.5 "
                          "Conditional Probability, 4.6 Independent Events"),
    ),
    "behind": (
        ("England", "comparing a probability of winning with an expected value: A level "
                    "Further Mathematics (expectation); beyond GCSE"),
        ("US Common Core", "S-MD.B.5 (+) and S-MD.B.7 (+) (analyse decisions and strategies "
                           "using probability concepts)"),
        ("AP Statistics", "Unit 4: 4.3 Introduction to Probability, 4.8 Mean and Standard "
                          "Deviation of Random Variables"),
    ),
    "luck": (
        ("England", "GCSE P5 (empirical samples tend towards theoretical probability); the "
                    "expectation of a discrete random variable: A level Further Mathematics"),
        ("US Common Core", "S-MD.A.2 (+) (the expected value as the mean of a probability "
                           "distribution), S-MD.B.7 (+) (analyse decisions and strategies "
                           "using probability concepts)"),
        ("AP Statistics", "Unit 4: 4.2 Estimating Probabilities Using Simulation, 4.8 Mean "
                          "and Standard Deviation of Random Variables; Unit 5: 5.5 Sampling "
                          "Distributions for Sample Proportions"),
    ),
}


#: The edition a curriculum's codes follow, where it matters: the AP Statistics topic numbers
#: are those of the course and exam description effective fall 2020 (a revised course is
#: announced for 2026-27; its topic numbers may differ).
CURRICULUM_EDITIONS = {"AP Statistics": "AP Statistics (course and exam description, fall 2020)"}


def curriculum_line(key: str) -> str:
    """The English "Curriculum:" line of a lesson: England, US Common Core, AP Statistics.

    >>> curriculum_line("at_least_one").split("; ")[2][:40]
    'US Common Core: S-CP.A.1 (events as comp'
    """
    return "; ".join(f"{CURRICULUM_EDITIONS.get(who, who)}: {what}"
                     for who, what in CURRICULA[key])
