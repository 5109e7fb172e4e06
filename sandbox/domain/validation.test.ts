import { describe, expect, it } from 'vitest';
import {
  BAD_RESET_PASSWORD,
  checkAssistant,
  checkImportResults,
  checkInstinctScores,
  checkLeaveMessage,
  checkNewClient,
  checkPairDueDate,
  checkPolicySignature,
  checkProfilePassword,
  checkProfilePhoto,
  checkResetPassword,
  checkScoEmail,
  checkSelfRegistration,
  checkTeamInput,
  checkTeamReportDueDate,
  checkWebProfile,
  containsEmoji,
  dominantInstinct,
  earliestPairDueDate,
  INSTINCT_TIE,
  isDuplicateClient,
  isStrongResetPassword,
  isValidEmail,
  PASSWORD_MISMATCH,
  parseEnneaRanking,
  parseExtraRecipients,
  TEAM_DUE_DATE_TOO_EARLY,
  WEAK_PROFILE_PASSWORD,
} from './validation.ts';

describe('e-mail pattern (spec public-and-guest §5)', () => {
  it('accepts something@something.something', () => {
    for (const email of ['a@b.c', 'zuzana.kovacova@gmail.test', 'x+y@sub.domain.org']) expect(isValidEmail(email)).toBe(true);
  });

  it('refuses the rest', () => {
    for (const email of ['', 'a@b', 'ab.c', '@b.c', 'a@.c', 'a b@c.d', 'a@b.']) expect(isValidEmail(email)).toBe(false);
  });
});

describe('client details (spec assessments-and-clients §5)', () => {
  it('requires name, surname and e-mail', () => {
    expect(checkNewClient({ name: 'Ann', surname: ' ', email: 'a@b.c' })).toBe(
      'Please fill in all the client details (name, surname, and email).',
    );
  });

  it('requires a valid e-mail and other data of at most 250', () => {
    expect(checkNewClient({ name: 'Ann', surname: 'Lee', email: 'nope' })).toBe('Please provide a valid email address.');
    expect(checkNewClient({ name: 'Ann', surname: 'Lee', email: 'a@b.c', otherData: 'x'.repeat(250) })).toBeNull();
    expect(checkNewClient({ name: 'Ann', surname: 'Lee', email: 'a@b.c', otherData: 'x'.repeat(251) })).toBe(
      'Other data may be at most 250 characters.',
    );
  });

  it('finds duplicates case-insensitively', () => {
    expect(isDuplicateClient(' ANN@B.C', ['ann@b.c'])).toBe(true);
    expect(isDuplicateClient('ann@b.c', ['ben@b.c'])).toBe(false);
  });
});

describe('instincts and ranking (spec assessments-and-clients §3.6, §5)', () => {
  it('refuses ties between instinct scores', () => {
    expect(checkInstinctScores({ scoreSP: 40, scoreSO: 40, scoreSX: 80 })).toBe(INSTINCT_TIE);
    expect(checkInstinctScores({ scoreSP: 40, scoreSO: 60, scoreSX: 40 })).toBe(INSTINCT_TIE);
    expect(checkInstinctScores({ scoreSP: 20, scoreSO: 50, scoreSX: 80 })).toBeNull();
    expect(INSTINCT_TIE).toBe('The instinct scores must be different from each other; there cannot be a tie.');
  });

  it('finds the dominant instinct', () => {
    expect(dominantInstinct({ scoreSP: 80, scoreSO: 20, scoreSX: 50 })).toBe('SP');
    expect(dominantInstinct({ scoreSP: 20, scoreSO: 80, scoreSX: 50 })).toBe('SO');
    expect(dominantInstinct({ scoreSP: 20, scoreSO: 50, scoreSX: 80 })).toBe('SX');
  });

  it('derives type and trifix from the ranking as the contract examples do', () => {
    expect(parseEnneaRanking('8,3,7,9,2,5,1,4,6')).toEqual({
      ok: true,
      value: { ranking: [8, 3, 7, 9, 2, 5, 1, 4, 6], userEnnea: 8, orderedTriType: '837', userTriType: '378' },
    });
    expect(parseEnneaRanking(' 3, 6, 9, 1, 7, 2, 4, 8, 5 ')).toMatchObject({
      ok: true,
      value: { orderedTriType: '369', userTriType: '369' },
    });
  });

  it('refuses rankings that are not the nine types once each', () => {
    for (const csv of ['1,2,3,4,5,6,7,8', '1,2,5,4,3,6,7,8,8', '1,2,5,4,3,6,7,8,0', '1,2,5,4,3,6,7,8,x', '']) {
      expect(parseEnneaRanking(csv)).toEqual({
        ok: false,
        info: 'The ranking must list the nine Enneagram types once each, separated by commas.',
      });
    }
  });

  it('refuses a trifix with two types from one centre', () => {
    expect(parseEnneaRanking('8,9,7,1,2,5,3,4,6')).toEqual({
      ok: false,
      info: 'The first three types of the ranking (the trifix) must come from the gut, heart and head centres, one each.',
    });
  });

  it('checks a whole import', () => {
    const scores = { scoreSP: 20, scoreSO: 50, scoreSX: 80 };
    expect(checkImportResults({ enneaRankingCSV: '1,2,5,3,4,6,7,8,9', ...scores })).toBeNull();
    expect(
      checkImportResults({ newClient: { name: 'A', surname: '', email: 'a@b.c' }, enneaRankingCSV: '1,2,5,3,4,6,7,8,9', ...scores }),
    ).toBe('Please fill in all the client details (name, surname, and email).');
    expect(checkImportResults({ enneaRankingCSV: '1,2,5,3,4,6,7,8,9', ...scores, scoreSX: 20 })).toBe(INSTINCT_TIE);
    expect(checkImportResults({ enneaRankingCSV: '1,2', ...scores })).toMatch(/^The ranking must/);
  });
});

describe('teams, SCO, assistants, messages (spec coach-shell §5)', () => {
  it('requires a team name and project of at most 250', () => {
    expect(checkTeamInput({ name: 'Depot', coach: '' })).toBe('Please enter a team name and a project name.');
    expect(checkTeamInput({ name: 'Depot', coach: 'Pipeline', description: 'x'.repeat(251) })).toMatch(/at most 250/);
    expect(checkTeamInput({ name: 'Depot', coach: 'Pipeline', description: null })).toBeNull();
  });

  it('limits SCO e-mails to 45 valid characters', () => {
    expect(checkScoEmail('coach@example.test')).toBeNull();
    expect(checkScoEmail(`${'a'.repeat(40)}@b.test`)).toBe('Please enter a valid email address.');
    expect(checkScoEmail('nope')).toBe('Please enter a valid email address.');
  });

  it('checks assistants', () => {
    expect(checkAssistant({ name: 'R', surname: 'S', email: '' })).toBe('Please fill in all fields: name, surname, and email.');
    expect(checkAssistant({ name: 'R', surname: 'S', email: 'r@s' })).toBe('Please enter a valid email address.');
    expect(checkAssistant({ name: 'R'.repeat(46), surname: 'S', email: 'r@s.t' })).toMatch(/at most 45/);
    expect(checkAssistant({ name: 'R', surname: 'S', email: 'r@s.t' })).toBeNull();
  });

  it('requires a category and a non-blank message', () => {
    expect(checkLeaveMessage({ category: 'bugReport', message: '  ' })).toBe('Please select a category and enter a message.');
    expect(checkLeaveMessage({ category: 'bugReport', message: 'Hello' })).toBeNull();
  });
});

describe('self-registration (spec public-and-guest §5)', () => {
  it('requires every detail and a valid e-mail', () => {
    expect(checkSelfRegistration({ name: 'S', surname: 'N', email: 's@n.z' })).toBe('Please provide all details.');
    expect(checkSelfRegistration({ name: 'S', surname: 'N', email: 's@n', assessmentType: 'ennea' })).toBe(
      'Please provide a valid email address.',
    );
    expect(checkSelfRegistration({ name: 'S', surname: 'N', email: 's@n.z', assessmentType: 'ennea' })).toBeNull();
  });
});

describe('due dates', () => {
  const today = new Date('2025-11-20T15:00:00Z'); // a Thursday

  it('needs a team report due date later than today (spec coach-shell §5)', () => {
    expect(checkTeamReportDueDate('2025-11-20', today)).toBe(TEAM_DUE_DATE_TOO_EARLY);
    expect(checkTeamReportDueDate('2025-11-19', today)).toBe(TEAM_DUE_DATE_TOO_EARLY);
    expect(checkTeamReportDueDate('2025-11-21', today)).toBeNull();
    expect(checkTeamReportDueDate('3000-01-01', today)).toBe('The due date cannot be after 2999-12-31.');
    expect(checkTeamReportDueDate('2025-13-01', today)).toBe('Please specify a due date.');
  });

  it('needs a pair due date at least 2 weekdays ahead (spec assessments-and-clients §5)', () => {
    expect(earliestPairDueDate(today)).toBe('2025-11-24');
    expect(checkPairDueDate(undefined, today)).toBe('Please specify a due date.');
    expect(checkPairDueDate('2025-11-22', today)).toBe('The due date must be at least 2 weekdays from today (2025-11-24 or later).');
    expect(checkPairDueDate('2025-11-24', today)).toBeNull();
  });
});

describe('passwords', () => {
  it('needs 8 characters in the profile (spec coach-shell §5)', () => {
    expect(checkProfilePassword('short77')).toBe(WEAK_PROFILE_PASSWORD);
    expect(checkProfilePassword('eightchr')).toBeNull();
  });

  it('needs 10 characters of three classes, or a 20-character passphrase, to reset (spec public-and-guest §5)', () => {
    expect(isStrongResetPassword('Demo-portal-2026!')).toBe(true);
    expect(isStrongResetPassword('abcdefgh12')).toBe(false);
    expect(isStrongResetPassword('abcdefGH12')).toBe(true);
    expect(isStrongResetPassword('Abc-12')).toBe(false);
    expect(isStrongResetPassword('correct horse battery')).toBe(true);
    expect(isStrongResetPassword('correcthorsebattery')).toBe(false);
  });

  it('reports a bad or mismatched reset password', () => {
    expect(checkResetPassword('weak')).toBe(BAD_RESET_PASSWORD);
    expect(checkResetPassword('abcdefGH12', 'abcdefGH13')).toBe(PASSWORD_MISMATCH);
    expect(checkResetPassword('abcdefGH12', 'abcdefGH12')).toBeNull();
  });
});

describe('profile (spec coach-shell §5)', () => {
  it('parses extra recipients, stripping the coach and refusing invalid ones', () => {
    expect(parseExtraRecipients('a@b.c\nME@coach.test\n\nd@e.f', 'me@coach.test')).toEqual({ ok: true, recipients: ['a@b.c', 'd@e.f'] });
    expect(parseExtraRecipients('a@b.c\nnope\nalso bad', 'me@coach.test')).toEqual({ ok: false, info: 'Invalid emails: nope, also bad' });
    const many = Array.from({ length: 30 }, (_, i) => `recipient${i}@example.test`).join('\n');
    expect(parseExtraRecipients(many, 'me@coach.test')).toEqual({ ok: false, info: 'You cannot specify so many email recipients' });
  });

  it('refuses photos that are not png/jpg/jpeg or above 8 MB', () => {
    expect(checkProfilePhoto({ filename: 'me.gif', bytes: 10 })).toBe('Only jpg/jpeg and png files are allowed!');
    expect(checkProfilePhoto({ filename: 'me.JPEG', bytes: 9 * 1024 * 1024 })).toBe(
      'Please ensure that your profile photo is less than 8MB.',
    );
    expect(checkProfilePhoto({ filename: 'me.png', bytes: 1024 })).toBeNull();
  });

  it('limits web profile fields and checks its e-mail', () => {
    expect(checkWebProfile({ webProfilePhoneNumber: '1'.repeat(55) })).toBe('webProfilePhoneNumber may be at most 54 characters.');
    expect(checkWebProfile({ webProfileSpecialization: 'x'.repeat(1000), webProfileCity: 'Cape Town' })).toBeNull();
    expect(checkWebProfile({ webProfileCity: 'x'.repeat(255) })).toBe('webProfileCity may be at most 254 characters.');
    expect(checkWebProfile({ webProfileEmail: 'bad' })).toBe('Update failed - your email is invalid');
  });

  it('detects emojis', () => {
    expect(containsEmoji('Coaching 🙂')).toBe(true);
    expect(containsEmoji('Kováčová & Söhne')).toBe(false);
  });
});

describe('policy signature (spec public-and-guest §5)', () => {
  it('needs nothing for none or click', () => {
    expect(checkPolicySignature('click', {}, ['role'])).toBeNull();
  });

  it('needs typed name, date and every extra field for sign', () => {
    expect(checkPolicySignature('sign', { coachTypedName: 'Amara', coachTypedDate: '2025-11-20' }, ['role'])).toMatch(/^Please type/);
    expect(
      checkPolicySignature('sign', { coachTypedName: 'Amara', coachTypedDate: '2025-11-20', extraFields: { role: 'Coach' } }, ['role']),
    ).toBeNull();
    expect(checkPolicySignature('sign', { coachTypedName: 'Amara', coachTypedDate: '2025-11-20' }, ['role'], ['role'])).toBeNull();
    expect(checkPolicySignature('sign', { coachTypedName: 'Amara', coachTypedDate: 'x'.repeat(101) }, [])).toBe(
      'A typed field is too long.',
    );
  });
});
