import type { Language } from '@medida/contracts';
import { I18N_DEFAULTS, type WarningKey } from '@medida/domain';

/** Headings, labels and category names of the PDF report in es, en and pt. */
const T = {
  title: { es: 'Informe de evaluación', en: 'Evaluation report', pt: 'Relatório de avaliação' },
  professional: { es: 'Profesional', en: 'Professional', pt: 'Profissional' },
  client: { es: 'Cliente', en: 'Client', pt: 'Cliente' },
  date: { es: 'Fecha', en: 'Date', pt: 'Data' },
  method: { es: 'Método', en: 'Method', pt: 'Método' },
  age: { es: 'Edad', en: 'Age', pt: 'Idade' },
  years: { es: 'años', en: 'years', pt: 'anos' },
  version: { es: 'Versión', en: 'Version', pt: 'Versão' },
  engine: { es: 'Motor de cálculo', en: 'Calculation engine', pt: 'Motor de cálculo' },
  results: { es: 'Resultados', en: 'Results', pt: 'Resultados' },
  measure: { es: 'Medida', en: 'Measure', pt: 'Medida' },
  value: { es: 'Valor', en: 'Value', pt: 'Valor' },
  category: { es: 'Categoría', en: 'Category', pt: 'Categoria' },
  source: { es: 'Fuente', en: 'Source', pt: 'Fonte' },
  comparisons: {
    es: 'Comparación de ecuaciones de grasa corporal',
    en: 'Body-fat equations compared',
    pt: 'Comparação de equações de gordura corporal',
  },
  equation: { es: 'Ecuación', en: 'Equation', pt: 'Equação' },
  primary: { es: 'principal', en: 'primary', pt: 'principal' },
  estimate: { es: 'estimación', en: 'estimate', pt: 'estimativa' },
  outsideValidity: { es: 'fuera de su muestra', en: 'outside its sample', pt: 'fora da amostra' },
  chosenByProfessional: {
    es: 'elegida por el profesional',
    en: 'chosen by the professional',
    pt: 'escolhida pelo profissional',
  },
  vo2maxMeasured: { es: 'VO2máx medido', en: 'Measured VO2max', pt: 'VO2máx medido' },
  trainingVolume: { es: 'Volumen de entrenamiento', en: 'Training volume', pt: 'Volume de treinamento' },
  minutesPerWeek: { es: 'min/semana', en: 'min/week', pt: 'min/semana' },
  deviceReadings: {
    es: 'Lecturas del equipo de bioimpedancia',
    en: 'Bioimpedance device readings',
    pt: 'Leituras do aparelho de bioimpedância',
  },
  deviceMuscle: { es: 'músculo', en: 'muscle', pt: 'músculo' },
  deviceVisceral: { es: 'nivel visceral', en: 'visceral level', pt: 'nível visceral' },
  deviceWater: { es: 'agua', en: 'water', pt: 'água' },
  devicePhaseAngle: { es: 'ángulo de fase', en: 'phase angle', pt: 'ângulo de fase' },
  deviceBmr: { es: 'metabolismo basal', en: 'BMR', pt: 'metabolismo basal' },
  warnings: { es: 'Advertencias', en: 'Warnings', pt: 'Avisos' },
  history: { es: 'Historial', en: 'History', pt: 'Histórico' },
  weight: { es: 'Peso', en: 'Weight', pt: 'Peso' },
  fatPercent: { es: '% grasa', en: 'Fat %', pt: '% gordura' },
  noHistory: {
    es: 'Primera evaluación: aún no hay historial.',
    en: 'First evaluation: no history yet.',
    pt: 'Primeira avaliação: ainda não há histórico.',
  },
  foodGuide: {
    es: 'Guía de alimentos (semáforo)',
    en: 'Food guide (traffic light)',
    pt: 'Guia de alimentos (semáforo)',
  },
  solid: { es: 'Sólidos, por 100 g', en: 'Solids, per 100 g', pt: 'Sólidos, por 100 g' },
  liquid: { es: 'Líquidos, por 100 mL', en: 'Liquids, per 100 mL', pt: 'Líquidos, por 100 mL' },
  nutrient: { es: 'Nutriente', en: 'Nutrient', pt: 'Nutriente' },
  green: { es: 'Verde hasta', en: 'Green up to', pt: 'Verde até' },
  red: { es: 'Rojo sobre', en: 'Red above', pt: 'Vermelho acima de' },
  exams: { es: 'Exámenes', en: 'Exams', pt: 'Exames' },
  references: { es: 'Referencias', en: 'References', pt: 'Referências' },
  page: { es: 'Página', en: 'Page', pt: 'Página' },
  disclaimer: {
    es: 'Estimaciones para seguimiento profesional; no constituyen un diagnóstico.',
    en: 'Estimates for professional follow-up; not a diagnosis.',
    pt: 'Estimativas para acompanhamento profissional; não constituem diagnóstico.',
  },
  // result rows
  bmi: { es: 'Índice de masa corporal', en: 'Body mass index', pt: 'Índice de massa corporal' },
  idealWeight: { es: 'Peso ideal', en: 'Ideal weight', pt: 'Peso ideal' },
  bodyFat: { es: 'Grasa corporal', en: 'Body fat', pt: 'Gordura corporal' },
  leanMass: { es: 'Masa magra', en: 'Lean mass', pt: 'Massa magra' },
  muscleMass: { es: 'Masa muscular', en: 'Muscle mass', pt: 'Massa muscular' },
  residualMass: { es: 'Masa residual', en: 'Residual mass', pt: 'Massa residual' },
  boneMass: { es: 'Masa ósea', en: 'Bone mass', pt: 'Massa óssea' },
  visceralFat: { es: 'Grasa visceral', en: 'Visceral fat', pt: 'Gordura visceral' },
  metabolicAge: { es: 'Edad metabólica', en: 'Metabolic age', pt: 'Idade metabólica' },
  bmr: { es: 'Metabolismo basal', en: 'Basal metabolic rate', pt: 'Taxa metabólica basal' },
  energy: { es: 'Requerimiento calórico', en: 'Caloric requirement', pt: 'Necessidade calórica' },
  macros: { es: 'Macronutrientes', en: 'Macronutrients', pt: 'Macronutrientes' },
  protein: { es: 'Proteínas', en: 'Protein', pt: 'Proteínas' },
  carbohydrate: { es: 'Carbohidratos', en: 'Carbohydrate', pt: 'Carboidratos' },
  fat: { es: 'Grasas', en: 'Fat', pt: 'Gorduras' },
  waistHeight: { es: 'Índice cintura/estatura', en: 'Waist-to-height ratio', pt: 'Relação cintura/estatura' },
  waistHip: { es: 'Índice cintura/cadera', en: 'Waist-to-hip ratio', pt: 'Relação cintura/quadril' },
  waist: { es: 'Perímetro de cintura', en: 'Waist circumference', pt: 'Perímetro da cintura' },
  bloodPressure: { es: 'Presión arterial', en: 'Blood pressure', pt: 'Pressão arterial' },
  rockport: { es: 'Test de Rockport (VO2máx)', en: 'Rockport test (VO2max)', pt: 'Teste de Rockport (VO2máx)' },
  trainingLevel: { es: 'Nivel de entrenamiento', en: 'Training level', pt: 'Nível de treinamento' },
  // first page and layout (issue 14)
  atAGlance: { es: 'Tus resultados de un vistazo', en: 'Your results at a glance', pt: 'Seus resultados em resumo' },
  atAGlanceHint: {
    es: 'Cada barra muestra el rango normal en verde; la marca negra es tu valor.',
    en: 'Each bar shows the normal range in green; the black mark is your value.',
    pt: 'Cada barra mostra a faixa normal em verde; a marca preta é o seu valor.',
  },
  keyNumbers: { es: 'Cifras principales', en: 'Key figures', pt: 'Números principais' },
  details: { es: 'Detalle de la evaluación', en: 'Evaluation details', pt: 'Detalhes da avaliação' },
  evaluationOf: { es: 'Evaluación del', en: 'Evaluation of', pt: 'Avaliação de' },
  nationalId: { es: 'Documento', en: 'ID', pt: 'Documento' },
  sex: { es: 'Sexo', en: 'Sex', pt: 'Sexo' },
  female: { es: 'Femenino', en: 'Female', pt: 'Feminino' },
  male: { es: 'Masculino', en: 'Male', pt: 'Masculino' },
  bandLow: { es: 'Bajo', en: 'Low', pt: 'Baixo' },
  bandNormal: { es: 'Normal', en: 'Normal', pt: 'Normal' },
  bandRaised: { es: 'Sobre lo normal', en: 'Above normal', pt: 'Acima do normal' },
  bandHigh: { es: 'Alto', en: 'High', pt: 'Alto' },
  systolic: { es: 'Presión sistólica', en: 'Systolic pressure', pt: 'Pressão sistólica' },
  measurements: { es: 'Mediciones', en: 'Measurements', pt: 'Medidas' },
  bodyGroup: { es: 'Cuerpo', en: 'Body', pt: 'Corpo' },
  methodChange: {
    es: 'La línea se corta donde cambia el método de evaluación.',
    en: 'The line breaks where the evaluation method changes.',
    pt: 'A linha é interrompida onde o método de avaliação muda.',
  },
  height: { es: 'Estatura', en: 'Height', pt: 'Estatura' },
  perimeters: { es: 'Perímetros', en: 'Circumferences', pt: 'Perímetros' },
  skinfolds: { es: 'Pliegues cutáneos', en: 'Skinfolds', pt: 'Dobras cutâneas' },
  diameters: { es: 'Diámetros óseos', en: 'Bone breadths', pt: 'Diâmetros ósseos' },
  vitals: { es: 'Signos vitales', en: 'Vital signs', pt: 'Sinais vitais' },
  temperature: { es: 'Temperatura', en: 'Temperature', pt: 'Temperatura' },
  lifestyle: { es: 'Hábitos', en: 'Habits', pt: 'Hábitos' },
  smokes: { es: 'Fuma', en: 'Smokes', pt: 'Fuma' },
  drinks: { es: 'Consume alcohol', en: 'Drinks alcohol', pt: 'Consome álcool' },
  exercises: { es: 'Hace ejercicio', en: 'Exercises', pt: 'Pratica exercícios' },
  sessionsPerWeek: { es: 'sesiones por semana', en: 'sessions a week', pt: 'sessões por semana' },
  breathing: { es: 'Dificultad para respirar', en: 'Shortness of breath', pt: 'Falta de ar' },
  yes: { es: 'Sí', en: 'Yes', pt: 'Sim' },
  no: { es: 'No', en: 'No', pt: 'Não' },
  conditions: { es: 'Condiciones y tratamientos', en: 'Conditions and treatments', pt: 'Condições e tratamentos' },
  chronic: { es: 'Enfermedades crónicas', en: 'Chronic diseases', pt: 'Doenças crônicas' },
  autoimmune: { es: 'Enfermedades autoinmunes', en: 'Autoimmune diseases', pt: 'Doenças autoimunes' },
  underTreatment: { es: 'en tratamiento', en: 'under treatment', pt: 'em tratamento' },
  noConditions: { es: 'Sin condiciones informadas.', en: 'No conditions reported.', pt: 'Nenhuma condição informada.' },
  referenceRange: { es: 'Rango de referencia', en: 'Reference range', pt: 'Faixa de referência' },
  risks: { es: 'Índices y riesgos', en: 'Indices and risks', pt: 'Índices e riscos' },
  level: { es: 'Resultado', en: 'Result', pt: 'Resultado' },
  rockportTest: { es: 'Caminata de Rockport', en: 'Rockport walk', pt: 'Caminhada de Rockport' },
  heartRate: { es: 'frecuencia cardíaca final', en: 'final heart rate', pt: 'frequência cardíaca final' },
  bodyFatDevice: { es: 'Grasa corporal (equipo)', en: 'Body fat (device)', pt: 'Gordura corporal (aparelho)' },
  evaluationDate: { es: 'Fecha de evaluación', en: 'Evaluation date', pt: 'Data da avaliação' },
  timeAxis: { es: 'Fecha', en: 'Date', pt: 'Data' },
  contact: { es: 'Contacto', en: 'Contact', pt: 'Contato' },
} as const satisfies Record<string, Record<Language, string>>;

export type TextKey = keyof typeof T;
export const text = (lang: Language, key: TextKey): string => T[key][lang];

const METHODS: Record<number, Record<Language, string>> = {
  1: { es: 'Bioimpedancia', en: 'Bioimpedance', pt: 'Bioimpedância' },
  2: { es: 'Dos pliegues', en: 'Two skinfolds', pt: 'Duas dobras' },
  3: { es: 'Huincha (perímetros)', en: 'Tape measure', pt: 'Fita métrica' },
  4: { es: 'Cuatro pliegues', en: 'Four skinfolds', pt: 'Quatro dobras' },
};
export const methodName = (lang: Language, type: number): string => METHODS[type]?.[lang] ?? String(type);

/** Category codes of the engine's results (BMI, fat, waist, pressure, fitness, training…). */
const CATEGORIES: Record<string, Record<Language, string>> = {
  severe_thinness: { es: 'Delgadez severa', en: 'Severe thinness', pt: 'Magreza grave' },
  moderate_thinness: { es: 'Delgadez moderada', en: 'Moderate thinness', pt: 'Magreza moderada' },
  mild_thinness: { es: 'Delgadez leve', en: 'Mild thinness', pt: 'Magreza leve' },
  thinness: { es: 'Delgadez', en: 'Thinness', pt: 'Magreza' },
  underweight: { es: 'Bajo peso', en: 'Underweight', pt: 'Baixo peso' },
  normal: { es: 'Normal', en: 'Normal', pt: 'Normal' },
  pre_obese: { es: 'Sobrepeso', en: 'Pre-obese', pt: 'Pré-obesidade' },
  overweight: { es: 'Sobrepeso', en: 'Overweight', pt: 'Sobrepeso' },
  obese: { es: 'Obesidad', en: 'Obese', pt: 'Obesidade' },
  obesity: { es: 'Obesidad', en: 'Obesity', pt: 'Obesidade' },
  obese_1: { es: 'Obesidad I', en: 'Obesity class I', pt: 'Obesidade grau I' },
  obese_2: { es: 'Obesidad II', en: 'Obesity class II', pt: 'Obesidade grau II' },
  obese_3: { es: 'Obesidad III', en: 'Obesity class III', pt: 'Obesidade grau III' },
  under: { es: 'Bajo', en: 'Low', pt: 'Baixo' },
  healthy: { es: 'Saludable', en: 'Healthy', pt: 'Saudável' },
  low: { es: 'Bajo', en: 'Low', pt: 'Baixo' },
  increased: { es: 'Aumentado', en: 'Increased', pt: 'Aumentado' },
  high: { es: 'Alto', en: 'High', pt: 'Alto' },
  very_high: { es: 'Muy alto', en: 'Very high', pt: 'Muito alto' },
  extremely_high: { es: 'Extremadamente alto', en: 'Extremely high', pt: 'Extremamente alto' },
  not_increased: { es: 'No aumentado', en: 'Not increased', pt: 'Não aumentado' },
  substantially_increased: {
    es: 'Sustancialmente aumentado',
    en: 'Substantially increased',
    pt: 'Substancialmente aumentado',
  },
  elevated: { es: 'Elevada', en: 'Elevated', pt: 'Elevada' },
  stage1: { es: 'Hipertensión etapa 1', en: 'Stage 1 hypertension', pt: 'Hipertensão estágio 1' },
  stage2: { es: 'Hipertensión etapa 2', en: 'Stage 2 hypertension', pt: 'Hipertensão estágio 2' },
  crisis: { es: 'Crisis hipertensiva', en: 'Hypertensive crisis', pt: 'Crise hipertensiva' },
  very_poor: { es: 'Muy pobre', en: 'Very poor', pt: 'Muito fraco' },
  poor: { es: 'Pobre', en: 'Poor', pt: 'Fraco' },
  fair: { es: 'Regular', en: 'Fair', pt: 'Regular' },
  good: { es: 'Buena', en: 'Good', pt: 'Bom' },
  excellent: { es: 'Excelente', en: 'Excellent', pt: 'Excelente' },
  superior: { es: 'Superior', en: 'Superior', pt: 'Superior' },
  basic: { es: 'Básico', en: 'Basic', pt: 'Básico' },
  medium: { es: 'Medio', en: 'Medium', pt: 'Médio' },
  advanced: { es: 'Avanzado', en: 'Advanced', pt: 'Avançado' },
  none: { es: 'Sin aumento', en: 'None', pt: 'Nenhum' },
  sedentary: { es: 'Sedentario', en: 'Sedentary', pt: 'Sedentário' },
  moderate: { es: 'Moderado', en: 'Moderate', pt: 'Moderado' },
  desirable: { es: 'Deseable', en: 'Desirable', pt: 'Desejável' },
  optimal: { es: 'Óptimo', en: 'Optimal', pt: 'Ótimo' },
  borderline_high: { es: 'Límite alto', en: 'Borderline high', pt: 'Limítrofe alto' },
  deficiency: { es: 'Deficiencia', en: 'Deficiency', pt: 'Deficiência' },
  insufficiency: { es: 'Insuficiencia', en: 'Insufficiency', pt: 'Insuficiência' },
  sufficiency: { es: 'Suficiencia', en: 'Sufficiency', pt: 'Suficiência' },
  prediabetes: { es: 'Prediabetes', en: 'Prediabetes', pt: 'Pré-diabetes' },
  diabetes: { es: 'Diabetes', en: 'Diabetes', pt: 'Diabetes' },
  present: { es: 'Presente', en: 'Present', pt: 'Presente' },
  absent: { es: 'Ausente', en: 'Absent', pt: 'Ausente' },
  indeterminate: { es: 'Datos insuficientes', en: 'Not enough data', pt: 'Dados insuficientes' },
  yes: { es: 'Sí', en: 'Yes', pt: 'Sim' },
  no: { es: 'No', en: 'No', pt: 'Não' },
  review_intake: { es: 'Revisar consumo', en: 'Review intake', pt: 'Revisar consumo' },
  fever: { es: 'Fiebre', en: 'Fever', pt: 'Febre' },
  reported: { es: 'Informado', en: 'Reported', pt: 'Informado' },
  treated: { es: 'En tratamiento', en: 'Under treatment', pt: 'Em tratamento' },
};
/** A category in the report's language; an unknown code is shown readable rather than dropped. */
export const categoryName = (lang: Language, code: string | null | undefined): string =>
  code ? (CATEGORIES[code]?.[lang] ?? code.replace(/_/g, ' ')) : '';

const NUTRIENTS: Record<string, Record<Language, string>> = {
  energy_kcal: { es: 'Energía', en: 'Energy', pt: 'Energia' },
  fat_g: { es: 'Grasas totales', en: 'Fat', pt: 'Gorduras totais' },
  saturates_g: { es: 'Grasas saturadas', en: 'Saturates', pt: 'Gorduras saturadas' },
  sugars_g: { es: 'Azúcares', en: 'Sugars', pt: 'Açúcares' },
  salt_g: { es: 'Sal', en: 'Salt', pt: 'Sal' },
  sodium_mg: { es: 'Sodio', en: 'Sodium', pt: 'Sódio' },
};
export const nutrientName = (lang: Language, code: string): string => NUTRIENTS[code]?.[lang] ?? code;

/** The engine's warning in `lang`, its {{params}} filled in (a sample's ages or BMI limit). */
export function warningText(lang: Language, code: string, params: Record<string, number> = {}): string {
  const template = I18N_DEFAULTS[code as WarningKey]?.[lang] ?? code;
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** The measured inputs (the wizard's fields) by their input name. */
const FIELDS: Record<string, Record<Language, string>> = {
  pcintura: { es: 'Cintura', en: 'Waist', pt: 'Cintura' },
  pcadera: { es: 'Cadera', en: 'Hip', pt: 'Quadril' },
  pbrazo: { es: 'Brazo', en: 'Arm', pt: 'Braço' },
  ppierna: { es: 'Muslo', en: 'Thigh', pt: 'Coxa' },
  cuello: { es: 'Cuello', en: 'Neck', pt: 'Pescoço' },
  triceps: { es: 'Tricipital', en: 'Triceps', pt: 'Tricipital' },
  subescapular: { es: 'Subescapular', en: 'Subscapular', pt: 'Subescapular' },
  abdominal: { es: 'Abdominal', en: 'Abdominal', pt: 'Abdominal' },
  cuadriceps: { es: 'Muslo', en: 'Thigh', pt: 'Coxa' },
  suprailiaco: { es: 'Suprailíaco', en: 'Suprailiac', pt: 'Suprailíaca' },
  biceps: { es: 'Bicipital', en: 'Biceps', pt: 'Bicipital' },
  diametro_muneca: { es: 'Muñeca', en: 'Wrist', pt: 'Punho' },
  diametro_femur: { es: 'Fémur', en: 'Femur', pt: 'Fêmur' },
};
export const fieldName = (lang: Language, field: string): string => FIELDS[field]?.[lang] ?? field;

/** Risks listed in the report's risk table (the others are rows of the results table). */
const RISKS: Record<string, Record<Language, string>> = {
  bmi_waist: {
    es: 'Riesgo de enfermedad por IMC y cintura',
    en: 'Disease risk by BMI and waist',
    pt: 'Risco de doença por IMC e cintura',
  },
  metabolic_syndrome: {
    es: 'Síndrome metabólico (tamizaje)',
    en: 'Metabolic syndrome (screening)',
    pt: 'Síndrome metabólica (triagem)',
  },
  smoking: { es: 'Tabaquismo', en: 'Smoking', pt: 'Tabagismo' },
  alcohol: { es: 'Alcohol', en: 'Alcohol', pt: 'Álcool' },
  physical_inactivity: { es: 'Inactividad física', en: 'Physical inactivity', pt: 'Inatividade física' },
  fever: { es: 'Temperatura', en: 'Temperature', pt: 'Temperatura' },
  breathing_difficulty: { es: 'Dificultad para respirar', en: 'Shortness of breath', pt: 'Falta de ar' },
};
/** null for a risk that is not listed in the risk table. */
export const riskName = (lang: Language, id: string): string | null => RISKS[id]?.[lang] ?? null;

/** Conditions are stored by their Spanish name (the wizard's list); shown as stored until translated keys exist. */
export const conditionName = (_lang: Language, name: string): string => name;
