import type { Language } from '@medida/contracts';
import type { EvaluationInput } from '@medida/domain';
import type { ReportFormat } from './report-format.ts';
import { conditionName, measureName } from '@medida/domain';
import { text, type TextKey } from './report-texts.ts';

type NumericField = {
  [K in keyof EvaluationInput]-?: EvaluationInput[K] extends number | undefined ? K : never;
}[keyof EvaluationInput];

const PERIMETERS: NumericField[] = ['pcintura', 'pcadera', 'pbrazo', 'ppierna', 'cuello'];
const SKINFOLDS: NumericField[] = ['triceps', 'subescapular', 'abdominal', 'cuadriceps', 'suprailiaco', 'biceps'];
const DIAMETERS: NumericField[] = ['diametro_muneca', 'diametro_femur'];

export interface InputGroup {
  title: TextKey;
  pairs: Array<[string, string]>;
}

/** Every measurement entered, grouped as the form asks for them; fields left empty are not listed. */
export function inputPairs(lang: Language, i: EvaluationInput, fmt: ReportFormat): InputGroup[] {
  const t = (key: TextKey) => text(lang, key);
  const measured = (fields: NumericField[], unit: string): Array<[string, string]> =>
    fields.flatMap((f) => {
      const v = i[f];
      return typeof v === 'number'
        ? [[measureName(f, lang), `${fmt.num(fmt.inUnits(v, unit))} ${fmt.unit(unit)}`] as [string, string]]
        : [];
    });
  const yesNo = (v: string) => t(v === 'Si' ? 'yes' : 'no');
  const body: Array<[string, string]> = [
    [t('weight'), fmt.mass(i.peso)],
    [t('height'), fmt.height(i.estatura)],
  ];
  if (i.pgrasa !== undefined) body.push([t('bodyFatDevice'), `${fmt.num(i.pgrasa)} %`]);
  const vitals: Array<[string, string]> = [
    [t('bloodPressure'), `${fmt.num(i.presion_s, 0)}/${fmt.num(i.presion_d, 0)} mmHg`],
    [t('temperature'), `${fmt.num(i.clinical_data.temperatura)} °C`],
    [t('breathing'), t(i.clinical_data.dif_respirar ? 'yes' : 'no')],
  ];
  const rock = i.rockport;
  if (rock?.minutes !== undefined && rock.bpm !== undefined) {
    const seconds = rock.seconds ?? 0;
    vitals.push([t('rockportTest'), `${rock.minutes} min ${fmt.num(seconds, 0)} s · ${fmt.num(rock.bpm, 0)} bpm`]);
  }
  const habits: Array<[string, string]> = [
    [t('smokes'), yesNo(i.fuma)],
    [t('drinks'), yesNo(i.alcohol)],
    [
      t('exercises'),
      yesNo(i.ejercita) + (i.ejercita === 'Si' && i.frecentrena ? ` · ${i.frecentrena} ${t('sessionsPerWeek')}` : ''),
    ],
  ];
  return [
    { title: 'bodyGroup' as const, pairs: body },
    { title: 'perimeters' as const, pairs: measured(PERIMETERS, 'cm') },
    { title: 'skinfolds' as const, pairs: measured(SKINFOLDS, 'mm') },
    { title: 'diameters' as const, pairs: measured(DIAMETERS, 'cm') },
    { title: 'vitals' as const, pairs: vitals },
    { title: 'lifestyle' as const, pairs: habits },
  ].filter((g) => g.pairs.length > 0);
}

/** Chronic and autoimmune conditions ticked in the form, with "under treatment" where marked. */
export function conditionLines(lang: Language, i: EvaluationInput): string[] {
  const groups: Array<[TextKey, typeof i.clinical_data.ecnt]> = [
    ['chronic', i.clinical_data.ecnt],
    ['autoimmune', i.clinical_data.autoinmune],
  ];
  return groups.flatMap(([title, list]) => {
    const ticked = (list ?? []).filter((c) => c.value);
    if (ticked.length === 0) return [];
    const names = ticked.map(
      (c) => conditionName(c.name, lang) + (c.tratamiento ? ` (${text(lang, 'underTreatment')})` : ''),
    );
    return [`${text(lang, title)}: ${names.join(', ')}`];
  });
}
