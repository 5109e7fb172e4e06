// The benchmark's baseline: a bare reverse proxy (node:http in, one undici Pool out, bodies streamed),
// i.e. the least a BFF in front of the legacy API could cost. Run as its own process by scripts/bench.ts.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { Pool } from 'undici';
import { readyMessage } from './shared.ts';

const upstreamUrl = process.env.BENCH_UPSTREAM_URL;
if (!upstreamUrl) throw new Error('BENCH_UPSTREAM_URL is not set');
// The same pool settings as the BFF's legacy agent (bff/upstream/legacy-client.ts createLegacyAgent).
const pool = new Pool(upstreamUrl, { connections: 128, keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'host']);

function forwardable(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>) {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

const server = createServer({ keepAliveTimeout: 60_000 }, async (req, res) => {
  try {
    const upstream = await pool.request({
      method: req.method as 'GET',
      path: req.url ?? '/',
      headers: forwardable(req.headers),
      body: req.method === 'GET' || req.method === 'HEAD' ? null : req,
    });
    res.writeHead(upstream.statusCode, forwardable(upstream.headers));
    // pipe, not stream.pipeline: pipeline's per-call AbortController costs a visible share of a small answer.
    upstream.body.once('error', () => res.destroy());
    res.once('close', () => upstream.body.destroy());
    upstream.body.pipe(res);
  } catch {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  }
});
server.listen(0, '127.0.0.1', () => readyMessage(server, () => pool.close()));
