import { createServer } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const started = Date.now();
const server = await createServer(config);
const url = await server.listen();
console.log(
  `Stemline is running at ${url} (data in ${config.dataDir}, ready in ${Date.now() - started} ms)`,
);

const shutdown = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
