import { describe, expect, it } from 'vitest';
import { countryFromNavigator, fromNavigator, isLanguageForced, resolveLanguage } from './language.ts';

describe('resolveLanguage', () => {
  it('falls back to Spanish', () => {
    expect(resolveLanguage({ pathname: '/dashboard', stored: null })).toBe('es');
    expect(resolveLanguage({ pathname: '/dashboard', stored: null, navigatorLanguages: ['de-DE', 'fr'] })).toBe('es');
  });

  it('keeps the stored choice over the browser language', () => {
    expect(resolveLanguage({ pathname: '/dashboard', stored: 'pt', navigatorLanguages: ['en-US'] })).toBe('pt');
  });

  it('uses the first supported browser language when nothing is stored', () => {
    expect(resolveLanguage({ pathname: '/pages/login', stored: null, navigatorLanguages: ['de', 'pt-BR', 'en'] })).toBe(
      'pt',
    );
  });

  it('forces Spanish on any address containing register-pacific, whatever was chosen', () => {
    expect(resolveLanguage({ pathname: '/pages/register-pacific', stored: 'en' })).toBe('es');
    expect(resolveLanguage({ pathname: '/pages/register-pacific-2026', stored: 'pt' })).toBe('es');
    expect(isLanguageForced('/pages/register-pacific')).toBe(true);
    expect(isLanguageForced('/pages/register')).toBe(false);
  });

  it("uses a variant's language preset only when the visitor has not chosen one", () => {
    expect(resolveLanguage({ pathname: '/pages/register-br', stored: null, navigatorLanguages: ['es-CL'] })).toBe('pt');
    expect(resolveLanguage({ pathname: '/pages/register-br', stored: 'en' })).toBe('en');
  });

  it('maps browser tags to our codes', () => {
    expect(fromNavigator(['EN-gb'])).toBe('en');
    expect(fromNavigator([])).toBeNull();
  });
});

describe('countryFromNavigator', () => {
  it('takes the first region of the browser languages, skipping bare and malformed tags', () => {
    expect(countryFromNavigator(['es-CL', 'en-US'])).toBe('CL');
    expect(countryFromNavigator(['es', 'pt-BR'])).toBe('BR');
    expect(countryFromNavigator(['en-us'])).toBe('US');
    expect(countryFromNavigator(['es-419', 'es'])).toBeNull();
    expect(countryFromNavigator(['en', '%%', ''])).toBeNull();
    expect(countryFromNavigator([])).toBeNull();
  });
});
