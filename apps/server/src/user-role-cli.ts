// `npm run user:role -- --username alice --role moderator`: grants a role, on the database the
// app uses (DATABASE_URL, else the embedded one in DATA_DIR), and exits. With the embedded
// database, stop the server first: PGlite is one process's database.
import { loadConfig } from './platform/config/config';
import { openDatabase } from './platform/db/client';
import { DomainEvents } from './platform/events/domain-events';
import { connectEventRelay } from './platform/events/event-relay';
import { grantUserRole, parseUserRoleArgs, UserRoleUsageError } from './modules/users';

let input: ReturnType<typeof parseUserRoleArgs>;
try {
  input = parseUserRoleArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(error instanceof UserRoleUsageError ? 2 : 1);
}
// No argv: `--role` here is the person's role, not the process role main.ts reads.
const config = loadConfig(process.env, []);
const handle = await openDatabase(config.database);
// With Redis, the running API processes hear of the change (their session caches read the role
// afresh, decision 0056); without it there is one process, which reads it within minutes.
const events = new DomainEvents((error) => console.error((error as Error).message));
const relay = config.redis
  ? await connectEventRelay(config.redis, events, {
      warn: (_payload, message) => console.error(message),
    })
  : null;
try {
  await handle.migrate();
  console.log(await grantUserRole(input, handle.db, events));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  // Its QUIT waits for the publish sent before it.
  await relay?.close();
  await handle.close();
}
