export * from '../modules/catalog/tables.ts';
export * from '../modules/auth/tables.ts';
