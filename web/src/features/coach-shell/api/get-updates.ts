import type { components } from '../../../../../generated/bff.ts';
import { api } from '../../../lib/api-client.ts';

export type Updates = components['schemas']['Updates'];
export type Update = components['schemas']['Update'];

/**
 * getUpdates: what changed in the coach's lists since `after` (the previous answer's cursor); the first call of a
 * client goes without it and answers only the cursor to start from. Throws the problem the BFF answered, as the
 * query hooks do.
 */
export async function getUpdates(after: string | undefined, signal: AbortSignal): Promise<Updates> {
  const { data, error } = await api.GET('/api/updates', { params: { query: after === undefined ? {} : { after } }, signal });
  if (error !== undefined) throw error;
  return data;
}
