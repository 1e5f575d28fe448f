import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { PasswordField } from './password-field.tsx';

describe('PasswordField', () => {
  it('tells assistive technology that the password is wrong and why, as other inputs do', async () => {
    await renderWithProviders(<PasswordField label="Contraseña" description="Ocho o más" error="No coincide" />);
    const input = screen.getByLabelText('Contraseña');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const read = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent);
    expect(read.sort()).toEqual(['No coincide', 'Ocho o más']);
  });

  it('is not invalid without an error', async () => {
    await renderWithProviders(<PasswordField label="Contraseña" />);
    const input = screen.getByLabelText('Contraseña');
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });
});
