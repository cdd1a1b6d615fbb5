export * from '../modules/catalog/tables.ts';
export * from '../modules/auth/tables.ts';
export * from '../modules/cart/tables.ts';
export * from '../modules/discounts/tables.ts';
export * from '../modules/engagement/tables.ts';
export * from '../modules/mail/tables.ts';
export * from '../plugins/idempotency-tables.ts';
