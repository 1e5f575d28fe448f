import { USER_TYPE, type UserType } from '@medida/contracts';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { seedDemoData, type Kysely, type Database } from '@medida/db';
import { createMigratedPglite, insertTestUser } from '@medida/db/testing';

/** Accounts the browser tests log in with. Passwords are test data, not secrets. */
export const E2E_USERS = {
  forcedChange: {
    email: 'forced.change@e2e.medida.test',
    password: 'Temporal-Clave-2026',
    nombre: 'Forzada',
    apellido: 'Cambio',
  },
  client: { email: 'client@e2e.medida.test', password: 'Cliente-Clave-2026', nombre: 'Clara', apellido: 'Cliente' },
  /**
   * Evaluations run as their own professional (100 credits), so they never spend demo's balance that
   * other specs check; its clients: an adult man, a 12-year-old (the wizard blocks Next under 13) and one more.
   */
  evaluator: {
    email: 'evaluator@e2e.medida.test',
    password: 'Evaluador-Clave-2026',
    nombre: 'Eva',
    apellido: 'Evaluadora',
  },
  /** A professional with no credits: the wizard refuses to start (issue 15). */
  noCredits: {
    email: 'sin.creditos@e2e.medida.test',
    password: 'Sin-Creditos-2026',
    nombre: 'Nora',
    apellido: 'Saldo',
  },
  /** Imports clients from a spreadsheet (issue 35): an account of its own, so no other spec sees them. */
  importer: {
    email: 'importer@e2e.medida.test',
    password: 'Importador-Clave-2026',
    nombre: 'Inés',
    apellido: 'Importadora',
  },
  other: {
    email: 'otra@e2e.medida.test',
    password: 'Otra-Clave-2026',
    nombre: 'Olga',
    apellido: 'Otra',
    nacimiento: '1975-09-30',
    sexo: 'Femenino',
    rut: '33333333K',
  },
  /** The portal spec's professional: creates and invites its client, who then uses the client portal (issue 15). */
  portalPro: {
    email: 'portal.pro@e2e.medida.test',
    password: 'Portal-Profesional-2026',
    nombre: 'Pía',
    apellido: 'Portales',
  },
  /**
   * The hand-over spec (decision 117): a top account with two network professionals, the giver and its
   * sibling; the giver has three clients and a network professional of its own with one client.
   */
  handoverTop: {
    email: 'handover.top@e2e.medida.test',
    password: 'Arriba-Clave-2026',
    nombre: 'Tadeo',
    apellido: 'Cumbre',
  },
  handoverGiver: {
    email: 'handover.giver@e2e.medida.test',
    password: 'Entrega-Clave-2026',
    nombre: 'Gabriela',
    apellido: 'Entrega',
  },
  handoverSibling: {
    email: 'handover.sibling@e2e.medida.test',
    password: 'Lado-Clave-2026',
    nombre: 'Sofía',
    apellido: 'Lado',
  },
  handoverBranch: {
    email: 'handover.branch@e2e.medida.test',
    password: 'Rama-Clave-2026',
    nombre: 'Nicolás',
    apellido: 'Rama',
  },
  handoverClients: ['Ana Alba', 'Bruno Bravo', 'Carla Cruz', 'Diego Duna'].map((name, i) => {
    const [nombre, apellido] = name.split(' ') as [string, string];
    return {
      email: `handover.client${i + 1}@e2e.medida.test`,
      password: 'Cliente-Traspaso-2026',
      nombre,
      apellido,
      sexo: i % 2 ? 'Masculino' : 'Femenino',
      nacimiento: '1990-01-15',
    };
  }),
  /** The home spec's professional (dashboard, profile, companies, analytics) with three clients of its own. */
  home: { email: 'home@e2e.medida.test', password: 'Inicio-Clave-2026', nombre: 'Helena', apellido: 'Hogar' },
  homeClients: [
    {
      email: 'h.rising@e2e.medida.test',
      password: 'Cliente-Uno-2026',
      nombre: 'Rita',
      apellido: 'Subida',
      sexo: 'Femenino',
      nacimiento: '1985-03-10',
      rut: '44444444K',
    },
    {
      email: 'h.due@e2e.medida.test',
      password: 'Cliente-Dos-2026',
      nombre: 'Diego',
      apellido: 'Pendiente',
      sexo: 'Masculino',
      nacimiento: '1979-07-21',
      rut: '55555555K',
    },
    {
      email: 'h.new@e2e.medida.test',
      password: 'Cliente-Tres-2026',
      nombre: 'Nora',
      apellido: 'Nueva',
      sexo: 'Femenino',
      nacimiento: '1995-11-02',
      rut: '66666666K',
    },
  ],
  /** The passkeys spec's professionals (decision 209), one per language: each registers, renames and deletes its own. */
  passkeys: {
    es: { email: 'llave@e2e.medida.test', password: 'Llave-Acceso-2026', nombre: 'Lía', apellido: 'Llaves' },
    en: { email: 'passkey@e2e.medida.test', password: 'Passkey-Access-2026', nombre: 'Pat', apellido: 'Keys' },
    pt: { email: 'chave@e2e.medida.test', password: 'Chave-Acesso-2026', nombre: 'Cauã', apellido: 'Chaves' },
  },
  /** The second-factor spec's professionals (decisions 206–208), one per language: each sets up and removes its own. */
  secondFactor: {
    es: { email: 'dospasos@e2e.medida.test', password: 'Dos-Pasos-2026', nombre: 'Dora', apellido: 'Pasos' },
    en: { email: 'twostep@e2e.medida.test', password: 'Two-Step-2026', nombre: 'Tom', apellido: 'Steps' },
    pt: { email: 'duasetapas@e2e.medida.test', password: 'Duas-Etapas-2026', nombre: 'Duda', apellido: 'Etapas' },
  },
  /** The set-up, sign-in and turn-off flow's own professional, so the screens' rounds never inherit its factor. */
  secondFactorFlow: {
    email: 'flujo2fa@e2e.medida.test',
    password: 'Flujo-Factor-2026',
    nombre: 'Flor',
    apellido: 'Flujo',
  },
  /** An account's root that requires a second factor of its network (decision 208), and a professional below it. */
  secondFactorRoot: {
    email: 'exige2fa@e2e.medida.test',
    password: 'Exige-Factor-2026',
    nombre: 'Eva',
    apellido: 'Exige',
  },
  secondFactorChild: { email: 'red2fa@e2e.medida.test', password: 'Red-Factor-2026', nombre: 'Rita', apellido: 'Red' },
  /** The export spec's professional (issue 16, decision 145) and its client, who also exports its own data. */
  exporter: { email: 'exporter@e2e.medida.test', password: 'Exporta-Clave-2026', nombre: 'Elsa', apellido: 'Exporta' },
  exportClient: {
    email: 'x.client@e2e.medida.test',
    password: 'Exportado-Clave-2026',
    nombre: 'Xavier',
    apellido: 'Exportado',
    sexo: 'Masculino',
    nacimiento: '1982-02-14',
    rut: '246813574',
  },
  /** The history spec's professional (issue 14) and its client, measured by two methods. */
  historian: {
    email: 'historian@e2e.medida.test',
    password: 'Historia-Clave-2026',
    nombre: 'Hilda',
    apellido: 'Historia',
  },
  historyClient: {
    email: 'h.methods@e2e.medida.test',
    password: 'Metodos-Clave-2026',
    nombre: 'Marta',
    apellido: 'Metodos',
    sexo: 'Femenino',
    nacimiento: '1984-05-09',
    rut: '152345674',
  },
  /** The wizard and list screens spec's professional (issue 14) and its client, evaluated once. */
  screens: {
    email: 'screens@e2e.medida.test',
    password: 'Telas-Clave-2026',
    nombre: 'Sara',
    apellido: 'Telas',
  },
  screensClient: {
    email: 's.client@e2e.medida.test',
    password: 'Cliente-Telas-2026',
    nombre: 'Joana',
    apellido: 'Conceição',
    sexo: 'Femenino',
    nacimiento: '1990-03-14',
  },
  evaluee: {
    email: 'evaluee@e2e.medida.test',
    password: 'Evaluado-Clave-2026',
    nombre: 'Esteban',
    apellido: 'Evaluado',
    nacimiento: '1988-04-12',
    sexo: 'Masculino',
    rut: '12345678K',
  },
  /** The e-mail-change spec's professional and the network professional it manages (own password chosen). */
  emailParent: {
    email: 'email.parent@e2e.medida.test',
    password: 'Padre-Correo-2026',
    nombre: 'Pablo',
    apellido: 'Padre',
  },
  networkChild: {
    email: 'network.child@e2e.medida.test',
    password: 'Hija-Correo-2026',
    nombre: 'Rosa',
    apellido: 'Red',
    nacimiento: '1986-05-20',
    sexo: 'Femenino',
    rut: '888888888',
  },
  /** The accessibility spec's professional and its one client (with one evaluation made through the API). */
  a11y: { email: 'a11y@e2e.medida.test', password: 'Accesible-Clave-2026', nombre: 'Alma', apellido: 'Accesible' },
  a11yClient: {
    email: 'a11y.client@e2e.medida.test',
    password: 'Accesible-Cliente-2026',
    nombre: 'Bruno',
    apellido: 'Barrera',
    nacimiento: '1982-02-14',
    sexo: 'Masculino',
    rut: '777777777',
  },
  /** Issue 30 item 14: a professional read on a phone, whose client writes a long chat message. */
  phone: { email: 'phone@e2e.medida.test', password: 'Telefono-Clave-2026', nombre: 'Fiona', apellido: 'Telefono' },
  phoneClient: {
    email: 'phone.client@e2e.medida.test',
    password: 'Telefono-Cliente-2026',
    nombre: 'Pablo',
    apellido: 'Pantalla',
    nacimiento: '1986-07-21',
    sexo: 'Masculino',
  },
  /** A professional who chose imperial units (issue 15), with one client. */
  imperial: {
    email: 'imperial@e2e.medida.test',
    password: 'Imperial-Clave-2026',
    nombre: 'Iris',
    apellido: 'Imperial',
  },
  imperialClient: {
    email: 'imperial.client@e2e.medida.test',
    password: 'Imperial-Cliente-2026',
    nombre: 'Pedro',
    apellido: 'Pulgada',
    nacimiento: '1980-06-01',
    sexo: 'Masculino',
    rut: '111111111',
  },
  /** Issue 30 items 1 and 3: a professional who types and pastes decimals in es, en and pt, with one client. */
  decimals: {
    email: 'decimals@e2e.medida.test',
    password: 'Decimales-Clave-2026',
    nombre: 'Dora',
    apellido: 'Decimal',
  },
  decimalsClient: {
    email: 'decimals.client@e2e.medida.test',
    password: 'Decimales-Cliente-2026',
    nombre: 'Paula',
    apellido: 'Punto',
    nacimiento: '1988-03-15',
    sexo: 'Femenino',
  },
  /** Issue 30 item 3: an imperial professional who edits an evaluation and saves it unchanged, with one client. */
  imperialEditor: {
    email: 'imperial.editor@e2e.medida.test',
    password: 'Imperial-Editor-2026',
    nombre: 'Irene',
    apellido: 'Editora',
  },
  imperialEditorClient: {
    email: 'imperial.editor.client@e2e.medida.test',
    password: 'Imperial-Onza-2026',
    nombre: 'Omar',
    apellido: 'Onza',
    nacimiento: '1979-11-02',
    sexo: 'Masculino',
  },
  /** Issue 31: a professional who measures an ISAK profile (a third reading, the full profile) in es, en and pt. */
  isak: { email: 'isak@e2e.medida.test', password: 'Isak-Clave-2026', nombre: 'Irma', apellido: 'Isak' },
  isakClient: {
    email: 'isak.client@e2e.medida.test',
    password: 'Isak-Cliente-2026',
    nombre: 'Sofía',
    apellido: 'Somato',
    nacimiento: '1994-06-20',
    sexo: 'Femenino',
  },
  /**
   * Issue 36: the team's operator (no second factor yet: it enrols at its first visit to the console), and one new
   * professional per language with 0 credits and one client, who asks the operator for 20.
   */
  operator: {
    email: 'operator@e2e.medida.test',
    password: 'Operador-Consola-2026',
    nombre: 'Olga',
    apellido: 'Operadora',
  },
  askers: {
    es: { email: 'pide@e2e.medida.test', password: 'Pide-Creditos-2026', nombre: 'Pía', apellido: 'Pide' },
    en: { email: 'asks@e2e.medida.test', password: 'Asks-Credits-2026', nombre: 'Ash', apellido: 'Asker' },
    pt: { email: 'pede@e2e.medida.test', password: 'Pede-Creditos-2026', nombre: 'Pedro', apellido: 'Pede' },
  },
  askerClients: {
    es: {
      email: 'pide.client@e2e.medida.test',
      password: 'Pide-Cliente-2026',
      nombre: 'Carla',
      apellido: 'Créditos',
      nacimiento: '1990-04-02',
      sexo: 'Femenino',
    },
    en: {
      email: 'asks.client@e2e.medida.test',
      password: 'Asks-Client-2026',
      nombre: 'Chris',
      apellido: 'Credit',
      nacimiento: '1985-09-12',
      sexo: 'Masculino',
    },
    pt: {
      email: 'pede.client@e2e.medida.test',
      password: 'Pede-Cliente-2026',
      nombre: 'Clara',
      apellido: 'Crédito',
      nacimiento: '1992-01-20',
      sexo: 'Femenino',
    },
  },
  minor: {
    email: 'minor@e2e.medida.test',
    password: 'Menor-Clave-2026',
    nombre: 'Mateo',
    apellido: 'Menor',
    nacimiento: '',
    sexo: 'Masculino',
    rut: '22222222K',
  },
} as const;

/** The minor's birth date: 12 years and a half before the day the tests run. */
function minorBirthDate(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - 12, today.getUTCMonth(), today.getUTCDate()));
  d.setUTCMonth(d.getUTCMonth() - 6);
  return d.toISOString().slice(0, 10);
}

const ARGON2ID = 2;

/** What a fixture user is written from. */
type E2eUser = {
  email: string;
  password: string;
  nombre: string;
  apellido: string;
  nacimiento?: string;
  sexo?: string;
  rut?: string;
};

async function insertE2eUser(
  db: Kysely<Database>,
  user: E2eUser,
  extra: {
    type: UserType;
    cambia_pass: 0 | 1;
    parent_user_id?: number | null;
    professional?: { creditos: number; pais_id: number | null };
  },
): Promise<number> {
  return insertTestUser(db, {
    type: extra.type,
    email: user.email,
    password_hash: await hash(user.password, { algorithm: ARGON2ID }),
    cambia_pass: extra.cambia_pass,
    nombre: user.nombre,
    apellido: user.apellido,
    nacimiento: user.nacimiento || undefined,
    sexo: user.sexo,
    rut: user.rut ?? null,
    parent_user_id: extra.parent_user_id ?? null,
    registration_variant: 'e2e',
    ...(extra.professional
      ? {
          ...extra.professional,
          account_level: 'professional',
          especialidad: 'Nutricionista',
          trabajo: 'Independiente',
        }
      : {}),
    terms_accepted_at: new Date(),
  });
}

/**
 * Writes the demo data and the e2e users through the real data layer into DATA_DIR's embedded
 * database, then closes it so the server can take the data directory.
 */
export async function seedE2eFixtures(dataDir: string): Promise<void> {
  const handle = await createMigratedPglite(path.join(dataDir, 'pgdata'));
  try {
    await seedDemoData(handle.db, { hashPassword: (pw) => hash(pw, { algorithm: ARGON2ID }), now: () => new Date() });
    const demo = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo@medida.app')
      .executeTakeFirstOrThrow();
    await insertE2eUser(handle.db, E2E_USERS.forcedChange, { type: USER_TYPE.professional, cambia_pass: 1 });
    await insertE2eUser(handle.db, E2E_USERS.client, {
      type: USER_TYPE.client,
      cambia_pass: 0,
      parent_user_id: demo.id,
    });
    const chile = await handle.db.selectFrom('countries').select('id').where('iso2', '=', 'CL').executeTakeFirst();
    const evaluator = await insertE2eUser(handle.db, E2E_USERS.evaluator, {
      type: USER_TYPE.professional,
      cambia_pass: 0,
      professional: { creditos: 100, pais_id: chile?.id ?? null },
    });
    await insertE2eUser(handle.db, E2E_USERS.noCredits, {
      type: USER_TYPE.professional,
      cambia_pass: 0,
      professional: { creditos: 0, pais_id: chile?.id ?? null },
    });
    await insertE2eUser(handle.db, E2E_USERS.importer, {
      type: USER_TYPE.professional,
      cambia_pass: 0,
      professional: { creditos: 0, pais_id: chile?.id ?? null },
    });
    for (const user of Object.values(E2E_USERS.passkeys))
      await insertE2eUser(handle.db, user, { type: USER_TYPE.professional, cambia_pass: 0 });
    for (const user of [...Object.values(E2E_USERS.secondFactor), E2E_USERS.secondFactorFlow])
      await insertE2eUser(handle.db, user, { type: USER_TYPE.professional, cambia_pass: 0 });
    const requiring = await insertE2eUser(handle.db, E2E_USERS.secondFactorRoot, {
      type: USER_TYPE.professional,
      cambia_pass: 0,
    });
    await insertE2eUser(handle.db, E2E_USERS.secondFactorChild, {
      type: USER_TYPE.professional,
      cambia_pass: 0,
      parent_user_id: requiring,
    });
    for (const client of [E2E_USERS.evaluee, E2E_USERS.other, { ...E2E_USERS.minor, nacimiento: minorBirthDate() }]) {
      await insertE2eUser(handle.db, client, { type: USER_TYPE.client, cambia_pass: 0, parent_user_id: evaluator });
    }
    const home = await insertE2eUser(handle.db, E2E_USERS.home, {
      type: USER_TYPE.professional,
      cambia_pass: 0,
      professional: { creditos: 50, pais_id: chile?.id ?? null },
    });
    const emailParent = await insertE2eUser(handle.db, E2E_USERS.emailParent, {
      type: USER_TYPE.professional,
      cambia_pass: 0,
      professional: { creditos: 10, pais_id: chile?.id ?? null },
    });
    await insertE2eUser(handle.db, E2E_USERS.networkChild, {
      type: USER_TYPE.professional,
      cambia_pass: 0,
      parent_user_id: emailParent,
      professional: { creditos: 0, pais_id: chile?.id ?? null },
    });
    /** A Chilean professional with 10 credits and one client of its own: its id. */
    const professionalWithClient = async (professional: E2eUser, client: E2eUser): Promise<number> => {
      const id = await insertE2eUser(handle.db, professional, {
        type: USER_TYPE.professional,
        cambia_pass: 0,
        professional: { creditos: 10, pais_id: chile?.id ?? null },
      });
      await insertE2eUser(handle.db, client, { type: USER_TYPE.client, cambia_pass: 0, parent_user_id: id });
      return id;
    };
    await professionalWithClient(E2E_USERS.a11y, E2E_USERS.a11yClient);
    await professionalWithClient(E2E_USERS.historian, E2E_USERS.historyClient);
    await professionalWithClient(E2E_USERS.screens, E2E_USERS.screensClient);
    await professionalWithClient(E2E_USERS.exporter, E2E_USERS.exportClient);
    await professionalWithClient(E2E_USERS.phone, E2E_USERS.phoneClient);
    const imperial = await professionalWithClient(E2E_USERS.imperial, E2E_USERS.imperialClient);
    await handle.db.updateTable('users').set({ units: 'imperial' }).where('id', '=', imperial).execute();
    await professionalWithClient(E2E_USERS.decimals, E2E_USERS.decimalsClient);
    await professionalWithClient(E2E_USERS.isak, E2E_USERS.isakClient);
    const imperialEditor = await professionalWithClient(E2E_USERS.imperialEditor, E2E_USERS.imperialEditorClient);
    await handle.db.updateTable('users').set({ units: 'imperial' }).where('id', '=', imperialEditor).execute();
    await insertE2eUser(handle.db, E2E_USERS.portalPro, {
      type: USER_TYPE.professional,
      cambia_pass: 0,
      professional: { creditos: 20, pais_id: chile?.id ?? null },
    });
    const pro = (user: E2eUser, parent: number | null) =>
      insertE2eUser(handle.db, user, {
        type: USER_TYPE.professional,
        cambia_pass: 0,
        parent_user_id: parent,
        professional: { creditos: 5, pais_id: chile?.id ?? null },
      });
    const top = await pro(E2E_USERS.handoverTop, null);
    const giver = await pro(E2E_USERS.handoverGiver, top);
    await pro(E2E_USERS.handoverSibling, top);
    const branch = await pro(E2E_USERS.handoverBranch, giver);
    const [c1, c2, c3, c4] = E2E_USERS.handoverClients;
    for (const client of [c1!, c2!, c3!])
      await insertE2eUser(handle.db, client, { type: USER_TYPE.client, cambia_pass: 0, parent_user_id: giver });
    await insertE2eUser(handle.db, c4!, { type: USER_TYPE.client, cambia_pass: 0, parent_user_id: branch });
    for (const client of E2E_USERS.homeClients)
      await insertE2eUser(handle.db, client, { type: USER_TYPE.client, cambia_pass: 0, parent_user_id: home });
    // As `npm run operator -- create` makes one (decision 229), with its own password already chosen.
    const operator = await insertE2eUser(handle.db, E2E_USERS.operator, {
      type: USER_TYPE.professional,
      cambia_pass: 0,
    });
    await handle.db.updateTable('users').set({ operator: true }).where('id', '=', operator).execute();
    for (const lang of ['es', 'en', 'pt'] as const) {
      const asker = await insertE2eUser(handle.db, E2E_USERS.askers[lang], {
        type: USER_TYPE.professional,
        cambia_pass: 0,
        professional: { creditos: 0, pais_id: chile?.id ?? null },
      });
      await insertE2eUser(handle.db, E2E_USERS.askerClients[lang], {
        type: USER_TYPE.client,
        cambia_pass: 0,
        parent_user_id: asker,
      });
    }
  } finally {
    await handle.close();
  }
}
