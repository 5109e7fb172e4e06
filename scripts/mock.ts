// Serves the legacy contract with Prism on MOCK_PORT (default 4010): `npm run mock`.
import { spawn } from 'node:child_process';

const port = process.env.MOCK_PORT ?? '4010';
const prism = spawn('npx', ['prism', 'mock', 'openapi/legacy.yaml', '--port', port, '--host', '127.0.0.1'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => prism.kill(signal));
prism.on('exit', (code) => process.exit(code ?? 0));
