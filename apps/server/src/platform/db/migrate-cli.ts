// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../config/config';
import { openDatabase } from './client';

const config = loadConfig();
const handle = await openDatabase(config.database);
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
