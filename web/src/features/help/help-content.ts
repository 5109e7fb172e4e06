// The Help screen's text (spec coach-shell §2.11), written from the facts of the three specification documents:
// stages, scoring times, costs, deleting, SCO, teams, credits, templates and troubleshooting; the keyboard shortcuts
// (as the tables' `?` lists them); the dated What's New log. Plain data: the screen renders and searches it.

import { KEYBOARD_SHORTCUTS, shortcutText } from '../../lib/labels/keyboard-shortcuts.ts';

export interface HelpSection {
  id: string;
  title: string;
  /** Paragraphs; a paragraph that is a list is an array of items. */
  body: readonly (string | readonly string[])[];
}

export interface WhatsNewEntry {
  /** ISO date. */
  date: string;
  text: string;
}

export const HELP_SECTIONS: readonly HelpSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    body: [
      'The coach portal is where you manage your clients and their Enneagram, Maturity (IMf) and Combined (Full) assessments: you add clients, invite them, follow their progress, and send or download their reports. You can also group assessments into teams for a team report, create pair reports for couples or colleagues, share assessments with another coach, and offer the free mini-assessment through your own link.',
      'The dashboard counts your assessments by stage; each tile opens the assessments table with that filter applied. The table keeps its search, filter, sort and page in the address, so a reload, the Back button or a shared link shows the same view.',
      'Assessments are offered in English, Xhosa, Spanish, French, German, Afrikaans, Zulu, Tsonga, Sesotho, Dutch, Portuguese, Hungarian, Slovak and Italian.',
    ],
  },
  {
    id: 'project-lifecycle',
    title: 'Project lifecycle',
    body: [
      'Every assessment goes through the same stages:',
      [
        'Invited: you send the invite from the portal, or copy the assessment link and send it yourself (copying the link counts as inviting). Inviting a client again sends a reminder.',
        'Registered: the client opened the link and registered.',
        'Completed: the client answered every question; this takes roughly 10 to 40 minutes.',
        'Scored: the Enneagram is scored at once; Maturity and Combined assessments are scored by hand, which takes up to 5 working days.',
        'Reports sent: you send the reports from the portal, or download them and send them yourself.',
      ],
      'The filters follow these stages: Not invited yet, Invited, not started, Started, incomplete, Complete, in marking, and Complete, send report. Wrap up an assessment when the work with the client is done: it leaves the dashboard’s to-do counts (the Wrapped and Unwrapped filters still show it).',
      'When reports are sent automatically, each report group shows o (not yet sent to the client), s (sent, not yet downloaded) or d (downloaded).',
    ],
  },
  {
    id: 'teams',
    title: 'Teams',
    body: [
      'A team groups assessments for a team report. Add a team with its name and project, then add members from your assessments (your own and those given to you). Mark the team leader: before you request the report, the portal asks you to confirm when there is no leader or more than one.',
      'Request the report with its type (Enneagram, Maturity or Combined) and a due date later than today. Level 1 coaches request the Enneagram team report. Team reports are ready within 2 working days.',
      'Once a report is requested or issued, the team’s members and name can no longer change and the team cannot be deleted: duplicate the team, change the members and request a new report for the duplicate. A team given to you through Secondary Coach Ownership can only have its reports downloaded.',
    ],
  },
  {
    id: 'credits',
    title: 'Credits',
    body: [
      'Assessments and reports are paid with credits:',
      [
        'Assessments: Combined 3 credits, Maturity 2, Enneagram 1.',
        'Team reports: Combined 4 credits, Maturity 2, Enneagram 2.',
        'Pair reports: Couples 2 credits, Workplace 2.',
      ],
      'A credit costs $50 internationally, or R500 + VAT for residents of the Southern African Development Community. A client who registers and pays for the Enneagram through your self-registration link pays $55, or R550 + VAT.',
      'Buy credits in bulk on the Balance screen (at least 10): 50 to 99 credits earn a 5% discount, 100 to 199 credits 10%, 200 and more 15%. Bulk orders are invoiced within 1 working day; the credits show in your balance once the invoice is paid. Without a bulk order, the credits you use are invoiced monthly (pay-as-you-go), with terms of 14 days. A negative balance is a deficit that will be invoiced.',
      'Secondary Coach Ownership: with Assign SCO you give selected assessments (or teams) to another coach by their e-mail address. The other coach sees them under the Received SCOs filter and can work with the reports; they cannot edit, wrap up or re-assign them. You see what you gave on the SCO Given screen and can revoke it at any time.',
    ],
  },
  {
    id: 'email-templates',
    title: 'Email templates',
    body: [
      'On the Email Templates screen you can word the e-mails the portal sends in your name: the Enneagram, Maturity and Combined invites, the report e-mails for assessments and pairs, and the self-registration e-mails.',
      'Placeholders in curly brackets are filled in for each client: {guestname}, {guestsurname} and {guestemail} for the client, {coachname}, {coachsurname} and {coachemail} for you, {assessmentlink} in invites and {reportlinks} in report e-mails. Choose a placeholder in the list to insert it where the cursor is.',
      'Update Template saves your text; Revert template to default deletes your version, which cannot be undone.',
    ],
  },
  {
    id: 'deleting-assessments',
    title: 'Deleting assessments',
    body: [
      'An assessment can be deleted only before the client registers; its credits are then returned to your balance. Once the client has registered, the assessment stays: wrap it up instead to take it off your to-do counts.',
      'Assessments given to you by another coach cannot be deleted; take them out of your selection first.',
    ],
  },
  {
    id: 'keyboard-shortcuts',
    title: 'Keyboard shortcuts',
    body: [
      'Every table of the portal (assessments, SCO Given, clients, teams, pairs, mini-assessments, the balance’s transactions) can be used from the keyboard alone. Press ? on a table screen to see these keys at any time:',
      KEYBOARD_SHORTCUTS.map(shortcutText),
      'The keys are not taken while you type in a field or work in a dialog.',
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    body: [
      [
        'The client did not get the invite: check the e-mail address with Edit, then send a reminder with Send Invites/Reminders, or copy the assessment link and send it from your own e-mail.',
        'A Maturity or Combined report is not available yet: it is being scored by hand, which takes up to 5 working days after the client completes it.',
        'A button is greyed out: most actions need a selection of a certain size (for example View Details needs exactly one assessment). Select the rows first.',
        'You were signed out: the portal signs you out after a period without activity and warns you a minute before. Sign in again; unsaved changes in an open form are lost.',
        'A new version is announced at the top of the screen: reload the page to use it.',
        'Something else: use Leave A Message in the menu, or write to the support address below.',
      ],
    ],
  },
  {
    id: 'video-tutorial',
    title: 'Video tutorial',
    body: ['The video tutorial walks through a project from adding a client to sending the reports.'],
  },
];

// The portal's own log of changes, from its first release to the latest.
export const WHATS_NEW: readonly WhatsNewEntry[] = [
  { date: '2025-10-28', text: 'Messages from the provider have their own screen, with a New badge in the menu until you have read them.' },
  { date: '2025-06-02', text: 'Team reports can be downloaded as PowerPoint (PPTX) as well as PDF where offered.' },
  { date: '2025-02-17', text: 'Pair reports: Couples and Workplace reports for two clients, sent or downloaded from the Pairs screen.' },
  { date: '2024-09-09', text: 'Policies: sign or accept the provider’s policies from the dashboard or your profile.' },
  {
    date: '2024-04-22',
    text: 'Mini-assessments: share your own link for the free mini-assessment and see the results on the Mini-Assessments screen.',
  },
  { date: '2023-11-06', text: 'Assistants: let an assistant work in the portal on your behalf, and block them when needed.' },
  {
    date: '2023-04-19',
    text: 'The Balance screen lists every credit transaction, and bulk credit orders can be placed and cancelled there.',
  },
  { date: '2022-11-14', text: 'Two-factor authentication: protect your sign-in with a code from an authenticator app.' },
  {
    date: '2022-08-01',
    text: 'Secondary Coach Ownership: give assessments and teams to another coach with Assign SCO, and revoke them at any time.',
  },
  { date: '2022-03-17', text: 'Email templates: word the invite and report e-mails the portal sends in your name.' },
];
