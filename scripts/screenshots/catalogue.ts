import { SEED_COACHES } from '../../sandbox/seed/accounts.ts';
import { SEED_POLICY } from '../../sandbox/seed/extras.ts';
import { type CoachScreen, SCREENS } from '../../web/src/lib/screens.ts';
import {
  ACCOUNT_NAMES,
  type AssessmentList,
  assessmentDialog,
  BY_NAME,
  completedClient,
  dialogShot,
  enneagramGuest,
  firstRow,
  firstTeam,
  heading,
  manifestScreenStates,
  menuItem,
  NOT_INVITED,
  openFindAnything,
  own,
  type PairList,
  PLACED,
  pendingCheckout,
  pickAssessments,
  REPORTS,
  screenStates,
  signIn,
  startMini,
  text,
  toolbarButton,
  withReports,
} from './catalogue-kit.ts';
import { INSIGHT_SHOTS } from './insights.ts';
import { dataRows, errorAlert, failCall, get, portalPath, post, type Shot, settled, shownDialog, tickRow, WIDTHS } from './shots.ts';

export const CATALOGUE: readonly Shot[] = [
  // ---- the coach screens ----
  ...screenStates({
    screen: 'dashboard',
    title: 'Dashboard',
    path: '/dashboard',
    call: get('/api/dashboard'),
    loaded: (page) => page.getByRole('link', { name: /^Not invited yet \d+$/ }),
    empty: (page) => page.getByRole('link', { name: /^Not invited yet 0$/ }),
  }),
  // The dashboard's pipeline panel: its own call, after the tiles' (loading and error are the panel's alone).
  ...screenStates({
    screen: 'dashboard-pipeline',
    title: 'Dashboard: pipeline panel',
    path: '/dashboard',
    call: get('/api/dashboard/pipeline'),
    loaded: (page) => page.getByRole('link', { name: /^\d[\d,]* Added: show in Assessments$/ }),
    empty: (page) => page.getByText(/^No assessments were added in the last \d+ days\.$/),
  }),
  {
    screen: 'dashboard-pipeline',
    title: 'Dashboard: pipeline panel',
    address: portalPath('/assessments?stage=nudgeInvited&days=90&olderThan=7'),
    state: 'followed',
    caption: 'A "needs a nudge" number followed: the assessments table on exactly its rows, the slice named above it.',
    account: 'demo',
    fullPage: true,
    take: async (page) => {
      await page.goto(portalPath('/dashboard'));
      await page.getByRole('link', { name: /^\d[\d,]* Invited, not started, added 7 or more days ago: show in Assessments$/ }).click();
      await page.getByText(/Invited, not started, added 7 or more days ago · added in the last 90 days$/).waitFor();
      await firstRow(page).waitFor();
      await settled(page);
    },
  },
  {
    screen: 'dashboard',
    title: 'Dashboard',
    address: portalPath('/dashboard'),
    state: 'loaded-assistant',
    caption: `Loaded: ${ACCOUNT_NAMES.assistant}, with what they can do for the coach.`,
    account: 'assistant',
    fullPage: true,
    take: async (page) => {
      await page.goto(portalPath('/dashboard'));
      await page
        .getByRole('region', { name: /^What you can do for / })
        .getByRole('link')
        .first()
        .waitFor();
      await settled(page);
    },
  },
  {
    screen: 'dashboard',
    title: 'Dashboard',
    address: portalPath('/dashboard'),
    state: 'loaded-mini-only',
    caption: `Loaded: ${ACCOUNT_NAMES.miniOnly}: their link, the latest mini-assessments and their pipeline.`,
    account: 'miniOnly',
    fullPage: true,
    take: async (page) => {
      await page.goto(portalPath('/dashboard'));
      const latest = page.getByRole('region', { name: 'Latest mini-assessments' });
      await latest.getByRole('listitem').first().or(latest.getByText('No mini-assessments yet. Share your link to start.')).waitFor();
      await page.getByRole('region', { name: 'Pipeline' }).getByText('Needs a nudge').waitFor();
      await settled(page);
    },
  },

  // ---- the frame around every coach screen (before Messages, which reads the messages the dashboard's alert shows) ----
  dialogShot({
    screen: 'frame',
    title: 'The coach frame (every coach screen)',
    name: 'Menu',
    caption: 'the drawer opened from Menu (phone).',
    widths: ['phone'],
    open: async (page) => {
      await page.goto(portalPath('/dashboard'));
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Leave A Message' }).waitFor();
    },
  }),
  dialogShot({
    screen: 'frame',
    title: 'The coach frame (every coach screen)',
    name: 'Leave A Message',
    caption: 'from the drawer (behind Menu on a phone).',
    open: async (page) => {
      await page.goto(portalPath('/dashboard'));
      // On a phone the drawer is behind Menu.
      if (page.viewportSize()?.width === WIDTHS.phone.width) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Leave A Message' }).click();
      await shownDialog(page, 'Leave A Message');
    },
  }),
  dialogShot({
    screen: 'frame',
    title: 'The coach frame (every coach screen)',
    name: 'Leave A Message field errors',
    caption: 'Send pressed with nothing chosen or written: the spec’s text at the category and the message, the category focused.',
    open: async (page) => {
      await page.goto(portalPath('/dashboard'));
      if (page.viewportSize()?.width === WIDTHS.phone.width) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Leave A Message' }).click();
      const dialog = await shownDialog(page, 'Leave A Message');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByText('Please select a category and enter a message.').first().waitFor();
    },
  }),
  dialogShot({
    screen: 'frame',
    title: 'The coach frame (every coach screen)',
    name: 'Policies to sign or accept',
    caption: 'the policies modal over the dashboard (a policy to sign, not put off).',
    showModals: 'policies',
    open: async (page) => {
      await page.goto(portalPath('/dashboard'));
      await shownDialog(page, 'Policies to sign or accept');
    },
  }),
  dialogShot({
    screen: 'frame',
    title: 'The coach frame (every coach screen)',
    name: 'Messages to acknowledge',
    caption: 'the dashboard’s alert (the demo coach’s unread messages, not put off).',
    showModals: 'messages',
    open: async (page) => {
      await page.goto(portalPath('/dashboard'));
      await shownDialog(page, 'Messages to acknowledge', 'alertdialog');
    },
  }),

  // ---- the find-anything palette (Ctrl/Cmd+K, the top bar's search button) ----
  dialogShot({
    screen: 'find-anything',
    title: 'Find anything (every coach screen)',
    name: 'Find anything',
    caption: 'opened from the top bar: the screens and actions of the drawer.',
    open: async (page) => {
      await openFindAnything(page);
    },
  }),
  dialogShot({
    screen: 'find-anything',
    title: 'Find anything (every coach screen)',
    name: 'Find anything: results',
    caption: 'a search: the records by kind, as the BFF ranked them, the matches marked.',
    open: async (page) => {
      const palette = await openFindAnything(page);
      await palette.getByRole('combobox').fill('an');
      await palette.getByRole('group', { name: 'Assessments' }).waitFor();
    },
  }),
  dialogShot({
    screen: 'find-anything',
    title: 'Find anything (every coach screen)',
    name: 'Find anything: an assessment’s actions',
    caption: 'an assessment’s Actions chip (or Tab on it): its actions, each opening the assessments table’s dialog.',
    open: async (page, bff) => {
      const list = await bff.get<AssessmentList>('demo', '/api/assessments');
      const row = list.items.find((item) => !item.receivedFromAnotherCoach);
      if (!row) throw new Error('the demo coach has no assessment of their own');
      const palette = await openFindAnything(page);
      await palette.getByRole('combobox').fill(row.clientEmail);
      const option = palette.getByRole('group', { name: 'Assessments' }).getByRole('option').first();
      await option.getByText('Actions', { exact: true }).click();
      await palette.getByRole('listbox', { name: /^Actions for / }).waitFor();
    },
  }),

  ...screenStates({
    screen: 'assessments',
    title: 'Assessments',
    path: '/assessments',
    call: get('/api/assessments'),
    loaded: firstRow,
    empty: (page) => text(page, 'No assessments found.'),
  }),
  assessmentDialog('Add Assessment for New Client', 'the Add menu, nothing selected.', async (page) => {
    await page.goto(portalPath(`/assessments?${BY_NAME}`));
    await firstRow(page).waitFor();
    await menuItem(page, 'Add', 'Add Assessment for New Client');
    await shownDialog(page, 'Add Assessment for New Client');
  }),
  assessmentDialog(
    'Add Assessment for New Client field errors',
    'Add pressed with nothing filled in: the spec’s text at the name, surname and e-mail and at the assessment, the name focused.',
    async (page) => {
      await page.goto(portalPath(`/assessments?${BY_NAME}`));
      await firstRow(page).waitFor();
      await menuItem(page, 'Add', 'Add Assessment for New Client');
      const dialog = await shownDialog(page, 'Add Assessment for New Client');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.getByText('Please select an Assessment').waitFor();
    },
  ),
  assessmentDialog('Add Assessment to Existing Client', 'the Add menu, one own assessment selected.', async (page, bff) => {
    await pickAssessments(page, bff, BY_NAME, own);
    await menuItem(page, 'Add', 'Add Assessment to Existing Client');
    await shownDialog(page, 'Add Assessment to Existing Client');
  }),
  assessmentDialog('Add Pairs', 'the Add menu, two clients’ assessments selected.', async (page, bff) => {
    await pickAssessments(page, bff, BY_NAME, own, 2);
    await menuItem(page, 'Add', 'Add Pairs');
    await shownDialog(page, 'Add Pairs');
  }),
  assessmentDialog(
    'Add Pairs field errors',
    'Add Pairs pressed without a due date: the spec’s text at the due date, focused.',
    async (page, bff) => {
      await pickAssessments(page, bff, BY_NAME, own, 2);
      await menuItem(page, 'Add', 'Add Pairs');
      const dialog = await shownDialog(page, 'Add Pairs');
      await dialog.getByRole('button', { name: 'Add Pairs' }).click();
      await dialog.getByText('Please specify a due date.').waitFor();
    },
  ),
  assessmentDialog('Import Results', 'the Add menu, nothing selected.', async (page) => {
    await page.goto(portalPath(`/assessments?${BY_NAME}`));
    await firstRow(page).waitFor();
    await menuItem(page, 'Add', 'Import Results');
    await shownDialog(page, 'Import Results');
  }),
  assessmentDialog(
    'Bulk Add Clients and Assessments',
    'the Add menu (desktop only).',
    async (page) => {
      await page.goto(portalPath(`/assessments?${BY_NAME}`));
      await firstRow(page).waitFor();
      await menuItem(page, 'Add', 'Bulk Add Clients and Assessments');
      await shownDialog(page, /Bulk Add/);
    },
    { widths: ['desktop'] },
  ),
  assessmentDialog('Send Invites/Reminders', 'one assessment not invited yet selected.', async (page, bff) => {
    await pickAssessments(page, bff, NOT_INVITED, own);
    await toolbarButton(page, 'Send Invites/Reminders');
    await shownDialog(page, 'Send Invites/Reminders');
  }),
  assessmentDialog('Send Reports', 'one completed assessment with its reports selected.', async (page, bff) => {
    await pickAssessments(page, bff, REPORTS, withReports);
    await toolbarButton(page, 'Send Reports');
    await shownDialog(page, 'Send Reports');
  }),
  assessmentDialog('Download Reports', 'one completed assessment with its reports selected.', async (page, bff) => {
    await pickAssessments(page, bff, REPORTS, withReports);
    await toolbarButton(page, 'Download Reports');
    await shownDialog(page, 'Download Reports');
  }),
  assessmentDialog(
    'Send Reports field errors',
    'Send pressed with no report chosen: the spec’s text under the reports, the first focused.',
    async (page, bff) => {
      await pickAssessments(page, bff, REPORTS, withReports);
      await toolbarButton(page, 'Send Reports');
      const dialog = await shownDialog(page, 'Send Reports');
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      await dialog.getByText('Please select a report', { exact: true }).waitFor();
    },
  ),
  assessmentDialog(
    'Download Reports field errors',
    'Download pressed with no report chosen: the spec’s text under the reports, the first focused.',
    async (page, bff) => {
      await pickAssessments(page, bff, REPORTS, withReports);
      await toolbarButton(page, 'Download Reports');
      const dialog = await shownDialog(page, 'Download Reports');
      await dialog.getByRole('button', { name: 'Download', exact: true }).click();
      await dialog.getByText('Please select a report to download').waitFor();
    },
  ),
  assessmentDialog('Details', 'View Details, one completed assessment selected.', async (page, bff) => {
    await pickAssessments(page, bff, REPORTS, withReports);
    await toolbarButton(page, 'View Details');
    await shownDialog(page, 'Details');
  }),
  assessmentDialog('Edit', 'one assessment not invited yet selected.', async (page, bff) => {
    await pickAssessments(page, bff, NOT_INVITED, (row) => own(row) && row.permissions.canEdit);
    await toolbarButton(page, 'Edit');
    await shownDialog(page, 'Edit');
  }),
  assessmentDialog('History', 'the More menu, one assessment selected.', async (page, bff) => {
    await pickAssessments(page, bff, BY_NAME, own);
    await menuItem(page, 'More', 'History');
    await shownDialog(page, /^History: /);
  }),
  assessmentDialog(
    'Export menu',
    'the More menu opened on a filtered view, nothing selected: Export as CSV and Export as Excel.',
    async (page) => {
      await page.goto(portalPath(`/assessments?${REPORTS}`));
      await dataRows(page).first().waitFor();
      await page.getByRole('button', { name: 'More', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Export as Excel', exact: true }).waitFor();
    },
  ),
  assessmentDialog('Assign Secondary Coach Ownership', 'Assign SCO in the More menu, one assessment selected.', async (page, bff) => {
    await pickAssessments(page, bff, NOT_INVITED, (row) => own(row) && row.permissions.canAssignSco);
    await menuItem(page, 'More', 'Assign SCO');
    await shownDialog(page, 'Assign Secondary Coach Ownership');
  }),
  assessmentDialog(
    'Add To Team',
    'the More menu (desktop only), one completed assessment selected.',
    async (page, bff) => {
      await pickAssessments(page, bff, REPORTS, own);
      await menuItem(page, 'More', 'Add To Team');
      await shownDialog(page, 'Add To Team');
    },
    { widths: ['desktop'] },
  ),
  assessmentDialog(
    'Received assessments in Send Invites/Reminders',
    'Send Invites/Reminders on a select-all of every assessment, some received from another coach: how many and whose, Go on without them and Select only my own.',
    async (page) => {
      await page.goto(portalPath('/assessments?filter=showAll&pageSize=10'));
      await firstRow(page).waitFor();
      await page.getByRole('checkbox', { name: /Select all/ }).click();
      await page.getByText(/^\d+ selected$/).waitFor();
      await toolbarButton(page, 'Send Invites/Reminders');
      const dialog = page.getByRole('dialog', { name: 'Send Invites/Reminders' });
      await dialog.getByText(/given to you by another coach/).waitFor();
      await dialog.getByText(/your own: the invites and reminders go to them only/).waitFor();
    },
  ),
  assessmentDialog(
    'Selection outside the filter',
    'a select-all of Not invited yet answered after a search for one client (its ids call held until the search showed): the note with Select only these and Keep.',
    async (page, bff) => {
      const list = await bff.get<AssessmentList>('demo', `/api/assessments?${NOT_INVITED}`);
      const first = list.items[0];
      if (!first) throw new Error('the demo coach has no assessment not invited yet');
      await page.goto(portalPath(`/assessments?${NOT_INVITED}`));
      await firstRow(page).waitFor();
      // The select-all's ids held (then let through, unchanged) until the search shows its one record.
      let release: () => void = () => {};
      const searched = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) => url.pathname === '/api/assessments/ids',
        async (route) => {
          await searched;
          await route.fallback();
        },
        { times: 1 },
      );
      await page.getByRole('checkbox', { name: /Select all/ }).click();
      await page.getByText('Selecting all...').waitFor();
      // The client's address: one record (a name with a space matches no one field).
      const shown = await bff.get<{ filteredTotal: number }>(
        'demo',
        `/api/assessments/ids?view=own&filter=notInvitedYet&q=${encodeURIComponent(first.clientEmail)}`,
      );
      await page.getByRole('searchbox').fill(first.clientEmail);
      await page.getByText(new RegExp(`(^|\\s)${shown.filteredTotal} of ${list.total} records$`)).waitFor();
      release();
      await page.getByText(/not shown by this filter/).waitFor();
    },
  ),
  assessmentDialog(
    'Grouped result',
    'Delete on every assessment in progress (a select-all): each one registered, so each fails and nothing is deleted; the failures grouped by reason, one group’s names shown.',
    async (page, bff) => {
      // The first filter whose records are all the coach's own and registered, more than the ten listed one by one.
      let filter: string | undefined;
      for (const candidate of ['startedIncomplete', 'completeInMarking', 'completeSendReport']) {
        const { items } = await bff.get<AssessmentList>('demo', `/api/assessments?filter=${candidate}&pageSize=500`);
        if (items.length > 10 && items.every((row) => own(row) && row.registeredAt)) {
          filter = candidate;
          break;
        }
      }
      if (!filter) throw new Error('no filter of more than ten registered own assessments');
      await page.goto(portalPath(`/assessments?filter=${filter}&pageSize=10`));
      await firstRow(page).waitFor();
      await page.getByRole('checkbox', { name: /Select all/ }).click();
      await page.getByText(/^\d+ selected$/).waitFor();
      await menuItem(page, 'More', 'Delete');
      const question = await shownDialog(page, 'Warning', 'alertdialog');
      await question.getByRole('button', { name: 'Remove' }).click();
      const result = await shownDialog(page, 'Failed', 'alertdialog');
      await result
        .getByRole('button', { name: /^Show the/ })
        .first()
        .click();
      await result.getByRole('list').last().waitFor();
    },
  ),
  assessmentDialog('Warning', 'Delete’s question, the More menu, one assessment selected.', async (page, bff) => {
    await pickAssessments(page, bff, NOT_INVITED, own);
    await menuItem(page, 'More', 'Delete');
    await shownDialog(page, 'Warning', 'alertdialog');
  }),

  ...manifestScreenStates('scoGiven'),
  dialogShot({
    screen: 'sco-given',
    title: 'SCO Given',
    name: 'Revoke SCO',
    caption: 'its question (Warning), one given assessment selected.',
    open: async (page) => {
      await page.goto(portalPath('/sco-given'));
      await firstRow(page).waitFor();
      await tickRow(page, 0);
      await toolbarButton(page, 'Revoke SCO');
      await shownDialog(page, 'Warning', 'alertdialog');
    },
  }),

  ...manifestScreenStates('clients'),
  ...screenStates({
    screen: 'client-results',
    title: 'Client results',
    path: async (bff) => `/clighent/${await completedClient(bff)}`,
    address: '/clighent/{clientId}',
    call: get('/api/clients/{clientId}', /^\/api\/clients\/[^/]+$/),
    loaded: (page) => page.getByRole('heading', { level: 1 }),
    loadedCaption: 'Loaded: the client of the demo coach’s first completed Enneagram assessment by name.',
  }),
  ...screenStates({
    screen: 'report-studio',
    title: 'Report studio',
    path: '/reports/imf',
    call: get('/api/assessments'),
    loaded: firstRow,
    loadedCaption: 'Loaded: the Maturity Report’s studio, the demo coach’s assessments that offer it.',
    empty: (page) => text(page, 'None of your assessments offers the Maturity Report yet.'),
  }),

  ...manifestScreenStates('miniAssessments'),

  ...manifestScreenStates('teams'),
  dialogShot({
    screen: 'teams',
    title: 'Teams',
    name: 'Add Team',
    caption: 'the toolbar’s Add Team.',
    open: async (page) => {
      await page.goto(portalPath('/teams'));
      await firstRow(page).waitFor();
      await toolbarButton(page, 'Add Team');
      await shownDialog(page, 'Add Team');
    },
  }),
  dialogShot({
    screen: 'teams',
    title: 'Teams',
    name: 'Add Team field errors',
    caption: 'Add Team pressed with the name and project empty: the spec’s text at each empty field, the first focused.',
    open: async (page) => {
      await page.goto(portalPath('/teams'));
      await firstRow(page).waitFor();
      await toolbarButton(page, 'Add Team');
      const dialog = await shownDialog(page, 'Add Team');
      await dialog.getByRole('button', { name: 'Add Team' }).click();
      await dialog.getByText('Please enter a team name and a project name.').first().waitFor();
    },
  }),
  ...screenStates({
    screen: 'team',
    title: 'Team report',
    path: async (bff) => `/team?id=${(await firstTeam(bff)).id}`,
    address: '/team?id={teamId}',
    call: get('/api/teams/{teamId}', /^\/api\/teams\/[^/]+$/),
    loaded: (page) => heading(page, /^Team members/),
    loadedCaption: 'Loaded: the demo coach’s first own team with members.',
  }),

  ...manifestScreenStates('pairs'),
  dialogShot({
    screen: 'pairs',
    title: 'Pairs',
    name: 'Send Couples Report',
    caption: 'Send Reports, a pair whose report is supplied selected.',
    open: async (page, bff) => {
      const list = await bff.get<PairList>('demo', '/api/pairs');
      const index = list.items.findIndex((pair) => pair.reportAvailable);
      if (index < 0) throw new Error('the demo coach has no pair with its report supplied');
      await page.goto(portalPath('/pairs'));
      await firstRow(page).waitFor();
      await tickRow(page, index);
      await toolbarButton(page, 'Send Reports');
      await shownDialog(page, 'Send Couples Report');
    },
  }),

  ...screenStates({
    screen: 'balance',
    title: 'Balance',
    path: '/balance',
    call: get('/api/credits and /api/credits/transactions', /^\/api\/credits(\/transactions)?$/),
    loaded: firstRow,
    empty: (page) => text(page, 'No information available at this time'),
  }),
  dialogShot({
    screen: 'balance',
    title: 'Balance',
    name: 'Purchasing Credits',
    caption: 'Purchase credits.',
    open: async (page) => {
      await page.goto(portalPath('/balance'));
      await firstRow(page).waitFor();
      await page.getByRole('button', { name: 'Purchase credits' }).click();
      await shownDialog(page, 'Purchasing Credits');
    },
  }),

  // ---- the insights panels (each in its screen) ----
  ...INSIGHT_SHOTS,

  ...screenStates({
    screen: 'email-templates',
    title: 'Email Templates',
    path: '/email-templates',
    call: get('/api/email-templates/{templateName}', /^\/api\/email-templates\/[^/]+$/),
    loaded: (page) => heading(page, 'Placeholders'),
  }),

  ...screenStates({
    screen: 'messages',
    title: 'Messages',
    path: '/messages',
    call: get('/api/messages'),
    loaded: (page) => page.getByRole('main').getByRole('heading', { level: 2 }).first(),
    empty: (page) => text(page, 'There are no messages.'),
  }),

  ...screenStates({
    screen: 'samples-and-brochures',
    title: 'Samples & Brochures',
    path: '/samples-and-brochures',
    call: get('/api/samples'),
    loaded: (page) => page.getByRole('main').getByRole('heading', { level: 2 }).first(),
  }),

  ...screenStates({ screen: 'help', title: 'Help', path: '/help', loaded: (page) => heading(page, 'Contents') }),

  ...screenStates({
    screen: 'profile',
    title: 'Profile',
    path: '/profile',
    call: get('/api/profile'),
    loaded: (page) => page.getByRole('main').getByRole('heading', { level: 2 }).first(),
  }),
  dialogShot({
    screen: 'profile',
    title: 'Profile',
    name: 'Two-factor set-up',
    caption: 'Turn on two-factor authentication: the QR code and the secret (the empty coach; nothing is verified).',
    account: 'empty',
    open: async (page) => {
      await page.goto(portalPath('/profile'));
      await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
      const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
      await qr.waitFor();
      await page.getByRole('textbox', { name: 'Code' }).scrollIntoViewIfNeeded();
    },
  }),
  dialogShot({
    screen: 'profile',
    title: 'Profile',
    name: 'Add Assistant field errors',
    caption:
      'Add Assistant pressed with the surname empty and the e-mail not an address: the spec’s text at the surname, the surname focused.',
    open: async (page) => {
      await page.goto(portalPath('/profile'));
      await page.getByRole('main').getByRole('button', { name: 'Add Assistant' }).click();
      const dialog = await shownDialog(page, 'Add Assistant');
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Lindiwe');
      await dialog.getByRole('textbox', { name: 'Email' }).fill('lindiwe@');
      await dialog.getByRole('button', { name: 'Add Assistant' }).click();
      await dialog.getByText('Please fill in all fields: name, surname, and email.').waitFor();
    },
  }),

  // A table screen of the manifest this list does not place yet (a new one): its states from its entry.
  ...SCREENS.filter((entry: CoachScreen) => entry.gallery && !PLACED.has(entry.id)).flatMap(({ id }) => manifestScreenStates(id)),

  // ---- the public pages ----
  ...screenStates({
    screen: 'login',
    title: 'Login',
    path: '/login',
    account: 'visitor',
    loaded: (page) => heading(page, 'Coach Portal Login'),
    loadedCaption: 'Loaded: the sign-in form.',
  }),
  {
    screen: 'login',
    title: 'Login',
    address: portalPath('/login'),
    state: 'two-factor',
    caption: 'Two-factor: the code asked for after the password of a coach with two-factor sign-in.',
    account: 'visitor',
    fullPage: true,
    take: async (page) => {
      await page.goto(portalPath('/login'));
      await signIn(page, SEED_COACHES.twoFactor.email);
      await page.getByRole('textbox', { name: 'Authenticator Code' }).waitFor();
    },
  },
  {
    screen: 'login',
    title: 'Login',
    address: portalPath('/login'),
    state: 'error',
    caption: 'Error: POST /api/session answered 503 problem+json (dependency_unavailable).',
    account: 'visitor',
    fullPage: true,
    take: async (page) => {
      await failCall(page, post('/api/session'));
      await page.goto(portalPath('/login'));
      await signIn(page, SEED_COACHES.demo.email);
      await errorAlert(page).waitFor();
    },
  },
  dialogShot({
    screen: 'login',
    title: 'Login',
    name: 'Forgot Password?',
    caption: 'the reset link dialog.',
    account: 'visitor',
    open: async (page) => {
      await page.goto(portalPath('/login'));
      await page.getByRole('button', { name: 'Forgot Password?' }).click();
      await shownDialog(page, 'Forgot Password?');
    },
  }),
  dialogShot({
    screen: 'login',
    title: 'Login',
    name: 'New Account?',
    caption: 'the set-password link dialog.',
    account: 'visitor',
    open: async (page) => {
      await page.goto(portalPath('/login'));
      await page.getByRole('button', { name: 'New Account?' }).click();
      await shownDialog(page, 'New Account?');
    },
  }),

  ...screenStates({
    screen: 'reset-password',
    title: 'Reset password',
    path: '/resetpassword?code=gallery-reset-code',
    account: 'visitor',
    loaded: (page) => page.getByLabel('New Password'),
    loadedCaption: 'Loaded: the form of a reset link.',
  }),
  {
    screen: 'reset-password',
    title: 'Reset password',
    address: portalPath('/resetpassword'),
    state: 'incomplete-link',
    caption: 'A link without its code.',
    account: 'visitor',
    fullPage: true,
    take: async (page) => {
      await page.goto(portalPath('/resetpassword'));
      await errorAlert(page).waitFor();
    },
  },
  {
    screen: 'reset-password',
    title: 'Reset password',
    address: portalPath('/resetpassword'),
    state: 'error',
    caption: 'Error: Update Password, POST /api/password/reset answered 503 problem+json (dependency_unavailable).',
    account: 'visitor',
    fullPage: true,
    take: async (page) => {
      await failCall(page, post('/api/password/reset'));
      await page.goto(portalPath('/resetpassword?code=gallery-reset-code'));
      await page.getByLabel('New Password').fill('Gallery-portal-2026!');
      await page.getByLabel('Confirm Password').fill('Gallery-portal-2026!');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await errorAlert(page).waitFor();
    },
  },

  ...screenStates({
    screen: 'session-check',
    title: 'Session check',
    path: '/sessioncheck',
    account: 'visitor',
    call: post('/api/session/impersonation'),
    loaded: (page) => page.getByRole('button', { name: 'Sign In' }),
    loadedCaption: 'Loaded: a visitor without an impersonation or assist session is sent to the login page.',
  }),

  ...screenStates({
    screen: 'register',
    title: 'Self-registration',
    path: `/register/${SEED_COACHES.demo.uuid}`,
    account: 'visitor',
    call: get('/api/public/self-registration/{coachUuid}', /^\/api\/public\/self-registration\/[^/]+$/),
    loaded: (page) => page.getByRole('button', { name: 'Proceed' }),
    loadedCaption: 'Loaded: the demo coach’s link (USD, PayPal).',
  }),
  {
    screen: 'register',
    title: 'Self-registration',
    address: portalPath(`/register/${SEED_COACHES.levelOne.uuid}`),
    state: 'loaded-card',
    caption: 'Loaded: a ZAR coach’s link (the card provider).',
    account: 'visitor',
    fullPage: true,
    take: async (page) => {
      await page.goto(portalPath(`/register/${SEED_COACHES.levelOne.uuid}`));
      await page.getByRole('button', { name: 'Proceed' }).waitFor();
      await settled(page);
    },
  },

  {
    screen: 'register',
    title: 'Self-registration',
    address: portalPath(`/register/${SEED_COACHES.demo.uuid}`),
    state: 'field-errors',
    caption: 'Proceed with the surname empty and the e-mail not an address: the spec’s texts at those fields.',
    account: 'visitor',
    fullPage: true,
    take: async (page) => {
      await page.goto(portalPath(`/register/${SEED_COACHES.demo.uuid}`));
      await page.getByRole('button', { name: 'Proceed' }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Thandiwe');
      await page.getByLabel('Email').fill('thandiwe@example');
      await page.getByRole('button', { name: 'Proceed' }).click();
      await page.getByText('Please provide all details.').waitFor();
      await settled(page);
    },
  },

  ...screenStates({
    screen: 'payment-status',
    title: 'Payment status',
    path: async (bff) => `/paymentstatus?checkoutId=${await pendingCheckout(bff)}`,
    address: '/paymentstatus?checkoutId={checkoutId}',
    account: 'visitor',
    call: get('/api/public/checkouts/{checkoutId}', /^\/api\/public\/checkouts\/[^/]+$/),
    loaded: (page) => page.getByText('Please wait, still checking.'),
    loadedCaption: 'Loaded: a card payment still pending (started through the registration form’s call).',
  }),
  {
    screen: 'payment-status',
    title: 'Payment status',
    address: portalPath('/paymentstatus'),
    state: 'no-checkout',
    caption: 'An address without a checkout id.',
    account: 'visitor',
    fullPage: true,
    take: async (page) => {
      await page.goto(portalPath('/paymentstatus'));
      await errorAlert(page).waitFor();
    },
  },

  ...screenStates({
    screen: 'policy',
    title: 'Policy',
    path: `/policies/${SEED_COACHES.demo.uuid}/${SEED_POLICY.uuid}`,
    account: 'visitor',
    call: get('/api/public/policies/{coachUuid}/{policyUuid}', /^\/api\/public\/policies\/[^/]+\/[^/]+$/),
    loaded: (page) => page.getByText('Code of Conduct for Accredited Practitioners').first(),
    loadedCaption: 'Loaded: the demo coach’s Code of Conduct to sign.',
  }),

  ...screenStates({
    screen: 'mini-assessment',
    title: 'Mini-assessment',
    path: `/mini/${SEED_COACHES.demo.uuid}`,
    account: 'visitor',
    call: get('/api/public/mini/translations'),
    loaded: (page) => page.getByRole('heading', { level: 1 }),
    loadedCaption: 'Loaded: the demo coach’s link, its first step.',
  }),
  {
    screen: 'mini-assessment',
    title: 'Mini-assessment',
    address: portalPath(`/mini/${SEED_COACHES.demo.uuid}`),
    state: 'question-with-coach',
    caption: 'Question 1 after the registration: the progress and the coach startAssessment names.',
    account: 'visitor',
    fullPage: true,
    take: async (page) => {
      await startMini(page);
      await page.getByRole('region', { name: /^Your coach: / }).waitFor();
      await settled(page);
    },
  },
  {
    screen: 'mini-assessment',
    title: 'Mini-assessment',
    address: portalPath(`/mini/${SEED_COACHES.demo.uuid}`),
    state: 'result',
    caption: 'The result card after the four answers: the nine-point figure with the style marked, and the coach.',
    account: 'visitor',
    fullPage: true,
    take: async (page) => {
      await startMini(page);
      for (const [index, option] of [0, 2, 1, 0].entries()) {
        await page.getByRole('heading', { name: `Question ${index + 1} of 4` }).waitFor();
        // The radio itself is visually hidden: its label is what a guest presses.
        await page.getByRole('radiogroup').locator('label').nth(option).click();
        await page.getByRole('button', { name: 'Submit' }).click();
      }
      await page.getByRole('article').getByRole('img').waitFor();
      await settled(page);
    },
  },

  {
    screen: 'mini-assessment',
    title: 'Mini-assessment',
    address: portalPath('/mini/not-a-coach'),
    state: 'invalid-link',
    caption: 'A link whose coach segment is not a uuid: said first, with nothing to start again.',
    account: 'visitor',
    fullPage: true,
    take: async (page) => {
      await page.goto(portalPath('/mini/not-a-coach'));
      await errorAlert(page).waitFor();
    },
  },
  {
    screen: 'mini-assessment',
    title: 'Mini-assessment',
    address: portalPath(`/mini/${SEED_COACHES.demo.uuid}`),
    state: 'field-errors',
    caption: 'Submit with the e-mail not an address: the message at the e-mail, focused.',
    account: 'visitor',
    fullPage: true,
    take: async (page) => {
      await page.goto(portalPath(`/mini/${SEED_COACHES.demo.uuid}`));
      await page.getByText('English', { exact: true }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('textbox', { name: /^Name/ }).fill('Eszter');
      await page.getByRole('textbox', { name: /^Surname/ }).fill('Szabó');
      await page.getByRole('textbox', { name: /^Email/ }).fill('eszter@example');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Please provide a valid email address.').waitFor();
    },
  },

  ...screenStates({
    screen: 'guest-report',
    title: 'Guest report',
    path: async (bff) => `/reports/e/${await enneagramGuest(bff)}`,
    address: '/reports/e/{guestId}',
    account: 'visitor',
    call: get('/api/public/reports/{reportCode}/{guestId}', /^\/api\/public\/reports\/[^/]+\/[^/]+$/),
    loaded: (page) => page.getByRole('heading', { level: 1, name: /report$/ }),
    loadedCaption: 'Loaded: a completed Enneagram assessment of the demo coach (report e).',
  }),
];
