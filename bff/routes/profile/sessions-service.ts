// Where the account is signed in, and "Sign out of all other sessions" (contract: listSignedInSessions,
// signOutOtherSessions): the session store's index of the signed-in e-mail address (bff/session/).
import type { components as Bff } from '../../../generated/bff.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { UNKNOWN_BROWSER, UNKNOWN_NETWORK } from '../../session/session-client.ts';
import type { SessionRecord } from '../../session/session-record.ts';

type SignedInSessionList = Bff['schemas']['SignedInSessionList'];

function toList(records: SessionRecord[], currentId: string): SignedInSessionList {
  const [current, ...others] = records;
  const ordered = [...(current ? [current] : []), ...others.sort((a, b) => b.lastSeenAt - a.lastSeenAt)];
  return {
    items: ordered.map((record) => ({
      current: record.id === currentId,
      impersonation: record.flags.impersonator,
      browser: record.client?.browser ?? UNKNOWN_BROWSER,
      network: record.client?.network ?? UNKNOWN_NETWORK,
      createdAt: new Date(record.createdAt).toISOString(),
      lastSeenAt: new Date(record.lastSeenAt).toISOString(),
    })),
  };
}

export async function listSignedInSessions(_input: OperationInput<'listSignedInSessions'>, ctx: SessionContext) {
  return toList(await ctx.sessions.list(), ctx.session.id);
}

export async function signOutOtherSessions(_input: OperationInput<'signOutOtherSessions'>, ctx: SessionContext) {
  const ended = await ctx.sessions.endOthers();
  ctx.log.info({ ended }, 'other sessions signed out');
  return toList(await ctx.sessions.list(), ctx.session.id);
}
