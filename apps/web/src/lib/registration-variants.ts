// The table lives in packages/contracts so the server applies the same presets. It is imported by path
// until the contracts index re-exports it; switch to '@medida/contracts' then.
export * from '../../../../packages/contracts/src/registration-variants.ts';
