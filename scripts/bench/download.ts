// One large download timed end to end while the serving process's RSS is sampled from outside.
import { request } from 'undici';
import { sampleRss } from './processes.ts';

export interface DownloadRun {
  bytes: number;
  elapsedMs: number;
  status: number;
  /** Peak RSS during the download minus the RSS when it started. */
  rssGrowthBytes: number;
  peakRssBytes: number;
}

export async function measureDownload(url: string, headers: Record<string, string>, servingPid: number): Promise<DownloadRun> {
  const stopSampling = sampleRss(servingPid);
  const started = performance.now();
  const { statusCode, body } = await request(url, { headers });
  let bytes = 0;
  for await (const chunk of body) bytes += (chunk as Buffer).length;
  const elapsedMs = performance.now() - started;
  const { startBytes, peakBytes } = stopSampling();
  return { bytes, elapsedMs, status: statusCode, rssGrowthBytes: peakBytes - startBytes, peakRssBytes: peakBytes };
}
