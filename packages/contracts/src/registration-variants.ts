import type { Language } from './languages.ts';

/**
 * Registration variants (spec §2: `/pages/register-<partner>`). Each register page is a configuration
 * of presets. The web form pre-fills language, country and especialidad from it (the visitor may change
 * them, and they travel in the body); the account level is not in the body at all: the server takes it
 * from the variant named by `variant`. See docs/decisions/040-web-routing-guard-and-register-variants.md.
 */

/** The 15 especialidades of the spec (§3), stored in Spanish as the spec writes them. */
export const ESPECIALIDADES = [
  'Entrenador',
  'Preparador Físico',
  'Prof. Educ. Física',
  'Kinesiólogo',
  'Nutricionista',
  'Cirujano Plástico',
  'Bariatra',
  'Masoterapeuta',
  'Masajista',
  'Médico General',
  'Nutriólogo',
  'Cardiólogo',
  'Diabetólogo',
  'Psicólogo',
  'Otra especialidad médica',
] as const;
export type Especialidad = (typeof ESPECIALIDADES)[number];

/**
 * Each especialidad in the three languages, for what the server writes (the report's header, decision 189);
 * the web app reads the same words from its locale files.
 */
const ESPECIALIDAD_NAMES: Readonly<Record<Especialidad, Record<Language, string>>> = {
  Entrenador: { es: 'Entrenador', en: 'Trainer', pt: 'Treinador' },
  'Preparador Físico': { es: 'Preparador Físico', en: 'Physical trainer', pt: 'Preparador físico' },
  'Prof. Educ. Física': { es: 'Prof. Educ. Física', en: 'Physical education teacher', pt: 'Prof. de Educação Física' },
  Kinesiólogo: { es: 'Kinesiólogo', en: 'Kinesiologist', pt: 'Fisioterapeuta' },
  Nutricionista: { es: 'Nutricionista', en: 'Nutritionist', pt: 'Nutricionista' },
  'Cirujano Plástico': { es: 'Cirujano Plástico', en: 'Plastic surgeon', pt: 'Cirurgião plástico' },
  Bariatra: { es: 'Bariatra', en: 'Bariatrician', pt: 'Bariatra' },
  Masoterapeuta: { es: 'Masoterapeuta', en: 'Massage therapist', pt: 'Massoterapeuta' },
  Masajista: { es: 'Masajista', en: 'Masseur', pt: 'Massagista' },
  'Médico General': { es: 'Médico General', en: 'General physician', pt: 'Clínico geral' },
  Nutriólogo: { es: 'Nutriólogo', en: 'Nutriologist', pt: 'Nutrólogo' },
  Cardiólogo: { es: 'Cardiólogo', en: 'Cardiologist', pt: 'Cardiologista' },
  Diabetólogo: { es: 'Diabetólogo', en: 'Diabetologist', pt: 'Diabetologista' },
  Psicólogo: { es: 'Psicólogo', en: 'Psychologist', pt: 'Psicólogo' },
  'Otra especialidad médica': {
    es: 'Otra especialidad médica',
    en: 'Other medical specialty',
    pt: 'Outra especialidade médica',
  },
};

/** The profession in `lang`; a value outside the list (an older free text) stays as written. */
export function especialidadName(value: string, lang: Language): string {
  return (ESPECIALIDADES as readonly string[]).includes(value)
    ? ESPECIALIDAD_NAMES[value as Especialidad][lang]
    : value;
}

export type RegistrationAccountLevel = 'basic' | 'professional' | 'partner';

export interface RegistrationVariant {
  /** The page segment: `register` or `register-<partner>`. Sent back as `variant` in POST /web/creacuenta. */
  slug: string;
  /** Language preset for the page (when the visitor has not chosen one) and for the new account. */
  lang: Language | null;
  /** The page is always shown in `lang`, whatever the visitor chose (spec §1: register-pacific → es). */
  forceLanguage: boolean;
  /** ISO 3166-1 alpha-2 code of the preselected country (matched against GET /web/countries). */
  countryIso2: string | null;
  /** Account level the server gives the new account. */
  accountLevel: RegistrationAccountLevel;
  /** Especialidad preselected in the form (the visitor may still change it). */
  especialidad: Especialidad | null;
  /** Shown as "Registration for <partner>" on the page; null for the generic page. */
  partnerName: string | null;
}

const base: Omit<RegistrationVariant, 'slug'> = {
  lang: null,
  forceLanguage: false,
  countryIso2: null,
  accountLevel: 'basic',
  especialidad: null,
  partnerName: null,
};

function variant(slug: string, presets: Partial<Omit<RegistrationVariant, 'slug'>>): RegistrationVariant {
  return { ...base, ...presets, slug };
}

/** The named variants of the spec's route table. */
export const REGISTRATION_VARIANTS: readonly RegistrationVariant[] = [
  variant('register', {}),
  variant('register-pacific', {
    lang: 'es',
    forceLanguage: true,
    countryIso2: 'CL',
    accountLevel: 'partner',
    partnerName: 'Pacific',
  }),
  variant('register-auto', {}),
  variant('register-mx', { lang: 'es', countryIso2: 'MX' }),
  variant('register-br', { lang: 'pt', countryIso2: 'BR' }),
  variant('register-trainer', { accountLevel: 'professional', especialidad: 'Entrenador' }),
  variant('register-fit', { especialidad: 'Preparador Físico' }),
  variant('register-ftrainer', { especialidad: 'Entrenador' }),
  variant('register-mcam', { accountLevel: 'partner', partnerName: 'MCAM' }),
  variant('register-seguridad', { lang: 'es', accountLevel: 'partner', partnerName: 'Seguridad' }),
];

/** Matches the `variant` field of creaCuentaBodySchema. */
export const REGISTRATION_SLUG_PATTERN = /^register(-[a-z0-9]{1,40})?$/;

/**
 * The presets for a page segment, or null when it is not a register page. Unknown `register-<partner>`
 * pages (spec: `register-{product}`, `register-{name}`) get the generic presets — never a partner
 * account level, which only a named variant grants — and keep their own slug for reporting.
 */
export function resolveRegistrationVariant(segment: string): RegistrationVariant | null {
  const slug = segment.toLowerCase();
  if (!REGISTRATION_SLUG_PATTERN.test(slug)) return null;
  return REGISTRATION_VARIANTS.find((v) => v.slug === slug) ?? { ...base, slug };
}
