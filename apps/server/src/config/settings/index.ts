import { analystSettings } from './analyst.ts';
import { authSettings } from './auth.ts';
import { creditSettings } from './credits.ts';
import { paymentSettings } from './payments.ts';
import { databaseSettings } from './databases.ts';
import { endpointSettings } from './endpoints.ts';
import { exportSettings } from './exports.ts';
import { llmSettings } from './llm.ts';
import { observabilitySettings } from './observability.ts';
import { qualitySettings } from './quality.ts';
import { serverSettings } from './server.ts';
import { uploadSettings } from './uploads.ts';

/** Every group of settings, in the order of the configuration table (docs/CONFIGURATION.md). */
export const settingGroups = [
  serverSettings,
  observabilitySettings,
  authSettings,
  creditSettings,
  paymentSettings,
  databaseSettings,
  exportSettings,
  uploadSettings,
  qualitySettings,
  endpointSettings,
  llmSettings,
  analystSettings,
] as const;
