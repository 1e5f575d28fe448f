import type { Language } from '@medida/contracts';

/**
 * The columns of the client and evaluation lists as spreadsheets (issue 35): one definition for the export and
 * the import, so an exported file imports back. A header is written in the reader's language and read in any of
 * the three; a measurement's header names its unit in brackets ("Peso (kg)"), and the import also reads the
 * other unit a spreadsheet may carry (lb, in).
 */

/** How a cell is read and written. */
type ColumnType =
  | 'text'
  | 'email'
  /** ISO yyyy-mm-dd written; the reader's day-first or month-first dates also read (decision 228). */
  | 'date'
  /** Femenino / Masculino in the reader's language. */
  | 'sex'
  | 'number'
  | 'integer'
  /** Si / No in the reader's language. */
  | 'yes-no'
  /** The evaluation method: its number (1–4) or its name in any language. */
  | 'method'
  /** The client's consent: a method (written, verbal, electronic) or yes in any language. */
  | 'consent'
  /** A country, region or city by its name (or a country's ISO code). */
  | 'place';

/** The product's unit of a measurement column; the import converts the alternatives (lb → kg, in → cm). */
export type ColumnUnit = 'kg' | 'cm' | 'mm' | 'mmHg' | '%' | '°C';

export interface SpreadsheetColumn<K extends string = string> {
  key: K;
  type: ColumnType;
  unit?: ColumnUnit;
  /** The header without its unit, per language. */
  headers: Record<Language, string>;
  /** Written by the export, never read back (a record's creation day). */
  exportOnly?: boolean;
}

const column = <K extends string>(
  key: K,
  type: ColumnType,
  es: string,
  en: string,
  pt: string,
  extra: Partial<Pick<SpreadsheetColumn, 'unit' | 'exportOnly'>> = {},
): SpreadsheetColumn<K> => ({ key, type, headers: { es, en, pt }, ...extra });

/** A client: the new-client form's fields, the consent, and when it became a client. */
export const CLIENT_COLUMNS = [
  column('nombre', 'text', 'Nombre', 'First name', 'Nome'),
  column('apellido', 'text', 'Apellido', 'Last name', 'Sobrenome'),
  column('email', 'email', 'Correo electrónico', 'E-mail', 'E-mail'),
  column('rut', 'text', 'RUT / documento', 'ID number', 'Documento'),
  column('telefono', 'text', 'Teléfono', 'Phone', 'Telefone'),
  column('nacimiento', 'date', 'Fecha de nacimiento', 'Date of birth', 'Data de nascimento'),
  column('sexo', 'sex', 'Sexo', 'Sex', 'Sexo'),
  column('direccion', 'text', 'Dirección', 'Address', 'Endereço'),
  column('pais', 'place', 'País', 'Country', 'País'),
  column('region', 'place', 'Región', 'Region', 'Estado'),
  column('comuna', 'place', 'Comuna', 'City', 'Cidade'),
  column('consent', 'consent', 'Consentimiento', 'Consent', 'Consentimento'),
  column('created_at', 'date', 'Cliente desde', 'Client since', 'Cliente desde', { exportOnly: true }),
] as const;

/**
 * An evaluation: its client (by document or e-mail), date, method and the measured inputs. Results are never a
 * column that is read: the engine computes them again from these inputs.
 */
export const EVALUATION_COLUMNS = [
  column('rut', 'text', 'RUT / documento', 'ID number', 'Documento'),
  column('email', 'email', 'Correo electrónico', 'E-mail', 'E-mail'),
  column('nombre', 'text', 'Nombre', 'First name', 'Nome', { exportOnly: true }),
  column('apellido', 'text', 'Apellido', 'Last name', 'Sobrenome', { exportOnly: true }),
  column('fecha', 'date', 'Fecha', 'Date', 'Data'),
  column('evaluation_type', 'method', 'Método', 'Method', 'Método'),
  column('peso', 'number', 'Peso', 'Weight', 'Peso', { unit: 'kg' }),
  column('estatura', 'number', 'Estatura', 'Height', 'Altura', { unit: 'cm' }),
  column('presion_s', 'number', 'Presión sistólica', 'Systolic pressure', 'Pressão sistólica', { unit: 'mmHg' }),
  column('presion_d', 'number', 'Presión diastólica', 'Diastolic pressure', 'Pressão diastólica', { unit: 'mmHg' }),
  column('pcintura', 'number', 'Cintura', 'Waist', 'Cintura', { unit: 'cm' }),
  column('pcadera', 'number', 'Cadera', 'Hip', 'Quadril', { unit: 'cm' }),
  column('pbrazo', 'number', 'Brazo', 'Arm', 'Braço', { unit: 'cm' }),
  column('ppierna', 'number', 'Pierna', 'Leg', 'Perna', { unit: 'cm' }),
  column('cuello', 'number', 'Cuello', 'Neck', 'Pescoço', { unit: 'cm' }),
  column('pgrasa', 'number', 'Grasa', 'Body fat', 'Gordura', { unit: '%' }),
  column('triceps', 'number', 'Pliegue tricipital', 'Triceps skinfold', 'Dobra tricipital', { unit: 'mm' }),
  column('subescapular', 'number', 'Pliegue subescapular', 'Subscapular skinfold', 'Dobra subescapular', {
    unit: 'mm',
  }),
  column('abdominal', 'number', 'Pliegue abdominal', 'Abdominal skinfold', 'Dobra abdominal', { unit: 'mm' }),
  column('cuadriceps', 'number', 'Pliegue del muslo', 'Thigh skinfold', 'Dobra da coxa', { unit: 'mm' }),
  column('suprailiaco', 'number', 'Pliegue suprailíaco', 'Suprailiac skinfold', 'Dobra suprailíaca', { unit: 'mm' }),
  column('biceps', 'number', 'Pliegue bicipital', 'Biceps skinfold', 'Dobra bicipital', { unit: 'mm' }),
  column('diametro_muneca', 'number', 'Diámetro de muñeca', 'Wrist breadth', 'Diâmetro do punho', { unit: 'cm' }),
  column('diametro_femur', 'number', 'Diámetro de fémur', 'Femur breadth', 'Diâmetro do fêmur', { unit: 'cm' }),
  column('temperatura', 'number', 'Temperatura', 'Temperature', 'Temperatura', { unit: '°C' }),
  column('fuma', 'yes-no', 'Fuma', 'Smokes', 'Fuma'),
  column('alcohol', 'yes-no', 'Alcohol', 'Alcohol', 'Álcool'),
  column('ejercita', 'yes-no', 'Hace ejercicio', 'Exercises', 'Faz exercício'),
  column('hace', 'integer', 'Entrena hace (1–6)', 'Training for (1–6)', 'Treina há (1–6)'),
  column('frecentrena', 'integer', 'Entrenamientos por semana', 'Workouts per week', 'Treinos por semana'),
] as const;

export type ClientColumnKey = (typeof CLIENT_COLUMNS)[number]['key'];

export type SpreadsheetKind = 'clients' | 'evaluations';

export const COLUMNS_OF: Record<SpreadsheetKind, readonly SpreadsheetColumn[]> = {
  clients: CLIENT_COLUMNS,
  evaluations: EVALUATION_COLUMNS,
};

/** The header as written in `lang`: the name, and its unit in brackets ("Peso (kg)"). */
export function headerOf(column: SpreadsheetColumn, lang: Language): string {
  return column.unit ? `${column.headers[lang]} (${column.unit})` : column.headers[lang];
}

/** Sex and yes/no as a reader of `lang` writes them; the import reads every language's. */
export const CHOICE_TEXTS = {
  sex: {
    Femenino: { es: 'Femenino', en: 'Female', pt: 'Feminino' },
    Masculino: { es: 'Masculino', en: 'Male', pt: 'Masculino' },
  },
  'yes-no': {
    Si: { es: 'Sí', en: 'Yes', pt: 'Sim' },
    No: { es: 'No', en: 'No', pt: 'Não' },
  },
  method: {
    1: { es: 'Bioimpedancia', en: 'Bioimpedance', pt: 'Bioimpedância' },
    2: { es: 'Dos pliegues', en: 'Two skinfolds', pt: 'Duas dobras' },
    3: { es: 'Cinta', en: 'Tape', pt: 'Fita' },
    4: { es: 'Cuatro pliegues', en: 'Four skinfolds', pt: 'Quatro dobras' },
  },
  consent: {
    written: { es: 'Escrito', en: 'Written', pt: 'Escrito' },
    verbal: { es: 'Verbal', en: 'Verbal', pt: 'Verbal' },
    electronic: { es: 'Electrónico', en: 'Electronic', pt: 'Eletrônico' },
  },
} as const satisfies Record<string, Record<string, Record<Language, string>>>;
