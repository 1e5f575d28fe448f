/**
 * Every translation key the engine emits: field errors (schema) and result warnings.
 * The web app copies these into its locale files; the texts here are the defaults.
 */
type Texts = { en: string; es: string; pt: string };

export const ERROR_KEYS = {
  required: 'evaluation.errors.required',
  type: 'evaluation.errors.type',
  integer: 'evaluation.errors.integer',
  range: 'evaluation.errors.range',
  option: 'evaluation.errors.option',
  date: 'evaluation.errors.date',
  dateBeforeBirth: 'evaluation.errors.dateBeforeBirth',
  underAge: 'evaluation.errors.underAge',
  overAge: 'evaluation.errors.overAge',
  diastolicNotBelowSystolic: 'evaluation.errors.diastolicNotBelowSystolic',
  neckNotBelowWaist: 'evaluation.errors.neckNotBelowWaist',
  rockportIncomplete: 'evaluation.errors.rockportIncomplete',
  duplicateExam: 'evaluation.errors.duplicateExam',
  unit: 'evaluation.errors.unit',
  hdlNotBelowTotal: 'evaluation.errors.hdlNotBelowTotal',
  macroSum: 'evaluation.errors.macroSum',
  implausibleBmi: 'evaluation.errors.implausibleBmi',
  implausibleFat: 'evaluation.errors.implausibleFat',
  equationNotApplicable: 'evaluation.errors.equationNotApplicable',
  trainingVolumeBoth: 'evaluation.errors.trainingVolumeBoth',
  isakThirdRequired: 'evaluation.errors.isakThirdRequired',
  invalid: 'evaluation.errors.invalid',
} as const;
export type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS];

export const WARNING_KEYS = {
  adultEquationInMinor: 'evaluation.warnings.adultEquationInMinor',
  adultEquationsSkipped: 'evaluation.warnings.adultEquationsSkipped',
  outsideValidatedAge: 'evaluation.warnings.outsideValidatedAge',
  outsideValidatedBmi: 'evaluation.warnings.outsideValidatedBmi',
  outsideSampleAge: 'evaluation.warnings.outsideSampleAge',
  outsideSampleBmi: 'evaluation.warnings.outsideSampleBmi',
  outsideSampleSex: 'evaluation.warnings.outsideSampleSex',
  outsideSampleAthletes: 'evaluation.warnings.outsideSampleAthletes',
  adolescentWaistCutoffs: 'evaluation.warnings.adolescentWaistCutoffs',
  adolescentMetabolicSyndrome: 'evaluation.warnings.adolescentMetabolicSyndrome',
  measuredVo2max: 'evaluation.warnings.measuredVo2max',
  fitnessNormsFrom20: 'evaluation.warnings.fitnessNormsFrom20',
  estimateTwoSkinfoldAdult: 'evaluation.warnings.estimateTwoSkinfoldAdult',
  noFourSiteEquation: 'evaluation.warnings.noFourSiteEquation',
  slaughterMaturityAssumed: 'evaluation.warnings.slaughterMaturityAssumed',
  sumCapped: 'evaluation.warnings.sumCapped',
  skeletalMuscleOnly: 'evaluation.warnings.skeletalMuscleOnly',
  muscleModelFallback: 'evaluation.warnings.muscleModelFallback',
  muscleClamped: 'evaluation.warnings.muscleClamped',
  comparisonOutOfRange: 'evaluation.warnings.comparisonOutOfRange',
  metabolicAgeAdultsOnly: 'evaluation.warnings.metabolicAgeAdultsOnly',
  idealWeightInchFormulasSkipped: 'evaluation.warnings.idealWeightInchFormulasSkipped',
  vaiNotApplicable: 'evaluation.warnings.vaiNotApplicable',
  adultLabLimits: 'evaluation.warnings.adultLabLimits',
  ldlNotCalculated: 'evaluation.warnings.ldlNotCalculated',
  crpRepeat: 'evaluation.warnings.crpRepeat',
  fever: 'evaluation.warnings.fever',
  hypertensiveCrisis: 'evaluation.warnings.hypertensiveCrisis',
  carbohydrateBelowRda: 'evaluation.warnings.carbohydrateBelowRda',
  carbohydrateOutsideAmdr: 'evaluation.warnings.carbohydrateOutsideAmdr',
  proteinAboveAmdr: 'evaluation.warnings.proteinAboveAmdr',
  proteinOnIdealWeight: 'evaluation.warnings.proteinOnIdealWeight',
  kidneyDiseaseProtein: 'evaluation.warnings.kidneyDiseaseProtein',
} as const;
export type WarningKey = (typeof WARNING_KEYS)[keyof typeof WARNING_KEYS];

export const I18N_DEFAULTS: Readonly<Record<ErrorKey | WarningKey, Texts>> = {
  'evaluation.errors.required': {
    en: 'This field is required',
    es: 'Este campo es obligatorio',
    pt: 'Este campo é obrigatório',
  },
  'evaluation.errors.type': { en: 'Enter a number', es: 'Ingresa un número', pt: 'Digite um número' },
  'evaluation.errors.integer': {
    en: 'Enter a whole number',
    es: 'Ingresa un número entero',
    pt: 'Digite um número inteiro',
  },
  'evaluation.errors.range': {
    en: 'The value is outside the plausible range',
    es: 'El valor está fuera del rango plausible',
    pt: 'O valor está fora da faixa plausível',
  },
  'evaluation.errors.option': {
    en: 'Choose one of the options',
    es: 'Elige una de las opciones',
    pt: 'Escolha uma das opções',
  },
  'evaluation.errors.date': {
    en: 'Enter a valid date (YYYY-MM-DD)',
    es: 'Ingresa una fecha válida (AAAA-MM-DD)',
    pt: 'Digite uma data válida (AAAA-MM-DD)',
  },
  'evaluation.errors.dateBeforeBirth': {
    en: 'The evaluation date is before the birth date',
    es: 'La fecha de evaluación es anterior a la fecha de nacimiento',
    pt: 'A data da avaliação é anterior à data de nascimento',
  },
  'evaluation.errors.underAge': {
    en: 'The selected user is under 13 years old, please correct it before continuing with the evaluation.',
    es: 'La persona evaluada tiene menos de 13 años: verifica su fecha de nacimiento y pídele que actualice sus datos antes de continuar.',
    pt: 'A pessoa avaliada tem menos de 13 anos: confira a data de nascimento antes de continuar com a avaliação.',
  },
  'evaluation.errors.overAge': {
    en: 'The age is over 100 years; check the birth date',
    es: 'La edad supera los 100 años; verifica la fecha de nacimiento',
    pt: 'A idade passa de 100 anos; verifique a data de nascimento',
  },
  'evaluation.errors.diastolicNotBelowSystolic': {
    en: 'Diastolic pressure must be lower than systolic',
    es: 'La presión diastólica debe ser menor que la sistólica',
    pt: 'A pressão diastólica deve ser menor que a sistólica',
  },
  'evaluation.errors.neckNotBelowWaist': {
    en: 'The neck must be smaller than the waist (and hip) for the tape method',
    es: 'El cuello debe ser menor que la cintura (y cadera) para el método de cinta',
    pt: 'O pescoço deve ser menor que a cintura (e quadril) para o método da fita',
  },
  'evaluation.errors.rockportIncomplete': {
    en: 'Check the Rockport test fields',
    es: 'Verifica los campos del test de Rockport',
    pt: 'Verifique os campos do teste de Rockport',
  },
  'evaluation.errors.duplicateExam': {
    en: 'This exam is entered twice',
    es: 'Este examen está repetido',
    pt: 'Este exame está repetido',
  },
  'evaluation.errors.unit': {
    en: 'Unit not accepted for this exam',
    es: 'Unidad no aceptada para este examen',
    pt: 'Unidade não aceita para este exame',
  },
  'evaluation.errors.hdlNotBelowTotal': {
    en: 'HDL must be lower than total cholesterol',
    es: 'El HDL debe ser menor que el colesterol total',
    pt: 'O HDL deve ser menor que o colesterol total',
  },
  'evaluation.errors.macroSum': {
    en: 'Protein, carbohydrate and fat must add up to 100 %',
    es: 'Proteínas, carbohidratos y grasas deben sumar 100 %',
    pt: 'Proteínas, carboidratos e gorduras devem somar 100 %',
  },
  'evaluation.errors.implausibleBmi': {
    en: 'Weight and height give an implausible BMI; check both',
    es: 'Peso y estatura dan un IMC no plausible; revisa ambos',
    pt: 'Peso e altura dão um IMC não plausível; verifique ambos',
  },
  'evaluation.errors.implausibleFat': {
    en: 'These measurements give an implausible body fat; check them',
    es: 'Estas medidas dan una grasa corporal no plausible; revísalas',
    pt: 'Estas medidas dão uma gordura corporal não plausível; verifique-as',
  },
  'evaluation.errors.invalid': { en: 'Invalid value', es: 'Valor no válido', pt: 'Valor inválido' },
  'evaluation.errors.equationNotApplicable': {
    en: 'This equation cannot be used with the skinfolds measured for this person',
    es: 'Esta ecuación no se puede usar con los pliegues medidos a esta persona',
    pt: 'Esta equação não pode ser usada com as dobras medidas nesta pessoa',
  },
  'evaluation.errors.trainingVolumeBoth': {
    en: 'Enter the training volume in percent or in minutes, not both',
    es: 'Ingresa el volumen de entrenamiento en porcentaje o en minutos, no ambos',
    pt: 'Informe o volume de treino em porcentagem ou em minutos, não ambos',
  },
  'evaluation.errors.isakThirdRequired': {
    en: 'The first two measurements differ by more than the ISAK tolerance (5 % skinfolds, 1 % other sites): take a third',
    es: 'Las dos primeras mediciones difieren más que la tolerancia ISAK (5 % pliegues, 1 % otros sitios): toma una tercera',
    pt: 'As duas primeiras medidas diferem mais que a tolerância ISAK (5 % dobras, 1 % outros locais): faça uma terceira',
  },

  'evaluation.warnings.adultEquationInMinor': {
    en: 'This equation was validated in adults only; under 18 it is an estimate',
    es: 'Esta ecuación fue validada solo en adultos; en menores de 18 es una estimación',
    pt: 'Esta equação foi validada apenas em adultos; em menores de 18 é uma estimativa',
  },
  'evaluation.warnings.adultEquationsSkipped': {
    en: 'Adult-only equations were not applied (under 18)',
    es: 'No se aplicaron ecuaciones solo para adultos (menor de 18)',
    pt: 'Equações só para adultos não foram aplicadas (menor de 18)',
  },
  'evaluation.warnings.outsideValidatedAge': {
    en: 'The age is outside the sample this equation was derived from',
    es: 'La edad está fuera de la muestra con que se derivó esta ecuación',
    pt: 'A idade está fora da amostra em que esta equação foi derivada',
  },
  'evaluation.warnings.outsideValidatedBmi': {
    en: 'The BMI is outside the range this equation was validated for',
    es: 'El IMC está fuera del rango en que se validó esta ecuación',
    pt: 'O IMC está fora da faixa em que esta equação foi validada',
  },
  'evaluation.warnings.outsideSampleAge': {
    en: "The age is outside this equation's derivation sample ({{min}}-{{max}} y): read the result as an estimate",
    es: 'La edad está fuera de la muestra con que se derivó esta ecuación ({{min}}-{{max}} años): lee el resultado como una estimación',
    pt: 'A idade está fora da amostra em que esta equação foi derivada ({{min}}-{{max}} anos): leia o resultado como uma estimativa',
  },
  'evaluation.warnings.outsideSampleBmi': {
    en: "The BMI is outside this equation's derivation sample (BMI below {{bmi}}): read the result as an estimate",
    es: 'El IMC está fuera de la muestra con que se derivó esta ecuación (IMC menor a {{bmi}}): lee el resultado como una estimación',
    pt: 'O IMC está fora da amostra em que esta equação foi derivada (IMC abaixo de {{bmi}}): leia o resultado como uma estimativa',
  },
  'evaluation.warnings.outsideSampleSex': {
    en: "This equation's derivation sample had only the other sex: read the result as an estimate",
    es: 'La muestra con que se derivó esta ecuación tenía solo el otro sexo: lee el resultado como una estimación',
    pt: 'A amostra em que esta equação foi derivada tinha só o outro sexo: leia o resultado como uma estimativa',
  },
  'evaluation.warnings.outsideSampleAthletes': {
    en: 'This equation was derived in athletes and the client does not train 3 or more times a week: read the result as an estimate',
    es: 'Esta ecuación se derivó en deportistas y la persona no entrena 3 o más veces por semana: lee el resultado como una estimación',
    pt: 'Esta equação foi derivada em atletas e a pessoa não treina 3 ou mais vezes por semana: leia o resultado como uma estimativa',
  },
  'evaluation.warnings.adolescentWaistCutoffs': {
    en: 'Under 18 the adult waist and waist-to-hip cut-offs (WHO) are not applied; waist-to-height is shown',
    es: 'En menores de 18 no se aplican los puntos de corte adultos de cintura y cintura/cadera (OMS); se muestra cintura/estatura',
    pt: 'Em menores de 18 não se aplicam os pontos de corte adultos de cintura e cintura/quadril (OMS); é mostrada a relação cintura/altura',
  },
  'evaluation.warnings.adolescentMetabolicSyndrome': {
    en: 'Under 16 metabolic syndrome follows IDF 2007 for adolescents: waist at or above the 90th percentile (or the adult cut-off if lower) plus 2 other criteria; a waist below the adult cut-off needs a percentile chart',
    es: 'En menores de 16 el síndrome metabólico sigue IDF 2007 para adolescentes: cintura en o sobre el percentil 90 (o el corte adulto si es menor) más 2 criterios; una cintura bajo el corte adulto requiere una tabla de percentiles',
    pt: 'Em menores de 16 a síndrome metabólica segue a IDF 2007 para adolescentes: cintura no percentil 90 ou acima (ou o corte adulto, se menor) mais 2 critérios; uma cintura abaixo do corte adulto requer uma tabela de percentis',
  },
  'evaluation.warnings.fitnessNormsFrom20': {
    en: 'Under 20 the VO2max has no fitness class: the Cooper Institute norms start at 20 y and no youth reference is cited',
    es: 'En menores de 20 el VO2máx no tiene categoría de condición física: las normas del Cooper Institute empiezan a los 20 años y no se cita una referencia juvenil',
    pt: 'Em menores de 20 o VO2máx não tem categoria de condicionamento: as normas do Cooper Institute começam aos 20 anos e não se cita uma referência juvenil',
  },
  'evaluation.warnings.measuredVo2max': {
    en: 'The fitness category uses the measured VO2max, not the Rockport estimate',
    es: 'La categoría de condición física usa el VO2máx medido, no la estimación de Rockport',
    pt: 'A categoria de condicionamento usa o VO2máx medido, não a estimativa de Rockport',
  },
  'evaluation.warnings.estimateTwoSkinfoldAdult': {
    en: 'Adult two-skinfold fat % is an estimate (Nagamine & Suzuki, young Japanese adults)',
    es: 'El % de grasa con dos pliegues en adultos es una estimación (Nagamine y Suzuki, adultos jóvenes japoneses)',
    pt: 'O % de gordura com duas dobras em adultos é uma estimativa (Nagamine e Suzuki, adultos jovens japoneses)',
  },
  'evaluation.warnings.noFourSiteEquation': {
    en: 'No published equation uses these four skinfolds; the sum is shown and fat % is an estimate from three of them (Evans 2005)',
    es: 'Ninguna ecuación publicada usa estos cuatro pliegues; se muestra la suma y el % de grasa es una estimación con tres de ellos (Evans 2005)',
    pt: 'Nenhuma equação publicada usa estas quatro dobras; a soma é mostrada e o % de gordura é uma estimativa com três delas (Evans 2005)',
  },
  'evaluation.warnings.slaughterMaturityAssumed': {
    en: 'Slaughter for boys: pubertal stage assumed',
    es: 'Slaughter en varones: se asumió etapa puberal',
    pt: 'Slaughter em meninos: estágio puberal assumido',
  },
  'evaluation.warnings.sumCapped': {
    en: "The skinfold sum is beyond the equation's fitted range; the result is held at its maximum",
    es: 'La suma de pliegues supera el rango ajustado de la ecuación; el resultado se mantiene en su máximo',
    pt: 'A soma das dobras excede a faixa ajustada da equação; o resultado é mantido no máximo',
  },
  'evaluation.warnings.skeletalMuscleOnly': {
    en: 'Without wrist and femur breadths, muscle is skeletal muscle mass (Lee 2000) and bone mass is not computed',
    es: 'Sin diámetros de muñeca y fémur, el músculo es masa muscular esquelética (Lee 2000) y no se calcula la masa ósea',
    pt: 'Sem diâmetros de punho e fêmur, o músculo é massa muscular esquelética (Lee 2000) e a massa óssea não é calculada',
  },
  'evaluation.warnings.muscleModelFallback': {
    en: 'The four-component model gave no muscle for these measurements; skeletal muscle (Lee 2000) is shown',
    es: 'El modelo de cuatro componentes no dio masa muscular con estas medidas; se muestra la masa muscular esquelética (Lee 2000)',
    pt: 'O modelo de quatro componentes não deu massa muscular com estas medidas; é mostrada a massa muscular esquelética (Lee 2000)',
  },
  'evaluation.warnings.muscleClamped': {
    en: 'The muscle estimate fell below zero and is shown as 0',
    es: 'La estimación de músculo fue menor que cero y se muestra como 0',
    pt: 'A estimativa de músculo ficou abaixo de zero e é mostrada como 0',
  },
  'evaluation.warnings.comparisonOutOfRange': {
    en: 'An equation gave an implausible value for these measurements and is not shown',
    es: 'Una ecuación dio un valor no plausible con estas medidas y no se muestra',
    pt: 'Uma equação deu um valor não plausível com estas medidas e não é mostrada',
  },
  'evaluation.warnings.metabolicAgeAdultsOnly': {
    en: 'Metabolic age is computed for adults only',
    es: 'La edad metabólica se calcula solo para adultos',
    pt: 'A idade metabólica é calculada apenas para adultos',
  },
  'evaluation.warnings.idealWeightInchFormulasSkipped': {
    en: 'Devine, Robinson, Miller and Hamwi apply to adults 152.4 cm and taller',
    es: 'Devine, Robinson, Miller y Hamwi se aplican a adultos de 152,4 cm o más',
    pt: 'Devine, Robinson, Miller e Hamwi se aplicam a adultos com 152,4 cm ou mais',
  },
  'evaluation.warnings.vaiNotApplicable': {
    en: 'VAI is not valid here (under 16, BMI 40 or more, or triglycerides 1000 mg/dL or more); waist-to-height is used',
    es: 'El VAI no es válido aquí (menor de 16, IMC 40 o más, o triglicéridos 1000 mg/dL o más); se usa cintura/estatura',
    pt: 'O VAI não é válido aqui (menor de 16, IMC 40 ou mais, ou triglicerídeos 1000 mg/dL ou mais); é usada a relação cintura/altura',
  },
  'evaluation.warnings.adultLabLimits': {
    en: 'Exam limits are adult limits',
    es: 'Los límites de los exámenes son de adultos',
    pt: 'Os limites dos exames são de adultos',
  },
  'evaluation.warnings.ldlNotCalculated': {
    en: 'LDL was not calculated (triglycerides above 800 mg/dL or an implausible result)',
    es: 'No se calculó el LDL (triglicéridos sobre 800 mg/dL o resultado no plausible)',
    pt: 'O LDL não foi calculado (triglicerídeos acima de 800 mg/dL ou resultado não plausível)',
  },
  'evaluation.warnings.crpRepeat': {
    en: 'CRP of 10 mg/L or more: repeat the test and look for acute inflammation; do not use it for cardiovascular risk',
    es: 'PCR de 10 mg/L o más: repetir y buscar inflamación aguda; no usar para riesgo cardiovascular',
    pt: 'PCR de 10 mg/L ou mais: repetir e investigar inflamação aguda; não usar para risco cardiovascular',
  },
  'evaluation.warnings.fever': {
    en: 'Caution: this temperature indicates fever',
    es: 'Precaución: esta temperatura indica fiebre',
    pt: 'Atenção: esta temperatura indica febre',
  },
  'evaluation.warnings.hypertensiveCrisis': {
    en: 'Blood pressure in the hypertensive-crisis range: refer for medical attention',
    es: 'Presión arterial en rango de crisis hipertensiva: derivar a atención médica',
    pt: 'Pressão arterial na faixa de crise hipertensiva: encaminhar para atendimento médico',
  },
  'evaluation.warnings.carbohydrateBelowRda': {
    en: 'Carbohydrate is below 130 g/day',
    es: 'Los carbohidratos están bajo 130 g/día',
    pt: 'Os carboidratos estão abaixo de 130 g/dia',
  },
  'evaluation.warnings.carbohydrateOutsideAmdr': {
    en: 'Carbohydrate is outside 45-65 % of energy',
    es: 'Los carbohidratos están fuera del 45-65 % de la energía',
    pt: 'Os carboidratos estão fora de 45-65 % da energia',
  },
  'evaluation.warnings.proteinAboveAmdr': {
    en: 'Protein is above 35 % of energy',
    es: 'Las proteínas superan el 35 % de la energía',
    pt: 'As proteínas passam de 35 % da energia',
  },
  'evaluation.warnings.proteinOnIdealWeight': {
    en: 'Obesity (BMI 30 or more; under 18, BMI-for-age above +2 SD): protein is calculated on the ideal weight',
    es: 'Obesidad (IMC 30 o más; en menores de 18, IMC para la edad sobre +2 DE): las proteínas se calculan sobre el peso ideal',
    pt: 'Obesidade (IMC 30 ou mais; em menores de 18, IMC para a idade acima de +2 DP): as proteínas são calculadas sobre o peso ideal',
  },
  'evaluation.warnings.kidneyDiseaseProtein': {
    en: 'Chronic kidney disease reported: protein intake must be decided by the treating clinician',
    es: 'Enfermedad renal crónica informada: la ingesta de proteínas la decide el médico tratante',
    pt: 'Doença renal crônica informada: a ingestão de proteínas deve ser decidida pelo médico assistente',
  },
};
