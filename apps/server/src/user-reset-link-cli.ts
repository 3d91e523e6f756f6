// `npm run user:reset-link -- <email|username>`: prints a password reset link (single use, one
// hour) for the account, on the database the app uses (DATABASE_URL, else the embedded one in
// DATA_DIR), and exits. With the embedded database, stop the server first: PGlite is one
// process's database. The link opens on PUBLIC_URL.
import { loadConfig } from './platform/config/config';
import { openDatabase } from './platform/db/client';
import { createResetLinkCommand, resetLinkUsage } from './modules/password-reset';

const args = process.argv.slice(2);
if (args.filter((a) => a !== '--').length !== 1) {
  console.error(resetLinkUsage);
  process.exit(2);
}
const config = loadConfig(process.env, []);
const handle = await openDatabase(config.database);
try {
  await handle.migrate();
  console.log(
    await createResetLinkCommand(args, {
      db: handle.db,
      publicUrl: config.publicUrl,
      serverSecret: config.secrets.jwtSecret,
    }),
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
