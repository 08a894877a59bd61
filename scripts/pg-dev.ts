// Starts a throwaway PostgreSQL cluster on loopback and prints a DATABASE_URL for it, then keeps it
// running until Ctrl-C. For trying the product on PostgreSQL by hand:
//   npx tsx scripts/pg-dev.ts              # then, in another shell: DATABASE_URL=<printed url> npm start
//   npx tsx scripts/pg-dev.ts --replica    # also a streaming read replica: prints DATABASE_REPLICA_URL too
// With --dir DIR [--port P] the cluster (and DIR-replica) is kept there across runs.
import { createDatabase, startPgCluster, startPgReplica, type PgCluster } from '../tests/support/pg-cluster';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const dir = arg('dir');
const port = arg('port') ? Number(arg('port')) : undefined;
const cluster = await startPgCluster({ dir, port });
const url = await createDatabase(cluster.adminUrl, `archive_${Date.now().toString(36)}`);
console.log(`DATABASE_URL=${url}`);
const running: PgCluster[] = [cluster];
if (process.argv.includes('--replica')) {
  // The replica is a copy of the whole cluster taken after the database exists, so it holds it too.
  const replica = await startPgReplica(cluster.adminUrl, { dir: dir && `${dir}-replica`, port: port && port + 1 });
  running.unshift(replica);
  console.log(`DATABASE_REPLICA_URL=${replica.adminUrl.replace(/\/postgres$/, () => `/${new URL(url).pathname.slice(1)}`)}`);
}
const stop = () => {
  for (const c of running) c.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => undefined, 1 << 30);
