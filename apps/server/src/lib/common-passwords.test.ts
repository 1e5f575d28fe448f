import { describe, expect, it } from 'vitest';
import { passwordWeakness, personalWords } from './common-passwords.ts';

const maria = { nombre: 'María José', apellido: 'Pérez Soto', email: 'maria.perez@clinica-sur.cl' };

describe('password strength (issue 32 item 4, decision 205)', () => {
  it('refuses the running server’s findings and their kin, with the reason', async () => {
    const cases: [string, string][] = [
      ['medida2026', 'passwordProductWord'],
      ['Medidas2026!', 'passwordProductWord'],
      ['Nutricion2026', 'passwordProductWord'],
      ['avaliacao2026', 'passwordProductWord'],
      ['contraseña', 'passwordCommon'],
      ['contrasena', 'passwordCommon'],
      ['Contrasena1', 'passwordWordAndNumber'],
      ['p4ssw0rd2026', 'passwordWordAndNumber'],
      ['senha2026!', 'passwordWordAndNumber'],
      ['Clave2026!', 'passwordWordAndNumber'],
      ['#Isak2026', 'passwordProductWord'],
      ['password', 'passwordCommon'],
      ['qwertyuiop', 'passwordCommon'],
      ['aaaaaaaaaa', 'passwordPattern'],
      ['abcdefghij', 'passwordPattern'],
    ];
    for (const [password, reason] of cases) expect(await passwordWeakness(password), password).toBe(reason);
  });

  it('refuses the user’s own name, surname and e-mail, with or without accents', async () => {
    for (const password of [
      'Maria2026!',
      'maría1990',
      'PerezSoto2026',
      'maria.perez',
      'clinicasur2026',
      'Soto.2026',
      'María-Pérez-2026',
      'Jose_Soto_1990!!',
    ])
      expect(await passwordWeakness(password, maria), password).toBe('passwordPersonal');
  });

  it('lets passphrases through, the product’s own test passwords among them', async () => {
    for (const password of [
      'correct horse battery staple',
      'una clave bastante larga',
      'contraseña ñandú',
      'minha senha de profissional',
      'Cliente-Uno-2026',
      'Temporal-Clave-2026',
      'Registro-Clave-2026',
      'a brand new long passphrase 42',
      'lámpara río naranja siete',
    ])
      expect(await passwordWeakness(password, maria), password).toBe(null);
  });

  it('judges a long l33t-heavy password in bounded time (only its first 64 characters)', async () => {
    await passwordWeakness('warm up');
    const started = performance.now();
    expect(await passwordWeakness('4@1!'.repeat(64))).toBe('passwordPattern');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('takes the words of the e-mail apart, never the top-level domain', () => {
    const words = personalWords(maria);
    expect(words).toEqual(expect.arrayContaining(['maria', 'perez', 'maría', 'clinicasur', 'clinica', 'soto']));
    expect(words).not.toContain('cl');
  });
});
