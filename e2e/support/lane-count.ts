/** How many lanes, so spec files at once: E2E_LANES, 2 by default (read by the config and the global setup, decision 232). */
export function laneCount(): number {
  const n = Number(process.env.E2E_LANES ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 2;
}
