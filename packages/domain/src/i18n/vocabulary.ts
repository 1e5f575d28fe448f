import type { Localized } from '../exams.ts';

/** Evaluation methods by evaluation type (1-5). */
export const METHOD_NAMES: Readonly<Record<string, Localized>> = {
  '1': { es: 'Bioimpedancia', en: 'Bioimpedance', pt: 'Bioimpedância' },
  '2': { es: 'Dos pliegues', en: 'Two skinfolds', pt: 'Duas dobras' },
  '3': { es: 'Cinta métrica', en: 'Tape measure', pt: 'Fita métrica' },
  '4': { es: 'Cuatro pliegues', en: 'Four skinfolds', pt: 'Quatro dobras' },
  '5': { es: 'Perfil ISAK', en: 'ISAK profile', pt: 'Perfil ISAK' },
};

/** Nutrients of the food guide. */
export const NUTRIENT_NAMES: Readonly<Record<string, Localized>> = {
  energy_kcal: { es: 'Energía', en: 'Energy', pt: 'Energia' },
  fat_g: { es: 'Grasas', en: 'Fat', pt: 'Gorduras' },
  saturates_g: { es: 'Grasas saturadas', en: 'Saturated fat', pt: 'Gorduras saturadas' },
  sugars_g: { es: 'Azúcares', en: 'Sugars', pt: 'Açúcares' },
  added_sugars_g: { es: 'Azúcares añadidos', en: 'Added sugars', pt: 'Açúcares adicionados' },
  salt_g: { es: 'Sal', en: 'Salt', pt: 'Sal' },
  sodium_mg: { es: 'Sodio', en: 'Sodium', pt: 'Sódio' },
};

/** The chronic conditions the wizard offers, by the value stored (Spanish, spec §3). Conditions typed by the professional are shown as typed. */
export const CONDITION_NAMES: Readonly<Record<string, Localized>> = {
  Hipertensión: { es: 'Hipertensión', en: 'Hypertension', pt: 'Hipertensão' },
  Hipercolesteremia: { es: 'Hipercolesterolemia', en: 'High cholesterol', pt: 'Hipercolesterolemia' },
  Diabetes: { es: 'Diabetes', en: 'Diabetes', pt: 'Diabetes' },
  Obesidad: { es: 'Obesidad', en: 'Obesity', pt: 'Obesidade' },
  'Hígado Graso': { es: 'Hígado graso', en: 'Fatty liver', pt: 'Esteatose hepática' },
  Lupus: { es: 'Lupus', en: 'Lupus', pt: 'Lúpus' },
  Celíaca: { es: 'Enfermedad celíaca', en: 'Coeliac disease', pt: 'Doença celíaca' },
  Cáncer: { es: 'Cáncer', en: 'Cancer', pt: 'Câncer' },
  VIH: { es: 'VIH', en: 'HIV', pt: 'HIV' },
  Artritis: { es: 'Artritis', en: 'Arthritis', pt: 'Artrite' },
};
