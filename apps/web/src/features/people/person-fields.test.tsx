import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getInputByLabel, renderWithProviders, tr } from '../../test/render.tsx';
import { PersonFields } from './person-fields.tsx';
import { emptyPersonValues, type PersonFormValues, type PersonKind } from './person-form.ts';
import { usePersonForm } from './use-person-form.ts';

// The countries the form knows (GET /web/countries), with a region and comuna each, already in the cache.
const COUNTRIES = [
  { id: 1, name: 'Chile', phonecode: '56', iso2: 'CL' },
  { id: 2, name: 'United States', phonecode: '1', iso2: 'US' },
];
const queryData = [
  [['countries'], { countries: COUNTRIES }],
  [['states', 1], { states: [{ id: 10, name: 'Metropolitana', country_id: 1 }] }],
  [['states', 2], { states: [{ id: 20, name: 'Texas', country_id: 2 }] }],
  [['cities', 10], { cities: [{ id: 100, name: 'Santiago', state_id: 10 }] }],
  [['cities', 20], { cities: [{ id: 200, name: 'Austin', state_id: 20 }] }],
] as const;

function Harness({ kind, initial }: { kind: PersonKind; initial: PersonFormValues }) {
  const { form, validate } = usePersonForm(kind, initial);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        validate();
      }}
    >
      <PersonFields form={form} kind={kind} />
      <button type="submit">save</button>
    </form>
  );
}

const client = (paisId: number, regionId: number, comunaId: number): PersonFormValues => ({
  ...emptyPersonValues(),
  nombre: 'Ana',
  apellido: 'Pérez',
  email: 'ana@example.com',
  telefono: '+1 555 0100',
  nacimiento: '1990-05-17',
  sexo: 'Femenino',
  direccion: 'Main St 1',
  pais_id: String(paisId),
  region_id: String(regionId),
  comuna_id: String(comunaId),
});

describe('person form: the first invalid field is focused with its message (issue 30 item 6)', () => {
  it('a Chilean client without a RUT: the RUT field gets the focus and says it is required', async () => {
    const { user } = await renderWithProviders(<Harness kind="client" initial={client(1, 10, 100)} />, {
      lang: 'en',
      queryData,
    });
    await user.click(screen.getByRole('button', { name: 'save' }));
    const rut = getInputByLabel(new RegExp(tr('en', 'people.form.nationalId.rut.label')));
    await waitFor(() => expect(document.activeElement).toBe(rut));
    expect(rut.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(tr('en', 'validation.required'))).toBeTruthy();
    // The message is under the field, not in a generic toast (issue 30 item 6).
    expect(screen.queryByText(tr('en', 'messages.allFieldsRequired'))).toBeNull();
  });

  it('a US client needs no ID number: nothing is invalid and the ID field is not marked required', async () => {
    const { user } = await renderWithProviders(<Harness kind="client" initial={client(2, 20, 200)} />, {
      lang: 'en',
      queryData,
    });
    const id = getInputByLabel(new RegExp(tr('en', 'people.form.nationalId.other.label')));
    expect(id.required).toBe(false);
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
  });

  it('with several problems the first in the form order is focused (the last name before the address)', async () => {
    const initial = { ...client(2, 20, 200), apellido: '', direccion: '' };
    const { user } = await renderWithProviders(<Harness kind="client" initial={initial} />, { lang: 'pt', queryData });
    await user.click(screen.getByRole('button', { name: 'save' }));
    const apellido = getInputByLabel(new RegExp(`^${tr('pt', 'fields.apellido')}`));
    await waitFor(() => expect(document.activeElement).toBe(apellido));
  });

  it("one's own profile marks only what sign-up asked as required", async () => {
    await renderWithProviders(<Harness kind="self" initial={emptyPersonValues()} />, { lang: 'es', queryData });
    expect(getInputByLabel(new RegExp(`^${tr('es', 'fields.direccion')}`)).required).toBe(false);
    expect(getInputByLabel(new RegExp(`^${tr('es', 'fields.telefono')}`)).required).toBe(false);
    expect(getInputByLabel(new RegExp(`^${tr('es', 'fields.nombre')}`)).required).toBe(true);
  });
});
