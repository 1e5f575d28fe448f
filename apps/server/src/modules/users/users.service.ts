import {
  ACCOUNT_LEVELS,
  ErrorCode,
  resolveRegistrationVariant,
  USER_TYPE,
  type CreaCuentaBody,
  type UserProfile,
} from '@medida/contracts';
import { isUniqueViolation } from '@medida/db';
import { ageInYears, MAX_AGE_YEARS, MIN_AGE_YEARS } from '@medida/domain';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { assertNotCommonPassword } from '../../lib/common-passwords.ts';
import { asLanguage } from '../../lib/i18n.ts';
import { personProfileFields } from '../../lib/person-profile.ts';
import type { AppDeps } from '../../types.ts';
import { createCompaniesService } from '../companies/companies.service.ts';
import { createCreditsService } from '../credits/credits.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { createUsersRepository } from './users.repository.ts';

type ProfileRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createUsersRepository>['findProfile']>>>;

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

export function createUsersService(deps: Pick<AppDeps, 'db' | 'clock' | 'hasher' | 'mailer' | 'config'>) {
  const repo = createUsersRepository(deps.db);
  const notifications = createNotificationsService(deps);
  const credits = createCreditsService(deps);
  const companies = createCompaniesService(deps);
  const sessions = createSessionsService(deps);

  return {
    /** A user may read itself and the users below it in its account tree; anyone else is "not found" (no existence leak). */
    async profile(actorId: number, targetId: number) {
      if (!(await repo.isSelfOrAncestor(actorId, targetId))) throw notFound();
      const row = await repo.findProfile(targetId);
      if (!row) throw notFound();
      const level = ACCOUNT_LEVELS.find((l) => l === row.account_level) ?? 'basic';
      return { datos: toProfile(row), pais: row.pais, account_level: level };
    },

    /**
     * Public registration of a professional (type 1). The variant's presets are applied here, not trusted
     * from the page. The account starts with SIGNUP_CREDITS (a ledger grant, in the same transaction) and
     * is signed in at once: the answer carries a session token (decision 130).
     */
    async register(
      body: CreaCuentaBody,
      meta: { ip: string | null; userAgent: string | null },
    ): Promise<{ id: number; token: string }> {
      const age = ageInYears(body.nacimiento, deps.clock.now());
      if (age < MIN_AGE_YEARS) throw fieldError('nacimiento', 'validation.ageMin');
      if (age > MAX_AGE_YEARS) throw fieldError('nacimiento', 'validation.ageMax');
      const variant = resolveRegistrationVariant(body.variant);
      if (!variant) throw fieldError('variant', 'validation.variant');
      if (body.pais_id !== undefined && !(await repo.countryExists(body.pais_id)))
        throw fieldError('pais_id', 'validation.country');
      assertNotCommonPassword(body.password);
      if (await repo.emailExists(body.email)) throw emailTaken();

      const paisId = body.pais_id ?? (variant.countryIso2 ? await repo.countryIdByIso2(variant.countryIso2) : null);
      const lang = variant.forceLanguage && variant.lang ? variant.lang : body.lang;
      // A partner's page puts the account under the partner's company (decision 112).
      const companyId = variant.partnerName ? await companies.partnerCompanyId(variant.slug) : undefined;
      const passwordHash = await deps.hasher.hash(body.password);
      const now = deps.clock.now();
      let id: number;
      try {
        id = await deps.db.transaction().execute(async (trx) => {
          const inserted = await createUsersRepository(trx).insert({
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
            created_at: now,
            updated_at: now,
          });
          const amount = deps.config.signupCredits;
          if (amount > 0) await credits.grantInTransaction(trx, { userId: inserted.id, amount, note: SIGNUP_NOTE });
          return inserted.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      await notifications.welcome({ id, email: body.email, nombre: body.nombre, lang });
      return { id, token: await sessions.issue(id, meta) };
    },
  };
}

/** The ledger note of the sign-up allowance. */
export const SIGNUP_NOTE = 'signup';

const emailTaken = () =>
  new AppError(422, ErrorCode.validation, 'errors.validation', { fields: { email: ['validation.emailTaken'] } });
