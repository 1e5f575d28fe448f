// The profile as its owner reads it (issue 30 item 13): the birth date in the reader's words, not ISO.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '@medida/contracts/constants';
import { renderWithProviders } from '../../test/render.tsx';
import { sessionKeys } from '../../lib/session.ts';
import { ProfileModal } from './profile-modal.tsx';

const TOKEN = 'component-test-token';
const datos = {
  id_usuario: 7,
  type: 1,
  nombre: 'Ana',
  apellido: 'Pérez',
  email: 'ana@example.org',
  telefono: null,
  nacimiento: '1985-04-02',
  sexo: 'Femenino',
  img_url: '',
  direccion: null,
  pais_id: null,
  region_id: null,
  comuna_id: null,
  rut: null,
  especialidad: 'Entrenador',
  empresa: null,
  creditos: 10,
  lang: 'es',
  parent_user_id: null,
  trabajo: null,
  registration_variant: null,
};

beforeEach(() => window.localStorage.setItem('token', TOKEN));
afterEach(() => window.localStorage.clear());

describe('ProfileModal', () => {
  it.each([
    ['es', '2 de abril de 1985', 'Entrenador'],
    ['en', 'April 2, 1985', 'Trainer'],
    ['pt', '2 de abril de 1985', 'Treinador'],
  ] as const)('shows the birth date and profession in %s', async (lang: Language, birth, profession) => {
    await renderWithProviders(<ProfileModal opened onClose={() => {}} />, {
      lang,
      queryData: [
        [sessionKeys.user(TOKEN), { id: 7, type: 1, cambia_pass: 0, email_verified: true }],
        [sessionKeys.profile(7), { datos: { ...datos, lang }, pais: null, account_level: 'basic' }],
      ],
    });
    expect(await screen.findByText(birth)).toBeTruthy();
    expect(screen.queryByText('1985-04-02')).toBeNull();
    expect(screen.getByText(profession)).toBeTruthy();
  });
});
