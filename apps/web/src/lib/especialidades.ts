import { ESPECIALIDADES, type Especialidad } from '@medida/contracts/constants';

/** Translation-key slugs: the stored values are Spanish and contain dots, which i18next reads as nesting. */
export const ESPECIALIDAD_KEYS: Record<Especialidad, string> = {
  Entrenador: 'trainer',
  'Preparador Físico': 'physicalTrainer',
  'Prof. Educ. Física': 'peTeacher',
  Kinesiólogo: 'kinesiologist',
  Nutricionista: 'nutritionist',
  'Cirujano Plástico': 'plasticSurgeon',
  Bariatra: 'bariatrician',
  Masoterapeuta: 'massageTherapist',
  Masajista: 'masseur',
  'Médico General': 'generalPhysician',
  Nutriólogo: 'nutriologist',
  Cardiólogo: 'cardiologist',
  Diabetólogo: 'diabetologist',
  Psicólogo: 'psychologist',
  'Otra especialidad médica': 'otherMedical',
};

export function especialidadKey(value: string): string | null {
  return (ESPECIALIDADES as readonly string[]).includes(value)
    ? `especialidades.${ESPECIALIDAD_KEYS[value as Especialidad]}`
    : null;
}
