// The pipeline panel's preferences, kept in this browser as the coach's other table preferences are
// (lib/local-storage.ts): the period and the "needs a nudge" thresholds, checked as the contract bounds them.
import { useState } from 'react';
import { PIPELINE_PERIODS, type PipelinePeriod } from '../../../lib/labels/pipeline.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/local-storage.ts';

export interface NudgeThresholds {
  invitedDays: number;
  startedDays: number;
  completedDays: number;
}

export interface PipelinePreferences extends NudgeThresholds {
  days: PipelinePeriod;
}

/** The capability's thresholds: invited 7, started 14, complete 3 days; the last 90 days. */
export const DEFAULT_PREFERENCES: PipelinePreferences = { days: 90, invitedDays: 7, startedDays: 14, completedDays: 3 };
/** The contract's bounds of a threshold (NudgeDays). */
export const MAX_THRESHOLD_DAYS = 365;

export const THRESHOLD_MESSAGE = `Please enter whole days from 1 to ${MAX_THRESHOLD_DAYS}.`;

/** A threshold as typed: whole days from 1 to 365, else null. */
export function thresholdOf(text: string): number | null {
  const value = Number(text.trim());
  return /^\d+$/.test(text.trim()) && value >= 1 && value <= MAX_THRESHOLD_DAYS ? value : null;
}

const isThreshold = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_THRESHOLD_DAYS;

function isPreferences(value: unknown): value is PipelinePreferences {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    PIPELINE_PERIODS.includes(v.days as PipelinePeriod) &&
    isThreshold(v.invitedDays) &&
    isThreshold(v.startedDays) &&
    isThreshold(v.completedDays)
  );
}

/** The stored preferences (the defaults when none or not valid), and a setter that stores them. */
export function usePipelinePreferences(): [PipelinePreferences, (next: PipelinePreferences) => void] {
  const [preferences, setPreferences] = useState(() => readJson(STORAGE_KEYS.pipelinePanel, isPreferences) ?? DEFAULT_PREFERENCES);
  const save = (next: PipelinePreferences) => {
    writeJson(STORAGE_KEYS.pipelinePanel, next);
    setPreferences(next);
  };
  return [preferences, save];
}
