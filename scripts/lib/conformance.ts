// The legacy contract's conformance run: calls a target legacy API (a staging server, or the sandbox) through
// `prism proxy openapi/legacy.yaml <target> --errors`, which checks every request and answer against the
// contract, and reports each operation as passed, failed (with Prism's violation) or skipped (nothing to call
// it with). Read-only unless `write` is set: the reads of a coach's account, then logout; with `write` also the
// calls that change data (they mark messages read, record a link copy and leave a message).
import { CONTRACT, ScenarioClient } from '../../tests/sandbox/scenario-client.ts';
import { startPrismProxy } from './prism.ts';

export interface ConformanceOptions {
  /** Base URL of the legacy API under test. */
  target: string;
  email: string;
  password: string;
  /** Also run the calls that change data. */
  write?: boolean;
  /** Extra prism arguments (tests). */
  prismArgs?: string[];
}

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface CheckResult {
  operationId: string;
  call: string;
  status: number | null;
  outcome: Outcome;
  /** Prism's violation, the error, or why it was skipped. */
  detail: string;
}

type Method = 'GET' | 'POST';
// biome-ignore lint/suspicious/noExplicitAny: the answers are read loosely; Prism has checked them against the contract.
type Json = any;

const first = <T>(value: unknown): T | undefined => (Array.isArray(value) ? (value[0] as T | undefined) : undefined);

export async function runConformance(options: ConformanceOptions): Promise<CheckResult[]> {
  const prism = await startPrismProxy(CONTRACT, options.target, ['--errors', ...(options.prismArgs ?? [])]);
  const api = new ScenarioClient(prism.url);
  const results: CheckResult[] = [];

  async function check(method: Method, path: string, extra: { query?: Record<string, string>; json?: unknown } = {}): Promise<Json> {
    const operationId = api.operationOf(method, path);
    const search = extra.query ? `?${new URLSearchParams(extra.query)}` : '';
    const call = `${method} ${path}${search}`;
    try {
      const answer = await api.call(method, path, extra);
      const ok = answer.status < 500;
      results.push({
        operationId,
        call,
        status: answer.status,
        outcome: ok ? 'passed' : 'failed',
        detail: ok ? '' : `answered ${answer.status}`,
      });
      return answer.contentType.includes('json') ? answer.json() : undefined;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const status = /→ (\d{3})/.exec(message)?.[1];
      results.push({ operationId, call, status: status ? Number(status) : null, outcome: 'failed', detail: message });
      return undefined;
    }
  }
  const skip = (operationId: string, detail: string) => results.push({ operationId, call: '', status: null, outcome: 'skipped', detail });

  try {
    const login = await check('POST', '/api/v2/login', { json: { email: options.email, password: options.password } });
    const coachId: string | undefined = login?.allowed ? login.coach?.uuid : undefined;
    if (!coachId) {
      results.push({
        operationId: 'login',
        call: 'POST /api/v2/login',
        status: null,
        outcome: 'failed',
        detail: 'the sign-in was not allowed: check the e-mail and password (CONFORMANCE_EMAIL, CONFORMANCE_PASSWORD)',
      });
      return results;
    }
    const coach = `/api/v2/coaches/${coachId}`;
    await check('GET', '/api/v2/checkForValidSession');
    await check('GET', coach);
    await check('GET', `${coach}/dashboardInfo`);
    await check('GET', `/api/v3/coaches/${coachId}/messages`, { query: { all: 'true' } });
    await check('GET', `${coach}/policies`, { query: { onlyActionable: 'true' } });
    await check('GET', `${coach}/policyAlert`);
    await check('GET', `${coach}/balanceTransactions`);
    const own = await check('GET', `${coach}/tokensX`);
    await check('GET', `${coach}/tokensX`, { query: { mode: 'received' } });
    await check('GET', `${coach}/tokensX`, { query: { mode: 'given' } });
    await check('GET', `${coach}/miniAssessments`);
    await check('GET', `${coach}/miniAssessmentsSpreadsheet`);
    await check('GET', `${coach}/downloadActivitySummary`);
    await check('GET', `${coach}/emailtemplates/ennea_invite`);
    await check('GET', `${coach}/assistants`);
    await check('GET', `${coach}/couples`);
    await check('GET', `${coach}/profilePhoto`);
    await check('GET', `/selfpay/init/${coachId}`);

    const assessment = first<{ uuid?: string; clientUUID?: string }>(own);
    if (assessment?.uuid) {
      await check('GET', `/api/v2/tokens/${assessment.uuid}/inviteHistory`);
      await check('GET', `/api/v2/tokens/${assessment.uuid}/sentReportHistory`);
    } else {
      for (const operationId of ['listInviteHistory', 'listSentReportHistory']) skip(operationId, 'the coach has no assessment');
    }
    if (assessment?.clientUUID) await check('GET', `/api/v2/clients/${assessment.clientUUID}/tokens`);
    else skip('listClientAssessments', 'the coach has no assessment with a client');

    const team = first<{ uuid?: string }>(await check('GET', `${coach}/teams`));
    if (team?.uuid) {
      await check('GET', `/api/v2/teams/${team.uuid}/members`);
      await check('GET', `/api/v2/teams/${team.uuid}/teamReportChargeInfo`);
    } else {
      for (const operationId of ['listTeamMembers', 'getTeamReportChargeInfo']) skip(operationId, 'the coach has no team');
    }

    if (options.write) {
      await check('GET', `/api/v3/coaches/${coachId}/ackedLatestMessages`);
      if (assessment?.uuid) await check('GET', `/api/v2/tokens/${assessment.uuid}/copiedAssessmentLink`);
      else skip('recordAssessmentLinkCopy', 'the coach has no assessment');
      await check('POST', `${coach}/leaveMessage`, { json: { category: 'featureRequest', message: 'Conformance run: please ignore.' } });
    }
  } finally {
    // Ends the legacy session the run signed in with (no data changes).
    if (api.cookies.size > 0) await check('GET', '/api/v2/logout');
    await prism.stop();
  }
  return results;
}

/** The results as a plain-text table, with a summary line. */
export function formatTable(results: readonly CheckResult[]): string {
  const rows = [
    ['operation', 'call', 'status', 'result', 'violation'],
    ...results.map((result) => [
      result.operationId,
      result.call,
      result.status === null ? '-' : String(result.status),
      result.outcome,
      result.detail,
    ]),
  ];
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column < 4 ? cell.padEnd(widths[column] ?? 0) : cell))
      .join('  ')
      .trimEnd();
  const counts = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;
  const operations = new Set(results.map((result) => result.operationId)).size;
  return [
    line(rows[0] ?? []),
    ...rows.slice(1).map(line),
    '',
    `${operations} operations, ${results.length} calls: ${counts('passed')} passed, ${counts('failed')} failed, ${counts('skipped')} skipped`,
  ].join('\n');
}
