/**
 * Standard normal cumulative distribution Φ(z).
 * W. J. Cody's rational Chebyshev erfc approximation (Math Comp 1969), accurate to ~1e-15,
 * more than enough for a percentile shown with one decimal.
 */
export function normalCdf(z: number): number {
  if (z === Infinity) return 1;
  if (z === -Infinity) return 0;
  const x = Math.abs(z) / Math.SQRT2;
  const e = erfc(x);
  return z >= 0 ? 1 - e / 2 : e / 2;
}

function erfc(x: number): number {
  // x >= 0 here.
  if (x < 0.5) return 1 - erfSmall(x);
  if (x < 4) return erfcMid(x);
  return erfcLarge(x);
}

function erfSmall(x: number): number {
  const a = [
    3.1611237438705655, 113.86415415105016, 377.485237685302, 3209.3775891384694, 0.18577770618460315,
  ] as const;
  const b = [23.601290952344122, 244.02463793444417, 1282.6165260773723, 2844.236833439171] as const;
  const z = x * x;
  let num = a[4] * z;
  let den = z;
  for (let i = 0; i < 3; i++) {
    num = (num + a[i]!) * z;
    den = (den + b[i]!) * z;
  }
  return (x * (num + a[3])) / (den + b[3]);
}

function erfcMid(x: number): number {
  const c = [
    0.5641884969886701, 8.883149794388377, 66.11919063714163, 298.6351381974001, 881.952221241769, 1712.0476126340707,
    2051.0783778260716, 1230.339354797997, 2.1531153547440383e-8,
  ] as const;
  const d = [
    15.744926110709835, 117.6939508913125, 537.1811018620099, 1621.3895745666903, 3290.7992357334597, 4362.619090143247,
    3439.3676741437216, 1230.3393548037495,
  ] as const;
  let num = c[8] * x;
  let den = x;
  for (let i = 0; i < 7; i++) {
    num = (num + c[i]!) * x;
    den = (den + d[i]!) * x;
  }
  return Math.exp(-x * x) * ((num + c[7]) / (den + d[7]));
}

function erfcLarge(x: number): number {
  const p = [
    0.30532663496123236, 0.36034489994980445, 0.12578172611122926, 0.016083785148742275, 6.587491615298378e-4,
    0.016315387137302097,
  ] as const;
  const q = [
    2.568520192289822, 1.8729528499234604, 0.5279051029514285, 0.06051834131244132, 0.0023352049762686918,
  ] as const;
  const z = 1 / (x * x);
  let num = p[5] * z;
  let den = z;
  for (let i = 0; i < 4; i++) {
    num = (num + p[i]!) * z;
    den = (den + q[i]!) * z;
  }
  let r = (z * (num + p[4])) / (den + q[4]);
  r = (1 / Math.sqrt(Math.PI) - r) / x;
  return Math.exp(-x * x) * r;
}

export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
