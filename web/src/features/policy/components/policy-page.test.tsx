import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render.tsx';
import type { PolicyPage as Policy } from '../api/policy-api.ts';
import { PolicyPage } from './policy-page.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const LINK = { coachUuid: '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f', policyUuid: '90110000-0000-4000-8000-000000000001' };

const unsigned: Policy = {
  ...LINK,
  code: 'COC-2025',
  // No markup checks here: DOMPurify does not support happy-dom (its README); the e2e runs it in Chromium.
  content: '<p>I will keep results confidential.</p>',
  welcomeMessage: { beforeSigning: '<p>Please read and sign.</p>', afterSigning: '<p>Thank you, it is on file.</p>' },
  ackMethod: 'sign',
  extraFields: [{ name: 'supervisorName', caption: 'Name of your supervisor' }],
  acknowledged: false,
  acknowledgement: null,
  provider: { typedName: 'Johan van der Merwe', signedAtLocal: '2025-10-01 09:00' },
};

const signed: Policy = {
  ...unsigned,
  acknowledged: true,
  acknowledgement: {
    typedName: 'Amara Nkosi',
    typedDate: '21 November 2025',
    signedAt: '2025-11-21T08:14:03Z',
    signedAtLocal: '2025-11-21 08:14',
  },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

interface Call {
  method: string;
  path: string;
  body: unknown;
  csrf: string | null;
}

function serve(answers: Response[]): Call[] {
  const calls: Call[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const text = await request.text();
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      csrf: request.headers.get('X-CSRF'),
    });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call ${request.method} ${request.url}`);
    return answer;
  });
  return calls;
}

beforeEach(() => {
  fetchMock.mockReset();
});

describe('coach policy page', () => {
  it('shows the welcome message, the extra fields, the sanitised content and the signature fields', async () => {
    const calls = serve([json(unsigned)]);
    render(<PolicyPage {...LINK} />);
    await screen.findByText('Please read and sign.');
    expect(screen.getByText('I will keep results confidential.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Name of your supervisor/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Your name/ }).getAttribute('maxlength')).toBe('800');
    expect(screen.getByRole('textbox', { name: /Date/ }).getAttribute('maxlength')).toBe('100');
    expect(screen.getByRole('textbox', { name: /Name of your supervisor/ }).getAttribute('maxlength')).toBe('800');
    expect(screen.getByText('Signed for the provider by Johan van der Merwe on 2025-10-01 09:00.')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'GET', path: `/api/public/policies/${LINK.coachUuid}/${LINK.policyUuid}`, body: undefined, csrf: '1' },
    ]);
  });

  it('requires the typed name, the typed date and every extra field before signing', async () => {
    const calls = serve([json(unsigned)]);
    render(<PolicyPage {...LINK} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(screen.getByText('Please type your name.')).toBeTruthy();
    expect(screen.getByText('Please type the date.')).toBeTruthy();
    expect(screen.getByText('Please fill in Name of your supervisor.')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('signs with the typed values and shows the after-signing message with them', async () => {
    const calls = serve([json(unsigned), json(signed)]);
    render(<PolicyPage {...LINK} />);
    await userEvent.type(await screen.findByRole('textbox', { name: /Name of your supervisor/ }), 'Dr Dube');
    await userEvent.type(screen.getByRole('textbox', { name: /Your name/ }), 'Amara Nkosi');
    await userEvent.type(screen.getByRole('textbox', { name: /Date/ }), '21 November 2025');
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await screen.findByText('Thank you, it is on file.');
    expect(screen.getByText('Amara Nkosi')).toBeTruthy();
    expect(screen.getByText('21 November 2025')).toBeTruthy();
    expect(screen.getByText('2025-11-21 08:14')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(calls[1]).toEqual({
      method: 'POST',
      path: `/api/public/policies/${LINK.coachUuid}/${LINK.policyUuid}/acknowledgements`,
      body: { typedName: 'Amara Nkosi', typedDate: '21 November 2025', extraFields: { supervisorName: 'Dr Dube' } },
      csrf: '1',
    });
  });

  it('shows a refusal in an alert and puts the listed field errors on their fields', async () => {
    const problem = {
      type: '/problems/extra_field_required',
      title: 'Failed',
      status: 400,
      code: 'extra_field_required',
      detail: 'Please fill in Name of your supervisor.',
      errors: [{ field: 'extraFields.supervisorName', message: 'Please fill in Name of your supervisor.' }],
    };
    serve([json(unsigned), json(problem, 400)]);
    render(<PolicyPage {...LINK} />);
    await userEvent.type(await screen.findByRole('textbox', { name: /Name of your supervisor/ }), ' x ');
    await userEvent.type(screen.getByRole('textbox', { name: /Your name/ }), 'Amara');
    await userEvent.type(screen.getByRole('textbox', { name: /Date/ }), 'today');
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in Name of your supervisor.');
    expect(screen.getAllByText('Please fill in Name of your supervisor.')).toHaveLength(2);
  });

  it('accepts a click policy without input', async () => {
    const click: Policy = { ...unsigned, ackMethod: 'click', extraFields: [] };
    const accepted: Policy = {
      ...click,
      acknowledged: true,
      acknowledgement: { typedName: null, typedDate: null, signedAt: '2025-11-21T08:14:03Z', signedAtLocal: '2025-11-21 08:14' },
    };
    const calls = serve([json(click), json(accepted)]);
    render(<PolicyPage {...LINK} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await screen.findByText('Thank you, it is on file.');
    expect(screen.getByText('Accepted at')).toBeTruthy();
    expect(calls[1]?.body).toEqual({});
  });

  it('offers no button when nothing needs to be done', async () => {
    serve([json({ ...unsigned, ackMethod: 'none', extraFields: [] })]);
    render(<PolicyPage {...LINK} />);
    await screen.findByText('This policy is for your information: nothing needs to be signed.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('offers a Retry when the policy cannot be read, and shows the policy it then answers', async () => {
    serve([
      json({ type: 'about:blank', title: 'Failed', status: 503, code: 'upstream_unavailable', detail: 'The service is unavailable.' }, 503),
      json(unsigned),
    ]);
    render(<PolicyPage {...LINK} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The service is unavailable.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Please read and sign.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a policy that cannot be read in an alert', async () => {
    serve([
      json(
        {
          type: '/problems/policy_unavailable',
          title: 'Failed',
          status: 400,
          code: 'policy_unavailable',
          detail: 'This policy link is not valid.',
        },
        400,
      ),
    ]);
    render(<PolicyPage {...LINK} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This policy link is not valid.');
  });
});
