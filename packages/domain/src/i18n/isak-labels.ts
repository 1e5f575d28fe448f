import type { Localized } from '../exams.ts';

/**
 * The words of an ISAK profile's results (evaluation type 5, decision 198) that the detail page, the
 * evaluator's TEM card and the PDF report all print (decision 155): merged into the web's
 * `evaluations.isak.*` keys (`lib/engine-texts.ts`) and read by the report. `{{name}}` marks a value.
 */
export const ISAK_LABELS = {
  title: { es: 'Perfil antropométrico ISAK', en: 'ISAK anthropometric profile', pt: 'Perfil antropométrico ISAK' },
  sites: { es: 'Mediciones por sitio', en: 'Measurements by site', pt: 'Medidas por ponto' },
  site: { es: 'Sitio', en: 'Site', pt: 'Ponto' },
  sitesSummary: {
    es: '{{count}} sitios; 3.ª medición en {{third}}',
    en: '{{count}} sites; a third reading at {{third}}',
    pt: '{{count}} pontos; 3.ª medida em {{third}}',
  },
  sitesShow: { es: 'Ver las mediciones', en: 'Show the readings', pt: 'Ver as medidas' },
  sitesHide: { es: 'Ocultar las mediciones', en: 'Hide the readings', pt: 'Ocultar as medidas' },
  measurements: { es: 'Mediciones', en: 'Readings', pt: 'Medidas' },
  final: { es: 'Valor final', en: 'Final value', pt: 'Valor final' },
  difference: { es: 'Diferencia 1.ª–2.ª', en: '1st–2nd difference', pt: 'Diferença 1.ª–2.ª' },
  finalRule: {
    es: 'Valor final: media de dos mediciones o mediana de tres. Se toma una 3.ª cuando las dos primeras difieren más de 5 % (pliegues) o 1 % (otros sitios).',
    en: 'Final value: mean of two readings or median of three. A third is taken when the first two differ by more than 5 % (skinfolds) or 1 % (other sites).',
    pt: 'Valor final: média de duas medidas ou mediana de três. Toma-se uma 3.ª quando as duas primeiras diferem mais de 5 % (dobras) ou 1 % (outros pontos).',
  },
  thirdTaken: { es: '3.ª medición', en: 'third reading', pt: '3.ª medida' },
  thirdMissing: {
    es: 'faltó la 3.ª medición',
    en: 'third reading required, not taken',
    pt: 'faltou a 3.ª medida',
  },
  tem: { es: 'ETM', en: 'TEM', pt: 'ETM' },
  temTitle: {
    es: 'Error técnico de medición (ETM)',
    en: 'Technical error of measurement (TEM)',
    pt: 'Erro técnico de medição (ETM)',
  },
  temHint: {
    es: 'Del evaluador en esta evaluación, entre sus mediciones repetidas; relativo = % de la media. Límites intraevaluador de ISAK.',
    en: "The evaluator's own, between the repeated readings of this evaluation; relative = % of the mean. ISAK intra-evaluator limits.",
    pt: 'Do avaliador nesta avaliação, entre as medidas repetidas; relativo = % da média. Limites intra-avaliador da ISAK.',
  },
  temSkinfolds: { es: 'Pliegues', en: 'Skinfolds', pt: 'Dobras cutâneas' },
  temOthers: {
    es: 'Perímetros, diámetros y longitudes',
    en: 'Girths, breadths and lengths',
    pt: 'Perímetros, diâmetros e comprimentos',
  },
  temAbsolute: { es: 'ETM absoluto', en: 'Absolute TEM', pt: 'ETM absoluto' },
  temRelative: { es: 'ETM relativo', en: 'Relative TEM', pt: 'ETM relativo' },
  limits: { es: 'Límites ISAK', en: 'ISAK limits', pt: 'Limites ISAK' },
  level1: { es: 'nivel 1', en: 'level 1', pt: 'nível 1' },
  level2: { es: 'nivel 2 y superior', en: 'level 2 and above', pt: 'nível 2 e acima' },
  withinLevel2: {
    es: 'dentro del límite de nivel 2 y superior',
    en: 'within the level 2 and above limit',
    pt: 'dentro do limite de nível 2 e acima',
  },
  withinLevel1: {
    es: 'dentro del límite de nivel 1, sobre el de nivel 2',
    en: 'within the level 1 limit, over level 2',
    pt: 'dentro do limite de nível 1, acima do de nível 2',
  },
  overLevel1: { es: 'sobre el límite de nivel 1', en: 'over the level 1 limit', pt: 'acima do limite de nível 1' },
  sums: { es: 'Sumatorias de pliegues', en: 'Sums of skinfolds', pt: 'Somatórios de dobras' },
  sum6: { es: 'Σ6 pliegues', en: 'Σ6 skinfolds', pt: 'Σ6 dobras' },
  sum8: { es: 'Σ8 pliegues', en: 'Σ8 skinfolds', pt: 'Σ8 dobras' },
  somatotype: { es: 'Somatotipo de Heath–Carter', en: 'Heath–Carter somatotype', pt: 'Somatótipo de Heath–Carter' },
  rating: {
    es: 'Endomorfia-mesomorfia-ectomorfia',
    en: 'Endomorphy-mesomorphy-ectomorphy',
    pt: 'Endomorfia-mesomorfia-ectomorfia',
  },
  ratingShort: { es: 'Somatotipo', en: 'Somatotype', pt: 'Somatótipo' },
  category: { es: 'Categoría', en: 'Category', pt: 'Categoria' },
  endomorphy: { es: 'Endomorfia', en: 'Endomorphy', pt: 'Endomorfia' },
  mesomorphy: { es: 'Mesomorfia', en: 'Mesomorphy', pt: 'Mesomorfia' },
  ectomorphy: { es: 'Ectomorfia', en: 'Ectomorphy', pt: 'Ectomorfia' },
  hwr: { es: 'Índice ponderal (HWR)', en: 'Height-weight ratio (HWR)', pt: 'Índice ponderal (HWR)' },
  chartXY: { es: 'X, Y en la somatocarta', en: 'X, Y on the somatochart', pt: 'X, Y na somatocarta' },
  dataCheck: {
    es: 'Endomorfia o mesomorfia bajo 1,0 es muy improbable: revise los datos (Carter 2002, p. 8).',
    en: 'Endomorphy or mesomorphy below 1.0 is very unlikely: check the data (Carter 2002, p. 8).',
    pt: 'Endomorfia ou mesomorfia abaixo de 1,0 é muito improvável: revise os dados (Carter 2002, p. 8).',
  },
  somatochart: { es: 'Somatocarta', en: 'Somatochart', pt: 'Somatocarta' },
  somatochartSummary: {
    es: 'Somatocarta: {{points}}.',
    en: 'Somatochart: {{points}}.',
    pt: 'Somatocarta: {{points}}.',
  },
  somatochartHint: {
    es: 'Puntos unidos por fecha, del más antiguo al actual (el punto grande).',
    en: 'Points joined by date, oldest to this one (the large point).',
    pt: 'Pontos unidos por data, do mais antigo ao atual (o ponto grande).',
  },
  date: { es: 'Fecha', en: 'Date', pt: 'Data' },
  phantom: {
    es: 'Proporcionalidad (Phantom, puntaje z)',
    en: 'Proportionality (Phantom z-scores)',
    pt: 'Proporcionalidade (Phantom, escore z)',
  },
  phantomHint: {
    es: 'z = 0: proporcional al Phantom llevado a 170,18 cm; ±1 = una desviación del Phantom. No es un percentil.',
    en: 'z = 0: proportional to the Phantom scaled to 170.18 cm; ±1 = one Phantom SD. Not a percentile.',
    pt: 'z = 0: proporcional ao Phantom levado a 170,18 cm; ±1 = um desvio do Phantom. Não é um percentil.',
  },
  bodyMass: { es: 'Masa corporal', en: 'Body mass', pt: 'Massa corporal' },
  statureSize: { es: 'Estatura (índice de tamaño)', en: 'Stature (size index)', pt: 'Estatura (índice de tamanho)' },
  kerr: {
    es: 'Fraccionamiento en cinco masas (Kerr)',
    en: 'Five-way fractionation (Kerr)',
    pt: 'Fracionamento em cinco massas (Kerr)',
  },
  skin: { es: 'Piel', en: 'Skin', pt: 'Pele' },
  adipose: { es: 'Tejido adiposo', en: 'Adipose tissue', pt: 'Tecido adiposo' },
  muscle: { es: 'Músculo', en: 'Muscle', pt: 'Músculo' },
  bone: { es: 'Hueso', en: 'Bone', pt: 'Osso' },
  residual: { es: 'Masa residual', en: 'Residual mass', pt: 'Massa residual' },
  kerrSum: { es: 'Suma de las cinco masas', en: 'Sum of the five masses', pt: 'Soma das cinco massas' },
  kerrDifference: {
    es: 'Diferencia con el peso medido',
    en: 'Difference from measured mass',
    pt: 'Diferença do peso medido',
  },
  kerrCheck: {
    es: 'Más de ±5 % del peso medido: revise las mediciones (control de calidad de Kerr).',
    en: "More than ±5 % from the measured mass: check the measurements (Kerr's quality check).",
    pt: 'Mais de ±5 % do peso medido: revise as medidas (controle de qualidade de Kerr).',
  },
  kerrWithin: { es: 'dentro de ±5 %', en: 'within ±5 %', pt: 'dentro de ±5 %' },
  kerrHint: {
    es: 'Masas anatómicas (tejido adiposo no es grasa química); no se ajustan al peso medido.',
    en: 'Anatomical masses (adipose tissue is not chemical fat); not forced to the measured mass.',
    pt: 'Massas anatômicas (tecido adiposo não é gordura química); não são ajustadas ao peso medido.',
  },
  sad: {
    es: 'Distancia actitudinal del somatotipo (SAD)',
    en: 'Somatotype attitudinal distance (SAD)',
    pt: 'Distância atitudinal do somatótipo (SAD)',
  },
  sdd: {
    es: 'Distancia de dispersión del somatotipo (SDD)',
    en: 'Somatotype dispersion distance (SDD)',
    pt: 'Distância de dispersão do somatótipo (SDD)',
  },
  sam: {
    es: 'Media actitudinal del somatotipo (SAM)',
    en: 'Somatotype attitudinal mean (SAM)',
    pt: 'Média atitudinal do somatótipo (SAM)',
  },
  sadMeaningful: {
    es: 'cambio significativo (SAD ≥ 0,5; Carter 2002, p. 13)',
    en: 'meaningful change (SAD ≥ 0.5; Carter 2002, p. 13)',
    pt: 'mudança significativa (SAD ≥ 0,5; Carter 2002, p. 13)',
  },
  sadSmall: {
    es: 'cambio menor que 0,5 (no significativo)',
    en: 'change below 0.5 (not meaningful)',
    pt: 'mudança menor que 0,5 (não significativa)',
  },
  somatotypeChange: {
    es: 'Cambio del somatotipo entre evaluaciones ISAK',
    en: 'Somatotype change between ISAK evaluations',
    pt: 'Mudança do somatótipo entre avaliações ISAK',
  },
  from: { es: 'Desde', en: 'From', pt: 'De' },
  to: { es: 'Hasta', en: 'To', pt: 'Até' },
  temOverTime: {
    es: 'Mi error técnico de medición ISAK por mes',
    en: 'My ISAK technical error of measurement by month',
    pt: 'Meu erro técnico de medição ISAK por mês',
  },
  temOverTimeHint: {
    es: 'ETM relativo de sus propias evaluaciones ISAK (mediciones repetidas), frente a los límites intraevaluador de ISAK.',
    en: 'Relative TEM of your own ISAK evaluations (repeated readings), against the ISAK intra-evaluator limits.',
    pt: 'ETM relativo das suas próprias avaliações ISAK (medidas repetidas), comparado aos limites intra-avaliador da ISAK.',
  },
  month: { es: 'Mes', en: 'Month', pt: 'Mês' },
  evaluations: { es: 'Evaluaciones', en: 'Evaluations', pt: 'Avaliações' },
} as const satisfies Readonly<Record<string, Localized>>;

export type IsakLabel = keyof typeof ISAK_LABELS;
