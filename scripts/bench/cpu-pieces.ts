// The BFF's CPU per request, piece by piece: a V8 CPU profile of the BFF under the coach read's load, taken
// after the warm-up (the bench signals bff-under-test.ts to start and stop the profiler), its samples
// attributed to the pieces of the request's work and scaled to the CPU per request measured without the
// profiler. A sample belongs to the innermost frame of a known piece on its stack (a frame of ours or of a
// package): Node's own code (buffers, streams, the HTTP parser) and V8's builtins (`JSON.parse`) count for
// whoever called them; what no piece called (socket reads and writes from the event loop) is Node's HTTP
// server.
import { readFile, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** The parts of a V8 `.cpuprofile` this reads (Profiler.Profile of the inspector protocol). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export const NODE_HTTP = 'Node, not called by a piece (event loop, timers, streams)';
const SOCKETS = 'socket reads and writes (every target pays them)';
const HTTP_FRAMING = "Node's HTTP server: parsing, status line and headers";
// Node's own modules that are a piece whoever calls them: the socket I/O, and node:http's parsing and framing.
const NODE_PIECES: Record<string, string> = {
  'node:internal/stream_base_commons': SOCKETS,
  'node:_http_outgoing': HTTP_FRAMING,
  'node:_http_server': HTTP_FRAMING,
  'node:_http_common': HTTP_FRAMING,
  'node:_http_incoming': HTTP_FRAMING,
};
const GC = 'garbage collector';
const V8 = 'V8, not attributed (compiler, runtime)';
const OTHER = 'other packages';

/** Pieces by where their code lives: a package of node_modules, or a file of the BFF (path from the repository). */
const PIECES: { piece: string; packages?: string[]; files?: RegExp }[] = [
  {
    piece: 'session: signed cookie, store read and touch',
    packages: ['@fastify/cookie', 'cookie', 'cookie-signature', '@sinclair/typebox', 'typebox'],
    files: /^bff\/(session\/|plugins\/app\/(session|session-store)\.ts|plugins\/external\/cookie\.ts)/,
  },
  { piece: 'rate limiter', packages: ['@fastify/rate-limit'], files: /^bff\/plugins\/app\/rate-limits\.ts/ },
  { piece: 'security headers', packages: ['helmet', '@fastify/helmet'], files: /^bff\/plugins\/external\/helmet\.ts/ },
  { piece: 'request id, trace context, CSRF', files: /^bff\/(plugins\/app\/(request-id|csrf)\.ts|trace-context\.ts)/ },
  {
    piece: 'log line (pino; the BFF buffers its destination)',
    packages: [
      'pino',
      'sonic-boom',
      'fast-redact',
      '@pinojs/redact',
      'pino-std-serializers',
      'quick-format-unescaped',
      'fast-safe-stringify',
      'safe-stable-stringify',
      'thread-stream',
      'on-exit-leak-free',
      'atomic-sleep',
    ],
    files: /^bff\/logger\.ts/,
  },
  {
    piece: 'contract route: validation, roles',
    packages: ['fastify-openapi-glue', 'ajv', 'ajv-formats', '@fastify/ajv-compiler', 'fast-uri', 'json-schema-traverse'],
    files: /^bff\/(plugins\/app\/openapi-routes\.ts|operation\.ts|roles\.ts)/,
  },
  {
    piece: 'legacy call: undici, client, timeout, cancellation',
    packages: ['undici', '@fastify/reply-from'],
    files: /^bff\/(upstream\/|plugins\/app\/(upstream|client-gone)\.ts)/,
  },
  { piece: 'getSession: handler and mapping', files: /^bff\/(routes\/|domain\/)/ },
  {
    piece: 'problems, audit, metrics, diagnostics',
    packages: ['prom-client'],
    files: /^bff\/(plugins\/app\/(problems|audit|metrics|idempotency)\.ts|metrics\/|diagnostics\.ts|problem\.ts)/,
  },
  {
    piece: 'Fastify: routing, hooks, reply',
    packages: [
      'fastify',
      'find-my-way',
      'avvio',
      'fastify-plugin',
      'light-my-request',
      '@fastify/error',
      'process-warning',
      'abstract-logging',
      'secure-json-parse',
      'fast-json-stringify',
      'fast-querystring',
      'fast-decode-uri-component',
      'ret',
      'safe-regex2',
      'rfdc',
      'content-type',
      '@fastify/fast-json-stringify-compiler',
    ],
  },
];

// Packages whose code counts for their caller (shared helpers).
const NEUTRAL_PACKAGES = new Set(['toad-cache', 'tslib']);

function packageOf(path: string): string | undefined {
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const [scope = '', name = ''] = path.slice(at + '/node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

/** The piece a frame belongs to; undefined: it counts for its caller. */
export function pieceOf(functionName: string, url: string, root: string): string | undefined {
  if (functionName === '(garbage collector)') return GC;
  if (functionName === '(program)') return V8;
  if (url === '' || url.startsWith('node:')) return NODE_PIECES[url];
  const path = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const pkg = packageOf(path);
  if (pkg) {
    if (NEUTRAL_PACKAGES.has(pkg)) return undefined;
    return PIECES.find((entry) => entry.packages?.includes(pkg))?.piece ?? OTHER;
  }
  const file = path.startsWith(root) ? path.slice(root.length) : path;
  return PIECES.find((entry) => entry.files?.test(file))?.piece ?? (file.startsWith('bff/') ? 'other BFF code' : OTHER);
}

/** Microseconds of CPU per piece in the profile (idle time left out). */
export function piecesOf(profile: CpuProfile, root: string): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const pieceById = new Map<number, string | null>();
  const resolve = (id: number): string | null => {
    const known = pieceById.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return null;
    const own = pieceOf(node.callFrame.functionName, node.callFrame.url, root);
    const parent = parentOf.get(id);
    const piece = own ?? (parent === undefined ? NODE_HTTP : (resolve(parent) ?? NODE_HTTP));
    pieceById.set(id, piece);
    return piece;
  };
  const micros = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const piece = resolve(id);
    // A sample's delta is the time since the one before; the next delta is the time this sample stood for.
    const delta = profile.timeDeltas[index + 1] ?? 0;
    if (piece) micros.set(piece, (micros.get(piece) ?? 0) + delta);
  });
  return micros;
}

/** Starts the profiler in the BFF process (bff-under-test.ts toggles it on SIGUSR2). */
export async function startProfiling(pid: number): Promise<void> {
  process.kill(pid, 'SIGUSR2');
  await sleep(200);
}

/** Stops it and reads the profile the process wrote. */
export async function stopProfiling(pid: number, file: string): Promise<CpuProfile> {
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 30_000; waited += 100) {
    await sleep(100);
    try {
      const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
      await rm(file, { force: true });
      return profile;
    } catch {
      // Not written (or not whole) yet.
    }
  }
  throw new Error(`the BFF wrote no CPU profile to ${file}`);
}

export interface ProfiledTarget {
  /** CPU per request without the profiler (ms). */
  cpuMs: number;
  micros: Map<string, number>;
  requests: number;
}

export interface PiecesRun {
  bareCpuMs: number;
  floor: ProfiledTarget;
  /** The off-the-shelf Fastify gateway (scripts/bench/fastify-peer.ts), when the run has it. */
  peer?: ProfiledTarget | undefined;
  bff: ProfiledTarget;
}

/** The BFF's goal for its CPU per request: at most this many times the bare proxy's. */
export const CPU_GOAL_VS_BARE = 2.2;

export function piecesReport(run: PiecesRun, table: (head: string[], rows: string[][]) => string): string[] {
  const totalOf = (target: ProfiledTarget) => [...target.micros.values()].reduce((sum, value) => sum + value, 0);
  // A piece's µs per request: its share of the profile times the CPU per request measured without the profiler.
  const perRequest = (target: ProfiledTarget, piece: string) => ((target.micros.get(piece) ?? 0) / totalOf(target)) * target.cpuMs * 1000;
  const profiled = [run.floor, ...(run.peer ? [run.peer] : []), run.bff];
  const pieces = [...new Set(profiled.flatMap((target) => [...target.micros.keys()]))].sort(
    (a, b) => perRequest(run.bff, b) - perRequest(run.bff, a),
  );
  const us = (value: number) => value.toFixed(1);
  const budgetUs = run.bareCpuMs * CPU_GOAL_VS_BARE * 1000;
  const peer = run.peer;
  return [
    `Per-piece CPU of \`GET /api/session\`: a V8 CPU profile of the Fastify floor${peer ? ', the Fastify peer' : ''} and the BFF under the ` +
      `same load after the warm-up (${profiled.map((target) => target.requests.toLocaleString('en')).join(', ')} requests, sampled every ` +
      '100 µs), each sample counted for the innermost piece on its stack, scaled to the CPU per request measured without the profiler. ' +
      `CPU per request: bare proxy ${us(run.bareCpuMs * 1000)} µs, Fastify floor ${us(run.floor.cpuMs * 1000)} µs, ` +
      `${peer ? `Fastify peer ${us(peer.cpuMs * 1000)} µs, ` : ''}BFF ${us(run.bff.cpuMs * 1000)} µs; ` +
      `the goal of ${CPU_GOAL_VS_BARE}× the bare proxy's allows ${us(budgetUs)} µs.`,
    '',
    table(
      [
        'piece',
        'Fastify floor (µs per request)',
        ...(peer ? ['Fastify peer (µs per request)'] : []),
        'BFF (µs per request)',
        'BFF − floor (µs)',
        'share of the BFF CPU',
      ],
      [
        ...pieces.map((piece) => [
          piece,
          us(perRequest(run.floor, piece)),
          ...(peer ? [us(perRequest(peer, piece))] : []),
          us(perRequest(run.bff, piece)),
          us(perRequest(run.bff, piece) - perRequest(run.floor, piece)),
          `${(((run.bff.micros.get(piece) ?? 0) / totalOf(run.bff)) * 100).toFixed(1)} %`,
        ]),
        [
          '**total** (measured without the profiler)',
          `**${us(run.floor.cpuMs * 1000)}**`,
          ...(peer ? [`**${us(peer.cpuMs * 1000)}**`] : []),
          `**${us(run.bff.cpuMs * 1000)}**`,
          `**${us((run.bff.cpuMs - run.floor.cpuMs) * 1000)}**`,
          '100 %',
        ],
      ],
    ),
  ];
}
