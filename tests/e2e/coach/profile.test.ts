// The Profile screen (spec coach-shell §2.12, §3, §4 "Two-factor", "Assistant blocked/unblocked", "Profile", §5,
// §6, §8): reached from the coach's name in the drawer; every save message of §5/§8 from the browser's checks and
// the BFF's, and a save the BFF reads back (demo coach, set back afterwards); a password change, a photo and
// two-factor set-up with a real TOTP code, then turned off (profile@coachportal.test, a coach only this file
// changes, set back afterwards); an assistant added, edited, blocked and unblocked, who then sets a password
// through the e-mailed link and signs in to a profile without Details, Assistants, Notifications or Web
// Profile; and a coach limited to the mini-assessment. Desktop and phone, axe on every state.
import { generateSync } from 'otplib';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { PASSWORD, resetLinkFromOutbox } from '../auth/auth-steps.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES, VIEWPORTS } from '../support/browser.ts';

type Profile = components['schemas']['Profile'];
type Assistant = components['schemas']['Assistant'];

const browser = startChromiumForFile();
const PROFILE_COACH = 'profile@coachportal.test';
const SAVED = 'Your changes have been saved.';
const ALL_TABS = [
  'Details',
  'Password',
  'Two-Factor Authentication',
  'Assistants',
  'Policies',
  'Notifications',
  'Web Resources',
  'Web Profile',
];
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function setFaults(switches: object | null): Promise<void> {
  const response = await fetch(new URL('/__sandbox/faults', inject('sandboxUrl')), {
    method: switches ? 'PUT' : 'DELETE',
    headers: switches ? { 'Content-Type': 'application/json' } : {},
    body: switches ? JSON.stringify(switches) : null,
  });
  expect(response.ok).toBe(true);
}
afterEach(() => setFaults(null));

const csrf = (portal: PortalPage) => ({ 'X-CSRF': '1', Origin: new URL(portal.url('/')).origin });

/** POST /api/session as the sign-in form does; answers the outcome. */
async function createSession(request: APIRequestContext, portal: PortalPage, email: string, password: string, twoFactorCode?: string) {
  const response = await request.post(portal.url('/api/session'), {
    headers: csrf(portal),
    data: { email, password, ...(twoFactorCode ? { twoFactorCode } : {}) },
  });
  return { status: response.status(), body: (await response.json()) as { outcome?: string } };
}

async function signIn(portal: PortalPage, email: string, password = PASSWORD): Promise<Page> {
  const { page } = portal;
  const { status } = await createSession(page.request, portal, email, password);
  expect(status).toBe(200);
  await page.goto(portal.url('/coachportal/dashboard'));
  await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
  return page;
}

/** The coach's name at the top of the drawer opens the profile (the phone's drawer opens from Menu). */
async function openProfileFromDrawer(page: Page, viewport: string): Promise<void> {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /: profile$/ })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
}

async function bffProfile(portal: PortalPage): Promise<Profile> {
  const response = await portal.page.request.get(portal.url('/api/profile'));
  expect(response.status()).toBe(200);
  return response.json();
}

async function bffAssistants(portal: PortalPage): Promise<Assistant[]> {
  const response = await portal.page.request.get(portal.url('/api/assistants'));
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

const tabsOf = (page: Page) => page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link').allInnerTexts();
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Changes' });
const saveBar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });

/** Save Changes, then the inline message of the floating bar. */
async function saveExpectingMessage(page: Page, message: string): Promise<void> {
  await saveButton(page).click();
  await saveBar(page).getByRole('alert').filter({ hasText: message }).waitFor();
  expect(await saveBar(page).getByRole('alert').innerText()).toBe(message);
}

async function saveExpectingSuccess(page: Page): Promise<void> {
  await saveButton(page).click();
  await page.getByText(SAVED, { exact: true }).waitFor();
  await saveBar(page).waitFor({ state: 'detached' });
}

/** The demo coach's fields as they were: every field of the update, sent back by the BFF. */
function restoreBody(profile: Profile) {
  const { name, surname, email, businessName, phoneNumber, postalAddress, vatNumber, companyRegNumber, notifications, webProfile } =
    profile;
  return { name, surname, email, businessName, phoneNumber, postalAddress, vatNumber, companyRegNumber, notifications, webProfile };
}

describe.each(VIEWPORT_NAMES)('profile at %s size', (viewport) => {
  it('shows the save messages of the browser and the BFF, saves what changed and reads it back', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal, 'demo@coachportal.test');
    const original = await bffProfile(portal);
    try {
      await openProfileFromDrawer(page, viewport);
      await expect.poll(() => tabsOf(page)).toEqual(ALL_TABS);
      expect(await saveButton(page).count()).toBe(0);
      await expectNoAxeViolations(page);

      // The browser's own checks: the photo, the new password.
      const picker = page.getByLabel('Add photo');
      await picker.setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await page.getByRole('alert').filter({ hasText: 'Only jpg/jpeg and png files are allowed!' }).waitFor();
      await picker.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(8 * 1024 * 1024 + 1, 1) });
      await page.getByRole('alert').filter({ hasText: 'Please ensure that your profile photo is less than 8MB.' }).waitFor();
      expect(await saveButton(page).count()).toBe(0);
      await page.getByLabel('New Password', { exact: true }).fill('password1');
      await saveExpectingMessage(page, 'Update failed - password must be strong, please see guidelines above');
      await page.getByLabel('New Password', { exact: true }).fill('q7#Vx!m2Lp9z-wide');
      await page.getByText('Password secure').waitFor();
      await page.getByLabel('Confirm Password', { exact: true }).fill('q7#Vx!m2Lp9z-wid');
      await page.getByText("Passwords don't yet match").waitFor();
      await saveExpectingMessage(page, "Update failed - the confirmed password doesn't match the new password");
      // The BFF checks the current password with the legacy API: a wrong one changes nothing.
      await page.getByLabel('Confirm Password', { exact: true }).fill('q7#Vx!m2Lp9z-wide');
      await page.getByLabel('Current Password', { exact: true }).fill('not-the-password');
      await saveExpectingMessage(page, 'Update failed - your current password is incorrect');
      await expectNoAxeViolationsWithSaveBar(page);
      await saveBar(page).getByRole('button', { name: 'Discard' }).click();
      await saveBar(page).waitFor({ state: 'detached' });

      // The BFF's checks.
      const email = page.getByLabel('Email', { exact: true });
      await email.fill('not-an-email');
      await saveExpectingMessage(page, 'Update failed - your email is invalid');
      await email.fill(original.email);
      const recipients = page.getByLabel('Extra recipients');
      await recipients.fill('office@coachportal.test\nnot-an-email');
      await saveExpectingMessage(page, 'Invalid emails: not-an-email');
      await recipients.fill(Array.from({ length: 12 }, (_, n) => `recipient.number.${n}@coachportal.test`).join('\n'));
      await saveExpectingMessage(page, 'You cannot specify so many email recipients');
      await recipients.fill(original.notifications.extraRecipients.join('\n'));
      const business = page.getByLabel('Business name');
      await business.fill(`${original.businessName} 😀`);
      await saveExpectingMessage(
        page,
        'The update failed. Please remove all emojis - the system does not currently allow for saving emojis.',
      );
      await setFaults({ serverErrors: { updateCoachProfile: 503 } });
      await business.fill(`${original.businessName} (${viewport})`);
      await saveExpectingMessage(page, 'The update failed unexpectedly.');
      await setFaults(null);
      await expectNoAxeViolationsWithSaveBar(page);

      // A save of what changed, read back by the BFF.
      const recipient = `office.${viewport}@coachportal.test`;
      await recipients.fill([...original.notifications.extraRecipients, recipient].join('\n'));
      await page.locator('.checkbox', { hasText: 'E-mail me about bulk assessments' }).click();
      await page.getByLabel('City').fill('Durban');
      const scope = page.getByLabel('Scope of practice');
      await scope.fill('Leadership teams');
      await page.getByText('16/1000').waitFor();
      expect(await scope.getAttribute('maxlength')).toBe('1000');
      expect(await page.getByLabel('Public phone number').getAttribute('maxlength')).toBe('54');
      expect(await page.getByLabel('Website').getAttribute('maxlength')).toBe('254');
      await saveExpectingSuccess(page);
      const saved = await bffProfile(portal);
      expect(saved.businessName).toBe(`${original.businessName} (${viewport})`);
      expect(saved.notifications).toEqual({
        ...original.notifications,
        bulkAssessment: !original.notifications.bulkAssessment,
        extraRecipients: [...original.notifications.extraRecipients, recipient],
      });
      expect(saved.webProfile).toEqual({ ...original.webProfile, city: 'Durban', scopeOfPractice: 'Leadership teams' });
      await page.reload();
      // The whole page loads again (the client, the session, the profile): on a loaded machine that can take longer
      // than a poll, so the field is awaited first.
      await page.getByLabel('Business name').waitFor();
      await expect.poll(() => page.getByLabel('Business name').inputValue()).toBe(saved.businessName);
      await expectNoAxeViolations(page);

      // The Balance screen's link lands on Web Resources.
      await page.goto(portal.url('/coachportal/profile#webResourcesSection'));
      const resources = page.getByRole('region', { name: 'Web Resources' });
      await resources.getByRole('button', { name: 'Copy Link' }).waitFor();
      await expect.poll(async () => (await resources.boundingBox())?.y ?? -1).toBeLessThan(VIEWPORTS[viewport].height / 2);
      expect(await resources.getByRole('textbox').inputValue()).toBe(saved.webResources.selfRegistrationUrl);
      await portal.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await resources.getByRole('button', { name: 'Copy Link' }).click();
      await page.getByText('Copied to clipboard', { exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(saved.webResources.selfRegistrationUrl);
      expect(saved.webResources.stamps.length).toBeGreaterThan(0);
      for (const stamp of saved.webResources.stamps) {
        const link = resources.getByRole('link', { name: `Level ${stamp.level}: ${stamp.title}` });
        await link.waitFor();
        // The stamp is a PNG image (not the portal's page).
        const file = await page.request.get((await link.getAttribute('href')) ?? '');
        expect(file.headers()['content-type']).toBe('image/png');
        expect((await file.body()).subarray(1, 4).toString()).toBe('PNG');
      }
      const policies = page.getByRole('region', { name: 'Policies' });
      expect(await policies.getByRole('link', { name: /^End-user licence agreement/ }).getAttribute('target')).toBe('_blank');
      expect(await policies.getByRole('link', { name: /^Code of Conduct/ }).getAttribute('target')).toBe('_blank');
    } finally {
      const restore = await page.request.patch(portal.url('/api/profile'), { headers: csrf(portal), data: restoreBody(original) });
      expect(restore.status()).toBe(200);
    }
    expect(restoreBody(await bffProfile(portal))).toEqual(restoreBody(original));
    await portal.close();
  });

  it('changes the password, saves a photo, and sets two-factor up with a real code and turns it off', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal, PROFILE_COACH);
    const newPassword = `Profile#${viewport}-2026-Qx`;
    let current = PASSWORD;
    try {
      await page.goto(portal.url('/coachportal/profile'));
      await page.getByRole('heading', { level: 2, name: 'Password' }).waitFor();

      // The password: changed, signed in with, and set back.
      const changePassword = async (from: string, to: string) => {
        await page.getByLabel('Current Password', { exact: true }).fill(from);
        await page.getByLabel('New Password', { exact: true }).fill(to);
        await page.getByLabel('Confirm Password', { exact: true }).fill(to);
        await page.getByText('Password secure').waitFor();
        await page.getByText('Passwords match').waitFor();
        await saveExpectingSuccess(page);
        current = to;
        expect(await page.getByLabel('New Password', { exact: true }).inputValue()).toBe('');
      };
      await changePassword(PASSWORD, newPassword);
      // Another visitor (an address of its own for the sign-in rate limits).
      const otherPortal = await openPortal(browser(), viewport);
      const other = otherPortal.context;
      expect((await createSession(other.request, portal, PROFILE_COACH, newPassword)).body.outcome).toBe('signedIn');
      expect((await createSession(other.request, portal, PROFILE_COACH, PASSWORD)).status).toBe(401);
      await changePassword(newPassword, PASSWORD);

      // The photo, saved with Save Changes and read from the BFF.
      await page.getByLabel(/^(Add|Change) photo$/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('New photo: saved with Save Changes.').waitFor();
      await saveExpectingSuccess(page);
      const photoUrl = (await bffProfile(portal)).photoUrl;
      expect(photoUrl).toMatch(/^\/api\/profile\/photo\?v=/);
      const photo = await page.request.get(portal.url(photoUrl as string));
      expect(photo.headers()['content-type']).toBe('image/png');
      await expect
        .poll(() => page.getByRole('img', { name: 'Nomvula Sithole (profile)' }).getAttribute('src'))
        .toContain('/api/profile/photo?v=');
      // The drawer's avatar shows it too, also after a reload (the session carries it).
      await page.reload();
      await page.getByRole('heading', { level: 2, name: 'Password' }).waitFor();
      if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      const avatar = page.getByRole('link', { name: /: profile$/ }).locator('img');
      expect(await avatar.getAttribute('src')).toBe(photoUrl);
      await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
      if (viewport === 'phone') await page.keyboard.press('Escape');

      // Two-factor: the QR code and the secret, a wrong code, then the authenticator's code.
      const section = page.getByRole('region', { name: 'Two-Factor Authentication' });
      await section.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
      const qr = section.getByRole('img', { name: 'QR code for your authenticator app' });
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      const secret = (await section.locator('code').innerText()).trim();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await expectNoAxeViolations(page);
      const now = Math.floor(Date.now() / 1000);
      const valid = new Set([-30, 0, 30].map((shift) => generateSync({ secret, epoch: now + shift, period: 30 })));
      const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code)) as string;
      await section.getByLabel('Code', { exact: true }).fill(wrong);
      await section.getByRole('button', { name: 'Verify' }).click();
      await section.getByRole('alert').filter({ hasText: 'Code not correct - please try again' }).waitFor();
      await section.getByLabel('Code', { exact: true }).fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000), period: 30 }));
      await section.getByRole('button', { name: 'Verify' }).click();
      await section.getByRole('button', { name: 'Turn off two-factor authentication' }).waitFor();
      expect(await qr.count()).toBe(0);
      expect((await bffProfile(portal)).twoFactorEnabled).toBe(true);
      expect((await createSession(other.request, portal, PROFILE_COACH, PASSWORD)).body.outcome).toBe('twoFactorRequired');
      await otherPortal.close();
      await expectNoAxeViolations(page);

      await section.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
      await section.getByRole('button', { name: 'Turn on two-factor authentication' }).waitFor();
      expect((await bffProfile(portal)).twoFactorEnabled).toBe(false);
    } finally {
      // Whatever failed, the coach is left as seeded: two-factor off, the seeded password.
      await page.request.delete(portal.url('/api/profile/two-factor'), { headers: csrf(portal) });
      if (current !== PASSWORD) {
        await page.request.patch(portal.url('/api/profile'), {
          headers: csrf(portal),
          data: { password: { current, new: PASSWORD, confirm: PASSWORD } },
        });
      }
    }
    await portal.close();
  });

  it("adds, edits, blocks and unblocks an assistant, who then signs in to the assistant's profile", async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal, 'demo@coachportal.test');
    await page.goto(portal.url('/coachportal/profile#assistantsSection'));
    const section = page.getByRole('region', { name: 'Assistants' });
    await section.getByRole('button', { name: 'Add Assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Assistant' });
    await dialog.getByRole('button', { name: 'Add Assistant' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please fill in all fields: name, surname, and email.' }).waitFor();
    const email = `e2e.${viewport}.${Date.now()}@coachportal.test`;
    await dialog.getByLabel('Name', { exact: true }).fill('Lindiwe');
    await dialog.getByLabel('Surname', { exact: true }).fill(`Zulu ${viewport}`);
    await dialog.getByLabel('Email', { exact: true }).fill('lindiwe@');
    await dialog.getByRole('button', { name: 'Add Assistant' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please enter a valid email address.' }).waitFor();
    expect(await dialog.getByLabel('Email', { exact: true }).getAttribute('maxlength')).toBe('45');
    await expectNoAxeViolations(page);
    // An e-mail in use is the legacy API's refusal.
    await dialog.getByLabel('Email', { exact: true }).fill('demo@coachportal.test');
    await dialog.getByRole('button', { name: 'Add Assistant' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /^Requesting assistant failed: / })
      .waitFor();
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByRole('button', { name: 'Add Assistant' }).click();
    await page.getByText('Your assistant has been added and will receive an e-mail to set a password.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await section.getByRole('row', { name: `Lindiwe Zulu ${viewport}`, exact: false }).waitFor();

    await section.getByRole('button', { name: `Edit Lindiwe Zulu ${viewport}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Assistant' });
    await edit.getByLabel('Surname', { exact: true }).fill(`Dube ${viewport}`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Assistant saved.', { exact: true }).waitFor();
    const added = (await bffAssistants(portal)).find((assistant) => assistant.email === email);
    expect(added).toMatchObject({ name: 'Lindiwe', surname: `Dube ${viewport}`, isBlocked: false });

    const block = section.getByRole('checkbox', { name: `Block Lindiwe Dube ${viewport}`, exact: true });
    // The visible box is the input's label.
    const blockBox = section.locator('.checkbox', {
      has: page.getByRole('checkbox', { name: `Block Lindiwe Dube ${viewport}`, exact: true }),
    });
    await blockBox.click();
    await expect.poll(async () => (await bffAssistants(portal)).find((assistant) => assistant.email === email)?.isBlocked).toBe(true);
    await expect.poll(() => block.isChecked()).toBe(true);
    // A refused unblock turns the switch back and shows 'Failed'.
    await setFaults({ serverErrors: { setAssistantBlocked: 503 } });
    await blockBox.click();
    await page.getByRole('alertdialog', { name: 'Failed' }).waitFor();
    await expect.poll(() => block.isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('alertdialog', { name: 'Failed' }).getByRole('button', { name: 'OK' }).click();
    await setFaults(null);
    await blockBox.click();
    await expect.poll(async () => (await bffAssistants(portal)).find((assistant) => assistant.email === email)?.isBlocked).toBe(false);
    await portal.close();

    // The assistant sets a password through the e-mailed link and signs in.
    const assistantPortal = await openPortal(browser(), viewport);
    const assistantPage = assistantPortal.page;
    const password = `Assist#${viewport}-2026-Qx`;
    await assistantPage.goto(assistantPortal.url(await resetLinkFromOutbox(email)));
    await assistantPage.getByLabel('New Password', { exact: true }).fill(password);
    await assistantPage.getByLabel('Confirm Password', { exact: true }).fill(password);
    await assistantPage.getByText('Password secure').waitFor();
    await assistantPage.getByRole('button', { name: 'Update Password' }).click();
    await assistantPage.getByRole('button', { name: 'Sign In' }).waitFor();
    await signIn(assistantPortal, email, password);
    await openProfileFromDrawer(assistantPage, viewport);
    await assistantPage.getByRole('heading', { level: 2, name: `Password (${email})` }).waitFor();
    expect(await tabsOf(assistantPage)).toEqual(['Password', 'Two-Factor Authentication', 'Policies', 'Web Resources']);
    for (const hidden of ['Details', 'Assistants', 'Notifications', 'Web Profile'])
      expect(await assistantPage.getByRole('region', { name: hidden, exact: true }).count()).toBe(0);
    expect(await assistantPage.getByLabel('Business name').count()).toBe(0);
    await expectNoAxeViolations(assistantPage);
    await assistantPortal.close();
  });

  it('shows a coach limited to the mini-assessment no Notifications, Web Resources or Web Profile', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal, 'mini@coachportal.test');
    await openProfileFromDrawer(page, viewport);
    await expect.poll(() => tabsOf(page)).toEqual(['Details', 'Password', 'Two-Factor Authentication', 'Assistants', 'Policies']);
    expect(await page.getByRole('region', { name: 'Web Resources' }).count()).toBe(0);
    expect(await page.getByLabel('Extra recipients').count()).toBe(0);
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
