// The sample reports of the portal's Samples & Brochures page, as the demo's stand-in for the provider's sample
// files (the specification does not give their addresses): GET /__sandbox/samples/{reportCode}-{language}.{html|pdf}
// answers a made-up report of a fictional client, in the sandbox's report form. `npm start` and the browser tests
// point the BFF's SAMPLE_REPORTS_URL here. Not part of the legacy contract; always on (a demo affordance).
import type { FastifyInstance } from 'fastify';
import { REPORT_NAMES } from '../domain/report-availability.ts';
import type { ReportCode } from '../domain/types.ts';
import { pdfBuffer } from '../files/pdf.ts';
import { reportHtml } from '../files/report-html.ts';
import { type ReportInput, reportSections } from '../files/report-pdf.ts';

export const SAMPLES_PATH = '/__sandbox/samples/';

// spec coach-shell §2.8, assessments-and-clients §9: the Enneagram Report in five languages, the others in English.
const SAMPLE_LANGUAGES: Readonly<Partial<Record<ReportCode, readonly string[]>>> = {
  basic: ['english', 'afrikaans', 'hungarian', 'italian', 'slovak'],
};

// A fictional, fully scored client: every report has its content.
const SAMPLE_CLIENT: ReportInput = {
  clientName: 'Sample',
  clientSurname: 'Client',
  assessmentType: 'full',
  guestCompletedAt: '2025-10-01 10:00:00',
  userEnnea: 3,
  userTriType: '358',
  orderedTriType: '358',
  userInstinct: 'SO',
  scoreSP: 31,
  scoreSO: 44,
  scoreSX: 25,
  finalTPR: 5,
};

const SAMPLE_FILE = /^([A-Za-z]+)-([a-z]+)\.(html|pdf)$/;

export function registerSamples(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>(`${SAMPLES_PATH}:file`, async (request, reply) => {
    const [, code, language, extension] = SAMPLE_FILE.exec(request.params.file) ?? [];
    const name = code ? REPORT_NAMES[code as ReportCode] : undefined;
    if (!code || !name || !language || !(SAMPLE_LANGUAGES[code as ReportCode] ?? ['english']).includes(language))
      return reply.code(404).send({ error: { info: 'There is no such sample report.' } });
    const title = `${name} (sample)`;
    const subtitle = `A sample report in ${language[0]?.toUpperCase()}${language.slice(1)} for a fictional client.`;
    const sections = reportSections(code as ReportCode, SAMPLE_CLIENT);
    if (extension === 'html') return reply.type('text/html; charset=utf-8').send(reportHtml({ title, subtitle, sections }));
    const pdf = await pdfBuffer({ title, subtitle, sections, createdAt: new Date('2025-10-01T10:00:00Z') });
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${request.params.file}"`).send(pdf);
  });
}
