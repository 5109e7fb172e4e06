// Records → the contract's shapes, joining the client, coach and SCO columns the way the legacy API does.
import type { components } from '../../generated/legacy.ts';
import type { AssessmentRecord, CoachRecord, SessionRecord } from './model.ts';
import type { Store } from './store.ts';

type Schemas = components['schemas'];

const coachRef = (coach: CoachRecord | undefined) => ({ uuid: coach?.uuid ?? '', name: coach?.name ?? '', surname: coach?.surname ?? '' });

/** An assessment as `viewerUuid` sees it: received ones carry fromAnotherCoach and the giver (spec assessments-and-clients §4.7). */
export function assessmentView(store: Store, record: AssessmentRecord, viewerUuid: string): Schemas['Assessment'] {
  const { inviteHistory: _invites, reportHistory: _reports, ...token } = record;
  const client = store.clients.get(record.clientUUID);
  const owner = store.coaches.get(record.coachUUID);
  const grants = store.scoGrants.filter((grant) => grant.assessmentUuid === record.uuid);
  const received = viewerUuid !== record.coachUUID && grants.some((grant) => grant.toCoachUuid === viewerUuid);
  return {
    ...token,
    clientName: client?.name ?? '',
    clientSurname: client?.surname ?? '',
    clientEmail: client?.email ?? '',
    clientCompany: client?.company ?? null,
    otherData: client?.otherData ?? null,
    coachName: owner?.name ?? '',
    coachSurname: owner?.surname ?? '',
    fromAnotherCoach: received ? 1 : 0,
    scoGivenTo: received ? [] : grants.map((grant) => coachRef(store.coaches.get(grant.toCoachUuid))),
    scoReceivedFrom: received ? coachRef(owner) : null,
  };
}

/** `baseUrl`: the sandbox's own address, since the contract's profileImage is an absolute URI. */
export function coachView(store: Store, coach: CoachRecord, baseUrl = 'http://localhost:4010'): Schemas['Coach'] {
  const {
    id: _id,
    password: _password,
    isBlocked: _blocked,
    twoFactorSecret: _secret,
    currency: _currency,
    profilePhoto,
    ...fields
  } = coach;
  return {
    ...fields,
    tokenBalance: balanceOf(store, coach.uuid),
    newMessages: store.messages.filter((message) => message.coachUuid === coach.uuid && !message.acknowledged).length,
    countOfGivenSCOs: store.scoGrants.filter((grant) => grant.fromCoachUuid === coach.uuid).length,
    countOfReceivedSCOs: store.scoGrants.filter((grant) => grant.toCoachUuid === coach.uuid).length,
    profileImage: profilePhoto ? `${baseUrl}/api/v2/coaches/${coach.uuid}/profilePhoto` : null,
  };
}

/** The coach as login and the session check answer it (spec public-and-guest §3 "Coach"). */
export function sessionCoachView(store: Store, session: SessionRecord): Schemas['SessionCoach'] {
  const coach = store.coaches.get(session.coachUuid);
  const assistant = session.assistantUuid ? store.assistants.get(session.assistantUuid) : undefined;
  return {
    uuid: session.coachUuid,
    accreditationLevel: coach?.accreditationLevel ?? 0,
    sendSingleAssessmentNotifications: coach?.sendSingleAssessmentNotifications ?? false,
    sendBulkAssessmentNotifications: coach?.sendBulkAssessmentNotifications ?? false,
    isBeingAssisted: assistant !== undefined,
    assistant: assistant ? { email: assistant.email, name: `${assistant.name} ${assistant.surname}` } : null,
    isAdmin: session.impersonatorUuid !== null,
  };
}

/** The running balance: the last transaction's balance, 0 before any. */
export function balanceOf(store: Store, coachUuid: string): number {
  const own = store.balance.filter((entry) => entry.coachUuid === coachUuid);
  return own.at(-1)?.balance ?? 0;
}
