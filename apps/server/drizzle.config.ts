import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; they are applied at start (src/platform/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema.ts',
  out: './drizzle',
});
