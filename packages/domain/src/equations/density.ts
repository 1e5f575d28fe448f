import { defineEquation } from './equation.ts';

export const SIRI = defineEquation({
  id: 'siri_1956',
  name: 'Siri density to fat %',
  citation: 'Siri WE. Adv Biol Med Phys 1956;4:239-280',
  validity: 'Two-compartment model; default conversion for density equations',
  status: 'solid',
});

export const BROZEK = defineEquation({
  id: 'brozek_1963',
  name: 'Brozek density to fat %',
  citation: 'Brozek J, Grande F, Anderson JT, Keys A. Ann N Y Acad Sci 1963;110:113-140',
  validity: 'Two-compartment model; alternative to Siri',
  status: 'solid',
});

/** Body density (g/mL) to fat %: 495/Db - 450. */
export const siri = (density: number): number => 495 / density - 450;

/** Body density (g/mL) to fat %: 457/Db - 414.2. */
export const brozek = (density: number): number => 457 / density - 414.2;
