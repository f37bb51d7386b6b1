import type { Setting } from './setting.ts';
import { settingGroups } from './settings/index.ts';

export interface ConfigDoc {
  name: string;
  default: string;
  description: string;
}

/** Every variable the server reads, in table order; the configuration table of docs/CONFIGURATION.md is generated from it. */
export const configDocs: readonly ConfigDoc[] = settingGroups.flatMap((group) =>
  Object.values<Setting<unknown>>(group.settings).map((declared) => ({
    name: declared.name,
    ...declared.doc,
  })),
);
