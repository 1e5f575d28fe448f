import { isValidChileanRut, type ManagedUser } from '@medida/contracts';

export const personName = (user: Pick<ManagedUser, 'profile'>) =>
  `${user.profile.nombre} ${user.profile.apellido}`.trim();

export const initials = (user: Pick<ManagedUser, 'profile'>) =>
  `${user.profile.nombre[0] ?? ''}${user.profile.apellido[0] ?? ''}`.toUpperCase();

/** Display only: a valid Chilean RUT reads as 11.111.111-1; anything else as stored. */
export function formatRut(rut: string): string {
  if (!isValidChileanRut(rut)) return rut;
  const body = rut.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${body}-${rut.slice(-1)}`;
}
