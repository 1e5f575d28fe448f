import { ErrorCode, USER_TYPE, type SecondFactorStatus, type TotpSetup } from '@medida/contracts';
import QRCode from 'qrcode';
import { AppError, fieldError, forbidden, notFound } from '../../lib/app-error.ts';
import type { AppDeps } from '../../types.ts';
import { createLockoutService } from '../lockout/lockout.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { createUserRecordsService } from '../people/user-records.service.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { createSecondFactorService } from './second-factor.service.ts';

const secondFactorNotOn = () => new AppError(409, ErrorCode.conflict, 'errors.secondFactorNotOn');

/**
 * One's own second factors and an account's policy (decisions 207, 208). Every change needs the password again
 * (security.md R03: full re-authentication, throttled like the login) and, to change or remove an authenticator,
 * one of its codes; every change is told to the user by e-mail.
 */
export function createOwnSecondFactorService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'background' | 'hasher'>,
) {
  const factors = createSecondFactorService(deps);
  const users = createUserRecordsService(deps.db);
  const lockout = createLockoutService(deps);
  const sessions = createSessionsService(deps);
  const notifications = createNotificationsService(deps);

  async function account(userId: number) {
    const user = await users.findLiveAccount(userId);
    if (!user) throw notFound();
    return user;
  }

  const recheck = (user: { email: string; password_hash: string | null }, password: string) =>
    lockout.recheckPassword({
      email: user.email,
      passwordHash: user.password_hash,
      password,
      field: 'current_password',
    });

  /** The code of the confirmed authenticator (a recovery code is not enough to change it). */
  async function requireCode(userId: number, code: string) {
    if ((await factors.verifyCode(userId, code.replace(/\s/g, ''))) !== 'totp')
      throw fieldError('code', 'errors.secondFactorCodeInvalid');
  }

  /** Whether the user would still satisfy its account's requirement without its authenticator. */
  async function mayGoWithoutTotp(userId: number): Promise<boolean> {
    const policy = await users.findSecondFactorPolicy(userId);
    if (!policy?.account_requires || policy.type !== USER_TYPE.professional) return true;
    return (await factors.methodsOf(userId)).some((m) => m !== 'totp');
  }

  return {
    async status(userId: number): Promise<SecondFactorStatus> {
      const [state, methods, policy] = await Promise.all([
        factors.status(userId),
        factors.methodsOf(userId),
        users.findSecondFactorPolicy(userId),
      ]);
      const isRoot = policy?.type === USER_TYPE.professional && policy.account_root_id === userId;
      const accountRequires = policy?.type === USER_TYPE.professional && policy.account_requires === true;
      return {
        ...state,
        methods,
        account_requires: accountRequires,
        network_policy: isRoot ? { required: policy.account_requires } : null,
      };
    },

    /** A new secret (not in force until confirmed): the URI, its QR code and the key to type by hand. */
    async startTotp(userId: number, currentPassword: string): Promise<TotpSetup> {
      const user = await account(userId);
      await recheck(user, currentPassword);
      const { otpauthUri, manualKey } = await factors.startTotp(userId, user.email);
      const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      return {
        otpauth_uri: otpauthUri,
        manual_key: manualKey,
        qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /**
     * The first code confirms the authenticator: the ten recovery codes (shown once), the current session counts
     * as signed in with it (a required enrolment is then done), and the user is told by e-mail.
     */
    async confirmTotp(userId: number, sessionId: string, code: string): Promise<string[]> {
      const user = await account(userId);
      const codes = await factors.confirmTotp(userId, code.replace(/\s/g, ''));
      await sessions.setSecondFactor(sessionId, 'totp');
      await notifications.secondFactorChanged(user, 'totpEnabled');
      return codes;
    },

    async disableTotp(userId: number, currentPassword: string, code: string): Promise<void> {
      const user = await account(userId);
      await recheck(user, currentPassword);
      if (!(await factors.status(userId)).totp) throw secondFactorNotOn();
      if (!(await mayGoWithoutTotp(userId)))
        throw new AppError(409, ErrorCode.conflict, 'errors.secondFactorStillRequired');
      await requireCode(userId, code);
      await factors.removeTotp(userId);
      await notifications.secondFactorChanged(user, 'totpDisabled');
    },

    async regenerateRecoveryCodes(userId: number, currentPassword: string, code: string): Promise<string[]> {
      const user = await account(userId);
      await recheck(user, currentPassword);
      if (!(await factors.status(userId)).totp) throw secondFactorNotOn();
      await requireCode(userId, code);
      const codes = await factors.regenerateRecoveryCodes(userId);
      await notifications.secondFactorChanged(user, 'recoveryCodesRenewed');
      return codes;
    },

    /**
     * An account's root requires (or stops requiring) a second factor of its professionals. To switch it on, the
     * root's own session must have used one (so it is not locked out, and a stolen password session cannot); the
     * network's password-only sessions then end, and each one's next sign-in asks for its factor or its enrolment.
     */
    async setNetworkPolicy(actor: { userId: number; sessionId: string; secondFactor: boolean }, required: boolean) {
      const policy = await users.findSecondFactorPolicy(actor.userId);
      if (!policy || policy.type !== USER_TYPE.professional || policy.account_root_id !== actor.userId)
        throw forbidden();
      if (required && !actor.secondFactor)
        throw new AppError(409, ErrorCode.conflict, 'errors.secondFactorPolicyNeedsOwn');
      await users.setNetworkSecondFactor(actor.userId, required, deps.clock.now());
      const ended = required ? await sessions.revokePasswordOnlyInAccount(actor.userId, actor.sessionId) : 0;
      return { required, ended_sessions: ended };
    },

    /**
     * A professional removes the second factors of someone below it in its tree (a lost phone, decision 208):
     * the authenticator and its recovery codes go, the user is told by e-mail and signs in with its password (and,
     * where the account requires one, enrols again). Someone not below the actor is "not found".
     */
    async resetFor(actorId: number, userId: number): Promise<void> {
      if (!(await users.isLiveBelow(actorId, userId))) throw notFound();
      const [user, actor] = await Promise.all([account(userId), account(actorId)]);
      await factors.removeAllFactors(userId);
      await notifications.secondFactorChanged(user, 'secondFactorReset', `${actor.nombre} ${actor.apellido}`.trim());
    },
  };
}
