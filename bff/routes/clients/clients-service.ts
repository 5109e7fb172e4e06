// The clients view and a client's results page (spec assessments-and-clients §2.1, §3.2, §3.8 report links,
// §4.5, §4.7): the coach's own clients grouped from the coach's copy of the assessments list, and one client
// with every assessment from legacy `clients/{clientUuid}/tokens`.
import type { components as Bff } from '../../../generated/bff.ts';
import { type LegacyAssessment, reportLinksOf, toAssessmentRow } from '../../domain/assessment-rows.ts';
import { isReceived } from '../../domain/pipeline.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { notFound, upstreamError } from '../../problem.ts';
import { assessmentSnapshot, type ClientEntry } from '../../snapshots/assessment-snapshot.ts';
import { listPage } from '../../snapshots/list-page.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';

type ClientList = Bff['schemas']['ClientList'];
type ClientDetails = Bff['schemas']['ClientDetails'];
type ClientAssessment = Bff['schemas']['ClientAssessment'];

/** The clients view's default order and search (listClients and exportClients). */
export const CLIENT_LIST = {
  sort: 'createdAt',
  search: { text: (entry: ClientEntry) => entry.search },
  row: (entry: ClientEntry) => entry.row,
} as const;

/** listClients: search, sort and page the coach's own clients ("the same table mechanics", spec §2.1). */
export async function listClients(
  { query }: OperationInput<'listClients'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<ClientList> {
  const clients = (await assessmentSnapshot(ctx, snapshots, 'own')).clients();
  return listPage(clients, query, CLIENT_LIST);
}

/** getClient: only the coach's own client (not one whose assessments were received from another coach). */
export async function getClient({ params: { clientId } }: OperationInput<'getClient'>, ctx: SessionContext): Promise<ClientDetails> {
  const { data, response } = await ctx.legacy.GET('/api/v2/clients/{clientId}/tokens', { params: { path: { clientId } } });
  if (!data) {
    // The legacy API refuses a client that is not the coach's.
    if (response.status === 400 || response.status === 404) throw notFound();
    throw upstreamError();
  }
  if (!Array.isArray(data)) throw upstreamError();
  const own = (data as LegacyAssessment[]).filter(
    (a) => a && typeof a === 'object' && a.clientUUID === clientId && a.coachUUID === ctx.session.coachId && !isReceived(a),
  );
  const assessments: ClientAssessment[] = [];
  for (const a of own) {
    const row = toAssessmentRow(a);
    if (!row) {
      ctx.log.error('clients/{clientUuid}/tokens answered a record the contract cannot carry');
      throw upstreamError();
    }
    assessments.push({ ...row, reportLinks: reportLinksOf(a, row) });
  }
  const latest = own.reduce<LegacyAssessment | undefined>(
    (newest, a) => (!newest || a.tokenCreatedAt > newest.tokenCreatedAt ? a : newest),
    undefined,
  );
  if (!latest) throw notFound();
  assessments.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return {
    id: clientId,
    name: latest.clientName,
    surname: latest.clientSurname,
    email: latest.clientEmail,
    company: latest.clientCompany ?? '',
    otherData: latest.otherData ?? '',
    assessments,
  };
}
