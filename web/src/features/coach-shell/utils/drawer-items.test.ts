import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../../lib/screens.ts';
import { SESSION } from '../../../test/fake-bff.ts';
import { drawerItems, isCurrent, isListed, mayOpen, paletteScreens } from './drawer-items.ts';

type Coach = typeof SESSION.coach;
const sessionOf = (coach: Partial<Coach> = {}, assisted = false) => ({
  coach: { ...SESSION.coach, ...coach },
  roles: assisted ? { impersonator: false, assisted: true, assistant: { name: 'Lerato', email: 'a@coachportal.test' } } : SESSION.roles,
});
const labels = (coach: Partial<Coach> = {}, assisted = false) => drawerItems(sessionOf(coach, assisted)).map((item) => item.label);
// Every screen of the manifest: which the role may not open by its address.
const closed = (coach: Partial<Coach> = {}, assisted = false) =>
  SCREENS.map((entry) => entry.id).filter((id) => !mayOpen(sessionOf(coach, assisted), id));
const DRAWER_LABELS = SCREENS.flatMap((entry) => ('drawer' in entry ? [entry.label] : []));
// What the spec names (coach-shell §2.1), whatever other screens the manifest lists.
const without = (...hidden: string[]) => DRAWER_LABELS.filter((label) => !hidden.includes(label));

describe('the drawer’s items (spec coach-shell §2.1)', () => {
  it('lists every drawer screen of the manifest, in its order, for a coach with minis enabled and SCOs given', () => {
    expect(labels()).toEqual(DRAWER_LABELS);
    // The spec's items in the spec's order (coach-shell §2.1), whatever else the manifest adds among them.
    const named = [
      'Dashboard',
      'Assessments',
      'Mini-Assessments',
      'SCO Given',
      'Teams',
      'Pairs',
      'Balance',
      'Email Templates',
      'Messages',
      'Samples & Brochures',
      'Help',
    ];
    expect(labels().filter((label) => named.includes(label))).toEqual(named);
  });

  it('hides Assessments, Teams, Pairs and Balance while an assistant is signed in', () => {
    expect(labels({}, true)).toEqual(without('Assessments', 'Teams', 'Pairs', 'Balance'));
  });

  it('shows Mini-Assessments only when enabled, and SCO Given only once SCOs were given', () => {
    const shown = labels({ enableMiniAssessment: false, countOfGivenSCOs: 0 });
    expect(shown).not.toContain('Mini-Assessments');
    expect(shown).not.toContain('SCO Given');
  });

  it('gives a coach limited to mini-assessments the short menu', () => {
    expect(labels({ onlyMiniAssessment: true })).toEqual(['Dashboard', 'Mini-Assessments', 'Messages', 'Samples & Brochures']);
  });

  it('marks Balance as hidden on phones, Pairs as new, and Messages only when unread', () => {
    const items = drawerItems(SESSION);
    expect(items.find((item) => item.id === 'balance')?.hideOnPhone).toBe(true);
    expect(items.find((item) => item.id === 'pairs')?.badge?.text).toBe('New');
    expect(items.find((item) => item.id === 'messages')?.badge?.label).toBe('unread messages');
    const read = drawerItems({ ...SESSION, coach: { ...SESSION.coach, newMessages: false } });
    expect(read.find((item) => item.id === 'messages')?.badge).toBeUndefined();
  });

  it('counts the assessments’ unseen updates on Assessments, and none when there are none', () => {
    const badge = (count: number) =>
      drawerItems(SESSION, { unseenAssessmentChanges: count }).find((item) => item.id === 'assessments')?.badge;
    expect(badge(0)).toBeUndefined();
    expect(badge(1)).toEqual({ text: '1', label: '1 update', count: true });
    expect(badge(3)).toEqual({ text: '3', label: '3 updates', count: true });
  });

  it('lets an address open only what the role may use: the rest goes to the dashboard', () => {
    expect(closed()).toEqual([]);
    // An assistant may add clients for the coach (assessments-and-clients §1, §6): Assessments is out of the menu only.
    expect(closed({}, true)).toEqual(expect.arrayContaining(['teams', 'pairs', 'balance', 'team']));
    expect(closed({}, true)).not.toContain('assessments');
    expect(closed({}, true)).not.toContain('clients');
    // A coach limited to minis opens the four screens of their menu and the profile, nothing else.
    const open = SCREENS.map((entry) => entry.id).filter((id) => !closed({ onlyMiniAssessment: true }).includes(id));
    expect(open).toEqual(['dashboard', 'miniAssessments', 'messages', 'samplesAndBrochures', 'profile']);
    expect(closed({ onlyMiniAssessment: true }, true)).toContain('assessments');
    // SCO Given stays open once its last SCO is revoked; the profile is every coach's.
    expect(closed({ enableMiniAssessment: false, countOfGivenSCOs: 0 })).toEqual(['miniAssessments']);
  });

  it('lists nothing the role may not open, and in the palette the drawer’s screens, then Clients and Profile', () => {
    for (const session of [sessionOf(), sessionOf({}, true), sessionOf({ onlyMiniAssessment: true }), sessionOf({ countOfGivenSCOs: 0 })]) {
      for (const { id } of SCREENS) if (isListed(session, id)) expect(mayOpen(session, id)).toBe(true);
    }
    expect(paletteScreens(sessionOf()).map((item) => item.label)).toEqual([...DRAWER_LABELS, 'Clients', 'Profile']);
    expect(paletteScreens(sessionOf({}, true)).map((item) => item.label)).toEqual([
      ...without('Assessments', 'Teams', 'Pairs', 'Balance'),
      'Profile',
    ]);
  });

  it('keeps an item current on its sub-pages only', () => {
    expect(isCurrent('/teams', '/teams')).toBe(true);
    expect(isCurrent('/teams', '/teams/42')).toBe(true);
    expect(isCurrent('/team', '/teams')).toBe(false);
  });
});
