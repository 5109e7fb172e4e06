// The Profile screen (spec coach-shell §2.12, §3, §4 "Two-factor", "Assistant blocked/unblocked", "Profile", §5,
// §6, §8): reached from the coach's name in the drawer; the save messages of §5/§8 from the browser's checks, the
// legacy API's password check and one of the BFF's field checks end to end (every other field check: the BFF's and
// the web's tests), the field being edited never under the floating save bar (both widths), and a save the BFF reads back
// (demo coach, set back afterwards); a password change, a photo and two-factor set-up with a real TOTP code, then
// turned off after its confirmation (profile@coachportal.test, a coach only this file changes, set back
// afterwards); an assistant added, edited, blocked and unblocked, who then sets a password through the e-mailed
// link and signs in to a profile without Details, Assistants, Notifications or Web Profile; and a coach limited
// to the mini-assessment. The flows at desktop, axe on every state; at phone width
// the profile from the drawer behind Menu with its save bar and Web Resources, two-factor set-up and the drawer's
// avatar, the assistant dialogs (their first check) and the assistant's profile (the password set through the BFF),
// and the mini coach's profile, axe on each.
import { generateSync } from 'otplib';
import type { components } from '../../../generated/bff.ts';
import { resetLinkFromOutbox } from '../auth/auth-steps.ts';
import {
  type APIRequestContext,
  csrfHeaders,
  DEMO,
  expect,
  expectNoAxeViolations,
  forEachLayout,
  LAYOUTS,
  type Layout,
  type Locator,
  openDashboard,
  PASSWORD,
  type Page,
  setFaults,
  test,
  VIEWPORTS,
} from '../support/fixtures.ts';

type Profile = components['schemas']['Profile'];
type Assistant = components['schemas']['Assistant'];

const PROFILE_COACH = 'profile@coachportal.test';
const SAVED = 'Your changes have been saved.';
const ALL_TABS = [
  'Details',
  'Password',
  'Two-Factor Authentication',
  "Where you're signed in",
  'Assistants',
  'Policies',
  'Notifications',
  'Web Resources',
  'Web Profile',
];
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** POST /api/session as the sign-in form does; answers the outcome. */
async function createSession(request: APIRequestContext, email: string, password: string, twoFactorCode?: string) {
  const response = await request.post('/api/session', {
    headers: csrfHeaders(),
    data: { email, password, ...(twoFactorCode ? { twoFactorCode } : {}) },
  });
  return { status: response.status(), body: (await response.json()) as { outcome?: string } };
}

/**
 * Signs a page without an account in (its own session: the test changes the coach's password or two-factor, or
 * the account is made by the test).
 */
async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  const { status } = await createSession(page.request, email, password);
  expect(status).toBe(200);
}

/** The coach's name at the top of the drawer opens the profile (the phone's drawer opens from Menu). */
async function openProfileFromDrawer(page: Page, layout: Layout): Promise<void> {
  await openDashboard(page);
  if (layout === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /: profile$/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
}

async function bffProfile(page: Page): Promise<Profile> {
  const response = await page.request.get('/api/profile');
  expect(response.status()).toBe(200);
  return response.json();
}

async function bffAssistants(page: Page): Promise<Assistant[]> {
  const response = await page.request.get('/api/assistants');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Assistant[] }).items;
}

/**
 * axe while the floating Save Changes is up: scrolled to the end, where the page leaves room for it, as a user
 * reaches what it covers (elsewhere it lies over the content, which axe counts against the targets under it).
 */
async function expectNoAxeViolationsWithSaveBar(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expectNoAxeViolations(page);
}

/** Whether the floating Save Changes bar lies over any part of the element. */
function underSaveBar(element: Locator): Promise<boolean> {
  return element.evaluate((field) => {
    const bar = document.querySelector('[aria-label="Unsaved changes"]')?.getBoundingClientRect();
    const box = field.getBoundingClientRect();
    return bar !== undefined && box.left < bar.right && bar.left < box.right && box.top < bar.bottom && bar.top < box.bottom;
  });
}

/** The section tabs come with the profile's own request, after the page heading: the assertion waits for them. */
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link');
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Changes' });
const saveBar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });

/** Save Changes, then the inline message of the floating bar (its only alert). */
async function saveExpectingMessage(page: Page, message: string): Promise<void> {
  await saveButton(page).click();
  await expect(saveBar(page).getByRole('alert')).toHaveText(message);
}

/**
 * Whether a click at the middle of Save Changes reaches it while the success toast is on screen: what the
 * pointer meets there is the button, not a toast over it.
 */
function saveReachableUnderToast(page: Page): Promise<string> {
  return page.evaluate((saved) => {
    const toast = [...document.querySelectorAll('[role="alertdialog"]')].find((element) => element.textContent?.includes(saved));
    const button = [...document.querySelectorAll('button')].find((element) => element.textContent === 'Save Changes');
    if (!toast) return 'no toast';
    if (!button) return 'no Save Changes';
    const box = button.getBoundingClientRect();
    return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2))
      ? 'reachable while the toast shows'
      : 'covered';
  }, SAVED);
}

async function saveExpectingSuccess(page: Page): Promise<void> {
  await saveButton(page).click();
  await expect(page.getByText(SAVED, { exact: true })).toBeVisible();
  await expect(saveBar(page)).toHaveCount(0);
}

/** The demo coach's fields as they were: every field of the update, sent back by the BFF. */
function restoreBody(profile: Profile) {
  const { name, surname, email, businessName, phoneNumber, postalAddress, vatNumber, companyRegNumber, notifications, webProfile } =
    profile;
  return { name, surname, email, businessName, phoneNumber, postalAddress, vatNumber, companyRegNumber, notifications, webProfile };
}

/** The Balance screen's link lands on Web Resources: its region in the upper half of the viewport. */
async function openWebResources(page: Page, layout: Layout) {
  await page.goto('/coachportal/profile#webResourcesSection');
  const resources = page.getByRole('region', { name: 'Web Resources' });
  await expect(resources.getByRole('button', { name: 'Copy Link' })).toBeVisible();
  await expect.poll(async () => (await resources.boundingBox())?.y ?? -1).toBeLessThan(VIEWPORTS[layout].height / 2);
  return resources;
}

/**
 * Adds an assistant of the demo coach through the Add Assistant dialog: its first check with axe on it, then (`every
 * check`, at desktop) the e-mail's check and the legacy API's refusal of an e-mail in use; a phone checks the dialog's
 * fit, not its logic again.
 */
async function addAssistant(page: Page, surname: string, email: string, { everyCheck }: { everyCheck: boolean }): Promise<void> {
  await page.goto('/coachportal/profile#assistantsSection');
  const section = page.getByRole('region', { name: 'Assistants' });
  await section.getByRole('button', { name: 'Add Assistant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Assistant' });
  await dialog.getByRole('button', { name: 'Add Assistant' }).click();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
    'Please fill in all fields: name, surname, and email.',
  );
  await dialog.getByLabel('Name', { exact: true }).fill('Lindiwe');
  await dialog.getByLabel('Surname', { exact: true }).fill(surname);
  if (everyCheck) {
    await dialog.getByLabel('Email', { exact: true }).fill('lindiwe@');
    await dialog.getByRole('button', { name: 'Add Assistant' }).click();
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Please enter a valid email address.');
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveAttribute('maxlength', '45');
  }
  await expectNoAxeViolations(page);
  if (everyCheck) {
    // An e-mail in use is the legacy API's refusal.
    await dialog.getByLabel('Email', { exact: true }).fill(DEMO);
    await dialog.getByRole('button', { name: 'Add Assistant' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: /^Requesting assistant failed: / })).toBeVisible();
  }
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Add Assistant' }).click();
  await expect(page.getByText('Your assistant has been added and will receive an e-mail to set a password.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByRole('row', { name: `Lindiwe ${surname}`, exact: false })).toBeVisible();
}

/**
 * The assistant (a visitor of their own) sets a password with the e-mailed link's code, signs in and opens the
 * profile. At desktop through the reset page; a phone sends the page's request itself (the reset page at phone width
 * is auth/reset-password.test.ts's).
 */
async function assistantSignsIn(page: Page, email: string, password: string, layout: Layout): Promise<void> {
  const link = await resetLinkFromOutbox(email);
  if (layout === 'desktop') {
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(password);
    await expect(page.getByText('Password secure')).toBeVisible();
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  } else {
    const code = new URL(link, 'http://portal').searchParams.get('code');
    const reset = await page.request.post('/api/password/reset', {
      headers: csrfHeaders(),
      data: { code, newPassword: password, confirmPassword: password, email },
    });
    expect(reset.status()).toBe(200);
  }
  await signIn(page, email, password);
  await openProfileFromDrawer(page, layout);
  await expect(page.getByRole('heading', { level: 2, name: `Password (${email})` })).toBeVisible();
  await expect(tabs(page)).toHaveText(['Password', 'Two-Factor Authentication', "Where you're signed in", 'Policies', 'Web Resources']);
  for (const hidden of ['Details', 'Assistants', 'Notifications', 'Web Profile'])
    await expect(page.getByRole('region', { name: hidden, exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Business name')).toHaveCount(0);
  await expectNoAxeViolations(page);
}

/** The two-factor section's set-up: the QR code and the secret (read once it shows). */
async function startTwoFactor(page: Page): Promise<string> {
  const section = page.getByRole('region', { name: 'Two-Factor Authentication' });
  await section.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  let secret = '';
  await expect
    .poll(async () => {
      secret = (await section.locator('code').innerText()).trim();
      return secret;
    })
    .toMatch(/^[A-Z2-7]{16,}$/);
  return secret;
}

/** Saves the 1×1 PNG as the photo, and answers its address as the BFF gives it. */
async function savePhoto(page: Page): Promise<string> {
  await page.getByLabel(/^(Add|Change) photo$/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('New photo: saved with Save Changes.')).toBeVisible();
  await saveExpectingSuccess(page);
  const photoUrl = (await bffProfile(page)).photoUrl;
  expect(photoUrl).toMatch(/^\/api\/profile\/photo\?v=/);
  return photoUrl as string;
}

/** The drawer's avatar shows the photo, also after a reload (the session carries it); a phone's drawer is behind Menu. */
async function expectDrawerAvatar(page: Page, photoUrl: string, layout: Layout): Promise<void> {
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Password' })).toBeVisible();
  if (layout === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  const avatar = page.getByRole('link', { name: /: profile$/ }).locator('img');
  await expect(avatar).toHaveAttribute('src', photoUrl);
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  if (layout === 'phone') await page.keyboard.press('Escape');
}

/** Whatever failed, the profile coach is left as seeded: two-factor off, the seeded password. */
async function resetProfileCoach(page: Page, current: string): Promise<void> {
  await page.request.delete('/api/profile/two-factor', { headers: csrfHeaders() });
  if (current !== PASSWORD) {
    await page.request.patch('/api/profile', {
      headers: csrfHeaders(),
      data: { password: { current, new: PASSWORD, confirm: PASSWORD } },
    });
  }
}

/** Runs `body` on the demo coach's profile, then sets back every field of the update, whatever failed. */
async function withDemoProfileSetBack(page: Page, body: (original: Profile) => Promise<void>): Promise<void> {
  const original = await bffProfile(page);
  try {
    await body(original);
  } finally {
    const restore = await page.request.patch('/api/profile', { headers: csrfHeaders(), data: restoreBody(original) });
    expect(restore.status()).toBe(200);
  }
  expect(restoreBody(await bffProfile(page))).toEqual(restoreBody(original));
}

test.describe('the demo coach', () => {
  test.use({ account: DEMO });

  test('marks the section in view, and the one chosen even when the page cannot scroll it to the top', async ({ page }) => {
    // A laptop's short window: the last sections cannot be scrolled to its top.
    await page.setViewportSize({ width: 1366, height: 620 });
    await openProfileFromDrawer(page, 'desktop');
    await expect(tabs(page)).toHaveText(ALL_TABS);
    const current = page.getByRole('navigation', { name: 'Profile sections' }).locator('[aria-current="location"]');
    await expect(current).toHaveText('Details');
    for (const name of ['Two-Factor Authentication', 'Notifications', 'Web Resources', 'Web Profile', 'Password']) {
      await tabs(page)
        .filter({ hasText: new RegExp(`^${name}$`) })
        .click();
      await expect(current).toHaveText(name);
    }
    // Scrolling by hand moves the mark with the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(current).toHaveText('Details');
    await page
      .getByRole('heading', { level: 2, name: 'Assistants' })
      .evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 150));
    await expect(current).toHaveText('Assistants');
  });

  test('shows the save messages of the browser and the BFF', async ({ page }) => {
    await withDemoProfileSetBack(page, async (original) => {
      await openProfileFromDrawer(page, 'desktop');
      await expect(tabs(page)).toHaveText(ALL_TABS);
      // Where the account is signed in: this browser, marked.
      await expect(page.getByRole('region', { name: "Where you're signed in" }).getByText('This device')).toBeVisible();
      await expect(saveButton(page)).toHaveCount(0);
      await expectNoAxeViolations(page);

      // The browser's own checks: the photo, the new password.
      const picker = page.getByLabel('Add photo');
      await picker.setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await expect(page.getByRole('alert').filter({ hasText: 'Only jpg/jpeg and png files are allowed!' })).toBeVisible();
      await picker.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(8 * 1024 * 1024 + 1, 1) });
      await expect(page.getByRole('alert').filter({ hasText: 'Please ensure that your profile photo is less than 8MB.' })).toBeVisible();
      await expect(saveButton(page)).toHaveCount(0);
      await page.getByLabel('New Password', { exact: true }).fill('password1');
      await saveExpectingMessage(page, 'Update failed - password must be strong, please see guidelines above');
      await page.getByLabel('New Password', { exact: true }).fill('q7#Vx!m2Lp9z-wide');
      await expect(page.getByText('Password secure')).toBeVisible();
      await page.getByLabel('Confirm Password', { exact: true }).fill('q7#Vx!m2Lp9z-wid');
      await expect(page.getByText("Passwords don't yet match")).toBeVisible();
      await saveExpectingMessage(page, "Update failed - the confirmed password doesn't match the new password");
      // The BFF checks the current password with the legacy API: a wrong one changes nothing.
      await page.getByLabel('Confirm Password', { exact: true }).fill('q7#Vx!m2Lp9z-wide');
      await page.getByLabel('Current Password', { exact: true }).fill('not-the-password');
      await saveExpectingMessage(page, 'Update failed - your current password is incorrect');
      await expectNoAxeViolationsWithSaveBar(page);
      await saveBar(page).getByRole('button', { name: 'Discard' }).click();
      await expect(saveBar(page)).toHaveCount(0);

      // The BFF's checks, each a sentence about its field, said in the save bar and at the field: the e-mail end to end.
      // Every other refusal's sentence is the BFF's test (bff/routes/profile/profile-sandbox.test.ts), and its place in
      // the save bar and at its field the web's (web/src/features/profile/components/profile-screen.test.tsx).
      const email = page.getByLabel('Email', { exact: true });
      await email.fill('not-an-email');
      await saveExpectingMessage(page, 'Update failed - your email is invalid');
      await expect(email).toHaveAccessibleDescription('Update failed - your email is invalid');
      await email.fill(original.email);
      const business = page.getByLabel('Business name');
      await setFaults({ serverErrors: { updateCoachProfile: 503 } });
      await business.fill(`${original.businessName} (desktop)`);
      await saveExpectingMessage(page, 'The update failed unexpectedly.');
      await setFaults({});
      await expectNoAxeViolationsWithSaveBar(page);
    });
  });

  forEachLayout(LAYOUTS, (layout) => {
    test(`keeps the field being edited out from under the save bar and its message (${layout})`, async ({ page }) => {
      await page.goto('/coachportal/profile');
      await page.getByLabel('New Password', { exact: true }).fill('q7#Vx!m2Lp9z-wide');
      await expect(saveButton(page)).toBeVisible();
      // Confirm Password at the window's bottom edge, where the bar floats; then typed in.
      const confirm = page.getByLabel('Confirm Password', { exact: true });
      await confirm.evaluate((field) => window.scrollBy(0, field.getBoundingClientRect().bottom - window.innerHeight));
      await confirm.fill('q7#Vx!m2Lp9z-wid');
      const status = page.getByText("Passwords don't yet match");
      await expect(status).toBeVisible();
      await expect.poll(() => underSaveBar(confirm)).toBe(false);
      await expect.poll(() => underSaveBar(status)).toBe(false);
      // The message makes the bar taller: the field it is about stays clear of it.
      await saveExpectingMessage(page, "Update failed - the confirmed password doesn't match the new password");
      await expect.poll(() => underSaveBar(confirm)).toBe(false);
      await expect.poll(() => underSaveBar(status)).toBe(false);
      await expect(confirm).toBeInViewport();
      await saveBar(page).getByRole('button', { name: 'Discard' }).click();
      await expect(saveBar(page)).toHaveCount(0);
    });
  });

  test('saves what changed and reads it back; Web Resources copies the link and offers the stamps', async ({ page, context }) => {
    await withDemoProfileSetBack(page, async (original) => {
      await page.goto('/coachportal/profile');
      // A save of what changed, read back by the BFF (the form filled from the profile first).
      const business = page.getByLabel('Business name');
      await expect(business).toHaveValue(original.businessName);
      await business.fill(`${original.businessName} (desktop)`);
      const recipients = page.getByLabel('Extra recipients');
      const recipient = 'office.desktop@coachportal.test';
      await recipients.fill([...original.notifications.extraRecipients, recipient].join('\n'));
      await page.locator('.checkbox', { hasText: 'E-mail me about bulk assessments' }).click();
      await page.getByLabel('City').fill('Durban');
      const scope = page.getByLabel('Scope of practice');
      await scope.fill('Leadership teams');
      await expect(page.getByText('16/1000')).toBeVisible();
      await expect(scope).toHaveAttribute('maxlength', '1000');
      await expect(page.getByLabel('Public phone number')).toHaveAttribute('maxlength', '54');
      await expect(page.getByLabel('Website')).toHaveAttribute('maxlength', '254');
      await saveExpectingSuccess(page);
      // The success toast covers no action: a second change is saved at once, while it still shows.
      await business.fill(`${original.businessName} (desktop again)`);
      await expect.poll(() => saveReachableUnderToast(page)).toBe('reachable while the toast shows');
      await business.fill(`${original.businessName} (desktop)`);
      await expect(saveBar(page)).toHaveCount(0);
      const saved = await bffProfile(page);
      expect(saved.businessName).toBe(`${original.businessName} (desktop)`);
      expect(saved.notifications).toEqual({
        ...original.notifications,
        bulkAssessment: !original.notifications.bulkAssessment,
        extraRecipients: [...original.notifications.extraRecipients, recipient],
      });
      expect(saved.webProfile).toEqual({ ...original.webProfile, city: 'Durban', scopeOfPractice: 'Leadership teams' });
      await page.reload();
      // The whole page loads again (the client, the session, the profile): the field shows the saved value once it came.
      await expect(page.getByLabel('Business name')).toHaveValue(saved.businessName);
      await expectNoAxeViolations(page);

      // The Balance screen's link lands on Web Resources.
      const resources = await openWebResources(page, 'desktop');
      await expect(resources.getByRole('textbox')).toHaveValue(saved.webResources.selfRegistrationUrl);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await resources.getByRole('button', { name: 'Copy Link' }).click();
      await expect(page.getByText('Copied to clipboard', { exact: true })).toBeVisible();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(saved.webResources.selfRegistrationUrl);
      expect(saved.webResources.stamps.length).toBeGreaterThan(0);
      for (const stamp of saved.webResources.stamps) {
        const link = resources.getByRole('link', { name: `Level ${stamp.level}: ${stamp.title}` });
        await expect(link).toHaveAttribute('href', /.+/);
        // The stamp is a PNG image (not the portal's page).
        await expect(async () => {
          const file = await page.request.get((await link.getAttribute('href')) ?? '');
          expect(file.headers()['content-type']).toBe('image/png');
          expect((await file.body()).subarray(1, 4).toString()).toBe('PNG');
        }).toPass();
      }
      const policies = page.getByRole('region', { name: 'Policies' });
      await expect(policies.getByRole('link', { name: /^End-user licence agreement/ })).toHaveAttribute('target', '_blank');
      await expect(policies.getByRole('link', { name: /^Code of Conduct/ })).toHaveAttribute('target', '_blank');
    });
  });

  test("adds, edits, blocks and unblocks an assistant, who then signs in to the assistant's profile", async ({ page, visit }) => {
    const email = `e2e.desktop.${Date.now()}@coachportal.test`;
    await addAssistant(page, 'Zulu desktop', email, { everyCheck: true });
    const section = page.getByRole('region', { name: 'Assistants' });

    await section.getByRole('button', { name: 'Edit Lindiwe Zulu desktop', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Assistant' });
    await edit.getByLabel('Surname', { exact: true }).fill('Dube desktop');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Assistant saved.', { exact: true })).toBeVisible();
    const added = (await bffAssistants(page)).find((assistant) => assistant.email === email);
    expect(added).toMatchObject({ name: 'Lindiwe', surname: 'Dube desktop', isBlocked: false });

    const block = section.getByRole('checkbox', { name: 'Block Lindiwe Dube desktop', exact: true });
    // The visible box is the input's label.
    const blockBox = section.locator('.checkbox', { has: page.getByRole('checkbox', { name: 'Block Lindiwe Dube desktop', exact: true }) });
    await blockBox.click();
    await expect.poll(async () => (await bffAssistants(page)).find((assistant) => assistant.email === email)?.isBlocked).toBe(true);
    await expect(block).toBeChecked();
    // A refused unblock turns the switch back and shows 'Failed'.
    await setFaults({ serverErrors: { setAssistantBlocked: 503 } });
    await blockBox.click();
    await expect(page.getByRole('alertdialog', { name: 'Failed' })).toBeVisible();
    await expect(block).toBeChecked();
    await expectNoAxeViolations(page);
    await page.getByRole('alertdialog', { name: 'Failed' }).getByRole('button', { name: 'OK' }).click();
    await setFaults({});
    await blockBox.click();
    await expect.poll(async () => (await bffAssistants(page)).find((assistant) => assistant.email === email)?.isBlocked).toBe(false);

    // The assistant sets a password through the e-mailed link and signs in (a visitor of their own).
    await assistantSignsIn(await visit(), email, 'Assist#desktop-2026-Qx', 'desktop');
  });

  test.describe('at phone width', () => {
    test.use({ layout: 'phone' });

    test('the profile from the drawer behind Menu, its save bar and Web Resources fit a phone', async ({ page }) => {
      await openProfileFromDrawer(page, 'phone');
      await expect(tabs(page)).toHaveText(ALL_TABS);
      await expectNoAxeViolations(page);
      await page.getByLabel('Email', { exact: true }).fill('not-an-email');
      await saveExpectingMessage(page, 'Update failed - your email is invalid');
      await expectNoAxeViolationsWithSaveBar(page);
      await saveBar(page).getByRole('button', { name: 'Discard' }).click();
      await expect(saveBar(page)).toHaveCount(0);

      const resources = await openWebResources(page, 'phone');
      await expect(resources.getByRole('textbox')).toHaveValue((await bffProfile(page)).webResources.selfRegistrationUrl);
      await expectNoAxeViolations(page);
    });

    test("the assistant dialogs fit a phone, and the assistant's profile opens from the phone's drawer", async ({ page, visit }) => {
      const email = `e2e.phone.${Date.now()}@coachportal.test`;
      await addAssistant(page, 'Zulu phone', email, { everyCheck: false });
      const section = page.getByRole('region', { name: 'Assistants' });
      await section.getByRole('button', { name: 'Edit Lindiwe Zulu phone', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Assistant' });
      await expect(edit.getByLabel('Surname', { exact: true })).toHaveValue('Zulu phone');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(edit).toHaveCount(0);

      // A refused block: the switch stays off and 'Failed' shows.
      await setFaults({ serverErrors: { setAssistantBlocked: 503 } });
      const block = section.getByRole('checkbox', { name: 'Block Lindiwe Zulu phone', exact: true });
      await section.locator('.checkbox', { has: page.getByRole('checkbox', { name: 'Block Lindiwe Zulu phone', exact: true }) }).click();
      const failed = page.getByRole('alertdialog', { name: 'Failed' });
      await expect(failed).toBeVisible();
      await expect(block).not.toBeChecked();
      await expectNoAxeViolations(page);
      await failed.getByRole('button', { name: 'OK' }).click();
      await setFaults({});

      await assistantSignsIn(await visit(), email, 'Assist#phone-2026-Qx', 'phone');
    });
  });
});

// The profile coach signs in on its own page (no shared session): the tests change its password and two-factor.
test.describe('the profile coach', () => {
  test('changes the password, saves a photo, and sets two-factor up with a real code and turns it off', async ({ page, visit }) => {
    await signIn(page, PROFILE_COACH);
    const newPassword = 'Profile#desktop-2026-Qx';
    let current = PASSWORD;
    try {
      await page.goto('/coachportal/profile');
      await expect(page.getByRole('heading', { level: 2, name: 'Password' })).toBeVisible();

      // The password: changed, signed in with, and set back.
      const changePassword = async (from: string, to: string) => {
        await page.getByLabel('Current Password', { exact: true }).fill(from);
        await page.getByLabel('New Password', { exact: true }).fill(to);
        await page.getByLabel('Confirm Password', { exact: true }).fill(to);
        await expect(page.getByText('Password secure')).toBeVisible();
        await expect(page.getByText('Passwords match')).toBeVisible();
        await saveExpectingSuccess(page);
        current = to;
        await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('');
      };
      await changePassword(PASSWORD, newPassword);
      // Another visitor (an address of its own for the sign-in rate limits).
      const other = (await visit()).request;
      expect((await createSession(other, PROFILE_COACH, newPassword)).body.outcome).toBe('signedIn');
      expect((await createSession(other, PROFILE_COACH, PASSWORD)).status).toBe(401);
      await changePassword(newPassword, PASSWORD);

      // The photo, saved with Save Changes and read from the BFF.
      const photoUrl = await savePhoto(page);
      const photo = await page.request.get(photoUrl);
      expect(photo.headers()['content-type']).toBe('image/png');
      await expect(page.getByRole('img', { name: 'Nomvula Sithole (profile)' })).toHaveAttribute('src', /\/api\/profile\/photo\?v=/);
      await expectDrawerAvatar(page, photoUrl, 'desktop');

      // Two-factor: the QR code and the secret, a wrong code, then the authenticator's code.
      const section = page.getByRole('region', { name: 'Two-Factor Authentication' });
      const secret = await startTwoFactor(page);
      const qr = section.getByRole('img', { name: 'QR code for your authenticator app' });
      await expectNoAxeViolations(page);
      const now = Math.floor(Date.now() / 1000);
      const valid = new Set([-30, 0, 30].map((shift) => generateSync({ secret, epoch: now + shift, period: 30 })));
      const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code)) as string;
      await section.getByLabel('Code', { exact: true }).fill(wrong);
      await section.getByRole('button', { name: 'Verify' }).click();
      await expect(section.getByRole('alert').filter({ hasText: 'Code not correct - please try again' })).toBeVisible();
      await section.getByLabel('Code', { exact: true }).fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000), period: 30 }));
      await section.getByRole('button', { name: 'Verify' }).click();
      await expect(section.getByRole('button', { name: 'Turn off two-factor authentication' })).toBeVisible();
      await expect(qr).toHaveCount(0);
      expect((await bffProfile(page)).twoFactorEnabled).toBe(true);
      expect((await createSession(other, PROFILE_COACH, PASSWORD)).body.outcome).toBe('twoFactorRequired');
      await expectNoAxeViolations(page);

      // Turning it off asks first: Cancel keeps it on.
      await section.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
      const question = page.getByRole('alertdialog', { name: 'Turn off two-factor authentication?' });
      await expect(question).toBeVisible();
      await expectNoAxeViolations(page);
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(question).toHaveCount(0);
      expect((await bffProfile(page)).twoFactorEnabled).toBe(true);
      await section.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
      await question.getByRole('button', { name: 'Turn off', exact: true }).click();
      await expect(section.getByRole('button', { name: 'Turn on two-factor authentication' })).toBeVisible();
      expect((await bffProfile(page)).twoFactorEnabled).toBe(false);
    } finally {
      await resetProfileCoach(page, current);
    }
  });

  test.describe('at phone width', () => {
    test.use({ layout: 'phone' });

    test("two-factor set-up fits a phone, and the phone's drawer behind Menu shows the saved photo", async ({ page }) => {
      await signIn(page, PROFILE_COACH);
      try {
        await page.goto('/coachportal/profile');
        await expect(page.getByRole('heading', { level: 2, name: 'Password' })).toBeVisible();
        await expectDrawerAvatar(page, await savePhoto(page), 'phone');
        await startTwoFactor(page);
        await expectNoAxeViolations(page);
      } finally {
        await resetProfileCoach(page, PASSWORD);
      }
    });
  });
});

test.describe('a coach limited to the mini-assessment', () => {
  test.use({ account: 'mini@coachportal.test' });

  forEachLayout(LAYOUTS, (layout) => {
    test('sees no Notifications, Web Resources or Web Profile', async ({ page }) => {
      await openProfileFromDrawer(page, layout);
      await expect(tabs(page)).toHaveText([
        'Details',
        'Password',
        'Two-Factor Authentication',
        "Where you're signed in",
        'Assistants',
        'Policies',
      ]);
      await expect(page.getByRole('region', { name: 'Web Resources' })).toHaveCount(0);
      await expect(page.getByLabel('Extra recipients')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  });
});
