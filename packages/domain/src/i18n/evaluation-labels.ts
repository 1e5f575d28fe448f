import type { Localized } from '../exams.ts';

/**
 * Labels of an evaluation that the web app and the PDF report both print (decision 155): written once
 * here, merged into the web's `evaluations.fields|risks|results` keys (`lib/engine-texts.ts`) and read
 * by the report. Texts only one of them prints stay in its own catalogue.
 */

/** The measured inputs, by their input name (the wizard's fields and the report's measurements). */
export const MEASURE_NAMES = {
  peso: { es: 'Peso', en: 'Weight', pt: 'Peso' },
  estatura: { es: 'Estatura', en: 'Height', pt: 'Altura' },
  presion_s: { es: 'Presión sistólica', en: 'Systolic pressure', pt: 'Pressão sistólica' },
  presion_d: { es: 'Presión diastólica', en: 'Diastolic pressure', pt: 'Pressão diastólica' },
  pcintura: { es: 'Cintura', en: 'Waist', pt: 'Cintura' },
  pcadera: { es: 'Cadera', en: 'Hip', pt: 'Quadril' },
  pbrazo: { es: 'Brazo', en: 'Arm', pt: 'Braço' },
  ppierna: { es: 'Muslo (perímetro)', en: 'Thigh (perimeter)', pt: 'Coxa (perímetro)' },
  cuello: { es: 'Cuello', en: 'Neck', pt: 'Pescoço' },
  pgrasa: { es: 'Grasa corporal (equipo)', en: 'Body fat (device)', pt: 'Gordura corporal (aparelho)' },
  triceps: { es: 'Pliegue tricipital', en: 'Triceps skinfold', pt: 'Dobra tricipital' },
  subescapular: { es: 'Pliegue subescapular', en: 'Subscapular skinfold', pt: 'Dobra subescapular' },
  abdominal: { es: 'Pliegue abdominal', en: 'Abdominal skinfold', pt: 'Dobra abdominal' },
  cuadriceps: { es: 'Pliegue del muslo', en: 'Thigh skinfold', pt: 'Dobra da coxa' },
  suprailiaco: { es: 'Pliegue suprailíaco', en: 'Suprailiac skinfold', pt: 'Dobra suprailíaca' },
  biceps: { es: 'Pliegue bicipital', en: 'Biceps skinfold', pt: 'Dobra bicipital' },
  diametro_muneca: { es: 'Diámetro de muñeca', en: 'Wrist breadth', pt: 'Diâmetro do punho' },
  diametro_femur: { es: 'Diámetro de fémur', en: 'Femur breadth', pt: 'Diâmetro do fêmur' },
  fuma: { es: 'Fuma', en: 'Smokes', pt: 'Fuma' },
  alcohol: { es: 'Consume alcohol', en: 'Drinks alcohol', pt: 'Consome álcool' },
  ejercita: { es: 'Hace ejercicio', en: 'Exercises', pt: 'Pratica exercício' },
  bpm: { es: 'Frecuencia cardíaca final', en: 'Final heart rate', pt: 'Frequência cardíaca final' },
  temperatura: { es: 'Temperatura', en: 'Temperature', pt: 'Temperatura' },
  dif_respirar: { es: 'Dificultad para respirar', en: 'Difficulty breathing', pt: 'Dificuldade para respirar' },
  training_volume: { es: 'Volumen de entrenamiento', en: 'Training volume', pt: 'Volume de treino' },
  vo2max_measured: {
    es: 'VO2máx medido (consumo de oxígeno)',
    en: 'Measured VO2max (oxygen consumption)',
    pt: 'VO2máx medido (consumo de oxigênio)',
  },
} as const satisfies Readonly<Record<string, Localized>>;

/** The risks of a result by id (the detail's and the report's risk tables). */
export const RISK_NAMES = {
  bmi_waist: {
    es: 'Riesgo de enfermedad por IMC y cintura',
    en: 'Disease risk by BMI and waist',
    pt: 'Risco de doença por IMC e cintura',
  },
  metabolic_syndrome: {
    es: 'Síndrome metabólico (tamizaje)',
    en: 'Metabolic syndrome (screening)',
    pt: 'Síndrome metabólica (rastreamento)',
  },
  smoking: { es: 'Tabaquismo', en: 'Smoking', pt: 'Tabagismo' },
  alcohol: { es: 'Alcohol', en: 'Alcohol', pt: 'Álcool' },
  physical_inactivity: { es: 'Inactividad física', en: 'Physical inactivity', pt: 'Inatividade física' },
  fever: { es: 'Temperatura', en: 'Temperature', pt: 'Temperatura' },
  breathing_difficulty: { es: 'Dificultad para respirar', en: 'Difficulty breathing', pt: 'Dificuldade para respirar' },
} as const satisfies Readonly<Record<string, Localized>>;

/** The computed results' names (rows of the detail's cards and of the report's results table). */
export const RESULT_NAMES = {
  bmi: { es: 'Índice de masa corporal', en: 'Body mass index', pt: 'Índice de massa corporal' },
  idealWeight: { es: 'Peso ideal', en: 'Ideal weight', pt: 'Peso ideal' },
  bodyFat: { es: 'Grasa corporal', en: 'Body fat', pt: 'Gordura corporal' },
  leanMass: { es: 'Masa magra (libre de grasa)', en: 'Lean (fat-free) mass', pt: 'Massa magra (livre de gordura)' },
  muscleMass: { es: 'Masa muscular', en: 'Muscle mass', pt: 'Massa muscular' },
  residualMass: { es: 'Masa residual', en: 'Residual mass', pt: 'Massa residual' },
  boneMass: { es: 'Masa ósea', en: 'Bone mass', pt: 'Massa óssea' },
  metabolicAge: { es: 'Edad metabólica', en: 'Metabolic age', pt: 'Idade metabólica' },
  bmr: { es: 'Metabolismo basal', en: 'Basal metabolic rate', pt: 'Taxa metabólica basal' },
  energyNeed: {
    es: 'Requerimiento calórico según actividad',
    en: 'Caloric requirement by activity',
    pt: 'Necessidade calórica por atividade',
  },
  protein: { es: 'Proteínas', en: 'Protein', pt: 'Proteínas' },
  carbohydrate: { es: 'Carbohidratos', en: 'Carbohydrate', pt: 'Carboidratos' },
  fat: { es: 'Grasas', en: 'Fat', pt: 'Gorduras' },
  trainingLevel: { es: 'Nivel de entrenamiento', en: 'Training level', pt: 'Nível de treino' },
  whtr: { es: 'Índice cintura/estatura', en: 'Waist-to-height ratio', pt: 'Relação cintura/altura' },
  whr: { es: 'Índice cintura/cadera', en: 'Waist-to-hip ratio', pt: 'Relação cintura/quadril' },
  bloodPressure: { es: 'Presión arterial', en: 'Blood pressure', pt: 'Pressão arterial' },
  vo2max: { es: 'VO2máx (Rockport)', en: 'VO2max (Rockport)', pt: 'VO2máx (Rockport)' },
  years: { es: 'años', en: 'years', pt: 'anos' },
  estimate: { es: 'estimación', en: 'estimate', pt: 'estimativa' },
  chosenProtocol: {
    es: 'elegida por el profesional',
    en: 'chosen by the professional',
    pt: 'escolhida pelo profissional',
  },
} as const satisfies Readonly<Record<string, Localized>>;
