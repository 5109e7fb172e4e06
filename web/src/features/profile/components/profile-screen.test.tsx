import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toasts } from '../../../components/ui/toast.tsx';
import { type Session, sessionAtom, signedInAtom } from '../../../lib/session/session.ts';
import { describedBy } from '../../../test/described-by.ts';
import { fieldProblem, json, problem, SESSION, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import type { Profile } from '../api/get-profile.ts';
import { ASSISTANT_TEXT } from './assistant-dialog.tsx';
import { ProfileScreen } from './profile-screen.tsx';
import { PROFILE_TEXT } from './profile-text.ts';
import { TWO_FACTOR_TEXT } from './two-factor-section.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const PROFILE: Profile = {
  uuid: SESSION.coach.uuid,
  name: 'Amara',
  surname: 'Botha',
  email: 'demo@coachportal.test',
  businessName: 'Botha Coaching',
  phoneNumber: '+27 21 555 0142',
  postalAddress: '12 Kloof Street',
  vatNumber: '',
  companyRegNumber: '',
  accreditationLevel: 3,
  twoFactorEnabled: false,
  photoUrl: null,
  notifications: { singleAssessment: true, bulkAssessment: false, teamReport: true, extraRecipients: ['office@bothacoaching.test'] },
  webProfile: {
    enabled: true,
    workOnline: true,
    email: 'demo@coachportal.test',
    phoneNumber: '',
    country: 'South Africa',
    city: 'Cape Town',
    website: '',
    languages: 'English',
    scopeOfPractice: 'Teams',
    specialization: '',
  },
  webResources: {
    stamps: [{ level: 1, title: 'Enneagram Practitioner', url: 'https://portal.test/coachportal/stamps/level-1.png' }],
    selfRegistrationUrl: 'https://portal.test/coachportal/register/5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
    miniAssessmentUrl: null,
  },
};
const ASSISTANTS = {
  items: [
    {
      uuid: 'a5515700-0000-4000-8000-000000000001',
      name: 'Thandi',
      surname: 'Mahlangu',
      email: 'thandi@coachportal.test',
      isBlocked: false,
    },
  ],
};
const POLICIES = {
  items: [
    {
      uuid: '90110000-0000-4000-8000-000000000001',
      title: 'Code of Conduct',
      code: 'COC',
      dueAt: '2026-12-09T00:00:00Z',
      userActionDisplayText: 'Sign',
      overdue: false,
      url: '/coachportal/policies/5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f/90110000-0000-4000-8000-000000000001',
    },
  ],
};

const SESSIONS = {
  items: [
    {
      current: true,
      impersonation: false,
      browser: 'Chrome on Windows',
      network: '203.0.113.0/24',
      createdAt: '2025-11-21T08:02:11Z',
      lastSeenAt: '2025-11-21T10:31:40Z',
    },
  ],
};

/** The screen's reads; `extra` answers the calls a test makes. */
function serveScreen(extra: Record<string, Response[]> = {}, profile: Profile = PROFILE) {
  return serve(fetchMock, {
    'GET /api/profile': [json(profile)],
    'GET /api/assistants': [json(ASSISTANTS)],
    'GET /api/policies': [json(POLICIES)],
    'GET /api/profile/sessions': [json(SESSIONS), json(SESSIONS)],
    ...extra,
  });
}

function renderScreen(session: Session = SESSION) {
  const rendered = render(
    <>
      <ProfileScreen />
      <Toaster />
    </>,
  );
  rendered.store.set(signedInAtom, session);
  return rendered;
}

const tabs = () =>
  within(screen.getByRole('navigation', { name: 'Profile sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
/** An inline alert (role alert) with exactly this text. */
const findAlert = async (text: string) => {
  const found = await screen.findByText(text, { selector: '[role="alert"], [role="alert"] *' });
  expect(found.closest('[role="alert"]')?.textContent).toBe(text);
};
const saveButton = () => screen.queryByRole('button', { name: PROFILE_TEXT.save });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;

beforeEach(() => window.history.replaceState(null, '', '/profile'));
afterEach(() => {
  fetchMock.mockReset();
  toasts.clear();
});

describe('Profile screen (spec coach-shell §2.12, §5, §6, §8)', () => {
  it('offers a Retry when the profile cannot be read, and shows it when it answers', async () => {
    serveScreen({ 'GET /api/profile': [problem(503, 'upstream_unavailable', 'The service is unavailable.'), json(PROFILE)] });
    renderScreen();
    // Loading: the profile's shape in skeletons, busy and read as 'Loading...', no spinner.
    const loading = screen.getByText('Loading...').closest('[aria-busy="true"]');
    expect(loading?.querySelectorAll('.profile-skeleton__field')).toHaveLength(6);
    await findAlert('The service is unavailable.');
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Details' });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows every section to a coach, and Save Changes only once something differs', async () => {
    serveScreen();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('heading', { name: 'Details' });
    expect(tabs()).toEqual([
      'Details',
      'Password',
      'Two-Factor Authentication',
      "Where you're signed in",
      'Assistants',
      'Policies',
      'Notifications',
      'Web Resources',
      'Web Profile',
    ]);
    expect(saveButton()).toBeNull();
    await user.type(field('Business name'), '!');
    expect(saveButton()).not.toBeNull();
    await user.type(field('Business name'), '{Backspace}');
    expect(saveButton()).toBeNull();
    expect(field('Scope of practice').maxLength).toBe(1000);
    expect(screen.getByText('5/1000')).toBeTruthy();
    expect(field('Public phone number').maxLength).toBe(54);
  });

  it('sends only the changed fields, toasts, and hides the button again', async () => {
    const saved = { ...PROFILE, businessName: 'Botha & Co', notifications: { ...PROFILE.notifications, bulkAssessment: true } };
    const calls = serveScreen({ 'PATCH /api/profile': [json(saved)] });
    const user = userEvent.setup();
    renderScreen();
    const business = await screen.findByLabelText('Business name');
    await user.clear(business);
    await user.type(business, 'Botha & Co');
    await user.click(screen.getByRole('checkbox', { name: 'E-mail me about bulk assessments' }));
    await user.click(saveButton() as HTMLElement);
    expect(await screen.findByText(PROFILE_TEXT.saved)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      businessName: 'Botha & Co',
      notifications: { bulkAssessment: true },
    });
    await waitFor(() => expect(saveButton()).toBeNull());
  });

  it("shows the BFF's refusal of too many extra recipients in the save bar", async () => {
    serveScreen({ 'PATCH /api/profile': [problem(400, 'too_many_recipients', 'You cannot specify so many email recipients')] });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByLabelText('Extra recipients'));
    await user.paste('\nrecipient.number.1@coachportal.test');
    await user.click(saveButton() as HTMLElement);
    await findAlert('You cannot specify so many email recipients');
  });

  it("shows the BFF's message for the extra recipients, sent one per line", async () => {
    const calls = serveScreen({ 'PATCH /api/profile': [problem(400, 'invalid_recipient_emails', 'Invalid emails: not-an-email')] });
    const user = userEvent.setup();
    renderScreen();
    const recipients = await screen.findByLabelText('Extra recipients');
    await user.type(recipients, '\nnot-an-email\n\n');
    await user.click(saveButton() as HTMLElement);
    await findAlert('Invalid emails: not-an-email');
    expect(calls.at(-1)?.body).toEqual({ notifications: { extraRecipients: ['office@bothacoaching.test', 'not-an-email'] } });
  });

  it.each([
    ['Name', 'name', '', 'validation_failed', 'Please enter the name.'],
    ['Public email', 'webProfile.email', 'public@nodot', 'invalid_email', 'Update failed - your web profile email is invalid'],
    ['Email', 'email', 'not-an-email', 'invalid_email', 'Update failed - your email is invalid'],
    [
      'Business name',
      'businessName',
      'Sunny coaching 😀',
      'validation_failed',
      'The update failed. Please remove all emojis from the business name - the system does not currently allow for saving emojis.',
    ],
  ])(
    "shows the BFF's sentence at the refused field (%s) and in the save bar, until the field is edited",
    async (label, name, typed, code, sentence) => {
      serveScreen({ 'PATCH /api/profile': [fieldProblem(code, name, sentence)] });
      const user = userEvent.setup();
      renderScreen();
      const input = await screen.findByLabelText(label, { selector: 'input' });
      await user.clear(input);
      if (typed) await user.type(input, typed);
      await user.click(saveButton() as HTMLElement);
      await findAlert(sentence);
      await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
      const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(sentence);
      await user.type(input, 'x');
      await waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
    },
  );

  it("shows the BFF's refusal of the current password at Current Password and in the save bar", async () => {
    const sentence = 'Update failed - your current password is incorrect';
    serveScreen({ 'PATCH /api/profile': [problem(400, 'current_password_incorrect', sentence)] });
    const user = userEvent.setup();
    renderScreen();
    // Pasted: typing each character waits on the strength estimator.
    for (const [label, text] of [
      ['Current Password', 'Not-the-password-1'],
      ['New Password', 'a-long-enough-passphrase'],
      ['Confirm Password', 'a-long-enough-passphrase'],
    ] as const) {
      await user.click(await screen.findByLabelText(label, { selector: 'input' }));
      await user.paste(text);
    }
    await user.click(saveButton() as HTMLElement);
    await findAlert(sentence);
    expect(field('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field('Current Password'))).toBe(sentence);
  });

  it('refuses a weak or unconfirmed new password in the browser, and sends a strong one with the current one', async () => {
    const calls = serveScreen({ 'PATCH /api/profile': [json(PROFILE)] });
    const user = userEvent.setup();
    renderScreen();
    await user.type(await screen.findByLabelText('New Password'), 'password1');
    await user.click(saveButton() as HTMLElement);
    await findAlert(PROFILE_TEXT.weakPassword);
    // In the save bar and at the field it is about.
    expect(field('New Password').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field('New Password'))).toContain(PROFILE_TEXT.weakPassword);
    await user.clear(field('New Password'));
    expect(field('New Password').getAttribute('aria-invalid')).toBeNull();
    await user.type(field('New Password'), 'a-long-enough-passphrase');
    await user.type(field('Confirm Password'), 'a-long-enough-passphrasX');
    await user.click(saveButton() as HTMLElement);
    await findAlert(PROFILE_TEXT.passwordMismatch);
    expect(describedBy(field('Confirm Password'))).toBe(PROFILE_TEXT.passwordMismatch);
    expect(field('New Password').getAttribute('aria-invalid')).toBeNull();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.type(field('Confirm Password'), '{Backspace}e');
    await user.type(field('Current Password'), 'Old-password-1');
    await user.click(saveButton() as HTMLElement);
    await screen.findByText(PROFILE_TEXT.saved);
    expect(calls.findLast((call) => call.method === 'PATCH')?.body).toEqual({
      password: { current: 'Old-password-1', new: 'a-long-enough-passphrase', confirm: 'a-long-enough-passphrase' },
    });
    expect(field('New Password').value).toBe('');
    // The other sessions ended with the password: where the account is signed in is read again.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/profile/sessions')).toHaveLength(2));
  });

  it('checks the photo in the browser and uploads it with Save Changes', async () => {
    const calls = serveScreen({
      'PUT /api/profile/photo': [json({ photoUrl: '/api/profile/photo?v=2' })],
      'GET /api/profile': [json(PROFILE), json({ ...PROFILE, photoUrl: '/api/profile/photo?v=2' })],
    });
    const user = userEvent.setup({ applyAccept: false });
    const { store } = renderScreen();
    const picker = (await screen.findByLabelText('Add photo')) as HTMLInputElement;
    await user.upload(picker, new File(['gif'], 'me.gif', { type: 'image/gif' }));
    await findAlert('Only jpg/jpeg and png files are allowed!');
    const large = new File(['x'], 'me.png', { type: 'image/png' });
    Object.defineProperty(large, 'size', { value: 8 * 1024 * 1024 + 1 });
    await user.upload(picker, large);
    await findAlert('Please ensure that your profile photo is less than 8MB.');
    expect(saveButton()).toBeNull();
    await user.upload(picker, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(saveButton() as HTMLElement);
    await screen.findByText(PROFILE_TEXT.saved);
    const upload = calls.find((call) => call.method === 'PUT');
    expect(String(upload?.body)).toContain('name="photo"; filename="me.png"');
    await waitFor(() => expect(saveButton()).toBeNull());
    // The drawer's avatar shows the new photo.
    expect(store.get(sessionAtom)?.coach.photoUrl).toBe('/api/profile/photo?v=2');
  });

  it("hides Details, Assistants, Notifications and Web Profile from an assistant and labels Password with the assistant's e-mail", async () => {
    const calls = serveScreen({ 'PATCH /api/profile': [json(PROFILE)] });
    const user = userEvent.setup();
    renderScreen({
      ...SESSION,
      roles: { impersonator: false, assisted: true, assistant: { name: 'Thandi', email: 'assistant@coachportal.test' } },
    });
    await screen.findByRole('heading', { name: 'Password (assistant@coachportal.test)' });
    expect(tabs()).toEqual(['Password', 'Two-Factor Authentication', "Where you're signed in", 'Policies', 'Web Resources']);
    expect(screen.queryByLabelText('Business name')).toBeNull();
    await user.type(field('New Password'), 'a-long-enough-passphrase');
    await user.type(field('Confirm Password'), 'a-long-enough-passphrase');
    await user.type(field('Current Password'), 'Old-password-1');
    await user.click(saveButton() as HTMLElement);
    await screen.findByText(PROFILE_TEXT.saved);
    expect(Object.keys(calls.findLast((call) => call.method === 'PATCH')?.body as object)).toEqual(['password']);
    expect(calls.some((call) => call.path === '/api/assistants')).toBe(false);
  });

  it('hides Notifications, Web Resources and Web Profile from a coach limited to the mini-assessment', async () => {
    serveScreen();
    renderScreen({ ...SESSION, coach: { ...SESSION.coach, onlyMiniAssessment: true } });
    await screen.findByRole('heading', { name: 'Details' });
    expect(tabs()).toEqual(['Details', 'Password', 'Two-Factor Authentication', "Where you're signed in", 'Assistants', 'Policies']);
  });

  it("copies the self-registration link: 'Copied to clipboard'", async () => {
    serveScreen();
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(PROFILE.webResources.selfRegistrationUrl);
    expect(screen.getByRole('link', { name: 'Code of Conduct (opens in a new tab)' }).getAttribute('target')).toBe('_blank');
  });

  it('saves the new name into the drawer’s session', async () => {
    serveScreen({ 'PATCH /api/profile': [json({ ...PROFILE, name: 'Amy' })] });
    const user = userEvent.setup();
    const { store } = renderScreen();
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Amy');
    await user.click(saveButton() as HTMLElement);
    await waitFor(() => expect(store.get(sessionAtom)?.coach.name).toBe('Amy'));
  });
});

describe('Two-factor on the profile (spec coach-shell §4 "Two-factor", §5)', () => {
  it("shows the QR code and secret, says 'Code not correct - please try again', then completes and hides the setup", async () => {
    const calls = serveScreen({
      'POST /api/profile/two-factor': [json({ qrCode: 'data:image/png;base64,iVBORw0KGgo=', secret: 'JBSWY3DPEHPK3PXP' })],
      'POST /api/profile/two-factor/verification': [
        problem(400, 'two_factor_code_incorrect', TWO_FACTOR_TEXT.codeIncorrect),
        json({ twoFactorEnabled: true }),
      ],
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    expect((await screen.findByRole('img', { name: 'QR code for your authenticator app' })).getAttribute('src')).toMatch(
      /^data:image\/png/,
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText('Code'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findAlert(TWO_FACTOR_TEXT.codeIncorrect);
    await user.type(screen.getByLabelText('Code'), '3456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findAlert(TWO_FACTOR_TEXT.codeIncorrect);
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('button', { name: 'Turn off two-factor authentication' });
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
    expect(calls.filter((call) => call.path === '/api/profile/two-factor/verification').map((call) => call.body)).toEqual([
      { code: '123456' },
      { code: '654321' },
    ]);
  });

  it('turns two-factor off only after the confirmation', async () => {
    const calls = serveScreen(
      { 'DELETE /api/profile/two-factor': [new Response(null, { status: 204 })] },
      { ...PROFILE, twoFactorEnabled: true },
    );
    const user = userEvent.setup();
    renderScreen();
    const turnOff = await screen.findByRole('button', { name: 'Turn off two-factor authentication' });
    await user.click(turnOff);
    const question = await screen.findByRole('alertdialog', { name: 'Turn off two-factor authentication?' });
    expect(question.textContent).toContain('Signing in will ask only for your password, without a code from your authenticator app.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Turn off two-factor authentication?' })).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(turnOff);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Turn off two-factor authentication?' })).getByRole('button', {
        name: 'Turn off',
      }),
    );
    await screen.findByRole('button', { name: 'Turn on two-factor authentication' });
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});

describe('Assistants on the profile (spec coach-shell §4, §5 "Assistant add/edit", §8)', () => {
  it('checks the dialog in the spec order, then shows the BFF refusal and adds one', async () => {
    const calls = serveScreen({
      'POST /api/assistants': [
        problem(400, 'assistant_request_failed', 'Requesting assistant failed: email in use'),
        json({ message: null }, 201),
      ],
      'GET /api/assistants': [json(ASSISTANTS), json(ASSISTANTS)],
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Add Assistant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Assistant' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Assistant' }));
    // Each problem at its field, the first focused; nothing as an alert away from them.
    const [name, surname, email] = ['Name', 'Surname', 'Email'].map((label) => within(dialog).getByLabelText(label)) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    await waitFor(() => expect(document.activeElement).toBe(name));
    for (const input of [name, surname, email]) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(input)).toBe(ASSISTANT_TEXT.fieldsRequired);
    }
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.type(name, 'Lindiwe');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    await user.type(surname, 'Zulu');
    await user.type(email, 'lindiwe@');
    await user.click(within(dialog).getByRole('button', { name: 'Add Assistant' }));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(describedBy(email)).toBe(ASSISTANT_TEXT.invalidEmail);
    expect(surname.getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).maxLength).toBe(45);
    await user.type(within(dialog).getByLabelText('Email'), 'coachportal.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add Assistant' }));
    await findAlert('Requesting assistant failed: email in use');
    await user.click(within(dialog).getByRole('button', { name: 'Add Assistant' }));
    expect(await screen.findByText(ASSISTANT_TEXT.requested)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      name: 'Lindiwe',
      surname: 'Zulu',
      email: 'lindiwe@coachportal.test',
    });
  });

  it('shows the BFF’s refusal of the e-mail at the e-mail, on an edit too, not as a toast', async () => {
    serveScreen({
      'PUT /api/assistants/a5515700-0000-4000-8000-000000000001': [problem(400, 'invalid_email', ASSISTANT_TEXT.invalidEmail)],
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Thandi Mahlangu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Assistant' });
    const email = within(dialog).getByLabelText('Email');
    await user.type(email, '.za');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(email)).toBe(ASSISTANT_TEXT.invalidEmail);
    expect(document.activeElement).toBe(email);
    expect(screen.queryByText(ASSISTANT_TEXT.failed)).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("toasts 'Failed' when an edit fails", async () => {
    serveScreen({ 'PUT /api/assistants/a5515700-0000-4000-8000-000000000001': [problem(502, 'assistant_update_failed', 'Failed')] });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Thandi Mahlangu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Assistant' });
    await user.type(within(dialog).getByLabelText('Surname'), '-Dube');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed')).toBeTruthy();
  });

  it("blocks at once, and turns the switch back with the server's text under 'Failed' when refused", async () => {
    serveScreen({
      'PUT /api/assistants/a5515700-0000-4000-8000-000000000001/block': [
        new Response(null, { status: 204 }),
        problem(502, 'assistant_block_failed', 'Assistant could not be unblocked'),
      ],
    });
    const user = userEvent.setup();
    renderScreen();
    const block = (await screen.findByRole('checkbox', { name: 'Block Thandi Mahlangu' })) as HTMLInputElement;
    await user.click(block);
    expect(block.checked).toBe(true);
    await user.click(block);
    const failed = await screen.findByRole('alertdialog', { name: 'Failed' });
    expect(failed.textContent).toContain('Assistant could not be unblocked');
    await waitFor(() => expect(block.checked).toBe(true));
  });
});
