import type { MatchExtended, OptionsDictionary, ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The password judge of decision 205, run in the worker thread of common-passwords.ts (its dictionaries take
 * seconds of CPU to load and each check 10–100 ms). Password strength by zxcvbn-ts: the maintained dictionaries
 * of @zxcvbn-ts/language-common (leaked passwords, keyboard layouts), -en, -es-es and -pt-br (common words, first
 * names, surnames, Wikipedia words) and zxcvbn's matchers (dictionary with l33t and reversed words, repeats, sequences,
 * dates and recent years, keyboard patterns), plus this product's own words and the user's name and e-mail.
 * A password whose estimated guesses fall below GUESSES_MIN is refused with a translated reason.
 */

/**
 * zxcvbn's score 3 ("safely unguessable: moderate protection from an offline slow-hash attack"): 10^8
 * guesses. Online guessing is throttled (security.md R04) and the hashes are argon2id, so 10^8 guesses are
 * years for an online attacker and a costly offline attack; asking 10^10 (score 4) of every password would
 * refuse ordinary passphrases of three words.
 */
const GUESSES_MIN = 1e8;
/**
 * Below score 4 (10^10), one word decorated with a year, digits or symbols (`Clave2026!`, 1.1 × 10^8) is
 * refused too: it is the first shape every cracking rule set tries, which zxcvbn's sum underrates.
 */
const GUESSES_STRONG = 1e10;

/**
 * Words anyone guessing a password on this site tries first (es/en/pt): its name and its trade. Diacritic-free
 * variants are added below like for every dictionary.
 */
const PRODUCT_WORDS = [
  'medida',
  'medidas',
  'medir',
  'medicion',
  'medición',
  'mediciones',
  'measure',
  'measures',
  'measurement',
  'medição',
  'antropometria',
  'antropometría',
  'antropométrico',
  'anthropometry',
  'isak',
  'evaluacion',
  'evaluación',
  'evaluaciones',
  'evaluation',
  'avaliação',
  'avaliacoes',
  'avaliações',
  'nutricion',
  'nutrición',
  'nutricionista',
  'nutrition',
  'nutritionist',
  'nutrição',
  'nutricionismo',
  'paciente',
  'pacientes',
  'patient',
  'cliente',
  'clientes',
  'client',
  'profesional',
  'professional',
  'profissional',
  'pliegue',
  'pliegues',
  'skinfold',
  'skinfolds',
  'dobra',
  'dobras',
  'perimetro',
  'perímetro',
  'perimeter',
  'circunferencia',
  'circunferência',
  'composicion',
  'composición',
  'composição',
  'corporal',
  'grasa',
  'gordura',
  'somatotipo',
  'somatotype',
  'salud',
  'saude',
  'saúde',
  'health',
  'clinica',
  'clínica',
  'clinic',
  'consulta',
];

/** `contraseña` → `contrasena`, `avaliação` → `avaliacao`: people type both. */
function stripDiacritics(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Each list with the diacritic-free spelling of its words added (zxcvbn matches exact letters only). */
function withPlainSpellings(words: readonly (string | number)[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    const s = String(w).toLowerCase();
    out.add(s);
    if (/[^\x20-\x7e]/u.test(s)) out.add(stripDiacritics(s));
  }
  return [...out];
}

/**
 * zxcvbn's cost grows fast with the length and the l33t characters of a password (256 × `4` took 9.8 s with
 * its defaults): only the first 64 characters are judged (a longer password whose first 64 are guessable is
 * refused; one whose first 64 are not is long enough), with up to 8 l33t substitutions (`p4ssw0rd` needs 2),
 * which keeps the worst case near 0.3 s (decision 205).
 */
const CHECKED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 8;

let factory: Promise<ZxcvbnFactory> | undefined;

/** Loaded once, on first use: the dictionaries are megabytes and most requests never set a password. */
function zxcvbn(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [core, common, en, es, pt] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-es-es'),
      import('@zxcvbn-ts/language-pt-br'),
    ]);
    const dictionary: OptionsDictionary = { product: withPlainSpellings(PRODUCT_WORDS) };
    for (const [name, words] of Object.entries({
      ...common.dictionary,
      ...en.dictionary,
      ...es.dictionary,
      ...pt.dictionary,
    })) {
      dictionary[name] = withPlainSpellings(words);
    }
    return new core.ZxcvbnFactory({
      dictionary,
      graphs: common.adjacencyGraphs,
      maxLength: CHECKED_LENGTH,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
  })();
  return factory;
}

/** What the person setting the password is known by (`María José`, `maria.jose@clinica-sur.cl`). */
export interface PasswordOwner {
  nombre?: string | null;
  apellido?: string | null;
  email?: string | null;
}

/** The owner's words as zxcvbn user inputs: whole names and each part, the e-mail, its local part and domain labels. */
export function personalWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (text: string | null | undefined) => {
    const value = text?.trim().toLowerCase();
    if (!value) return;
    for (const w of [value, ...value.split(/[^\p{L}\p{N}]+/u)]) {
      if (w.length >= 3) words.add(w).add(stripDiacritics(w));
    }
    // `clinica-sur` is typed `clinicasur` too.
    const joined = value.replace(/[^\p{L}\p{N}]+/gu, '');
    if (joined.length >= 3) words.add(joined).add(stripDiacritics(joined));
  };
  add(owner.nombre);
  add(owner.apellido);
  const email = owner.email?.trim().toLowerCase();
  if (email) {
    const at = email.lastIndexOf('@');
    add(email);
    add(at < 0 ? email : email.slice(0, at));
    // The domain's labels but the top level one (`clinica-sur` of clinica-sur.cl; never `com`).
    if (at >= 0)
      for (const label of email
        .slice(at + 1)
        .split('.')
        .slice(0, -1))
        add(label);
  }
  return [...words];
}

/** Why a password is refused: the key of the translated reason (validation.password*). */
export type PasswordWeakness =
  | 'passwordPersonal'
  | 'passwordProductWord'
  | 'passwordWordAndNumber'
  | 'passwordCommon'
  | 'passwordPattern'
  | 'passwordGuessable';

const isDictionary = (m: MatchExtended) => m.pattern === 'dictionary' || m.pattern === 'wordSequence';
const isNumberLike = (m: MatchExtended) =>
  m.pattern === 'date' ||
  m.pattern === 'regex' ||
  m.pattern === 'separator' ||
  m.pattern === 'sequence' ||
  m.pattern === 'repeat' ||
  (m.pattern === 'bruteforce' && /^[\d\W_]*$/u.test(m.token));

/** One dictionary word (l33t, reversed or not) with only digits, years, dates or symbols around it. */
const isOneDecoratedWord = (sequence: MatchExtended[]) =>
  sequence.filter(isDictionary).length === 1 && sequence.every((m) => isDictionary(m) || isNumberLike(m));

/**
 * Whether the password's letters are nothing but the given words one after another (`Maria-Perez-2026`,
 * `perezmaria!!`): zxcvbn's per-segment penalty rates a name, a surname, separators and a year as strong.
 */
function isMadeOf(password: string, words: readonly string[]): boolean {
  const letters = stripDiacritics(password.toLowerCase()).replace(/[^\p{L}]/gu, '');
  const parts = new Set(words.map((w) => w.replace(/[^\p{L}]/gu, '')).filter((w) => w.length >= 3));
  if (letters.length === 0 || parts.size === 0) return false;
  // reachable[i]: letters[0, i) splits into parts.
  const reachable = [true, ...Array<boolean>(letters.length).fill(false)];
  for (let end = 1; end <= letters.length; end++)
    for (let start = 0; start < end && !reachable[end]; start++)
      reachable[end] = reachable[start]! && parts.has(letters.slice(start, end));
  return reachable[letters.length]!;
}

const containsAny = (plain: string, words: readonly string[]) => words.some((w) => plain.includes(w));
const plainProductWords = withPlainSpellings(PRODUCT_WORDS);

/**
 * The reason a weak password is weak: the user's own words or the product's first (`Maria2026!` for María is
 * about her name even when zxcvbn found `maria` cheaper among first names), else from the cheapest guesses
 * zxcvbn found (its `sequence`).
 */
function weaknessOf(password: string, personal: readonly string[], sequence: MatchExtended[]): PasswordWeakness {
  const plain = stripDiacritics(password.toLowerCase());
  const dictionaryName = (m: MatchExtended) => (m as { dictionaryName?: string }).dictionaryName;
  if (sequence.some((m) => dictionaryName(m) === 'userInputs') || containsAny(plain, personal))
    return 'passwordPersonal';
  if (sequence.some((m) => dictionaryName(m) === 'product') || containsAny(plain, plainProductWords))
    return 'passwordProductWord';
  const words = sequence.filter(isDictionary);
  if (words.length === 0)
    return sequence.every((m) => !isDictionary(m) && m.pattern !== 'bruteforce')
      ? 'passwordPattern'
      : 'passwordGuessable';
  if (sequence.every((m) => isDictionary(m) || isNumberLike(m)))
    return words.length === sequence.length ? 'passwordCommon' : 'passwordWordAndNumber';
  return 'passwordGuessable';
}

/** Null when strong enough, else why not. The first call loads the dictionaries (see decision 205 for the time). */
export async function judgePassword(password: string, owner: PasswordOwner = {}): Promise<PasswordWeakness | null> {
  const personal = personalWords(owner);
  if (isMadeOf(password, personal)) return 'passwordPersonal';
  const result = (await zxcvbn()).check(password, personal);
  if (result.guesses >= GUESSES_STRONG) return null;
  if (result.guesses >= GUESSES_MIN && !isOneDecoratedWord(result.sequence)) return null;
  return weaknessOf(password, personal, result.sequence);
}

/** Starts loading the dictionaries (the worker calls it as it starts, before any password comes). */
export function loadPasswordJudge(): Promise<unknown> {
  return zxcvbn();
}
