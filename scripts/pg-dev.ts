// Starts a throwaway PostgreSQL cluster on loopback and prints a DATABASE_URL for it, then keeps it
// running until Ctrl-C. For trying the product on PostgreSQL by hand:
//   npx tsx scripts/pg-dev.ts   # then, in another shell: DATABASE_URL=<printed url> npm start
import { createDatabase, startPgCluster } from '../tests/support/pg-cluster';

const cluster = await startPgCluster();
const url = await createDatabase(cluster.adminUrl, 'archive');
console.log(url);
const stop = () => {
  cluster.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => undefined, 1 << 30);
