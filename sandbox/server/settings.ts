/**
 * The settings that change while the sandbox runs: fault injection and token lifetimes. Shared by the control
 * endpoint, RunningSandbox.setFaults() and the CLI flags, so all three validate the same way.
 */
import type { FaultConfig } from '../options.js';
import type { SandboxState } from './state.js';

export interface RuntimeSettings extends FaultConfig {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

type Rule = 'share' | 'nonNegative' | 'wholeSeconds';

const FAULT_RULES: Record<keyof FaultConfig, Rule> = {
  latencyMs: 'nonNegative',
  http500: 'share',
  resultError: 'share',
  reset: 'share',
  rateLimit: 'share',
  retryAfterSeconds: 'wholeSeconds',
  tokenHttp500: 'share',
  trickleBytesPerSecond: 'nonNegative',
};

const SETTING_RULES: Record<keyof RuntimeSettings, Rule> = {
  ...FAULT_RULES,
  accessTokenTtlSeconds: 'wholeSeconds',
  refreshTokenTtlSeconds: 'wholeSeconds',
};

/** A bad settings value; its message says which and why. */
export class SettingsError extends Error {}

/** Validates a partial update of the runtime settings (e.g. a control endpoint JSON body). */
export function parseSettingsPatch(input: unknown): Partial<RuntimeSettings> {
  return parsePatch(input, SETTING_RULES);
}

/** Validates a partial fault configuration. */
export function parseFaultsPatch(input: unknown): Partial<FaultConfig> {
  return parsePatch(input, FAULT_RULES);
}

function parsePatch<K extends string>(input: unknown, rules: Record<K, Rule>): Partial<Record<K, number>> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SettingsError('expected a JSON object of settings');
  }
  const patch: Partial<Record<K, number>> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!Object.hasOwn(rules, key)) {
      throw new SettingsError(`unknown setting '${key}'; known: ${Object.keys(rules).join(', ')}`);
    }
    const rule = rules[key as K];
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new SettingsError(`${key} must be a number`);
    if (rule === 'share' && (value < 0 || value > 1)) throw new SettingsError(`${key} must be a share in [0, 1]`);
    if (rule === 'nonNegative' && value < 0) throw new SettingsError(`${key} must be a non-negative number`);
    if (rule === 'wholeSeconds' && !(Number.isInteger(value) && value >= 0)) {
      throw new SettingsError(`${key} must be a non-negative whole number of seconds`);
    }
    patch[key as K] = value;
  }
  return patch;
}

export function currentSettings(state: SandboxState): RuntimeSettings {
  const { faults, accessTokenTtlSeconds, refreshTokenTtlSeconds } = state.options;
  return { ...faults, accessTokenTtlSeconds, refreshTokenTtlSeconds };
}

/** Applies an already validated patch. */
export function applySettings(state: SandboxState, patch: Partial<RuntimeSettings>): void {
  const { accessTokenTtlSeconds, refreshTokenTtlSeconds, ...faults } = patch;
  if (accessTokenTtlSeconds !== undefined) state.options.accessTokenTtlSeconds = accessTokenTtlSeconds;
  if (refreshTokenTtlSeconds !== undefined) state.options.refreshTokenTtlSeconds = refreshTokenTtlSeconds;
  state.options.faults = { ...state.options.faults, ...faults };
  state.faults.configure(state.options.faults);
}
