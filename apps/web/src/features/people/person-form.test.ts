import { describe, expect, it } from 'vitest';
import {
  applyLocationChange,
  emptyPersonValues,
  networkFields,
  firstInvalidField,
  ownProfileFields,
  personErrors,
  personFields,
  nationalIdFieldProblem,
  toMultipart,
  type PersonFormValues,
} from './person-form.ts';

const today = '2026-03-15';

function filled(overrides: Partial<PersonFormValues> = {}): PersonFormValues {
  return {
    ...emptyPersonValues(),
    nombre: 'Ana',
    apellido: 'Pérez',
    email: 'ana@example.com',
    telefono: '+56 9 1234 5678',
    nacimiento: '1990-05-17',
    sexo: 'Femenino',
    direccion: 'Av. Siempre Viva 123',
    pais_id: '44',
    region_id: '700',
    comuna_id: '9000',
    rut: '11.111.111-1',
    ...overrides,
  };
}

const client = { kind: 'client' as const, today, countryIso2: 'CL' };
const network = { kind: 'network' as const, today, countryIso2: 'CL' };

describe('person form rules (spec §5)', () => {
  it('accepts a complete client', () => {
    expect(personErrors(filled(), client)).toEqual({});
  });

  it('requires every field except company and documents, and flags "all fields required"', () => {
    const errors = personErrors(emptyPersonValues(), client);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'apellido',
        'comuna_id',
        'direccion',
        'email',
        'nacimiento',
        'nombre',
        'pais_id',
        'region_id',
        'rut',
        'sexo',
        'telefono',
      ].sort(),
    );
    expect(Object.values(errors)).toContain('validation.required');
  });

  it('checks the e-mail pattern and the age helper', () => {
    expect(personErrors(filled({ email: 'ana@' }), client).email).toBe('validation.email');
    expect(personErrors(filled({ nacimiento: '2013-03-15' }), client).nacimiento).toBe('messages.minAge13');
    expect(personErrors(filled({ nacimiento: '1920-01-01' }), client).nacimiento).toBe('validation.birthDateRange');
  });

  it('validates the national id by country: RUT for Chile, CPF for Brazil, a plain id elsewhere', () => {
    expect(nationalIdFieldProblem('11.111.111-1', 'rut')).toBeNull();
    expect(nationalIdFieldProblem('111111112', 'rut')).toBe('validation.rut');
    expect(nationalIdFieldProblem('123.456.789-09', 'cpf')).toBeNull();
    expect(nationalIdFieldProblem('123.456.789-00', 'cpf')).toBe('validation.cpf');
    expect(nationalIdFieldProblem('111111112', 'other')).toBeNull();
    expect(nationalIdFieldProblem('AB-12', 'other')).toBeNull();
    expect(nationalIdFieldProblem('  ', 'other')).toBe('validation.required');
    expect(nationalIdFieldProblem('12#4', 'other')).toBe('validation.nationalId');
  });

  it('requires the national id by country: RUT in Chile, CPF optional in Brazil, none in the US (decision 185)', () => {
    const noId = filled({ rut: '' });
    expect(personErrors(noId, client)).toEqual({ rut: 'validation.required' });
    expect(personErrors(noId, { ...client, countryIso2: 'US' })).toEqual({});
    expect(personErrors(noId, { ...network, countryIso2: 'US' }).rut).toBeUndefined();
    expect(personErrors(noId, { ...client, countryIso2: 'BR' })).toEqual({});
    // Optional, but a given one is still checked.
    expect(personErrors(filled({ rut: '123.456.789-00' }), { ...client, countryIso2: 'BR' })).toEqual({
      rut: 'validation.cpf',
    });
  });

  it("one's own profile asks only what sign-up asked: language and units save alone (issue 30)", () => {
    const self = { kind: 'self' as const, today, countryIso2: undefined };
    const signedUp = {
      ...emptyPersonValues(),
      nombre: 'Ana',
      apellido: 'Pérez',
      nacimiento: '1990-05-17',
      sexo: 'Femenino',
    };
    expect(personErrors(signedUp, self)).toEqual({});
    expect(personErrors({ ...signedUp, rut: '111111112' }, { ...self, countryIso2: 'CL' })).toEqual({
      rut: 'validation.rut',
    });
    expect(Object.keys(personErrors(emptyPersonValues(), self)).sort()).toEqual([
      'apellido',
      'nacimiento',
      'nombre',
      'sexo',
    ]);
    expect(ownProfileFields(signedUp)).toEqual({
      nombre: 'Ana',
      apellido: 'Pérez',
      telefono: '',
      nacimiento: '1990-05-17',
      sexo: 'Femenino',
      direccion: '',
      rut: '',
      pais_id: undefined,
      region_id: undefined,
      comuna_id: undefined,
    });
  });

  it('names the first invalid field in the order the form shows them', () => {
    expect(firstInvalidField({ comuna_id: 'x', rut: 'y', telefono: 'z' })).toBe('telefono');
    expect(firstInvalidField({ 'attachments.1.title': 'x', empresa: 'y' })).toBe('empresa');
    expect(firstInvalidField({ 'attachments.10.title': 'x', 'attachments.2.title': 'y' })).toBe('attachments.2.title');
    // A document's title is above its description (the description sorts first by name).
    expect(firstInvalidField({ 'attachments.0.description': 'x', 'attachments.0.title': 'y' })).toBe(
      'attachments.0.title',
    );
    expect(firstInvalidField({ nombre: undefined })).toBeUndefined();
  });

  it('requires a title and description per document', () => {
    const file = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const errors = personErrors(filled({ attachments: [{ key: 'k', file, title: ' ', description: 'ok' }] }), client);
    expect(errors).toEqual({ 'attachments.0.title': 'validation.required' });
  });

  it('network users need especialidad and trabajo, and empresa only when Dependiente', () => {
    expect(personErrors(filled(), network)).toEqual({
      especialidad: 'validation.required',
      trabajo: 'validation.required',
    });
    expect(personErrors(filled({ especialidad: 'Nutricionista', trabajo: 'Independiente' }), network)).toEqual({});
    expect(personErrors(filled({ especialidad: 'Nutricionista', trabajo: 'Dependiente' }), network)).toEqual({
      empresa: 'validation.required',
    });
  });
});

describe('bodies', () => {
  it('cleans the rut and converts ids', () => {
    expect(personFields(filled())).toMatchObject({
      rut: '111111111',
      pais_id: 44,
      region_id: 700,
      comuna_id: 9000,
      nombre: 'Ana',
    });
  });

  it('sends empresa only for Dependiente', () => {
    expect(networkFields(filled({ especialidad: 'Bariatra', trabajo: 'Independiente', empresa: 'Old Co' }))).toEqual({
      especialidad: 'Bariatra',
      trabajo: 'Independiente',
    });
    expect(networkFields(filled({ especialidad: 'Bariatra', trabajo: 'Dependiente', empresa: ' Clínica ' }))).toEqual({
      especialidad: 'Bariatra',
      trabajo: 'Dependiente',
      empresa: 'Clínica',
    });
  });

  it('puts files and their titles in the same order', () => {
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const b = new File(['b'], 'b.pdf', { type: 'application/pdf' });
    const data = toMultipart(
      { nombre: 'Ana', company_id: undefined },
      [
        { key: '1', file: a, title: 'A', description: 'first' },
        { key: '2', file: b, title: 'B', description: 'second' },
      ],
      { deleted_files: '[3]' },
    );
    expect(data.get('nombre')).toBe('Ana');
    expect(data.has('company_id')).toBe(false);
    expect(data.get('deleted_files')).toBe('[3]');
    expect(JSON.parse(String(data.get('files_info')))).toEqual([
      { title: 'A', description: 'first' },
      { title: 'B', description: 'second' },
    ]);
    expect(data.getAll('files[]').map((f) => (f as File).name)).toEqual(['a.png', 'b.pdf']);
  });
});

describe('location cascade (spec §4)', () => {
  const start = { pais_id: '1', region_id: '2', comuna_id: '3' };
  it('a new country clears region and comuna', () => {
    expect(applyLocationChange(start, 'pais_id', '9')).toEqual({ pais_id: '9', region_id: null, comuna_id: null });
  });
  it('a new region clears the comuna', () => {
    expect(applyLocationChange(start, 'region_id', '5')).toEqual({ pais_id: '1', region_id: '5', comuna_id: null });
  });
  it('picking the same value keeps everything', () => {
    expect(applyLocationChange(start, 'pais_id', '1')).toBe(start);
    expect(applyLocationChange(start, 'comuna_id', '4')).toEqual({ ...start, comuna_id: '4' });
  });
});
