import type { Localized } from '../exams.ts';

const L = (es: string, en: string, pt: string): Localized => ({ es, en, pt });

/**
 * The descriptive name of every equation and cut-off the engine cites, by id (decision 150). The
 * citation itself stays as published; only the name a reader sees is translated.
 */
export const EQUATION_NAMES: Readonly<Record<string, Localized>> = {
  bmi_quetelet: L(
    'Índice de masa corporal (Quetelet)',
    'Body mass index (Quetelet)',
    'Índice de massa corporal (Quetelet)',
  ),
  bmi_for_age_who2007: L(
    'IMC para la edad OMS 2007 (puntaje z LMS)',
    'WHO 2007 BMI-for-age (LMS z-score)',
    'IMC para idade OMS 2007 (escore z LMS)',
  ),
  bmi_minsal_empam: L(
    'Clasificación del IMC en personas mayores (MINSAL Chile, EMPAM)',
    'BMI classes for older adults (Chile MINSAL EMPAM)',
    'Classificação do IMC em idosos (MINSAL Chile, EMPAM)',
  ),
  ibw_bmi22: L(
    'Peso ideal con IMC 22 (rango saludable IMC 18,5-24,9)',
    'Ideal weight at BMI 22 (healthy range BMI 18.5-24.9)',
    'Peso ideal com IMC 22 (faixa saudável IMC 18,5-24,9)',
  ),
  ibw_who2007_median: L(
    'Peso con la mediana del IMC para la edad OMS 2007 (rango saludable z -2 a +1)',
    'Weight at the WHO 2007 median BMI-for-age (healthy range z -2 to +1)',
    'Peso na mediana do IMC para idade OMS 2007 (faixa saudável z -2 a +1)',
  ),
  ibw_devine: L('Peso ideal de Devine', 'Devine ideal body weight', 'Peso ideal de Devine'),
  ibw_robinson: L('Peso ideal de Robinson', 'Robinson ideal body weight', 'Peso ideal de Robinson'),
  ibw_miller: L('Peso ideal de Miller', 'Miller ideal body weight', 'Peso ideal de Miller'),
  ibw_hamwi: L('Peso ideal de Hamwi', 'Hamwi ideal body weight', 'Peso ideal de Hamwi'),
  bia_device: L('Valor del equipo de bioimpedancia', 'Bioimpedance device value', 'Valor do aparelho de bioimpedância'),
  navy_hodgdon_beckett_1984: L(
    'Método de perímetros de la Marina de EE. UU. (Hodgdon y Beckett, ecuaciones en pulgadas)',
    'US Navy circumference method (Hodgdon & Beckett, inch equations)',
    'Método de perímetros da Marinha dos EUA (Hodgdon e Beckett, equações em polegadas)',
  ),
  navy_density_metric: L(
    'Método de perímetros de la Marina de EE. UU., forma métrica de densidad + Siri',
    'US Navy circumference method, metric density form + Siri',
    'Método de perímetros da Marinha dos EUA, forma métrica da densidade + Siri',
  ),
  slaughter_1988: L(
    'Ecuación de Slaughter, tríceps + subescapular (niños y adolescentes)',
    'Slaughter triceps + subscapular (children and adolescents)',
    'Equação de Slaughter, tríceps + subescapular (crianças e adolescentes)',
  ),
  nagamine_suzuki_1964: L(
    'Ecuación de Nagamine y Suzuki, tríceps + subescapular (estimación)',
    'Nagamine & Suzuki triceps + subscapular (estimate)',
    'Equação de Nagamine e Suzuki, tríceps + subescapular (estimativa)',
  ),
  sloan_1967_men: L(
    'Ecuación de Sloan, muslo + subescapular (hombres)',
    'Sloan thigh + subscapular (men)',
    'Equação de Sloan, coxa + subescapular (homens)',
  ),
  evans_2005: L(
    'Ecuación de Evans de 3 pliegues, tríceps + abdominal + muslo (estimación)',
    'Evans 3-site triceps + abdominal + thigh (estimate)',
    'Equação de Evans de 3 dobras, tríceps + abdominal + coxa (estimativa)',
  ),
  katch_mcardle_1973_men: L(
    'Ecuación de Katch y McArdle, tríceps + subescapular + abdominal (hombres)',
    'Katch & McArdle triceps + subscapular + abdominal (men)',
    'Equação de Katch e McArdle, tríceps + subescapular + abdominal (homens)',
  ),
  wilmore_behnke_1970_women: L(
    'Ecuación de Wilmore y Behnke, subescapular + tríceps + muslo (mujeres)',
    'Wilmore & Behnke subscapular + triceps + thigh (women)',
    'Equação de Wilmore e Behnke, subescapular + tríceps + coxa (mulheres)',
  ),
  wilmore_behnke_1969_men: L(
    'Ecuación de Wilmore y Behnke, abdominal + muslo (hombres)',
    'Wilmore & Behnke abdominal + thigh (men)',
    'Equação de Wilmore e Behnke, abdominal + coxa (homens)',
  ),
  jackson_pollock_1985_4site: L(
    'Ecuación de Jackson y Pollock de 4 pliegues, tríceps + suprailíaco + abdominal + muslo (YMCA/ACSM)',
    'Jackson & Pollock 4-site triceps + suprailiac + abdominal + thigh (YMCA/ACSM)',
    'Equação de Jackson e Pollock de 4 dobras, tríceps + suprailíaca + abdominal + coxa (YMCA/ACSM)',
  ),
  durnin_womersley_1974: L(
    'Ecuación de Durnin y Womersley, bíceps + tríceps + subescapular + suprailíaco',
    'Durnin & Womersley biceps + triceps + subscapular + suprailiac',
    'Equação de Durnin e Womersley, bíceps + tríceps + subescapular + suprailíaca',
  ),
  faulkner_1968: L(
    'Ecuación de Faulkner, tríceps + subescapular + suprailíaco + abdominal',
    'Faulkner triceps + subscapular + suprailiac + abdominal',
    'Equação de Faulkner, tríceps + subescapular + suprailíaca + abdominal',
  ),
  jackson_pollock_1978_3site_men: L(
    'Ecuación de Jackson y Pollock de 3 pliegues, pecho + abdominal + muslo (hombres)',
    'Jackson & Pollock 3-site chest + abdominal + thigh (men)',
    'Equação de Jackson e Pollock de 3 dobras, peitoral + abdominal + coxa (homens)',
  ),
  deurenberg_1991: L(
    'Ecuación de Deurenberg, % de grasa a partir del IMC (fórmula de adultos; fórmula infantil hasta 15 años)',
    'Deurenberg BMI-based fat % (adult formula; children formula up to 15 y)',
    'Equação de Deurenberg, % de gordura a partir do IMC (fórmula de adultos; fórmula infantil até 15 anos)',
  ),
  siri_1956: L(
    'Ecuación de Siri, de densidad a % de grasa',
    'Siri density to fat %',
    'Equação de Siri, de densidade para % de gordura',
  ),
  brozek_1963: L(
    'Ecuación de Brozek, de densidad a % de grasa',
    'Brozek density to fat %',
    'Equação de Brozek, de densidade para % de gordura',
  ),
  fat_categories_gallagher_2000: L(
    'Rangos saludables de grasa corporal por sexo y edad',
    'Healthy body-fat ranges by sex and age',
    'Faixas saudáveis de gordura corporal por sexo e idade',
  ),
  residual_wurch_1974: L('Masa residual (Würch)', 'Residual mass (Würch)', 'Massa residual (Würch)'),
  bone_rocha_1975: L(
    'Masa ósea (Von Döbeln modificada por Rocha), diámetros de muñeca y fémur',
    'Bone mass (Von Döbeln modified by Rocha), wrist and femur breadths',
    'Massa óssea (Von Döbeln modificada por Rocha), diâmetros do punho e do fêmur',
  ),
  muscle_de_rose_1980: L(
    'Masa muscular, modelo de cuatro componentes (De Rose y Guimarães): peso - grasa - hueso - residual',
    'Muscle mass, four-component model (De Rose & Guimarães): weight - fat - bone - residual',
    'Massa muscular, modelo de quatro componentes (De Rose e Guimarães): peso - gordura - osso - residual',
  ),
  smm_lee_2000_model2: L(
    'Masa muscular esquelética (Lee, modelo 2)',
    'Skeletal muscle mass (Lee model 2)',
    'Massa muscular esquelética (Lee, modelo 2)',
  ),
  vai_amato_2010: L(
    'Índice de adiposidad visceral (puntos de corte por edad: Amato 2011)',
    'Visceral Adiposity Index (cut-offs by age: Amato 2011)',
    'Índice de adiposidade visceral (pontos de corte por idade: Amato 2011)',
  ),
  mets_vf_2020: L(
    'Puntaje de grasa visceral METS-VF (> 7,18 = aumentada)',
    'METS-VF visceral fat score (> 7.18 = increased)',
    'Escore de gordura visceral METS-VF (> 7,18 = aumentada)',
  ),
  lap_kahn_2005: L('Producto de acumulación lipídica', 'Lipid accumulation product', 'Produto de acumulação lipídica'),
  whtr_visceral_proxy: L(
    'Índice cintura/estatura como indicador de riesgo visceral',
    'Waist-to-height ratio as visceral-risk proxy',
    'Relação cintura/altura como indicador de risco visceral',
  ),
  bmr_mifflin_st_jeor_1990: L('Ecuación de Mifflin-St Jeor', 'Mifflin-St Jeor', 'Equação de Mifflin-St Jeor'),
  bmr_harris_benedict_1919: L(
    'Ecuación de Harris-Benedict (original)',
    'Harris-Benedict (original)',
    'Equação de Harris-Benedict (original)',
  ),
  bmr_roza_shizgal_1984: L(
    'Ecuación de Harris-Benedict revisada (Roza y Shizgal)',
    'Harris-Benedict revised (Roza & Shizgal)',
    'Equação de Harris-Benedict revisada (Roza e Shizgal)',
  ),
  bmr_katch_mcardle_cunningham_1991: L(
    'Ecuación de Katch-McArdle / Cunningham 1991 (a partir de la masa libre de grasa)',
    'Katch-McArdle / Cunningham 1991 (from fat-free mass)',
    'Equação de Katch-McArdle / Cunningham 1991 (a partir da massa livre de gordura)',
  ),
  bmr_cunningham_1980: L(
    'Ecuación de Cunningham 1980 (a partir de la masa magra)',
    'Cunningham 1980 (from lean body mass)',
    'Equação de Cunningham 1980 (a partir da massa magra)',
  ),
  bmr_schofield_1985: L(
    'Ecuación de Schofield 1985 (peso, por tramo de edad)',
    'Schofield 1985 (weight, by age band)',
    'Equação de Schofield 1985 (peso, por faixa etária)',
  ),
  bmr_fao_who_unu_1985: L(
    'Ecuación FAO/OMS/UNU 1985 (peso, por tramo de edad)',
    'FAO/WHO/UNU 1985 (weight, by age band)',
    'Equação FAO/OMS/UNU 1985 (peso, por faixa etária)',
  ),
  bmr_henry_oxford_2005: L(
    'Ecuación de Henry (Oxford) 2005 (peso, por tramo de edad)',
    'Henry (Oxford) 2005 (weight, by age band)',
    'Equação de Henry (Oxford) 2005 (peso, por faixa etária)',
  ),
  bmr_owen_1986_1987: L(
    'Ecuación de Owen (mujeres 1986, hombres 1987; peso)',
    'Owen (women 1986, men 1987; weight)',
    'Equação de Owen (mulheres 1986, homens 1987; peso)',
  ),
  bmr_de_lorenzo_1999: L(
    'Ecuación de De Lorenzo 1999 (deportistas hombres)',
    'De Lorenzo 1999 (male athletes)',
    'Equação de De Lorenzo 1999 (atletas homens)',
  ),
  bmr_ten_haaf_2014_weight: L(
    'Ecuación de Ten Haaf 2014 (deportistas; peso, estatura, edad)',
    'Ten Haaf 2014 (athletes; weight, height, age)',
    'Equação de Ten Haaf 2014 (atletas; peso, altura, idade)',
  ),
  bmr_ten_haaf_2014_ffm: L(
    'Ecuación de Ten Haaf 2014 (deportistas; masa libre de grasa)',
    'Ten Haaf 2014 (athletes; fat-free mass)',
    'Equação de Ten Haaf 2014 (atletas; massa livre de gordura)',
  ),
  pal_iom_2005: L(
    'Requerimiento energético = metabolismo basal × nivel de actividad física (categorías IOM 2005)',
    'Energy need = BMR × PAL (IOM 2005 activity categories)',
    'Necessidade energética = metabolismo basal × nível de atividade física (categorias IOM 2005)',
  ),
  metabolic_age_medida: L(
    'Edad metabólica: la edad en que Mifflin-St Jeor iguala el metabolismo basal de Katch-McArdle de tu masa magra',
    'Metabolic age: age at which Mifflin-St Jeor equals the Katch-McArdle BMR of your lean mass',
    'Idade metabólica: a idade em que Mifflin-St Jeor iguala o metabolismo basal de Katch-McArdle da sua massa magra',
  ),
  macros_protein_first: L(
    'Proteínas en g/kg, grasas como parte de la energía y carbohidratos el resto (Atwater 4/4/9)',
    'Protein from g/kg, fat share of energy, carbohydrate the remainder (Atwater 4/4/9)',
    'Proteínas em g/kg, gorduras como parte da energia e carboidratos o restante (Atwater 4/4/9)',
  ),
  macros_percent: L(
    'Reparto fijo de la energía en porcentajes (Atwater 4/4/9)',
    'Fixed percentage split of energy (Atwater 4/4/9)',
    'Divisão fixa da energia em porcentagens (Atwater 4/4/9)',
  ),
  uk_fsa_traffic_light_2016: L(
    'Semáforo nutricional frontal del Reino Unido (por 100 g / 100 mL)',
    'UK front-of-pack traffic light (per 100 g / 100 mL)',
    'Semáforo nutricional frontal do Reino Unido (por 100 g / 100 mL)',
  ),
  chile_ley_20606_2019: L(
    'Límites de los sellos "ALTO EN" de Chile, fase final (Ley 20.606, DS 13/2015)',
    'Chile "ALTO EN" warning limits, final phase (Ley 20.606, DS 13/2015)',
    'Limites dos selos "ALTO EN" do Chile, fase final (Lei 20.606, DS 13/2015)',
  ),
  brazil_rdc_429_2020: L(
    'Lupa frontal "ALTO EM" de Brasil (ANVISA RDC 429/2020, IN 75/2020)',
    'Brazil front-of-pack "ALTO EM" magnifier (ANVISA RDC 429/2020, IN 75/2020)',
    'Lupa frontal "ALTO EM" do Brasil (ANVISA RDC 429/2020, IN 75/2020)',
  ),
  us_fda_percent_dv_5_20: L(
    '% del valor diario de la etiqueta de EE. UU., regla 5/20 (por porción)',
    'US Nutrition Facts %Daily Value, 5/20 rule (per serving)',
    '% do valor diário do rótulo dos EUA, regra 5/20 (por porção)',
  ),
  rockport_kline_1987: L(
    'Test de caminata de 1 milla de Rockport, VO2máx relativo',
    'Rockport 1-mile walk test, relative VO2max',
    'Teste de caminhada de 1 milha de Rockport, VO2máx relativo',
  ),
  vo2_cooper_heyward_1998: L(
    'Categorías de capacidad cardiorrespiratoria (Cooper Institute)',
    'Cardiorespiratory fitness categories (Cooper Institute)',
    'Categorias de aptidão cardiorrespiratória (Cooper Institute)',
  ),
  whtr_ashwell: L('Índice cintura/estatura', 'Waist-to-height ratio', 'Relação cintura/altura'),
  whr_who_2008: L(
    'Índice cintura/cadera (≥ 0,90 hombres, ≥ 0,85 mujeres)',
    'Waist-to-hip ratio (≥ 0.90 men, ≥ 0.85 women)',
    'Relação cintura/quadril (≥ 0,90 homens, ≥ 0,85 mulheres)',
  ),
  waist_who_2008: L(
    'Perímetro de cintura (OMS > 94/102 cm hombres, > 80/88 cm mujeres)',
    'Waist circumference (WHO > 94/102 cm men, > 80/88 cm women)',
    'Perímetro da cintura (OMS > 94/102 cm homens, > 80/88 cm mulheres)',
  ),
  waist_idf_south_central_american: L(
    'Obesidad abdominal, corte IDF para Centro y Sudamérica (≥ 90 cm hombres, ≥ 80 cm mujeres)',
    'Abdominal obesity, IDF cut-off for Central and South Americans (≥ 90 cm men, ≥ 80 cm women)',
    'Obesidade abdominal, ponto de corte IDF para as Américas Central e do Sul (≥ 90 cm homens, ≥ 80 cm mulheres)',
  ),
  waist_idf_europid: L(
    'Obesidad abdominal, corte IDF para europeos (≥ 94 cm hombres, ≥ 80 cm mujeres)',
    'Abdominal obesity, IDF cut-off for Europids (≥ 94 cm men, ≥ 80 cm women)',
    'Obesidade abdominal, ponto de corte IDF para europeus (≥ 94 cm homens, ≥ 80 cm mulheres)',
  ),
  waist_aha_nhlbi_atp3: L(
    'Obesidad abdominal, corte AHA/NHLBI (ATP III) para Estados Unidos y Canadá (≥ 102 cm hombres, ≥ 88 cm mujeres)',
    'Abdominal obesity, AHA/NHLBI (ATP III) cut-off for the United States and Canada (≥ 102 cm men, ≥ 88 cm women)',
    'Obesidade abdominal, ponto de corte AHA/NHLBI (ATP III) para Estados Unidos e Canadá (≥ 102 cm homens, ≥ 88 cm mulheres)',
  ),
  nhlbi_1998_bmi_waist: L(
    'Riesgo de enfermedad según IMC y cintura (NHLBI)',
    'Disease risk by BMI and waist (NHLBI)',
    'Risco de doença segundo IMC e cintura (NHLBI)',
  ),
  bp_acc_aha_2017: L(
    'Categorías de presión arterial (ACC/AHA 2017, vigentes en 2025)',
    'Blood pressure categories (ACC/AHA 2017, kept in 2025)',
    'Categorias de pressão arterial (ACC/AHA 2017, mantidas em 2025)',
  ),
  mets_harmonized_2009: L(
    'Síndrome metabólico, definición armonizada (3 de 5), corte de cintura de la población del cliente',
    "Metabolic syndrome, harmonized definition (3 of 5), waist cut-off of the client's population",
    'Síndrome metabólica, definição harmonizada (3 de 5), ponto de corte de cintura da população do cliente',
  ),
  mets_idf_2007_adolescents: L(
    'Síndrome metabólico en adolescentes de 10 a 15 años (IDF 2007): cintura ≥ percentil 90 (o el corte adulto si es menor) más 2 de 4',
    'Metabolic syndrome, adolescents 10-15 y (IDF 2007): waist ≥ 90th percentile (or adult cut-off if lower) plus 2 of 4',
    'Síndrome metabólica em adolescentes de 10 a 15 anos (IDF 2007): cintura ≥ percentil 90 (ou o corte adulto se menor) mais 2 de 4',
  ),
  mets_idf_2005_adult_criteria: L(
    'Síndrome metabólico de 16 y 17 años (IDF 2007: criterios IDF del adulto): cintura de la población obligatoria más 2 de 4',
    "Metabolic syndrome, 16-17 y (IDF 2007: the IDF adult criteria): the population's waist cut-off required plus 2 of 4",
    'Síndrome metabólica de 16 e 17 anos (IDF 2007: critérios IDF do adulto): cintura da população obrigatória mais 2 de 4',
  ),
  homa_ir_matthews_1985: L(
    'HOMA-IR = glucosa (mg/dL) × insulina (µU/mL) / 405',
    'HOMA-IR = glucose (mg/dL) × insulin (µU/mL) / 405',
    'HOMA-IR = glicose (mg/dL) × insulina (µU/mL) / 405',
  ),
  non_hdl: L(
    'Colesterol no HDL = colesterol total - HDL',
    'Non-HDL cholesterol = total cholesterol - HDL',
    'Colesterol não HDL = colesterol total - HDL',
  ),
  ldl_sampson_2020: L(
    'Colesterol LDL, ecuación de Sampson/NIH',
    'LDL cholesterol, Sampson/NIH equation',
    'Colesterol LDL, equação de Sampson/NIH',
  ),
  ldl_friedewald_1972: L(
    'Colesterol LDL, ecuación de Friedewald',
    'LDL cholesterol, Friedewald equation',
    'Colesterol LDL, equação de Friedewald',
  ),
  training_level_nsca_acsm: L(
    'Nivel de entrenamiento según tiempo entrenando y frecuencia semanal',
    'Training level from training duration and weekly frequency',
    'Nível de treinamento segundo tempo de treino e frequência semanal',
  ),
  isak_repeat_tem: L(
    'Regla de repetición ISAK (tercera medición sobre 5 % en pliegues, 1 % en otros sitios) y error técnico de medición',
    'ISAK repeat rule (third reading beyond 5 % skinfolds, 1 % other sites) and technical error of measurement',
    'Regra de repetição ISAK (terceira medida acima de 5 % nas dobras, 1 % nos demais pontos) e erro técnico de medida',
  ),
  isak_skinfold_sums: L(
    'Sumatorias de seis y ocho pliegues cutáneos (ISAK)',
    'Sums of six and eight skinfolds (ISAK)',
    'Somatórios de seis e oito dobras cutâneas (ISAK)',
  ),
  heath_carter_1990: L(
    'Somatotipo antropométrico de Heath-Carter (endomorfia corregida por estatura)',
    'Heath-Carter anthropometric somatotype (height-corrected endomorphy)',
    'Somatotipo antropométrico de Heath-Carter (endomorfia corrigida pela estatura)',
  ),
  phantom_ross_wilson_1974: L(
    'Puntaje z de proporcionalidad del Phantom (Ross y Wilson)',
    'Phantom proportionality z-score (Ross & Wilson)',
    'Escore z de proporcionalidade do Phantom (Ross e Wilson)',
  ),
  kerr_1988: L(
    'Fraccionamiento de la masa corporal en cinco componentes (Kerr): piel, adiposo, muscular, óseo, residual',
    'Five-way fractionation of body mass (Kerr): skin, adipose, muscle, bone, residual',
    'Fracionamento da massa corporal em cinco componentes (Kerr): pele, adiposo, muscular, ósseo, residual',
  ),
};

/**
 * Citations that carry internal notes ("formulas.md §…", "Product convention") or English words around the
 * published references ("classes:", "Table 5", "under 17 y", "used by"): what a client's copy prints instead.
 * The published references (authors, titles, journals) are kept as published; the words around them are
 * translated (issue 30 item 13).
 */
export const CLIENT_CITATIONS: Readonly<Record<string, Localized>> = {
  // A master's thesis: the kind of work in the reader's language, the title as published.
  kerr_1988: L(
    'Kerr DA. An anthropometric method for fractionation of skin, adipose, bone, muscle and residual tissue masses, in males and females age 6 to 77 years. Tesis de maestría, Simon Fraser University, 1988; Ross WD, Kerr DA. Fraccionamiento de la masa corporal: un nuevo método para utilizar en nutrición clínica y medicina deportiva. Apunts 1991;28',
    'Kerr DA. An anthropometric method for fractionation of skin, adipose, bone, muscle and residual tissue masses, in males and females age 6 to 77 years. MSc thesis, Simon Fraser University, 1988; Ross WD, Kerr DA. Fraccionamiento de la masa corporal: un nuevo método para utilizar en nutrición clínica y medicina deportiva. Apunts 1991;28',
    'Kerr DA. An anthropometric method for fractionation of skin, adipose, bone, muscle and residual tissue masses, in males and females age 6 to 77 years. Dissertação de mestrado, Simon Fraser University, 1988; Ross WD, Kerr DA. Fraccionamiento de la masa corporal: un nuevo método para utilizar en nutrición clínica y medicina deportiva. Apunts 1991;28',
  ),
  isak_skinfold_sums: L(
    'Stewart A, Marfell-Jones M, Olds T, de Ridder H. International Standards for Anthropometric Assessment. ISAK, 2011; Kerr DA. Tesis de maestría, Simon Fraser University, 1988',
    'Stewart A, Marfell-Jones M, Olds T, de Ridder H. International Standards for Anthropometric Assessment. ISAK, 2011; Kerr DA. MSc thesis, Simon Fraser University, 1988',
    'Stewart A, Marfell-Jones M, Olds T, de Ridder H. International Standards for Anthropometric Assessment. ISAK, 2011; Kerr DA. Dissertação de mestrado, Simon Fraser University, 1988',
  ),
  // A Chilean ministry's programme, cited by its Spanish name in every language.
  bmi_minsal_empam: L(
    'MINSAL Chile, Examen de Medicina Preventiva del Adulto Mayor (EMPAM)',
    'MINSAL Chile, Examen de Medicina Preventiva del Adulto Mayor (EMPAM)',
    'MINSAL Chile, Examen de Medicina Preventiva del Adulto Mayor (EMPAM)',
  ),
  bia_device: L(
    'Valor informado por el analizador de bioimpedancia (ecuación propia del fabricante)',
    'Value reported by the bioimpedance analyser (proprietary manufacturer equation)',
    'Valor informado pelo analisador de bioimpedância (equação própria do fabricante)',
  ),
  macros_percent: L(
    'Factores generales de Atwater; rangos aceptables de distribución de macronutrientes del IOM 2005',
    'Atwater general factors; IOM 2005 acceptable macronutrient distribution ranges',
    'Fatores gerais de Atwater; faixas aceitáveis de distribuição de macronutrientes do IOM 2005',
  ),
  vai_amato_2010: L(
    'Amato MC et al. Diabetes Care 2010;33:920-922; puntos de corte: Amato MC et al. Lipids Health Dis 2011;10:183',
    'Amato MC et al. Diabetes Care 2010;33:920-922; cut-offs: Amato MC et al. Lipids Health Dis 2011;10:183',
    'Amato MC et al. Diabetes Care 2010;33:920-922; pontos de corte: Amato MC et al. Lipids Health Dis 2011;10:183',
  ),
  bmi_quetelet: L(
    'Índice de Quetelet; clases: OMS, Serie de Informes Técnicos 894 (2000)',
    'Quetelet index; classes: WHO Technical Report Series 894 (2000)',
    'Índice de Quetelet; classificação: OMS, Série de Relatórios Técnicos 894 (2000)',
  ),
  durnin_womersley_1974: L(
    'Durnin JVGA, Womersley J. Br J Nutr 1974;32:77-97 (tabla 5); menores de 17 años (hombres) / 16 años (mujeres): Durnin JVGA, Rahaman MM. Br J Nutr 1967;21:681-689; Siri 1956',
    'Durnin JVGA, Womersley J. Br J Nutr 1974;32:77-97 (Table 5); under 17 y (boys) / 16 y (girls): Durnin JVGA, Rahaman MM. Br J Nutr 1967;21:681-689; Siri 1956',
    'Durnin JVGA, Womersley J. Br J Nutr 1974;32:77-97 (tabela 5); menores de 17 anos (meninos) / 16 anos (meninas): Durnin JVGA, Rahaman MM. Br J Nutr 1967;21:681-689; Siri 1956',
  ),
  residual_wurch_1974: L(
    'Würch A. La femme et le sport. Médecine Sportive Française 1974;4(1); usada por De Rose & Guimarães 1980',
    'Würch A. La femme et le sport. Médecine Sportive Française 1974;4(1); used by De Rose & Guimarães 1980',
    'Würch A. La femme et le sport. Médecine Sportive Française 1974;4(1); usada por De Rose & Guimarães 1980',
  ),
  jackson_pollock_1985_4site: L(
    "Jackson AS, Pollock ML. Practical assessment of body composition. Phys Sportsmed 1985;13(5):76-90 (según Golding LA et al., The Y's Way to Physical Fitness, 1989)",
    "Jackson AS, Pollock ML. Practical assessment of body composition. Phys Sportsmed 1985;13(5):76-90 (as in Golding LA et al., The Y's Way to Physical Fitness, 1989)",
    "Jackson AS, Pollock ML. Practical assessment of body composition. Phys Sportsmed 1985;13(5):76-90 (conforme Golding LA et al., The Y's Way to Physical Fitness, 1989)",
  ),
  vo2_cooper_heyward_1998: L(
    'Cooper Institute, Physical Fitness Specialist Manual 1997, publicado en Heyward VH, Advanced Fitness Assessment and Exercise Prescription, 3.ª ed., 1998',
    'Cooper Institute, Physical Fitness Specialist Manual 1997, as printed in Heyward VH, Advanced Fitness Assessment and Exercise Prescription, 3rd ed., 1998',
    'Cooper Institute, Physical Fitness Specialist Manual 1997, publicado em Heyward VH, Advanced Fitness Assessment and Exercise Prescription, 3.ª ed., 1998',
  ),
  navy_hodgdon_beckett_1984: L(
    'Hodgdon JA, Beckett MB. Naval Health Research Center Reports 84-11 (hombres) y 84-29 (mujeres), San Diego, 1984',
    'Hodgdon JA, Beckett MB. Naval Health Research Center Reports 84-11 (men) and 84-29 (women), San Diego, 1984',
    'Hodgdon JA, Beckett MB. Naval Health Research Center Reports 84-11 (homens) e 84-29 (mulheres), San Diego, 1984',
  ),
  navy_density_metric: L(
    'Hodgdon JA, Beckett MB. NHRC Reports 84-11 y 84-29, 1984; Siri 1956',
    'Hodgdon JA, Beckett MB. NHRC Reports 84-11 and 84-29, 1984; Siri 1956',
    'Hodgdon JA, Beckett MB. NHRC Reports 84-11 e 84-29, 1984; Siri 1956',
  ),
  chile_ley_20606_2019: L(
    'Ministerio de Salud de Chile. Ley 20.606; Decreto Supremo 13/2015, etapa final desde el 27 de junio de 2019',
    'Ministerio de Salud de Chile. Ley 20.606; Decreto Supremo 13/2015, final phase since 27 June 2019',
    'Ministerio de Salud de Chile. Ley 20.606; Decreto Supremo 13/2015, fase final desde 27 de junho de 2019',
  ),
  waist_idf_south_central_american: L(
    'IDF Worldwide Definition of the Metabolic Syndrome, 2006; Alberti KGMM et al. Harmonizing the metabolic syndrome. Circulation 2009;120:1640-1645, tabla 2',
    'IDF Worldwide Definition of the Metabolic Syndrome, 2006; Alberti KGMM et al. Harmonizing the metabolic syndrome. Circulation 2009;120:1640-1645, Table 2',
    'IDF Worldwide Definition of the Metabolic Syndrome, 2006; Alberti KGMM et al. Harmonizing the metabolic syndrome. Circulation 2009;120:1640-1645, tabela 2',
  ),
  waist_idf_europid: L(
    'IDF Worldwide Definition of the Metabolic Syndrome, 2006; Alberti KGMM et al. Harmonizing the metabolic syndrome. Circulation 2009;120:1640-1645, tabla 2',
    'IDF Worldwide Definition of the Metabolic Syndrome, 2006; Alberti KGMM et al. Harmonizing the metabolic syndrome. Circulation 2009;120:1640-1645, Table 2',
    'IDF Worldwide Definition of the Metabolic Syndrome, 2006; Alberti KGMM et al. Harmonizing the metabolic syndrome. Circulation 2009;120:1640-1645, tabela 2',
  ),
  waist_aha_nhlbi_atp3: L(
    'Grundy SM et al. Circulation 2005;112:2735-2752; Alberti KGMM et al. Harmonizing the metabolic syndrome. Circulation 2009;120:1640-1645, tabla 2',
    'Grundy SM et al. Circulation 2005;112:2735-2752; Alberti KGMM et al. Harmonizing the metabolic syndrome. Circulation 2009;120:1640-1645, Table 2',
    'Grundy SM et al. Circulation 2005;112:2735-2752; Alberti KGMM et al. Harmonizing the metabolic syndrome. Circulation 2009;120:1640-1645, tabela 2',
  ),
  brazil_rdc_429_2020: L(
    'ANVISA. Resolução RDC nº 429 e Instrução Normativa IN nº 75, 8 de octubre de 2020 (Anexo XV), vigentes desde el 9 de octubre de 2022',
    'ANVISA. Resolução RDC nº 429 and Instrução Normativa IN nº 75, 8 October 2020 (Anexo XV), in force since 9 October 2022',
    'ANVISA. Resolução RDC nº 429 e Instrução Normativa IN nº 75, 8 de outubro de 2020 (Anexo XV), em vigor desde 9 de outubro de 2022',
  ),
  us_fda_percent_dv_5_20: L(
    'U.S. Food and Drug Administration. How to Understand and Use the Nutrition Facts Label (2022); valores diarios: 21 CFR 101.9(c), 81 FR 33742 (27 de mayo de 2016)',
    'U.S. Food and Drug Administration. How to Understand and Use the Nutrition Facts Label (2022); Daily Values: 21 CFR 101.9(c), 81 FR 33742 (27 May 2016)',
    'U.S. Food and Drug Administration. How to Understand and Use the Nutrition Facts Label (2022); valores diários: 21 CFR 101.9(c), 81 FR 33742 (27 de maio de 2016)',
  ),
  uk_fsa_traffic_light_2016: L(
    'Department of Health / Food Standards Agency. Guide to creating a front of pack nutrition label, 2013 (actualizada en 2016)',
    'Department of Health / Food Standards Agency. Guide to creating a front of pack nutrition label, 2013 (updated 2016)',
    'Department of Health / Food Standards Agency. Guide to creating a front of pack nutrition label, 2013 (atualizado em 2016)',
  ),
  ibw_bmi22: L(
    'OMS, Serie de Informes Técnicos 894 (2000), rango saludable de IMC; IMC objetivo 22',
    'WHO Technical Report Series 894 (2000), healthy BMI range; target BMI 22',
    'OMS, Série de Relatórios Técnicos 894 (2000), faixa saudável de IMC; IMC alvo 22',
  ),
  metabolic_age_medida: L(
    'Estimación de Medida basada en Mifflin MD et al. 1990 y Cunningham JJ 1991; no existe un estándar validado',
    'Medida estimate based on Mifflin MD et al. 1990 and Cunningham JJ 1991; no validated standard exists',
    'Estimativa da Medida baseada em Mifflin MD et al. 1990 e Cunningham JJ 1991; não existe padrão validado',
  ),
  macros_protein_first: L(
    'Basado en IOM 2005 (rangos aceptables de macronutrientes), Thomas DT et al. Med Sci Sports Exerc 2016;48:543, Bauer J et al. JAMDA 2013;14:542',
    'Based on IOM 2005 (acceptable macronutrient distribution ranges), Thomas DT et al. Med Sci Sports Exerc 2016;48:543, Bauer J et al. JAMDA 2013;14:542',
    'Baseado em IOM 2005 (faixas aceitáveis de macronutrientes), Thomas DT et al. Med Sci Sports Exerc 2016;48:543, Bauer J et al. JAMDA 2013;14:542',
  ),
  training_level_nsca_acsm: L(
    'Basado en NSCA, Essentials of Strength Training and Conditioning, 3.ª ed. 2008, y ACSM, Med Sci Sports Exerc 2009;41:687-708',
    'Based on NSCA, Essentials of Strength Training and Conditioning, 3rd ed. 2008, and ACSM, Med Sci Sports Exerc 2009;41:687-708',
    'Baseado em NSCA, Essentials of Strength Training and Conditioning, 3.ª ed. 2008, e ACSM, Med Sci Sports Exerc 2009;41:687-708',
  ),
};
