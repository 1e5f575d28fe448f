import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests (decision 209): an ES256 key pair per credential, the CBOR and the
 * authenticator data written by hand, so the server's ceremonies are tested with real signatures and no browser.
 * `flags` and `counter` can be set per call to play a broken or cloned authenticator.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}

/** The CBOR subset WebAuthn needs: small integers, text, bytes and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface SoftOptions {
  /** User verification (the PIN or fingerprint); default true. */
  uv?: boolean;
  /** A synced passkey: backup eligible and backed up, its counter always 0. */
  synced?: boolean;
  /** The counter to report (default: the last one + 1, or 0 for a synced passkey). */
  counter?: number;
  origin?: string;
  rpId?: string;
  /** The credential id to create (an authenticator handing back one it already has). */
  id?: Buffer;
}

export function softAuthenticator(defaults: { origin: string; rpId: string }) {
  const credentials: SoftCredential[] = [];

  function authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter >>> 0);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  const flagsOf = (o: SoftOptions) => FLAG.up | (o.uv === false ? 0 : FLAG.uv) | (o.synced ? FLAG.be | FLAG.bs : 0);

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentials,

    /** navigator.credentials.create for the server's options: a RegistrationResponseJSON. */
    create(options: { challenge: string; user: { id: string } }, o: SoftOptions = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const id = o.id ?? randomBytes(32);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const counter = o.counter ?? 0;
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cose]);
      const data = authData(o.rpId ?? defaults.rpId, flagsOf(o) | FLAG.at, counter, attested);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]),
      );
      credentials.push({ id, privateKey, userHandle: options.user.id, counter });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, o.origin ?? defaults.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /** navigator.credentials.get with one of this authenticator's credentials: an AuthenticationResponseJSON. */
    get(options: { challenge: string }, credential: SoftCredential | undefined = credentials[0], o: SoftOptions = {}) {
      if (!credential) throw new Error('the soft authenticator holds no credential');
      const counter = o.counter ?? (o.synced ? 0 : credential.counter + 1);
      credential.counter = counter;
      const data = authData(o.rpId ?? defaults.rpId, flagsOf(o), counter);
      const client = clientData('webauthn.get', options.challenge, o.origin ?? defaults.origin);
      const signature = createSign('sha256')
        .update(Buffer.concat([data, sha256(client)]))
        .sign(credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
      };
    },
  };
}
