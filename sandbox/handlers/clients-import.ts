// Importing results obtained elsewhere, and the bulk upload of clients from an Excel spreadsheet
// (spec assessments-and-clients §3.6, §3.7, §4.11, §5 "Import results", "Bulk add", §7).
import { legacyDateTime } from '../domain/dates.ts';
import {
  checkImportResults,
  DUPLICATE_CLIENT,
  dominantInstinct,
  type InstinctScores,
  isDuplicateClient,
  parseEnneaRanking,
} from '../domain/validation.ts';
import { type ExistingClient, findDuplicates, parseBulkUpload } from '../files/bulk-upload.ts';
import type { AssessmentLanguage, AssessmentRecord, ClientRecord } from '../state/model.ts';
import { clientAssessments, type Store } from '../state/store.ts';
import { requireOwnCoach } from './access.ts';
import { ownClient } from './clients.ts';
import { chargeAssessment, checkTypeAllowed, createAssessmentRecord, createClientRecord, ownClients } from './clients-records.ts';
import { badRequest, type Handlers } from './context.ts';

type ImportInput = InstinctScores & { enneaRankingCSV: string; assessmentLanguage: AssessmentLanguage; project?: string };

/** A completed, scored Enneagram assessment of token type importResults (scoring is immediate, spec §9). */
function importAssessment(store: Store, client: ClientRecord, input: ImportInput, now: number): AssessmentRecord {
  const ranking = parseEnneaRanking(input.enneaRankingCSV);
  if (!ranking.ok) throw badRequest(ranking.info);
  const at = legacyDateTime(new Date(now));
  return createAssessmentRecord(
    store,
    client,
    {
      assessmentType: 'ennea',
      tokenType: 'importResults',
      assessmentLanguage: input.assessmentLanguage,
      userCoach: input.project?.trim() || null,
      userRegistration: 1,
      userCompletion: 1,
      marked: 1,
      userEnnea: ranking.value.userEnnea,
      userTriType: ranking.value.userTriType,
      orderedTriType: ranking.value.orderedTriType,
      userInstinct: dominantInstinct(input),
      scoreSP: input.scoreSP,
      scoreSO: input.scoreSO,
      scoreSX: input.scoreSX,
      enneaRankingCSV: ranking.value.ranking.join(','),
      guestRegisteredAt: at,
      guestCompletedAt: at,
      guestUpdatedAt: at,
    },
    now,
  );
}

function existingClient(store: Store, client: ClientRecord): ExistingClient {
  const latest = clientAssessments(store, client.uuid)
    .sort((a, b) => a.tokenCreatedAt.localeCompare(b.tokenCreatedAt))
    .at(-1);
  return {
    name: client.name,
    surname: client.surname,
    email: client.email,
    lastAssessmentType: latest?.assessmentType ?? null,
    lastAssessment: latest?.tokenCreatedAt ?? null,
  };
}

export const importHandlers: Handlers = {
  importResultsForNewClient: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const { body } = ctx;
    const problem = checkImportResults({ ...body, newClient: body });
    if (problem) throw badRequest(problem);
    if (
      isDuplicateClient(
        body.email,
        ownClients(ctx.store, coach.uuid).map((client) => client.email),
      )
    )
      throw badRequest(DUPLICATE_CLIENT);
    const client = createClientRecord(ctx.store, coach.uuid, body, ctx.clock.now());
    importAssessment(ctx.store, client, body, ctx.clock.now());
    return { guest: { userName: client.name, userSurname: client.surname } };
  },

  importResultsForClient: (ctx) => {
    const client = ownClient(ctx, ctx.params.clientId);
    const problem = checkImportResults(ctx.body);
    if (problem) throw badRequest(problem);
    if (ctx.body.otherData !== undefined) client.otherData = ctx.body.otherData.trim() || null;
    importAssessment(ctx.store, client, ctx.body, ctx.clock.now());
    return { guest: { userName: client.name, userSurname: client.surname } };
  },

  uploadBulkClientsAssessments: async (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const { body } = ctx;
    checkTypeAllowed(coach, body.assessmentType);
    // The multipart parser hands file bytes over as a latin1 string (app.ts).
    const parsed = await parseBulkUpload(Buffer.from(body.spreadsheet, 'latin1'));
    if (!parsed.ok) throw badRequest(parsed.error);
    const brokenClients = parsed.broken.map((row) => row.client);
    const byEmail = new Map(ownClients(ctx.store, coach.uuid).map((client) => [client.email.trim().toLowerCase(), client]));
    const duplicates = findDuplicates(
      parsed.clients,
      [...byEmail.values()].map((client) => existingClient(ctx.store, client)),
    );
    // spec §4.11: existing clients are confirmed first; Proceed repeats the upload with duplicatesConfirmedOK.
    if (duplicates.length > 0 && String(body.duplicatesConfirmedOK) !== 'true') {
      return { pleaseConfirm: true, duplicatedGuests: duplicates, brokenClients, error: null, message: null };
    }
    const now = ctx.clock.now();
    for (const row of parsed.clients) {
      const client = byEmail.get(row.email.toLowerCase()) ?? createClientRecord(ctx.store, coach.uuid, row, now);
      const assessment = createAssessmentRecord(
        ctx.store,
        client,
        {
          assessmentType: body.assessmentType,
          tokenType: body.tokenType,
          assessmentLanguage: body.assessmentLanguage,
          userCoach: (body.project ?? body.userCoach)?.trim() || null,
          reportsToAutoSend: body.reportsToAutoSend ?? '-',
        },
        now,
      );
      chargeAssessment(ctx.store, assessment, client, now);
    }
    return {
      pleaseConfirm: false,
      duplicatedGuests: [],
      brokenClients,
      error: brokenClients.length > 0 ? `${brokenClients.length} row(s) could not be added.` : null,
      message: `${parsed.clients.length} assessment(s) added.`,
    };
  },
};
