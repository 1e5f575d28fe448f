import { SEXES } from '@medida/contracts';

type Sexo = (typeof SEXES)[number];

/** The stored personal columns that every profile answer carries (contracts: personProfileFields). */
export interface PersonColumns {
  nombre: string;
  apellido: string;
  email: string;
  telefono: string | null;
  nacimiento: string | null;
  sexo: string | null;
  img_url: string | null;
  direccion: string | null;
  pais_id: number | null;
  region_id: number | null;
  comuna_id: number | null;
  rut: string | null;
  especialidad: string | null;
  empresa: string | null;
}

const isSexo = (value: string | null): value is Sexo => (SEXES as readonly (string | null)[]).includes(value);

/** One mapping for datosusuario and the people screens, so the two answers never drift apart. */
export function personProfileFields(row: PersonColumns) {
  return {
    nombre: row.nombre,
    apellido: row.apellido,
    email: row.email,
    telefono: row.telefono,
    nacimiento: row.nacimiento,
    sexo: isSexo(row.sexo) ? row.sexo : null,
    // Empty means "the default image" (spec §3); the web app owns that asset.
    img_url: row.img_url ?? '',
    direccion: row.direccion,
    pais_id: row.pais_id,
    region_id: row.region_id,
    comuna_id: row.comuna_id,
    rut: row.rut,
    especialidad: row.especialidad,
    empresa: row.empresa,
  };
}
