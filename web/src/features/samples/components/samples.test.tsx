import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { Samples } from './samples.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const url = (file: string) => `https://samples.coachportal.test/${file}`;

describe('Samples & Brochures page (spec coach-shell §2.8)', () => {
  it('shows each report with an HTML and a PDF button per language, opening in a new tab', async () => {
    serve(fetchMock, {
      'GET /api/samples': [
        json({
          items: [
            {
              reportCode: 'basic',
              name: 'Enneagram Report',
              samples: [
                { language: 'english', htmlUrl: url('basic-english.html'), pdfUrl: url('basic-english.pdf') },
                { language: 'slovak', htmlUrl: url('basic-slovak.html'), pdfUrl: url('basic-slovak.pdf') },
              ],
            },
          ],
        }),
      ],
    });
    render(<Samples />);
    const card = await screen.findByRole('listitem', { name: 'Enneagram Report' });
    const slovakPdf = within(card).getByRole('link', { name: 'Slovak Enneagram Report sample, PDF (opens in a new tab)' });
    expect(slovakPdf.getAttribute('href')).toBe(url('basic-slovak.pdf'));
    expect(slovakPdf.getAttribute('target')).toBe('_blank');
    expect(
      within(card).getByRole('link', { name: 'English Enneagram Report sample, HTML (opens in a new tab)' }).getAttribute('href'),
    ).toBe(url('basic-english.html'));
    expect(within(card).queryByRole('link', { name: /studio/ })).toBeNull();
  });

  it('links each report to its studio for a coach who may open it (assessments-and-clients §2.1)', async () => {
    serve(fetchMock, {
      'GET /api/samples': [
        json({
          items: [
            {
              reportCode: 'imf',
              name: 'Maturity Report',
              samples: [{ language: 'english', htmlUrl: url('imf.html'), pdfUrl: url('imf.pdf') }],
            },
          ],
        }),
      ],
    });
    render(<Samples studioLinks />);
    const card = await screen.findByRole('listitem', { name: 'Maturity Report' });
    const studio = within(card).getByRole('link', { name: 'Your assessments that offer it: the Maturity Report studio' });
    expect(studio.getAttribute('href')).toBe('/reports/imf');
  });

  it('previews what each report holds: the nine-point figure, the maturity stages, or both for a combined report', async () => {
    const english = (code: string) => [{ language: 'english', htmlUrl: url(`${code}-english.html`), pdfUrl: url(`${code}-english.pdf`) }];
    serve(fetchMock, {
      'GET /api/samples': [
        json({
          items: [
            { reportCode: 'basic', name: 'Enneagram Report', samples: english('basic') },
            { reportCode: 'imf', name: 'Maturity Report', samples: english('imf') },
            { reportCode: 'foundation', name: 'Combined Report', samples: english('foundation') },
          ],
        }),
      ],
    });
    render(<Samples />);
    expect(screen.getByText('Loading...').closest('[aria-busy="true"]')?.querySelectorAll('.samples__card')).toHaveLength(3);
    const pictures = async (name: string) => {
      const card = await screen.findByRole('listitem', { name });
      const picture = card.querySelector('.report-preview__picture');
      return {
        hidden: picture?.getAttribute('aria-hidden'),
        figure: picture?.querySelectorAll('.enneagram-figure').length,
        stages: picture?.querySelectorAll('.report-preview__stages').length,
        text: card.querySelector('.report-preview__text')?.textContent,
      };
    };
    expect(await pictures('Enneagram Report')).toEqual({
      hidden: 'true',
      figure: 1,
      stages: 0,
      text: 'The client’s Enneagram style, trifix and instinct, with their scores.',
    });
    expect(await pictures('Maturity Report')).toMatchObject({ figure: 0, stages: 1 });
    expect(await pictures('Combined Report')).toMatchObject({ figure: 1, stages: 1 });
  });

  it('offers a Retry on a failed load that shows the samples when they answer', async () => {
    const samples = { items: [{ reportCode: 'basic', name: 'Enneagram Report', samples: [] }] };
    serve(fetchMock, { 'GET /api/samples': [problem(503, 'upstream_unavailable', 'The service is unavailable.'), json(samples)] });
    render(<Samples />);
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('listitem', { name: 'Enneagram Report' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the samples are not available', async () => {
    serve(fetchMock, {
      'GET /api/samples': [problem(503, 'samples_not_configured', 'The sample reports are not available at the moment.')],
    });
    render(<Samples />);
    expect((await screen.findByRole('alert')).textContent).toContain('The sample reports are not available at the moment.');
  });
});
