import type { Localized } from '../exams.ts';
import type { IsakSite } from '../isak/types.ts';

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

/** ISAK sites (evaluation type 5) by their input key, in the ISAK manuals' terms (the wizard and the report). */
export const ISAK_SITE_NAMES = {
  triceps: { es: 'Pliegue tricipital', en: 'Triceps skinfold', pt: 'Dobra cutânea tricipital' },
  subscapular: { es: 'Pliegue subescapular', en: 'Subscapular skinfold', pt: 'Dobra cutânea subescapular' },
  biceps: { es: 'Pliegue bicipital', en: 'Biceps skinfold', pt: 'Dobra cutânea bicipital' },
  iliac_crest: { es: 'Pliegue de la cresta ilíaca', en: 'Iliac crest skinfold', pt: 'Dobra cutânea da crista ilíaca' },
  supraspinale: { es: 'Pliegue supraespinal', en: 'Supraspinale skinfold', pt: 'Dobra cutânea supraespinal' },
  abdominal: { es: 'Pliegue abdominal', en: 'Abdominal skinfold', pt: 'Dobra cutânea abdominal' },
  front_thigh: { es: 'Pliegue del muslo frontal', en: 'Front thigh skinfold', pt: 'Dobra cutânea da coxa anterior' },
  medial_calf: {
    es: 'Pliegue de la pantorrilla medial',
    en: 'Medial calf skinfold',
    pt: 'Dobra cutânea da panturrilha medial',
  },
  arm_relaxed: { es: 'Perímetro brazo relajado', en: 'Arm relaxed girth', pt: 'Perímetro do braço relaxado' },
  arm_flexed: {
    es: 'Perímetro brazo flexionado y contraído',
    en: 'Arm flexed and tensed girth',
    pt: 'Perímetro do braço flexionado e contraído',
  },
  waist: { es: 'Perímetro cintura (mínima)', en: 'Waist girth (minimum)', pt: 'Perímetro da cintura (mínima)' },
  gluteal: { es: 'Perímetro glúteo (cadera)', en: 'Gluteal (hip) girth', pt: 'Perímetro glúteo (quadril)' },
  mid_thigh: { es: 'Perímetro muslo medio', en: 'Mid-thigh girth', pt: 'Perímetro da coxa medial' },
  calf_girth: {
    es: 'Perímetro pantorrilla (máxima)',
    en: 'Calf girth (maximum)',
    pt: 'Perímetro da panturrilha (máxima)',
  },
  humerus: {
    es: 'Diámetro biepicondilar del húmero',
    en: 'Biepicondylar humerus breadth',
    pt: 'Diâmetro biepicondilar do úmero',
  },
  bistyloid: {
    es: 'Diámetro biestiloideo (muñeca)',
    en: 'Bistyloid (wrist) breadth',
    pt: 'Diâmetro biestiloide (punho)',
  },
  femur: {
    es: 'Diámetro biepicondilar del fémur',
    en: 'Biepicondylar femur breadth',
    pt: 'Diâmetro biepicondilar do fêmur',
  },
  sitting_height: { es: 'Talla sentado', en: 'Sitting height', pt: 'Estatura sentada' },
  arm_span: { es: 'Envergadura', en: 'Arm span', pt: 'Envergadura' },
  head: { es: 'Perímetro cabeza', en: 'Head girth', pt: 'Perímetro da cabeça' },
  forearm: {
    es: 'Perímetro antebrazo (máximo)',
    en: 'Forearm girth (maximum)',
    pt: 'Perímetro do antebraço (máximo)',
  },
  chest: {
    es: 'Perímetro tórax (mesoesternal)',
    en: 'Chest girth (mesosternale)',
    pt: 'Perímetro do tórax (mesoesternal)',
  },
  thigh_1cm_gluteal: {
    es: 'Perímetro muslo (1 cm bajo el pliegue glúteo)',
    en: 'Thigh girth (1 cm below the gluteal fold)',
    pt: 'Perímetro da coxa (1 cm abaixo da prega glútea)',
  },
  biacromial: { es: 'Diámetro biacromial', en: 'Biacromial breadth', pt: 'Diâmetro biacromial' },
  biiliocristal: { es: 'Diámetro biiliocrestal', en: 'Biiliocristal breadth', pt: 'Diâmetro biiliocristal' },
  transverse_chest: {
    es: 'Diámetro transverso del tórax',
    en: 'Transverse chest breadth',
    pt: 'Diâmetro transverso do tórax',
  },
  ap_chest: {
    es: 'Profundidad anteroposterior del tórax',
    en: 'Anterior-posterior chest depth',
    pt: 'Profundidade anteroposterior do tórax',
  },
} as const satisfies Readonly<Record<IsakSite, Localized>>;
