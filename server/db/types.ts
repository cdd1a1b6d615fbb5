import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL full-text document; written with SQL expressions, never read by the app. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});
