import type { ManagedUser } from '@medida/contracts';

export const personName = (user: Pick<ManagedUser, 'profile'>) =>
  `${user.profile.nombre} ${user.profile.apellido}`.trim();

export const initials = (user: Pick<ManagedUser, 'profile'>) =>
  `${user.profile.nombre[0] ?? ''}${user.profile.apellido[0] ?? ''}`.toUpperCase();
