/**
 * The Heath–Carter somatochart as a drawing (decision 198), shared by the detail page and the PDF so that both
 * place a somatotype at the same spot. Coordinates are the chart's own X = III − I and Y = 2·II − (I + III)
 * (isak.md §b.5). The chart draws one X unit √3 times as long as one Y unit: that is the geometry in which
 * the distance between two points is the SDD, sqrt(3·ΔX² + ΔY²) (isak.md §b.6), and the three poles
 * 7-1-1 (−6, −6), 1-7-1 (0, 12) and 1-1-7 (6, −6) make an equilateral triangle. Its sides are the classic
 * curved ones: each an arc centred on the opposite pole (a Reuleaux triangle).
 */

export type SomatotypeComponent = 'endomorphy' | 'mesomorphy' | 'ectomorphy';

export interface ChartPoint {
  x: number;
  y: number;
}

/** The three poles, where one component is 7 and the other two 1. */
export const SOMATOCHART_POLES: Readonly<Record<SomatotypeComponent, ChartPoint>> = {
  endomorphy: { x: -6, y: -6 },
  mesomorphy: { x: 0, y: 12 },
  ectomorphy: { x: 6, y: -6 },
};

/** One X unit in Y units. */
const SOMATOCHART_X_STRETCH = Math.sqrt(3);
/** Side of the pole triangle (and radius of each arc), in Y units: 12√3. */
const SIDE = 12 * SOMATOCHART_X_STRETCH;
/** Distance from the origin to a pole (12) and to the middle of the opposite arc (side − 12), in Y units. */
const TO_POLE = 12;
const TO_ARC = SIDE - TO_POLE;

/** The customary frame of a printed somatochart: X −8…+8, Y −10…+16. */
const CUSTOMARY = { xMin: -8, xMax: 8, yMin: -10, yMax: 16 };

interface SomatochartLayout {
  /** The frame in chart units: the customary one, widened to keep every point inside with a unit to spare. */
  frame: { xMin: number; xMax: number; yMin: number; yMax: number };
  width: number;
  height: number;
  /** A chart point in drawing units (y downwards, origin top left). */
  place: (p: ChartPoint) => { x: number; y: number };
  /** The curved triangle as an SVG path (three arcs). */
  outline: string;
  /** The three lines through the origin, each from a pole to the middle of the opposite arc. */
  axes: Array<{ from: { x: number; y: number }; to: { x: number; y: number } }>;
  poles: Record<SomatotypeComponent, { x: number; y: number }>;
}

/**
 * The chart laid out to `width` drawing units (its height follows from the frame's proportions), with room
 * for `points` (the client's somatotypes).
 */
export function somatochartLayout(width: number, points: readonly ChartPoint[] = []): SomatochartLayout {
  const frame = { ...CUSTOMARY };
  for (const p of points) {
    frame.xMin = Math.min(frame.xMin, Math.floor(p.x) - 1);
    frame.xMax = Math.max(frame.xMax, Math.ceil(p.x) + 1);
    frame.yMin = Math.min(frame.yMin, Math.floor(p.y) - 1);
    frame.yMax = Math.max(frame.yMax, Math.ceil(p.y) + 1);
  }
  const scale = width / ((frame.xMax - frame.xMin) * SOMATOCHART_X_STRETCH);
  const height = (frame.yMax - frame.yMin) * scale;
  const place = (p: ChartPoint) => ({
    x: (p.x - frame.xMin) * SOMATOCHART_X_STRETCH * scale,
    y: (frame.yMax - p.y) * scale,
  });
  const poles = {
    endomorphy: place(SOMATOCHART_POLES.endomorphy),
    mesomorphy: place(SOMATOCHART_POLES.mesomorphy),
    ectomorphy: place(SOMATOCHART_POLES.ectomorphy),
  };
  const r = SIDE * scale;
  const at = (q: { x: number; y: number }) => `${round(q.x)} ${round(q.y)}`;
  // Clockwise on the page from the endomorphy pole: each arc bulges outwards (sweep flag 1 with y downwards).
  const arc = (to: { x: number; y: number }) => `A ${round(r)} ${round(r)} 0 0 1 ${at(to)}`;
  const outline = `M ${at(poles.endomorphy)} ${arc(poles.mesomorphy)} ${arc(poles.ectomorphy)} ${arc(poles.endomorphy)} Z`;
  // The far end of each line: through the origin, TO_ARC beyond it, where it meets the opposite arc.
  const beyond = (pole: ChartPoint) => {
    const k = -TO_ARC / TO_POLE;
    return place({ x: pole.x * k, y: pole.y * k });
  };
  const axes = (Object.keys(SOMATOCHART_POLES) as SomatotypeComponent[]).map((c) => ({
    from: poles[c],
    to: beyond(SOMATOCHART_POLES[c]),
  }));
  return { frame, width, height, place, outline, axes, poles };
}

const round = (v: number) => Math.round(v * 100) / 100;
