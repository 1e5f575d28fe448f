export type Sex = 'M' | 'F';

/** Spec values for `sexo`. */
export type Sexo = 'Femenino' | 'Masculino';

export const toSex = (sexo: Sexo): Sex => (sexo === 'Masculino' ? 'M' : 'F');

/** Regression dummy: formulas.md uses male = 1, female = 0. */
export const maleDummy = (sex: Sex): number => (sex === 'M' ? 1 : 0);
