import {
  ACCOUNT_LEVELS,
  ErrorCode,
  resolveRegistrationVariant,
  USER_TYPE,
  type CreaCuentaBody,
  type RegistrationVariant,
  type UserProfile,
} from '@medida/contracts';
import { isUniqueViolation } from '@medida/db';
import { ageInYears, MAX_AGE_YEARS, MIN_AGE_YEARS } from '@medida/domain';
import { AppError, fieldError, notFound, tooManyRequests } from '../../lib/app-error.ts';
import { HOUR } from '../../lib/clock.ts';
import { assertStrongPassword } from '../../lib/common-passwords.ts';
import { asLanguage } from '../../lib/i18n.ts';
import { jobKind } from '../../lib/jobs.ts';
import { seal, unseal } from '../../lib/sealed.ts';
import { serverKey } from '../../lib/server-keys.ts';
import { personProfileFields } from '../../lib/person-profile.ts';
import type { AppDeps } from '../../types.ts';
import { createAccountTokensService } from '../account-tokens/account-tokens.service.ts';
import { createCompaniesService } from '../companies/companies.service.ts';
import { createCountriesService } from '../countries/countries.service.ts';
import { createCreditsService, SIGNUP_GRANT_NOTE } from '../credits/credits.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { createRateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { createUserRecordsService, type UserRecordsService } from '../people/user-records.service.ts';

/**
 * A registration's slow part (argon2, the insert, the mail), run after the answer as a queued job (decision 234): on
 * PostgreSQL any instance runs it and one that dies leaves it to another. Sealed with the server key, since the form
 * holds the password. Retried: a run that failed after storing the account finds it on the next run and mails
 * "you already have an account"; no second account is made.
 */
const REGISTRATION = jobKind<{ sealed: string }>({
  name: 'registration',
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
});
const REGISTRATION_SEAL = 'registration';

type ProfileRow = NonNullable<Awaited<ReturnType<UserRecordsService['findProfile']>>>;

function toProfile(row: ProfileRow): UserProfile {
  return {
    id_usuario: row.id,
    type: row.type,
    ...personProfileFields(row),
    creditos: row.creditos,
    lang: asLanguage(row.lang),
    parent_user_id: row.parent_user_id,
    trabajo: row.trabajo,
    registration_variant: row.registration_variant,
  };
}

export function createUsersService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'hasher' | 'mailer' | 'config' | 'background' | 'jobs'>,
) {
  const users = createUserRecordsService(deps.db);
  const countries = createCountriesService(deps.db);
  const notifications = createNotificationsService(deps);
  const credits = createCreditsService(deps);
  const companies = createCompaniesService(deps);
  const sessions = createSessionsService(deps);
  const rateLimits = createRateLimitsService(deps);
  const links = createAccountTokensService(deps);
  const sealKey = serverKey(deps.config, 'registration-seal');

  return {
    /** A user may read itself and the users below it in its account tree; anyone else is "not found" (no existence leak). */
    async profile(actorId: number, targetId: number) {
      if (!(await users.isSelfOrAncestor(actorId, targetId))) throw notFound();
      const row = await users.findProfile(targetId);
      if (!row) throw notFound();
      const level = ACCOUNT_LEVELS.find((l) => l === row.account_level) ?? 'basic';
      return { datos: toProfile(row), pais: row.pais, account_level: level };
    },

    /**
     * Public registration of a professional (type 1), decision 017. Everything the form alone decides
     * (age, variant, country, a guessable password) is checked before the answer; whether the e-mail is
     * taken is not: a new and a taken address get the same answer, and the slow work (argon2, the
     * insert, the mail) runs after it. A new address gets the account, unverified, with
     * SIGNUP_CREDITS and a confirmation link; a taken one gets "you already have an account".
     */
    async register(body: CreaCuentaBody, meta: { ip: string }): Promise<void> {
      const age = ageInYears(body.nacimiento, deps.clock.now());
      if (age < MIN_AGE_YEARS) throw fieldError('nacimiento', 'validation.ageMin');
      if (age > MAX_AGE_YEARS) throw fieldError('nacimiento', 'validation.ageMax');
      const variant = resolveRegistrationVariant(body.variant);
      if (!variant) throw fieldError('variant', 'validation.variant');
      if (body.pais_id !== undefined && (await countries.find(body.pais_id)) === undefined)
        throw fieldError('pais_id', 'validation.country');
      const perIp = await rateLimits.consume('register-ip', meta.ip, [
        { limit: deps.config.registerIpPerHour, windowMs: HOUR },
      ]);
      if (!perIp.allowed) throw tooManyRequests(perIp.retryAfterSeconds, 'errors.tooManyRegistrations');
      // After the per-IP limit: the strength check costs up to ~0.3 s of CPU (decision 205).
      await assertStrongPassword(body.password, body);
      // No mail bomb through someone else's address; dropped silently like a reset (same answer).
      const perEmail = await rateLimits.consume('register-email', body.email.trim().toLowerCase(), [
        REGISTER_LIMIT_PER_EMAIL,
      ]);
      if (!perEmail.allowed) return;
      // Queued for a new and a taken address alike, after the answer: the job finds out which (timing, decision 017).
      const sealed = seal(sealKey, Buffer.from(JSON.stringify(body), 'utf8'), REGISTRATION_SEAL);
      // Background work until queued, and in-process until done (tests and the shutdown drain wait for it).
      deps.background.run('registration', async () => {
        const id = await deps.jobs.send(REGISTRATION, { sealed });
        if (!deps.jobs.durable) await deps.jobs.settled(REGISTRATION, id);
      });
    },

    /** This instance runs queued registrations (users.routes.ts, at start). */
    workRegistrations: () =>
      deps.jobs.work(REGISTRATION, async ({ sealed }) => {
        const body = JSON.parse(unseal(sealKey, sealed, REGISTRATION_SEAL).toString('utf8')) as CreaCuentaBody;
        const variant = resolveRegistrationVariant(body.variant);
        // Checked before it was queued; a variant removed meanwhile leaves nothing to do.
        if (variant) await createAccount(body, variant);
      }),

    /** The link of the registration mail: verifies the e-mail and signs in (issue 15: no second login). */
    async confirmRegistration(token: string, meta: { ip: string | null; userAgent: string | null }) {
      const userId = await links.consume('email_verify', token);
      if (userId === null || !(await users.markVerified(userId, deps.clock.now()))) throw verifyTokenInvalid();
      return { token: await sessions.issue(userId, meta) };
    },

    /** "Send again" from the banner: a new link (the older stops working); 3 an hour per user. */
    async resendVerification(userId: number): Promise<{ email: string; sent: boolean }> {
      const user = await users.findLiveAccount(userId);
      if (!user) throw notFound();
      if (user.email_verified_at) return { email: user.email, sent: false };
      const perUser = await rateLimits.consume('verify-resend', String(userId), [RESEND_LIMIT_PER_USER]);
      if (!perUser.allowed) throw tooManyRequests(perUser.retryAfterSeconds);
      await sendVerification(user);
      return { email: user.email, sent: true };
    },
  };

  async function sendVerification(user: { id: number; email: string; nombre: string; lang: string }) {
    const token = await links.issue('email_verify', user.id, VERIFY_LINK_HOURS * HOUR);
    await notifications.verifyEmail(user, token, VERIFY_LINK_HOURS);
  }

  async function createAccount(body: CreaCuentaBody, variant: RegistrationVariant) {
    const existing = await users.findRecipientByEmail(body.email);
    if (existing) return notifications.alreadyRegistered(existing);
    const paisId = body.pais_id ?? (variant.countryIso2 ? await countries.idByIso2(variant.countryIso2) : null);
    const lang = variant.forceLanguage && variant.lang ? variant.lang : body.lang;
    // A partner's page puts the account under the partner's company (decision 112).
    const companyId = variant.partnerName ? await companies.partnerCompanyId(variant.slug) : undefined;
    const passwordHash = await deps.hasher.hash(body.password);
    const now = deps.clock.now();
    let id: number;
    try {
      id = await deps.db.transaction().execute(async (trx) => {
        const inserted = await createUserRecordsService(trx).insert({
          type: USER_TYPE.professional,
          email: body.email,
          password_hash: passwordHash,
          cambia_pass: 0,
          nombre: body.nombre,
          apellido: body.apellido,
          telefono: body.telefono || null,
          nacimiento: body.nacimiento,
          sexo: body.sexo,
          pais_id: paisId,
          lang,
          account_level: variant.accountLevel,
          especialidad: body.especialidad || variant.especialidad,
          registration_variant: variant.slug,
          company_id: companyId ?? null,
          terms_accepted_at: now,
          email_verified_at: null,
          created_at: now,
          updated_at: now,
        });
        const amount = deps.config.signupCredits;
        if (amount > 0) await credits.grantInTransaction(trx, { userId: inserted.id, amount, note: SIGNUP_GRANT_NOTE });
        return inserted.id;
      });
    } catch (error) {
      // Two registrations of one address at once: the second is the "already registered" case.
      const winner = isUniqueViolation(error) ? await users.findRecipientByEmail(body.email) : undefined;
      if (winner) return notifications.alreadyRegistered(winner);
      throw error;
    }
    await sendVerification({ id, email: body.email, nombre: body.nombre, lang });
  }
}

/** How long the registration's confirmation link works; "send again" gives a new one. */
const VERIFY_LINK_HOURS = 48;
const REGISTER_LIMIT_PER_EMAIL = { limit: 3, windowMs: HOUR };
const RESEND_LIMIT_PER_USER = { limit: 3, windowMs: HOUR };

const verifyTokenInvalid = () => new AppError(410, ErrorCode.resetTokenInvalid, 'errors.verifyTokenInvalid');

/** The ledger note of the sign-up allowance. */
