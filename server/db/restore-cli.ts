/**
 * `npm run db:restore`: puts the newest complete copy of the embedded database (DATA_DIR) back
 * in place, keeping the damaged folder aside. Refuses while a server holds the database.
 */
import path from 'node:path';
import { loadConfigOrExit } from '../server.ts';
import { exitIfUnusable, restoreLatestBackup } from './embedded.ts';

const config = loadConfigOrExit();
try {
  const { restored, keptAside } = restoreLatestBackup(path.join(config.dataDir, 'pglite'));
  console.log(
    `Restored the embedded database from ${restored}` +
      (keptAside ? `; the folder it replaced is kept in ${keptAside}.` : '.'),
  );
} catch (err) {
  exitIfUnusable(err);
}
