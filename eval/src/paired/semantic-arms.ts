import type { SettingGroup, Settings } from '../../../apps/server/src/config/setting-group.ts';
import { settingGroups } from '../../../apps/server/src/config/settings/index.ts';
import type { ModeSetup } from '../modes/mode-setup.ts';

/*
 * The two arms of a paired run: the same questions asked of a server with the semantic model off
 * (the analyst reads the raw schema) and of one with it on. The switch is the server's
 * ANALYST_SEMANTIC_MODEL setting, passed in the environment the eval server's configuration is
 * read from, as every other server setting a mode chooses.
 */

export const semanticModelSetting = 'ANALYST_SEMANTIC_MODEL';
export const semanticArms = ['off', 'on'] as const;
export type SemanticArm = (typeof semanticArms)[number];

/** The mode's setup with the semantic model switched off or on. */
export function inArm(setup: ModeSetup, arm: SemanticArm): ModeSetup {
  return { ...setup, env: { ...setup.env, [semanticModelSetting]: arm } };
}

/**
 * Whether the server declares the setting at all. Until it does, the server ignores it and both
 * arms run the same analyst; the report says so rather than show a difference of zero as a finding.
 */
export function serverReadsSemanticSetting(): boolean {
  const groups: readonly SettingGroup<Settings, unknown>[] = settingGroups;
  return groups.some((group) =>
    Object.values(group.settings).some((setting) => setting.name === semanticModelSetting),
  );
}
