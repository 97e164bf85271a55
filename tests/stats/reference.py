#!/usr/bin/env python3
"""Reference values for tests/stats/stats_test.cpp and moments_test.cpp.

Run: python3 tests/stats/reference.py
Needs only the standard library and mpmath (Debian python3-mpmath); SciPy and R are not available
here, so each statistic is recomputed from its definition, independently of the C++ code:
  - exact means and variances with fractions.Fraction (Python's int/int and Fraction -> float
    conversions are correctly rounded, as the C++ Moments promises to be);
  - normal and Student t quantiles and CDFs with mpmath at 40 digits;
  - Tango's interval by maximizing the restricted multinomial likelihood numerically (not with the
    closed form the C++ code uses) and solving |score| = z with mpmath.findroot;
  - Mann-Whitney from explicit lists with mid-ranks (the textbook route, not the C++ count route);
  - Kolmogorov-Smirnov D from explicit lists, and Q(lambda) from the alternating series at 40 digits.
"""
from fractions import Fraction
import math

import mpmath as mp

mp.mp.dps = 40


def show(name, value):
    if isinstance(value, float):
        print(f"{name} = {value!r}")
    else:
        print(f"{name} = {mp.nstr(value, 17)}")


def z_of(confidence):
    return mp.sqrt(2) * mp.erfinv(mp.mpf(confidence))


def phi_upper(z):  # P(Z > z)
    return mp.erfc(z / mp.sqrt(2)) / 2


# ---------------------------------------------------------------- moments
def exact_moments(values):
    n = len(values)
    s1 = sum(Fraction(v) for v in values)
    s2 = sum(Fraction(v) * Fraction(v) for v in values)
    mean = float(s1 / n)
    var = float((n * s2 - s1 * s1) / (n * (n - 1))) if n > 1 else float("nan")
    return mean, var, math.sqrt(var)


print("# Moments")
for name, values in [
    ("small", [2, 4, 4, 4, 5, 5, 7, 9]),
    ("offset", [1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16]),
    ("tenths", [0.1, 0.2, 0.3, 0.4]),
    ("mixed", [1e16, 1.0, -1e16, 3.5, 0.25, -7.0]),
]:
    mean, var, sd = exact_moments(values)
    show(f"{name}.mean", mean)
    show(f"{name}.variance", var)
    show(f"{name}.sd", sd)

# ---------------------------------------------------------------- normal quantile
print("# z")
show("z(0.95)", z_of(0.95))
show("z(0.99)", z_of(0.99))


# ---------------------------------------------------------------- Wilson
def wilson(k, n, confidence=0.95):
    z = z_of(confidence)
    p = mp.mpf(k) / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z / d * mp.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return c - h, c + h


print("# Wilson (Newcombe 1998 single proportion examples)")
for k, n in [(81, 263), (15, 148), (0, 20), (1, 29), (29, 29)]:
    lo, hi = wilson(k, n)
    show(f"wilson({k},{n}).low", lo)
    show(f"wilson({k},{n}).high", hi)
lo, hi = wilson(81, 263, 0.99)
show("wilson(81,263,0.99).low", lo)
show("wilson(81,263,0.99).high", hi)

# ---------------------------------------------------------------- Newcombe hybrid score
print("# Newcombe method 10")
for k1, n1, k2, n2 in [(56, 70, 48, 80), (9, 10, 3, 10), (5, 56, 0, 29)]:
    p1 = mp.mpf(k1) / n1
    p2 = mp.mpf(k2) / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    if k1 == 0:
        l1 = 0
    if k2 == 0:
        l2 = 0
    d = p1 - p2
    show(f"newcombe({k1}/{n1}-{k2}/{n2}).low", d - mp.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2))
    show(f"newcombe({k1}/{n1}-{k2}/{n2}).high", d + mp.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))

# ---------------------------------------------------------------- two-proportion z test
print("# pooled z test")
for k1, n1, k2, n2 in [(56, 70, 48, 80), (120, 200, 90, 200)]:
    p1 = mp.mpf(k1) / n1
    p2 = mp.mpf(k2) / n2
    p = mp.mpf(k1 + k2) / (n1 + n2)
    z = (p1 - p2) / mp.sqrt(p * (1 - p) * (mp.mpf(1) / n1 + mp.mpf(1) / n2))
    show(f"ztest({k1},{n1},{k2},{n2}).z", z)
    show(f"ztest({k1},{n1},{k2},{n2}).p", 2 * phi_upper(abs(z)))


# ---------------------------------------------------------------- first-player advantage
def restricted_loglik_max(w1, w2, d, delta):
    """max over q = P(second wins) of the trinomial log-likelihood with P(first wins) = q + delta."""
    lo = max(mp.mpf(0), -delta)
    hi = (1 - delta) / 2

    def loglik(q):
        p1 = q + delta
        p0 = 1 - p1 - q
        total = mp.mpf(0)
        for count, prob in ((w1, p1), (w2, q), (d, p0)):
            if count:
                if prob <= 0:
                    return -mp.inf
                total += count * mp.log(prob)
        return total

    # Golden-section search on a concave function.
    a, b = lo, hi
    g = (mp.sqrt(5) - 1) / 2
    for _ in range(200):
        c = b - g * (b - a)
        e = a + g * (b - a)
        if loglik(c) < loglik(e):
            a = c
        else:
            b = e
    return (a + b) / 2


def score(w1, w2, d, delta):
    n = w1 + w2 + d
    q = restricted_loglik_max(w1, w2, d, delta)
    p1 = q + delta
    var = (p1 + q - delta * delta) / n
    return (mp.mpf(w1 - w2) / n - delta) / mp.sqrt(var)


print("# first-player advantage (Tango score interval, numeric restricted MLE)")
for w1, w2, d in [(520, 430, 50), (30, 10, 60), (3, 1, 2)]:
    n = w1 + w2 + d
    z = z_of(0.95)
    est = mp.mpf(w1 - w2) / n
    low = mp.findroot(lambda t: score(w1, w2, d, t) - z, (est - mp.mpf("0.3"), est - mp.mpf("1e-6")),
                      solver="anderson")
    high = mp.findroot(lambda t: score(w1, w2, d, t) + z, (est + mp.mpf("1e-6"), est + mp.mpf("0.3")),
                       solver="anderson")
    show(f"advantage({w1},{w2},{d}).low", low)
    show(f"advantage({w1},{w2},{d}).high", high)
    zz = mp.mpf(w1 - w2) / mp.sqrt(w1 + w2)
    show(f"advantage({w1},{w2},{d}).z", zz)
    show(f"advantage({w1},{w2},{d}).p", 2 * phi_upper(abs(zz)))


# ---------------------------------------------------------------- Mann-Whitney
def mann_whitney(x, y, correct=False):
    pooled = sorted(x + y)
    ranks = {}
    i = 0
    ties = []
    while i < len(pooled):
        j = i
        while j < len(pooled) and pooled[j] == pooled[i]:
            j += 1
        ranks[pooled[i]] = Fraction(i + 1 + j, 2)  # mid-rank of positions i+1..j
        ties.append(j - i)
        i = j
    n1, n2 = len(x), len(y)
    r1 = sum(ranks[v] for v in x)
    w = r1 - Fraction(n1 * (n1 + 1), 2)
    big_n = n1 + n2
    var = mp.mpf(n1 * n2) / 12 * ((big_n + 1) - mp.mpf(sum(t ** 3 - t for t in ties)) / (big_n * (big_n - 1)))
    centered = mp.mpf(w.numerator) / w.denominator - mp.mpf(n1 * n2) / 2
    if correct and centered != 0:
        centered -= mp.sign(centered) / 2
    z = centered / mp.sqrt(var)
    less = sum(1 for a in x for b in y if a < b)
    equal = sum(1 for a in x for b in y if a == b)
    effect = Fraction(2 * less + equal, 2 * n1 * n2)
    return w, z, 2 * phi_upper(abs(z)), effect


MW_X = [12, 15, 15, 18, 20, 20, 20, 25, 31]
MW_Y = [14, 15, 19, 20, 22, 26, 26, 28, 33, 35, 40]
print("# Mann-Whitney")
for correct in (False, True):
    w, z, p, effect = mann_whitney(MW_X, MW_Y, correct)
    print(f"mw(correct={correct}).u = {float(w)!r}")
    show(f"mw(correct={correct}).z", z)
    show(f"mw(correct={correct}).p", p)
    print(f"mw(correct={correct}).effect = {float(effect)!r}  ({effect})")


# ---------------------------------------------------------------- Kolmogorov-Smirnov
def kolmogorov_q(lam):
    return 2 * mp.nsum(lambda k: (-1) ** (k - 1) * mp.exp(-2 * k * k * lam * lam), [1, mp.inf])


def ks(x, y):
    values = sorted(set(x + y))
    d = max(abs(Fraction(sum(1 for a in x if a <= v), len(x)) - Fraction(sum(1 for b in y if b <= v), len(y)))
            for v in values)
    n1, n2 = len(x), len(y)
    lam = mp.sqrt(mp.mpf(n1 * n2) / (n1 + n2)) * (mp.mpf(d.numerator) / d.denominator)
    return d, kolmogorov_q(lam)


print("# Kolmogorov-Smirnov")
d, p = ks(MW_X, MW_Y)
print(f"ks.d = {float(d)!r}  ({d})")
show("ks.p", p)
for lam in ["0.5", "1", "1.36", "1.628", "2"]:
    show(f"Q({lam})", kolmogorov_q(mp.mpf(lam)))


# ---------------------------------------------------------------- Welch
def t_cdf_upper(t, df):  # P(T > t), t >= 0
    x = df / (df + t * t)
    return mp.betainc(df / 2, mp.mpf(1) / 2, 0, x, regularized=True) / 2


def t_quantile_upper(alpha, df):  # t with P(T > t) = alpha
    return mp.findroot(lambda t: t_cdf_upper(t, df) - alpha, mp.mpf(2))


SLEEP1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
SLEEP2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]


def welch(a, b, confidence=0.95):
    fa = [mp.mpf(Fraction(v).numerator) / Fraction(v).denominator for v in a]
    fb = [mp.mpf(Fraction(v).numerator) / Fraction(v).denominator for v in b]
    na, nb = len(a), len(b)
    ma, mb = sum(fa) / na, sum(fb) / nb
    va = sum((v - ma) ** 2 for v in fa) / (na - 1) / na
    vb = sum((v - mb) ** 2 for v in fb) / (nb - 1) / nb
    se = mp.sqrt(va + vb)
    df = (va + vb) ** 2 / (va * va / (na - 1) + vb * vb / (nb - 1))
    tq = t_quantile_upper((1 - mp.mpf(confidence)) / 2, df)
    diff = ma - mb
    t = diff / se
    return diff, diff - tq * se, diff + tq * se, df, t, 2 * t_cdf_upper(abs(t), df)


print("# Welch (R's sleep data; R prints t = -1.8608, df = 17.776, p-value = 0.07939,")
print("#  95 percent CI -3.3654832 0.2054832)")
for name, value in zip(["diff", "low", "high", "df", "t", "p"], welch(SLEEP1, SLEEP2)):
    show(f"welch.{name}", value)
