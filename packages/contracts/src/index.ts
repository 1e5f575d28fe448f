export * from './errors.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './locations.ts';
export * from './rut.ts';
export * from './people.ts';
export * from './credits.ts';
export * from './registration-variants.ts';
