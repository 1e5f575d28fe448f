import type { IsakInput } from '../isak/types.ts';

/**
 * A full ISAK profile of an adult man (every restricted and full-profile site, read twice; the front thigh
 * three times because its first two readings differ by 8.2 %), for tests of the screens and the report that
 * compute its results with `computeIsak` (decision 198). At 178 cm and 75 kg Kerr's five masses come within
 * ±5 % of the scale; at 70 kg they do not.
 */
export function isakFullProfile(): IsakInput {
  return {
    sites: {
      triceps: [10.2, 10.4],
      subscapular: [11.0, 11.3],
      biceps: [4.5, 4.6],
      iliac_crest: [15.0, 15.4],
      supraspinale: [8.1, 8.0],
      abdominal: [18.2, 18.8],
      front_thigh: [14.0, 15.2, 14.6],
      medial_calf: [7.4, 7.5],
      arm_relaxed: [31.2, 31.3],
      arm_flexed: [33.5, 33.6],
      waist: [80.1, 80.3],
      gluteal: [96.0, 96.2],
      mid_thigh: [55.0, 55.2],
      calf_girth: [37.0, 37.1],
      humerus: [6.95, 7.0],
      bistyloid: [5.6, 5.6],
      femur: [9.6, 9.65],
      sitting_height: [91.0, 91.2],
      arm_span: [180.0, 180.4],
      head: [57.0, 57.1],
      forearm: [27.0, 27.1],
      chest: [98.0, 98.4],
      thigh_1cm_gluteal: [58.0, 58.3],
      biacromial: [40.5, 40.6],
      biiliocristal: [28.5, 28.7],
      transverse_chest: [29.0, 29.2],
      ap_chest: [20.0, 20.2],
    },
  };
}
