// listSampleReports: the sample list on the SAMPLE_REPORTS_URL setting (here the sandbox's made-up samples, as
// `npm start` has it), each link answering a real HTML page or PDF; without the setting, 503. Every answer is
// checked against the contract.
import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLES_PATH } from '../../../sandbox/controls/samples.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';
import { SAMPLES_NOT_CONFIGURED } from './samples-service.ts';

let bff: SandboxBff;
afterEach(() => bff?.close());

interface SampleList {
  items: { reportCode: string; name: string; samples: { language: string; htmlUrl: string; pdfUrl: string }[] }[];
}

const list = async () =>
  injectChecked(bff.server, { method: 'GET', url: '/api/samples', cookies: { [SESSION_COOKIE]: await bff.signIn() } });

describe('listSampleReports', () => {
  it('lists every report type, the Enneagram Report in its five languages, each link a real file', async () => {
    bff = await startSandboxBff({ assessments: 1, env: (sandboxUrl) => ({ SAMPLE_REPORTS_URL: `${sandboxUrl}${SAMPLES_PATH}` }) });

    const response = await list();
    expect(response.statusCode).toBe(200);
    const { items } = response.json() as SampleList;
    expect(items.map((item) => item.name)).toEqual([
      'Enneagram Report',
      'Enneagram Overview',
      'Enneagram Coach Overview',
      'Maturity Report',
      'Maturity Overview',
      'Combined Report',
      'Combined+ Report',
    ]);
    expect(items[0]?.samples.map((sample) => sample.language)).toEqual(['english', 'afrikaans', 'hungarian', 'italian', 'slovak']);
    for (const item of items.slice(1)) expect(item.samples.map((sample) => sample.language)).toEqual(['english']);
    const slovak = items[0]?.samples.at(-1);
    expect(slovak?.pdfUrl).toBe(`${bff.sandboxUrl}${SAMPLES_PATH}basic-slovak.pdf`);
    const pdf = await fetch(slovak?.pdfUrl ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const html = await fetch(items[3]?.samples[0]?.htmlUrl ?? '');
    expect(await html.text()).toContain('Maturity Report (sample)');
    expect((await fetch(`${bff.sandboxUrl}${SAMPLES_PATH}imf-slovak.pdf`)).status).toBe(404);
  });

  it('answers 503 samples_not_configured without the setting', async () => {
    bff = await startSandboxBff({ assessments: 1 });
    const response = await list();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'samples_not_configured', detail: SAMPLES_NOT_CONFIGURED });
  });
});
